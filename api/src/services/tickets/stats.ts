/**
 * The dashboard's counts (spec §2, §4; ARCHITECTURE §5), computed by the database in one aggregate
 * query each and scoped to what the caller may see (`staffScopeWhere`). Both read only `city_id`
 * and `status`, which the `tickets_city_status_created_idx` and `tickets_status_created_idx`
 * indexes hold, so PostgreSQL can count from an index without visiting the table.
 */
import { and, type SQL, sql } from 'drizzle-orm';
import type { CityStats, TicketStats, TicketStatsQuery } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { cities, tickets } from '../../db/schema';
import { staffScopeWhere } from './access';
import { filterConditions, type ListingActor } from './listing';

function statsWhere(actor: ListingActor, query: TicketStatsQuery): SQL {
  const conditions = [staffScopeWhere(actor), ...filterConditions({ city: query.city })].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  return conditions.length ? (and(...conditions) as SQL) : sql`true`;
}

/** The statement of the four cards (exported so the benchmark can EXPLAIN and time it). */
export function ticketStatsQuery(db: AppDatabase, actor: ListingActor, query: TicketStatsQuery = {}) {
  return db
    .select({
      total: sql<number>`count(*)::int`,
      inReview: sql<number>`(count(*) filter (where ${tickets.status} = 'in-review'))::int`,
      resolved: sql<number>`(count(*) filter (where ${tickets.status} = 'resolved'))::int`,
      rejected: sql<number>`(count(*) filter (where ${tickets.status} = 'rejected'))::int`,
    })
    .from(tickets)
    .where(statsWhere(actor, query));
}

/** The four cards: every ticket, In Review (exactly 'in-review'), Resolved, Rejected. */
export async function ticketStats(
  db: AppDatabase,
  actor: ListingActor,
  query: TicketStatsQuery = {},
): Promise<TicketStats> {
  const [row] = await ticketStatsQuery(db, actor, query);
  return row ?? { total: 0, inReview: 0, resolved: 0, rejected: 0 };
}

/** The statement of the city chart (exported so the benchmark can EXPLAIN and time it). */
export function cityStatsQuery(db: AppDatabase, actor: ListingActor, query: TicketStatsQuery = {}) {
  const perCity = db
    .select({
      cityId: tickets.cityId,
      total: sql<number>`count(*)::int`.as('total'),
      pending: sql<number>`(count(*) filter (where ${tickets.status} in ('pending', 'in-review')))::int`.as(
        'pending',
      ),
      resolved: sql<number>`(count(*) filter (where ${tickets.status} = 'resolved'))::int`.as('resolved'),
      rejected: sql<number>`(count(*) filter (where ${tickets.status} = 'rejected'))::int`.as('rejected'),
    })
    .from(tickets)
    .where(statsWhere(actor, query))
    .groupBy(tickets.cityId)
    .as('per_city');
  return db
    .select({
      city: cities.name,
      total: perCity.total,
      pending: perCity.pending,
      resolved: perCity.resolved,
      rejected: perCity.rejected,
    })
    .from(perCity)
    .innerJoin(cities, sql`${cities.id} = ${perCity.cityId}`)
    .orderBy(cities.name);
}

/**
 * The city chart's bars (spec §3 City statistics): per city with tickets, by name; pending counts
 * pending and in-review (spec §4), approved counts only in the total.
 */
export function cityStats(
  db: AppDatabase,
  actor: ListingActor,
  query: TicketStatsQuery = {},
): Promise<CityStats[]> {
  return cityStatsQuery(db, actor, query).execute();
}
