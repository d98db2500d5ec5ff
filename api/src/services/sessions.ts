/**
 * Server-side sessions behind the bearer tokens (ADR 0053). Signing in opens a row; the token names
 * it (`sid`); every signed-in request reads it in the statement that reads the user, so signing out,
 * ending a session from /profile or an admin's "end all" stops its token on the very next request,
 * on every api instance (nothing about a session is remembered in a process).
 *
 * A session is live while it is not ended, its absolute end (`expires_at`: SESSION_MAX_HOURS after
 * sign-in) is in the future, and it was used within SESSION_IDLE_MINUTES. Every time is the api
 * clock's. `last_used_at` is written at most once a minute per session (TOUCH_EVERY_MS), so the idle
 * timeout is exact to that minute and a busy page costs no write per request.
 */
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { AppDatabase, RunSql } from '../db/database';
import { staffSessions } from '../db/schema';
import type { TokenClaims } from './tokens';
import type { UserRecord } from './users';

/** How stale `last_used_at` may get before a request writes it again. */
export const TOUCH_EVERY_MS = 60_000;
/** The device column keeps the start of the User-Agent only. */
const DEVICE_MAX_LENGTH = 200;

/** What the session check needs to know about time: now, and the oldest last use still live. */
export interface SessionTimes {
  now: Date;
  /** A session last used before this is idle, hence over. */
  activeSince: Date;
}

/** A token's claims with the times its session is checked against (lists and stats check it in their statement). */
export type SessionClaims = TokenClaims & SessionTimes;

export interface SessionPolicy {
  idleMinutes: number;
  lifetimeSeconds: number;
}

export function sessionTimes(now: Date, policy: SessionPolicy): SessionTimes {
  return { now, activeSince: new Date(now.getTime() - policy.idleMinutes * 60_000) };
}

/** Opens a session for a user who just proved who they are; its id goes into the token. */
export async function openSession(
  db: AppDatabase,
  input: {
    userId: number;
    now: Date;
    policy: SessionPolicy;
    device: string | undefined;
    clientAddress: string;
    mfa: boolean;
  },
): Promise<number> {
  const [row] = await db
    .insert(staffSessions)
    .values({
      userId: input.userId,
      createdAt: input.now,
      lastUsedAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.policy.lifetimeSeconds * 1000),
      device: deviceOf(input.device),
      clientAddress: input.clientAddress.slice(0, 100),
      mfa: input.mfa,
    })
    .returning({ id: staffSessions.id });
  if (!row) throw new Error('no session row returned');
  return row.id;
}

/** The User-Agent as kept: control characters out, cut short; null when none was sent. */
function deviceOf(userAgent: string | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
  const device = userAgent?.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  return device ? device.slice(0, DEVICE_MAX_LENGTH) : null;
}

/** The SQL condition "session $n is live for user u" (its parameters: id, now, activeSince). */
export function liveSessionSql(id: string, now: string, activeSince: string, user = 'u.id'): string {
  return `exists (select 1 from staff_sessions s where s.id = ${id} and s.user_id = ${user}
    and s.ended_at is null and s.expires_at > ${now}::timestamptz and s.last_used_at > ${activeSince}::timestamptz)`;
}

// The user behind a token and its session, in one statement (prepared: it runs on every signed-in
// request): no row when either is gone. `lastUsedAt` says whether the session needs touching.
const SESSION_USER_SQL = `select u.id, u.full_name as "fullName", u.email, u.mobile, u.role,
  u.city_id as "cityId", c.name as "cityName", u.committee, u.is_active as "isActive",
  u.token_version as "tokenVersion", u.created_at as "createdAt", s.last_used_at as "lastUsedAt"
from users u join staff_sessions s on s.id = $2 and s.user_id = u.id
left join cities c on c.id = u.city_id
where u.id = $1 and s.ended_at is null and s.expires_at > $3::timestamptz and s.last_used_at > $4::timestamptz`;

/** The user of a token whose session is live, or undefined (user or session gone, idle, expired). */
export async function findUserOfSession(
  runSql: RunSql,
  claims: { userId: number; sessionId: number },
  times: SessionTimes,
): Promise<(UserRecord & { lastUsedAt: Date }) | undefined> {
  const [row] = await runSql<UserRecord & { lastUsedAt: Date | string }>({
    text: SESSION_USER_SQL,
    values: [claims.userId, claims.sessionId, times.now.toISOString(), times.activeSince.toISOString()],
    prepare: true,
  });
  if (!row) return undefined;
  return { ...row, createdAt: new Date(row.createdAt), lastUsedAt: new Date(row.lastUsedAt) };
}

/**
 * Records a use of the session when its last recorded use is older than TOUCH_EVERY_MS (the
 * condition is in the statement too: two instances touching at once write once, and never move it
 * back). A session already idle or past its end stays over: a use never revives it.
 */
export async function touchSession(runSql: RunSql, sessionId: number, times: SessionTimes): Promise<void> {
  const { now, activeSince } = times;
  await runSql({
    text: `update staff_sessions set last_used_at = $2::timestamptz
      where id = $1 and ended_at is null and last_used_at < $3::timestamptz
      and last_used_at > $4::timestamptz and expires_at > $2::timestamptz`,
    values: [
      sessionId,
      now.toISOString(),
      new Date(now.getTime() - TOUCH_EVERY_MS).toISOString(),
      activeSince.toISOString(),
    ],
    prepare: true,
  });
}

/** A live session as GET /api/auth/sessions lists it. */
export interface SessionRow {
  id: number;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  device: string | null;
  clientAddress: string | null;
  mfa: boolean;
}

/** The user's live sessions, most recently used first. */
export async function listLiveSessions(
  db: AppDatabase,
  userId: number,
  times: SessionTimes,
): Promise<SessionRow[]> {
  return db
    .select({
      id: staffSessions.id,
      createdAt: staffSessions.createdAt,
      lastUsedAt: staffSessions.lastUsedAt,
      expiresAt: staffSessions.expiresAt,
      device: staffSessions.device,
      clientAddress: staffSessions.clientAddress,
      mfa: staffSessions.mfa,
    })
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.userId, userId),
        isNull(staffSessions.endedAt),
        gt(staffSessions.expiresAt, times.now),
        gt(staffSessions.lastUsedAt, times.activeSince),
      ),
    )
    .orderBy(desc(staffSessions.lastUsedAt), desc(staffSessions.id));
}

/** Ends one of the user's sessions; false when it is not theirs or already over. */
export async function endSession(
  db: AppDatabase,
  userId: number,
  sessionId: number,
  by: 'logout' | 'user',
  now: Date,
): Promise<boolean> {
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: now, endedBy: by })
    .where(
      and(eq(staffSessions.id, sessionId), eq(staffSessions.userId, userId), isNull(staffSessions.endedAt)),
    )
    .returning({ id: staffSessions.id });
  return ended.length > 0;
}

/** Ends every open session of the user (an admin's "end all"); how many were open. */
export async function endAllSessions(db: AppDatabase, userId: number, now: Date): Promise<number> {
  const ended = await db
    .update(staffSessions)
    .set({ endedAt: now, endedBy: 'admin' })
    .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.endedAt)))
    .returning({ id: staffSessions.id });
  return ended.length;
}
