/**
 * Declared interests and the recusal they cause (ADR 0048). Each staff user declares the firms and
 * projects they are tied to; a holder of a ticket's chain whose declaration matches the ticket's
 * firm (`againstName`) or project is passed over to the next holder, never reads the ticket again
 * and hears nothing of it. A complaint about an office bearer of the chapter goes straight to the
 * association president.
 */
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type ChainStage,
  interestKey,
  type Role,
  type StaffInterest,
  type StaffInterestInput,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { staffInterests, ticketRecusals, users } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit';
import { recordHistory } from '../history/historyStore';

/** What a ticket says about whom it is against. */
export interface TicketConcern {
  /** The firm or person the member named. */
  againstName?: string | null;
  /** The project the ticket is about (the project register's id), when it names one. */
  projectId?: number | null;
}

/**
 * The users among `userIds` whose declared interests match the ticket: a firm by its whole name
 * (case-insensitive, spaces trimmed), a project by its register id or, while it is only named, by
 * its name against the ticket's firm. The one place matching happens: the submit, a transfer and
 * any later check ask it.
 */
export async function conflictedHolders(
  db: Writer,
  concern: TicketConcern,
  userIds: readonly (number | null | undefined)[],
): Promise<Set<number>> {
  const ids = [...new Set(userIds.filter((id): id is number => typeof id === 'number'))];
  const name = interestKey(concern.againstName);
  const matches: SQL[] = [];
  if (name)
    matches.push(sql`lower(regexp_replace(trim(${staffInterests.name}), '\\s+', ' ', 'g')) = ${name}`);
  if (concern.projectId != null)
    matches.push(
      and(eq(staffInterests.kind, 'project'), eq(staffInterests.projectId, concern.projectId)) as SQL,
    );
  if (ids.length === 0 || matches.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: staffInterests.userId })
    .from(staffInterests)
    .where(and(inArray(staffInterests.userId, ids), or(...matches)));
  return new Set(rows.map((row) => row.userId));
}

/** A ticket's chain: the holder of each stage. */
export interface Chain {
  cityPresidentId: number | null;
  convenorId: number | null;
  observerId: number | null;
}

/** One holder passed over: who, at which stage, to whom, and why. */
export interface Recusal {
  stage: ChainStage;
  role: Role;
  userId: number | null;
  toRole: Role;
  toUserId: number | null;
  cause: 'interest' | 'officeBearer';
}

/** The Credai President who takes what the city president cannot hold (the longest-serving active one). */
export async function associationPresidentId(db: Writer): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'credaipresident'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The chain with every conflicted holder passed over to the next (city president → the
 * association president; convenor → the city president; office bearer → the convenor), and the
 * recusals that made it. A complaint about an office bearer goes to the association president.
 */
export async function routeAroundConflicts(
  db: Writer,
  concern: TicketConcern & { concernsOfficeBearer?: boolean },
  chain: Chain,
): Promise<{ chain: Chain; recusals: Recusal[] }> {
  const conflicted = await conflictedHolders(db, concern, [
    chain.cityPresidentId,
    chain.convenorId,
    chain.observerId,
  ]);
  if (conflicted.size === 0 && !concern.concernsOfficeBearer) return { chain, recusals: [] };
  const president = await associationPresidentId(db);
  const recusals: Recusal[] = [];
  const isConflicted = (id: number | null) => id !== null && conflicted.has(id);

  let cityPresidentId = chain.cityPresidentId;
  if (isConflicted(chain.cityPresidentId) || concern.concernsOfficeBearer) {
    cityPresidentId = president;
    recusals.push({
      stage: 'review',
      role: 'citypresident',
      userId: isConflicted(chain.cityPresidentId) ? chain.cityPresidentId : null,
      toRole: 'credaipresident',
      toUserId: president,
      cause: isConflicted(chain.cityPresidentId) ? 'interest' : 'officeBearer',
    });
  }
  let convenorId = chain.convenorId;
  if (isConflicted(chain.convenorId)) {
    convenorId = cityPresidentId;
    recusals.push({
      stage: 'resolution',
      role: 'convenor',
      userId: chain.convenorId,
      toRole: cityPresidentId === president ? 'credaipresident' : 'citypresident',
      toUserId: cityPresidentId,
      cause: 'interest',
    });
  }
  let observerId = chain.observerId;
  if (isConflicted(chain.observerId)) {
    observerId = convenorId;
    recusals.push({
      stage: 'approval',
      role: 'observer',
      userId: chain.observerId,
      toRole: recusals.find((recusal) => recusal.stage === 'resolution')?.toRole ?? 'convenor',
      toUserId: convenorId,
      cause: 'interest',
    });
  }
  return { chain: { cityPresidentId, convenorId, observerId }, recusals };
}

