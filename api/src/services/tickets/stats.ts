/**
 * The dashboard's counts (spec §2, §4; ARCHITECTURE §5), scoped to what the caller may see. Both
 * add up the exact counts kept per city and status (`ticket_counts`, ADR 0007) rather than count
 * up to 1,000,000 tickets: a few dozen rows whatever the number of tickets.
 */
import type { CityStats, TicketStats, TicketStatsQuery } from 'shared-contracts/contracts';
import type { RunSql, SqlStatement } from '../../db/database';
import type { AccessActor } from './access';
import { SqlValues, ticketFilter } from './listing';

/** The city and status conditions of the caller's scope and the `city` filter, on ticket_counts. */
function countsWhere(actor: AccessActor, query: TicketStatsQuery, values: SqlValues): string {
  const { cityStatus } = ticketFilter(actor, {}, { city: query.city }, values);
  return cityStatus.length ? cityStatus.join(' and ') : 'true';
}

/** The statement of the four cards (exported so the benchmark can EXPLAIN and time it). */
export function ticketStatsStatement(actor: AccessActor, query: TicketStatsQuery = {}): SqlStatement {
  const values = new SqlValues();
  const where = countsWhere(actor, query, values);
  return {
    text: `select coalesce(sum(n), 0)::int as "total",
  coalesce(sum(n) filter (where status = 'in-review'), 0)::int as "inReview",
  coalesce(sum(n) filter (where status = 'resolved'), 0)::int as "resolved",
  coalesce(sum(n) filter (where status = 'rejected'), 0)::int as "rejected"
from ticket_counts where ${where}`,
    values: values.list,
    prepare: true,
  };
}

/** The four cards: every ticket, In Review (exactly 'in-review'), Resolved, Rejected. */
export async function ticketStats(
  runSql: RunSql,
  actor: AccessActor,
  query: TicketStatsQuery = {},
): Promise<TicketStats> {
  const [row] = await runSql<TicketStats>(ticketStatsStatement(actor, query));
  return row ?? { total: 0, inReview: 0, resolved: 0, rejected: 0 };
}

/** The statement of the city chart (exported so the benchmark can EXPLAIN and time it). */
export function cityStatsStatement(actor: AccessActor, query: TicketStatsQuery = {}): SqlStatement {
  const values = new SqlValues();
  const where = countsWhere(actor, query, values);
  return {
    text: `select ci.name as "city", k.total, k.pending, k.resolved, k.rejected from (
  select city_id, sum(n)::int as "total",
    coalesce(sum(n) filter (where status in ('pending', 'in-review')), 0)::int as "pending",
    coalesce(sum(n) filter (where status = 'resolved'), 0)::int as "resolved",
    coalesce(sum(n) filter (where status = 'rejected'), 0)::int as "rejected"
  from ticket_counts where ${where} group by city_id having sum(n) > 0
) k join cities ci on ci.id = k.city_id
order by ci.name`,
    values: values.list,
    prepare: true,
  };
}

/**
 * The city chart's bars (spec §3 City statistics): per city with tickets, by name; pending counts
 * pending and in-review (spec §4), approved counts only in the total.
 */
export function cityStats(
  runSql: RunSql,
  actor: AccessActor,
  query: TicketStatsQuery = {},
): Promise<CityStats[]> {
  return runSql<CityStats>(cityStatsStatement(actor, query));
}
