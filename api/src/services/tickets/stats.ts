/**
 * The dashboard's counts (docs/product.md#screens, docs/product.md#ticket-states; docs/architecture.md#api), scoped to what the caller may see. Both
 * add up the exact counts kept per city and status (`ticket_counts`, ADR 0007) rather than count
 * up to 1,000,000 tickets: a few dozen rows whatever the number of tickets.
 *
 * As for the lists (listing.ts), one prepared statement answers a call: it reads the user behind
 * the token (`sessionUserSql`: no row when the session is no longer valid) and returns the JSON
 * text of the answer, which the route sends as it is. `api/test/tickets-stats-json.test.ts` checks
 * it is the very text the zod serializer wrote.
 */
import type { TicketStatsQuery } from 'shared-contracts/contracts';
import type { RunSql, SqlStatement } from '../../db/database';
import type { SessionClaims } from '../sessions';
import {
  countsTable,
  recusedIds,
  SESSION_CITY,
  SqlValues,
  sessionUserSql,
  type TicketFilter,
  ticketFilter,
} from './listing';

/** `me` and the city and status conditions of the caller's scope and the `city` filter, on ticket_counts. */
function countsWhere(session: SessionClaims, query: TicketStatsQuery, values: SqlValues) {
  const me = sessionUserSql(session, values);
  // staffScope decides by role whether the counts are of one city; which city is the user row's.
  const actor = { id: session.userId, role: session.role, cityId: 0 };
  const filter = ticketFilter(actor, {}, { city: query.city }, values, SESSION_CITY);
  const { cityStatus } = filter;
  // Less the tickets a recusal passed the caller over on (ADR 0048).
  return {
    me,
    where: cityStatus.length ? cityStatus.join(' and ') : 'true',
    counts:
      query.projectId === undefined
        ? countsTable(filter, 'ticket_counts')
        : projectCounts(filter, values.add(query.projectId)),
  };
}

/**
 * One project's counts per city and status, in ticket_counts' shape. No counts table keeps them
 * by project: they are counted from `tickets` through tickets_project_status_idx, which reads
 * only that project's tickets (a few hundred at most for the busiest project of the bench's
 * 10,000, docs/adr/0055). A recusal's tickets are left out as countsTable does.
 */
function projectCounts(filter: Pick<TicketFilter, 'recusedOf'>, projectId: string): string {
  const recused = filter.recusedOf ? ` and t.id not in ${recusedIds(filter.recusedOf)}` : '';
  return `(select t.city_id, t.status, count(*)::int as n from tickets t
    where t.project_id = ${projectId}${recused} group by t.city_id, t.status) ticket_counts`;
}

/** The answer when `me` has a row, else null (the session is no longer valid). */
const whenSignedIn = (json: string) =>
  `select case when exists (select 1 from me) then ${json} end as "body"`;

/**
 * The statement of the four cards: every ticket, In Review (exactly 'in-review'), Resolved,
 * Rejected, as the JSON text of `ticketStatsSchema` (exported so the benchmark can EXPLAIN and
 * time it).
 */
export function ticketStatsStatement(session: SessionClaims, query: TicketStatsQuery = {}): SqlStatement {
  const values = new SqlValues();
  const { me, where, counts } = countsWhere(session, query, values);
  return {
    text: `with ${me}
${whenSignedIn(`(select row_to_json(k)::text from (select coalesce(sum(n), 0)::int as "total",
  coalesce(sum(n) filter (where status = 'in-review'), 0)::int as "inReview",
  coalesce(sum(n) filter (where status = 'resolved'), 0)::int as "resolved",
  coalesce(sum(n) filter (where status = 'rejected'), 0)::int as "rejected"
from ${counts} where ${where}) k)`)}`,
    values: values.list,
    prepare: true,
  };
}

/**
 * The statement of the city chart's bars (docs/product.md#data City statistics): per city with tickets, by
 * name; pending counts pending and in-review (docs/product.md#ticket-states), approved counts only in the total. The JSON
 * text of `cityStatsResponseSchema` (exported so the benchmark can EXPLAIN and time it).
 */
export function cityStatsStatement(session: SessionClaims, query: TicketStatsQuery = {}): SqlStatement {
  const values = new SqlValues();
  const { me, where, counts } = countsWhere(session, query, values);
  return {
    text: `with ${me}
${whenSignedIn(`'[' || coalesce((select string_agg(row_to_json(b)::text, ',' order by b.city) from (
  select ci.name as "city", k.total, k.pending, k.resolved, k.rejected from (
    select city_id, sum(n)::int as "total",
      coalesce(sum(n) filter (where status in ('pending', 'in-review')), 0)::int as "pending",
      coalesce(sum(n) filter (where status = 'resolved'), 0)::int as "resolved",
      coalesce(sum(n) filter (where status = 'rejected'), 0)::int as "rejected"
    from ${counts} where ${where} group by city_id having sum(n) > 0
  ) k join cities ci on ci.id = k.city_id) b), '') || ']'`)}`,
    values: values.list,
    prepare: true,
  };
}

/** The JSON text of an answer, or null when the session behind the token is no longer valid. */
export async function statsJson(runSql: RunSql, statement: SqlStatement): Promise<string | null> {
  const [row] = await runSql<{ body: string | null }>(statement);
  return row?.body ?? null;
}
