/**
 * The staff ticket lists of spec §6 ("Ticket listing per role") with the paging and filters of
 * ARCHITECTURE §5. Each list is the caller's scope (`staffScopeWhere`: everything, or their city)
 * narrowed by what the list is about (a city president's tickets awaiting review, a convenor's
 * tickets handed on by the chain…) and by the request's filters. One page of ids comes from an
 * index ordered newest first, the total from one count with the same condition, and only the
 * ids of the page are hydrated (`readTickets`), so a page costs about the same at any size.
 */
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  type Role,
  TICKETS_PAGE_SIZE,
  type TicketListQuery,
  type TicketListResponse,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { cities, tickets, users } from '../../db/schema';
import { type AccessActor, staffScopeWhere } from './access';
import { readTickets } from './ticketReader';

/** The caller of a list: who they are (from the token) and their city's name. */
export interface ListingActor extends AccessActor {
  cityName: string | null;
}

export interface StaffListing {
  /** The roles that may make the call (any other signed-in role gets 403). */
  roles: readonly Role[];
  /** What the list is about, within the caller's scope; undefined: every ticket in scope. */
  where?: SQL;
  /** The answer names the caller's city (the city-scoped lists; spec §6: the convenor's city). */
  cityInAnswer: boolean;
}

/**
 * Every staff list call of spec §7, by the name `ticketListingPlan` gives it.
 *
 * - `all`: every ticket (admin, Credai President).
 * - `cityPresidentPending`: the city's tickets awaiting review: pending or in-review.
 * - `cityPresidentAll`: every ticket of the city.
 * - `governorPending`: pending tickets of every city (the governor may move them to review).
 * - `observerAssigned`: the city's tickets awaiting the office bearer's final approval (in-review,
 *   with the Observer since the convenor resolved them).
 * - `observerAll`: every ticket of the city.
 * - `convenorAssigned`: the city's tickets the chain handed to the convenor (approved by the admin
 *   or the city president), whatever happened to them since.
 */
export const STAFF_LISTINGS = {
  all: { roles: ['admin', 'credaipresident'], cityInAnswer: false },
  cityPresidentPending: {
    roles: ['citypresident'],
    where: inArray(tickets.status, ['pending', 'in-review']),
    cityInAnswer: true,
  },
  cityPresidentAll: { roles: ['citypresident'], cityInAnswer: true },
  governorPending: { roles: ['governor'], where: eq(tickets.status, 'pending'), cityInAnswer: false },
  observerAssigned: {
    roles: ['observer'],
    where: and(eq(tickets.status, 'in-review'), eq(tickets.currentAssignee, 'Observer')),
    cityInAnswer: true,
  },
  observerAll: { roles: ['observer'], cityInAnswer: true },
  convenorAssigned: {
    roles: ['convenor'],
    where: or(eq(tickets.adminStatus, 'approved'), eq(tickets.cityPresidentStatus, 'approved')),
    cityInAnswer: true,
  },
} as const satisfies Record<string, StaffListing>;

export type StaffListingName = keyof typeof STAFF_LISTINGS;

const DAY_MS = 24 * 3600 * 1000;

/** The instant a caller's calendar day `YYYY-MM-DD` starts, for a UTC offset in minutes. */
export function dayStart(day: string, tzOffsetMinutes = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) - tzOffsetMinutes * 60_000);
}

/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The request's filters as conditions on `tickets` (status, city name, title or member name, days). */
export function filterConditions(query: Omit<TicketListQuery, 'page' | 'pageSize'>): SQL[] {
  const conditions: SQL[] = [];
  if (query.status && query.status !== 'all') conditions.push(eq(tickets.status, query.status));
  const city = query.city?.trim();
  if (city) {
    conditions.push(
      sql`${tickets.cityId} = (select ${cities.id} from ${cities} where lower(${cities.name}) = lower(${city}))`,
    );
  }
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      sql`(${tickets.title} ilike ${pattern} or ${tickets.customerId} in (select ${users.id} from ${users} where ${users.fullName} ilike ${pattern}))`,
    );
  }
  const offset = query.tzOffset ?? 0;
  if (query.date) {
    const start = dayStart(query.date, offset);
    conditions.push(sql`${tickets.createdAt} >= ${start.toISOString()}`);
    conditions.push(sql`${tickets.createdAt} < ${new Date(start.getTime() + DAY_MS).toISOString()}`);
  }
  // Spec §7: [startDate, endDate); either end may be left open.
  if (query.startDate) {
    conditions.push(sql`${tickets.createdAt} >= ${dayStart(query.startDate, offset).toISOString()}`);
  }
  if (query.endDate) {
    conditions.push(sql`${tickets.createdAt} < ${dayStart(query.endDate, offset).toISOString()}`);
  }
  return conditions;
}

/** The condition of one list for one caller: their scope, the list's own rule and the filters. */
export function listingWhere(
  actor: ListingActor,
  listing: StaffListing,
  query: Omit<TicketListQuery, 'page' | 'pageSize'>,
): SQL | undefined {
  const conditions = [staffScopeWhere(actor), listing.where, ...filterConditions(query)].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * The two statements of a list: one page of ids, newest first (DESC is NULLS FIRST in PostgreSQL,
 * as the list indexes are built), and the count of every page. Exported so the benchmark can
 * EXPLAIN and time exactly what the api sends.
 */
export function listingQueries(
  db: AppDatabase,
  actor: ListingActor,
  listing: StaffListing,
  query: TicketListQuery,
) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? TICKETS_PAGE_SIZE;
  const where = listingWhere(actor, listing, query);
  return {
    page: db
      .select({ id: tickets.id })
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    total: db.select({ total: count() }).from(tickets).where(where),
  };
}

/** One page of a staff list, newest first, with the total of every page. */
export async function listStaffTickets(
  db: AppDatabase,
  actor: ListingActor,
  listing: StaffListing,
  query: TicketListQuery,
): Promise<TicketListResponse> {
  const queries = listingQueries(db, actor, listing, query);
  // The page and the count are independent: on PostgreSQL they run on two connections at once.
  const [rows, totals] = await Promise.all([queries.page, queries.total]);
  const found = await readTickets(
    db,
    rows.map((row) => row.id),
  );
  return {
    tickets: found,
    total: totals[0]?.total ?? 0,
    ...(listing.cityInAnswer ? { city: actor.cityName } : {}),
  };
}
