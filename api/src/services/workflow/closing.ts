/** The scheduler's closing of silent cases (ADR 0038): no rating within the chapter's window, or no appeal of a low rating within 30 days. */
import { sql } from 'drizzle-orm';
import {
  APPEAL_WINDOW_DAYS,
  CLOSED_ACTION,
  type Ticket,
  type TicketStatus,
} from 'shared-contracts/contracts';
import type { Writer } from '../../db/database';
import { addEntry } from './lastWordState';

export interface ClosingResult {
  unrated: number;
  noAppeal: number;
}

/** The chapter's rating window of ticket `t`: its override, else the association's, else 7 days. */
const RATING_DAYS = `coalesce(
  (select (cs.sla->>'ratingWindowDays')::int from chapter_settings cs where cs.city_id = t.city_id),
  (select (d.settings->>'ratingWindowDays')::int from sla_defaults d where d.id = 1),
  7)`;

/**
 * The scheduler's closing of cases (ADR 0038), in the tick's transaction: an outcome without a
 * rating or an appeal for the chapter's `ratingWindowDays`, and a rating of 2 or fewer without an
 * appeal for 30 days, up to `limit` of each, the oldest outcomes first (the tick calls again while
 * a batch is full: a database with years of decided tickets, or a tick missed for days, is worked
 * off in short transactions, not one that locks every ticket it closes). Each is one
 * `UPDATE … WHERE closed_at IS NULL … RETURNING`: a ticket closed already (by another instance's
 * tick, or an earlier one) matches no more, so its history entry is written once; one a member is
 * rating right now (its row locked) waits for the next batch.
 */
export async function closeSilentCases(tx: Writer, now: Date, limit: number): Promise<ClosingResult> {
  const at = now.toISOString();
  const open = `t.closed_at is null and t.status in ('resolved', 'rejected') and t.outcome_at is not null
    and not exists (select 1 from ticket_appeals a where a.ticket_id = t.id)`;
  type Closed = {
    id: number;
    status: TicketStatus;
    current_assignee: Ticket['currentAssignee'];
    days: number;
  };
  /** Closes up to `limit` open outcomes matching `rating` whose window of `days` is over. */
  const close = async (rating: string, days: string): Promise<Closed[]> =>
    (
      (await tx.execute(sql`
        update tickets t set closed_at = ${at}::timestamptz, version = t.version + 1, updated_at = now()
        where t.id in (
          select t.id from tickets t
          where ${sql.raw(open)} and ${sql.raw(rating)}
            and t.outcome_at + make_interval(days => ${sql.raw(days)}) <= ${at}::timestamptz
          order by t.outcome_at, t.id limit ${limit} for update skip locked)
        returning t.id, t.status, t.current_assignee, ${sql.raw(days)} as days`)) as unknown as {
        rows: Closed[];
      }
    ).rows;
  const unrated = await close(
    'not exists (select 1 from ticket_ratings r where r.ticket_id = t.id and r.outcome = t.status)',
    RATING_DAYS,
  );
  const noAppeal = await close(
    'exists (select 1 from ticket_ratings r where r.ticket_id = t.id and r.outcome = t.status and r.stars < 3)',
    `${APPEAL_WINDOW_DAYS}::int`,
  );
  for (const [rows, kind] of [
    [unrated, 'unrated'],
    [noAppeal, 'noAppeal'],
  ] as const) {
    for (const row of rows) {
      await addEntry(tx, {
        ticketId: row.id,
        by: null,
        kind: 'case.closed',
        action: CLOSED_ACTION,
        values: { cause: kind, days: Number(row.days) },
        status: row.status,
        assignee: row.current_assignee,
        at: now,
      });
    }
  }
  return { unrated: unrated.length, noAppeal: noAppeal.length };
}