/**
 * Writes the recusals of a ticket in the caller's transaction: the person passed over may no
 * longer read it (`ticket_recusals`), a staff-only `stage.recused` history entry and an audit row
 * for each (names by id only).
 */
export async function recordRecusals(
  tx: Writer,
  ticketId: number,
  recusals: readonly Recusal[],
  by: AuditActor | null,
  state: { statusAfter: string; assigneeAfter: string | null },
  now: Date,
): Promise<void> {
  for (const recusal of recusals) {
    if (recusal.userId !== null) {
      await tx
        .insert(ticketRecusals)
        .values({ ticketId, userId: recusal.userId, stage: recusal.stage, createdAt: now })
        .onConflictDoNothing();
    }
    await recordHistory(tx as AppDatabase, {
      ticketId,
      kind: 'stage.recused',
      action: 'recused',
      actor: null,
      values: {
        stage: recusal.stage,
        role: recusal.role,
        userId: recusal.userId,
        toRole: recusal.toRole,
        toUserId: recusal.toUserId,
        cause: recusal.cause,
      },
      statusAfter: state.statusAfter as never,
      assigneeAfter: state.assigneeAfter,
      visibility: 'internal',
    });
    await recordAudit(tx, {
      actor: by ?? { userId: null, role: null, key: null, address: null },
      action: 'ticket.recused',
      targetType: 'ticket',
      targetId: ticketId,
      detail: {
        stage: recusal.stage,
        userId: recusal.userId,
        toUserId: recusal.toUserId,
        cause: recusal.cause,
      },
    });
  }
}

/** Whether the user was passed over on the ticket (they read it as if it did not exist). */
export async function isRecused(db: Writer, ticketId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: ticketRecusals.userId })
    .from(ticketRecusals)
    .where(and(eq(ticketRecusals.ticketId, ticketId), eq(ticketRecusals.userId, userId)));
  return row !== undefined;
}

/** Whether the user was passed over on any ticket (their lists then leave those out). */
export async function hasRecusals(db: Writer, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: ticketRecusals.userId })
    .from(ticketRecusals)
    .where(eq(ticketRecusals.userId, userId))
    .limit(1);
  return row !== undefined;
}

const toInterest = (row: typeof staffInterests.$inferSelect): StaffInterest => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  projectId: row.projectId,
  declaredAt: row.declaredAt.toISOString(),
});

/** A user's declarations, oldest first. */
export async function readInterests(db: Writer, userId: number): Promise<StaffInterest[]> {
  const rows = await db
    .select()
    .from(staffInterests)
    .where(eq(staffInterests.userId, userId))
    .orderBy(asc(staffInterests.declaredAt), asc(staffInterests.id));
  return rows.map(toInterest);
}

const sameInterest = (a: { kind: string; name: string; projectId?: number | null }) =>
  `${a.kind}:${a.projectId ?? ''}:${interestKey(a.name)}`;

/**
 * Replaces a user's declarations with `wanted`: one kept as it was declared (its date stays), a
 * new one dated now, a left-out one withdrawn; audited with the counts (names stay in the table).
 */
export async function replaceInterests(
  db: AppDatabase,
  userId: number,
  wanted: readonly StaffInterestInput[],
  now: Date,
  by: AuditActor,
): Promise<StaffInterest[]> {
  return db.transaction(async (tx) => {
    const current = await tx.select().from(staffInterests).where(eq(staffInterests.userId, userId));
    const wantedKeys = new Map(wanted.map((interest) => [sameInterest(interest), interest] as const));
    const currentKeys = new Set(current.map(sameInterest));
    const withdrawn = current.filter((row) => !wantedKeys.has(sameInterest(row))).map((row) => row.id);
    const added = [...wantedKeys].filter(([key]) => !currentKeys.has(key)).map(([, interest]) => interest);
    if (withdrawn.length) await tx.delete(staffInterests).where(inArray(staffInterests.id, withdrawn));
    if (added.length) {
      await tx.insert(staffInterests).values(
        added.map((interest) => ({
          userId,
          kind: interest.kind,
          name: interest.name.trim().replace(/\s+/g, ' '),
          projectId: interest.projectId ?? null,
          declaredAt: now,
        })),
      );
    }
    if (withdrawn.length || added.length) {
      await recordAudit(tx, {
        actor: by,
        action: 'interests.update',
        targetType: 'user',
        targetId: userId,
        detail: { added: added.length, withdrawn: withdrawn.length },
      });
    }
    return readInterests(tx, userId);
  });
}
