/**
 * API tokens (ADR 0063): another system's access to the api, created by an admin with scopes, an
 * optional city and an expiry. The token is `hdk_<id>_<secret>`; only the sha256 of the secret is
 * kept (the secret has 192 random bits, so a fast hash is enough), and it is shown once. A token is
 * live while it is not revoked and not past its expiry: each request reads its row, so revoking
 * stops it on the next request, on every instance.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  API_TOKEN_PREFIX,
  type ApiScope,
  type ApiToken,
  type ApiTokenInput,
  apiScopeSchema,
  STAFF_ROLES,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { apiTokens, cities, users } from '../../db/schema';
import { findCity } from '../cityRef';
import { findUserById, type UserRecord } from '../users';

/** The caller behind a live API token, as the routes it may use see it. */
export interface ApiTokenCaller {
  id: number;
  scopes: ApiScope[];
  /** Only this city's tickets; null: every city. */
  cityId: number | null;
  /** The staff user a `tickets:write` token acts for (ADR 0079); null for other tokens. */
  actingUserId: number | null;
}

const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}([1-9]\\d{0,9})_([A-Za-z0-9_-]{32})$`);

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether a bearer value is an API token (rather than a staff member's signed token). */
export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(API_TOKEN_PREFIX);
}

/** Creates a token; its text is in the answer only. */
export async function createApiToken(
  db: AppDatabase,
  input: ApiTokenInput,
  createdBy: number,
  now: Date,
): Promise<{ id: number; token: string }> {
  const secret = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(apiTokens)
    .values({
      name: input.name,
      secretHash: hashOf(secret),
      scopes: input.scopes,
      cityId: input.cityId ?? null,
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      createdBy,
      createdAt: now,
      actingUserId: input.actingUserId ?? null,
    })
    .returning({ id: apiTokens.id });
  if (!row) throw new Error('no token row returned');
  return { id: row.id, token: `${API_TOKEN_PREFIX}${row.id}_${secret}` };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Every token, newest first (revoked ones too: the list says when). */
export async function listApiTokens(db: AppDatabase): Promise<ApiToken[]> {
  const rows = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      cityId: apiTokens.cityId,
      city: cities.name,
      expiresAt: apiTokens.expiresAt,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      actingUserId: apiTokens.actingUserId,
      actingUser: users.fullName,
    })
    .from(apiTokens)
    .leftJoin(cities, eq(cities.id, apiTokens.cityId))
    .leftJoin(users, eq(users.id, apiTokens.actingUserId))
    .orderBy(desc(apiTokens.id));
  return rows.map((row) => ({
    ...row,
    scopes: row.scopes.filter((scope): scope is ApiScope => apiScopeSchema.safeParse(scope).success),
    expiresAt: iso(row.expiresAt),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  }));
}

/** Revokes a token; false when there is none or it was revoked already. */
export async function revokeApiToken(db: AppDatabase, id: number, now: Date): Promise<boolean> {
  const revoked = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return revoked.length > 0;
}

/**
 * The caller of a live token, or undefined (malformed, unknown, wrong secret, revoked, expired).
 * Records the use (`last_used_at`, at most once a minute) in the same statement.
 */
export async function findLiveApiToken(
  db: AppDatabase,
  bearer: string,
  now: Date,
): Promise<ApiTokenCaller | undefined> {
  const match = TOKEN_PATTERN.exec(bearer);
  if (!match) return undefined;
  const [, idText, secret] = match as unknown as [string, string, string];
  const id = Number(idText);
  if (id > 2_147_483_647) return undefined;
  const [row] = await db
    .select({
      id: apiTokens.id,
      secretHash: apiTokens.secretHash,
      scopes: apiTokens.scopes,
      cityId: apiTokens.cityId,
      actingUserId: apiTokens.actingUserId,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.id, id),
        isNull(apiTokens.revokedAt),
        sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > ${now.toISOString()}::timestamptz)`,
      ),
    );
  if (!row) return undefined;
  const given = Buffer.from(hashOf(secret), 'hex');
  const kept = Buffer.from(row.secretHash, 'hex');
  if (given.length !== kept.length || !timingSafeEqual(given, kept)) return undefined;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= 60_000) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, id));
  }
  return {
    id: row.id,
    scopes: row.scopes.filter((scope): scope is ApiScope => apiScopeSchema.safeParse(scope).success),
    cityId: row.cityId,
    actingUserId: row.actingUserId,
  };
}

/** Whether the city exists (a token's city must). */
export async function cityExists(db: AppDatabase, cityId: number): Promise<boolean> {
  return (await findCity(db, String(cityId)))?.id === cityId;
}

/** The staff user a `tickets:write` token acts for, as its steps need them (ADR 0079). */
export interface ActingUserCheck {
  user: UserRecord | undefined;
  /** Why the user cannot be the token's: gone, not staff, deactivated, of another city; null: fine. */
  problem: 'missing' | 'notStaff' | 'inactive' | 'otherCity' | null;
}

/**
 * Whether a token limited to `cityId` (null: every city) may act for the user: an active staff user
 * whose city is the token's when the token has one. Checked when the token is made and on every use.
 */
export async function checkActingUser(
  db: AppDatabase,
  userId: number,
  cityId: number | null,
): Promise<ActingUserCheck> {
  const user = await findUserById(db, userId);
  if (!user) return { user, problem: 'missing' };
  if (!STAFF_ROLES.includes(user.role)) return { user, problem: 'notStaff' };
  if (!user.isActive) return { user, problem: 'inactive' };
  if (cityId !== null && user.cityId !== cityId) return { user, problem: 'otherCity' };
  return { user, problem: null };
}
