/**
 * The member's last word as the answers read it (ADR 0038): a ticket's rating and appeal, what the
 * member may do now, and the Credai President's list of appeals.
 */
import { asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  APPEAL_PAGE_SIZE,
  type Appeal,
  type AppealListQuery,
  lastWordOf,
  type Ticket,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { cities, committees, ticketAppeals, ticketRatings, tickets, users } from '../../db/schema';
import { chapterTime } from '../sla/settings';

const appealSelection = {
  id: ticketAppeals.id,
  ticketId: ticketAppeals.ticketId,
  title: tickets.title,
  city: cities.name,
  committee: committees.name,
  memberName: sql<string>`coalesce(${tickets.submitterName}, ${users.fullName})`,
  reason: ticketAppeals.reason,
  filedAt: ticketAppeals.filedAt,
  dueAt: ticketAppeals.dueAt,
  outcome: ticketAppeals.outcome,
  decisionReason: ticketAppeals.decisionReason,
  decidedAt: ticketAppeals.decidedAt,
};

type AppealRow = {
  id: number;
  ticketId: number;
  title: string;
  city: string | null;
  committee: string | null;
  memberName: string | null;
  reason: string;
  filedAt: Date;
  dueAt: Date;
  outcome: Appeal['outcome'];
  decisionReason: string | null;
  decidedAt: Date | null;
};

function toAppeal(row: AppealRow): Appeal {
  return {
    id: row.id,
    ticketId: row.ticketId,
    ticketNumber: `#${row.ticketId}`,
    title: row.title,
    city: row.city,
    committee: row.committee,
    memberName: row.memberName,
    reason: row.reason,
    filedAt: row.filedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    outcome: row.outcome ?? null,
    decisionReason: row.decisionReason,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

function appealQuery(db: Writer) {
  return db
    .select(appealSelection)
    .from(ticketAppeals)
    .innerJoin(tickets, eq(tickets.id, ticketAppeals.ticketId))
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .innerJoin(users, eq(users.id, tickets.customerId))
    .leftJoin(committees, eq(committees.id, tickets.committeeId));
}

/** GET /appeals: the open ones by due time, or the decided ones newest first; one page. */
export async function listAppeals(
  db: AppDatabase,
  query: AppealListQuery,
): Promise<{ appeals: Appeal[]; total: number }> {
  const decided = query.state === 'decided';
  const where = decided ? isNotNull(ticketAppeals.decidedAt) : isNull(ticketAppeals.decidedAt);
  const order = decided
    ? [desc(ticketAppeals.decidedAt), desc(ticketAppeals.id)]
    : [asc(ticketAppeals.dueAt), asc(ticketAppeals.id)];
  const offset = ((query.page ?? 1) - 1) * APPEAL_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    appealQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(APPEAL_PAGE_SIZE)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(ticketAppeals).where(where),
  ]);
  return { appeals: rows.map(toAppeal), total: counted?.n ?? 0 };
}

/** The appeals of these tickets, by ticket (for the ticket answers). */
export async function appealsOf(db: AppDatabase, ticketIds: number[]): Promise<Map<number, Appeal>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await appealQuery(db).where(inArray(ticketAppeals.ticketId, ticketIds));
  return new Map(rows.map((row) => [row.ticketId, toAppeal(row)] as const));
}

/**
 * The rating, appeal and what the member may do, for the ticket answers: `lastWord` only when
 * `clock` is given (the member's view).
 */
export async function withLastWord(db: AppDatabase, ticket: Ticket, clock?: { now: Date }): Promise<Ticket> {
  const ratings = await db
    .select({
      outcome: ticketRatings.outcome,
      stars: ticketRatings.stars,
      comment: ticketRatings.comment,
      ratedAt: ticketRatings.createdAt,
    })
    .from(ticketRatings)
    .where(eq(ticketRatings.ticketId, ticket.id));
  const current = ratings.find((row) => row.outcome === ticket.status) ?? null;
  const appeal = (await appealsOf(db, [ticket.id])).get(ticket.id) ?? null;
  const enriched: Ticket = {
    ...ticket,
    rating: current
      ? { stars: current.stars, comment: current.comment, ratedAt: current.ratedAt.toISOString() }
      : null,
    appeal,
  };
  if (!clock) return enriched;
  const [row] = await db
    .select({ outcomeAt: tickets.outcomeAt, cityId: tickets.cityId })
    .from(tickets)
    .where(eq(tickets.id, ticket.id));
  const { sla } = await chapterTime(db, row?.cityId ?? 0);
  const lastWord = lastWordOf(
    {
      ...ticket,
      outcomeAt: row?.outcomeAt ?? null,
      ratings,
      appeal: appeal ? { filedAt: appeal.filedAt, decidedAt: appeal.decidedAt } : null,
    },
    { now: clock.now, reopenWindowDays: sla.reopenWindowDays },
  );
  return { ...enriched, lastWord };
}
