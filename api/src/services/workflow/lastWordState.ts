/**
 * What every step of the member's last word shares (ADR 0038): the ticket as the steps read it,
 * locked first (`FOR NO KEY UPDATE`, as every action locks it, so two requests on one ticket take
 * turns and the second is decided on what the first wrote), the refusal of the shared table as an
 * HttpError, the step's public history entry and the version bump.
 */
import { eq, sql } from 'drizzle-orm';
import type {
  decide,
  HistoryKind,
  HistoryValues,
  Ticket,
  TicketStatus,
  WorkflowTicket,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { cities, committees, ticketAppeals, ticketRatings, tickets, users } from '../../db/schema';
import { HttpError, notFound } from '../../httpError';
import { type HistoryActor, recordHistory } from '../history/historyStore';
import { TICKET_NOT_FOUND } from '../tickets/notFound';

/**
 * The ticket's columns the workflow table decides on (select from `tickets` joined to `cities`).
 */
const workflowSelection = {
  id: tickets.id,
  cityId: tickets.cityId,
  city: cities.name,
  status: tickets.status,
  currentAssignee: tickets.currentAssignee,
  adminStatus: tickets.adminStatus,
  cityPresidentStatus: tickets.cityPresidentStatus,
  convenorStatus: tickets.convenorStatus,
  observerStatus: tickets.observerStatus,
  observerId: tickets.observerId,
  resolutionMethod: tickets.resolutionMethod,
  version: tickets.version,
};

/** The ticket as the last word's rows read it, locked for the step's transaction. */
export interface LastWordState extends WorkflowTicket {
  id: number;
  cityId: number;
  committeeId: number | null;
  committeeName: string | null;
  status: TicketStatus;
  currentAssignee: Ticket['currentAssignee'];
  version: number;
  customerId: number;
  appealRow: typeof ticketAppeals.$inferSelect | null;
}

export async function readState(tx: Writer, id: number): Promise<LastWordState | undefined> {
  // The ticket's row first, locked, then what hangs off it.
  await tx.execute(sql`select id from tickets where id = ${id} for no key update`);
  const [row] = await tx
    .select({
      ...workflowSelection,
      committeeId: tickets.committeeId,
      committeeName: committees.name,
      outcomeAt: tickets.outcomeAt,
      closedAt: tickets.closedAt,
      reopenedAt: tickets.reopenedAt,
      customerId: tickets.customerId,
    })
    .from(tickets)
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .innerJoin(users, eq(users.id, tickets.customerId))
    .leftJoin(committees, eq(committees.id, tickets.committeeId))
    .where(eq(tickets.id, id));
  if (!row) return undefined;
  const ratings = await tx
    .select({ outcome: ticketRatings.outcome, stars: ticketRatings.stars })
    .from(ticketRatings)
    .where(eq(ticketRatings.ticketId, id));
  const [appealRow] = await tx.select().from(ticketAppeals).where(eq(ticketAppeals.ticketId, id));
  return {
    ...row,
    cityData: { name: row.city },
    ratings,
    appealRow: appealRow ?? null,
    appeal: appealRow ? { filedAt: appealRow.filedAt, decidedAt: appealRow.decidedAt } : null,
  };
}

/** A member's step in one transaction on the ticket's locked state (404 when there is no such ticket). */
export async function onTicketState(
  db: AppDatabase,
  id: number,
  step: (tx: Writer, state: LastWordState) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await readState(tx, id);
    if (!state) throw notFound(TICKET_NOT_FOUND);
    await step(tx, state);
  });
}

/** A refusal of the table as the api answers it: the code of a last-word guard in `details[].code`. */
export function refusal(
  decision: Extract<ReturnType<typeof decide>, { ok: false }>,
  path: string,
): HttpError {
  if (decision.code === 'text-required')
    return new HttpError(400, decision.reason, [{ path, message: decision.reason }]);
  return new HttpError(
    decision.httpStatus,
    decision.reason,
    decision.refusal ? [{ path, message: decision.reason, code: decision.refusal }] : undefined,
  );
}

export const MEMBER = { role: 'member', city: null } as const;

/** A public history entry of the step; its id (messages quote its words by it, ADR 0078). */
export async function addEntry<K extends HistoryKind>(
  tx: Writer,
  entry: {
    ticketId: number;
    kind: K;
    action: string;
    values?: HistoryValues<K>;
    words?: string | null;
    by: HistoryActor | null;
    status: TicketStatus;
    assignee: Ticket['currentAssignee'];
    at: Date;
  },
): Promise<number> {
  const row = await recordHistory(tx, {
    ticketId: entry.ticketId,
    kind: entry.kind,
    action: entry.action,
    values: entry.values,
    words: entry.words,
    actor: entry.by,
    statusAfter: entry.status,
    assigneeAfter: entry.assignee ?? null,
    at: entry.at,
  });
  return row.id;
}

/** The member, as the history names them. */
export const memberBy = (state: LastWordState): HistoryActor => ({ id: state.customerId, role: 'customer' });

export async function bumpVersion(tx: Writer, id: number, set: Partial<typeof tickets.$inferInsert> = {}) {
  await tx
    .update(tickets)
    .set({ ...set, version: sql`${tickets.version} + 1`, updatedAt: sql`now()` })
    .where(eq(tickets.id, id));
}
