/**
 * The staff ticket lists of docs/product.md#roles ("Ticket listing per role") with the paging and filters of
 * docs/architecture.md#api. Each list is the caller's scope (everything, or their city) narrowed by what the
 * list is about (a city president's tickets awaiting review, a convenor's tickets handed on by the
 * chain…) and by the request's filters.
 *
 * One statement answers a list (ADR 0007): one page of ids from an index ordered newest first, only
 * those tickets joined with the names they refer to, and the total, returned as the JSON
 * text of the answer. The total adds up the
 * counts kept per city, status and day (`ticket_counts`, `ticket_day_counts`) whenever the filter
 * is made of those (city, status, creation days), counting tickets only at the edges of a range
 * that starts or ends inside a day; otherwise (`q`, the observer's and convenor's lists) it counts
 * the matching tickets up to COUNT_LIMIT and says when the total is a lower bound (ADR 0018). A
 * search finds its matches as `searchPageSql` explains (ADR 0043); a deep page starts from the day counts
 * (`pageSql`). The SQL is written here rather than built by drizzle on every request: a
 * list is the api's hottest call, and its text depends only on which filters are present.
 */
import {
  DAY_MS,
  MAX_ID,
  normaliseReraNumber,
  type Role,
  reraNumberProblem,
  TICKET_ID_PREFIX,
  TICKETS_PAGE_SIZE,
  type TicketListQuery,
  type TicketStatus,
} from 'shared-contracts/contracts';
import type { RunSql, SqlStatement } from '../../db/database';
import type { ApiTokenCaller } from '../integrations/apiTokens';
import { seesIdentity } from '../recusal/shielding';
import { liveSessionSql, type SessionClaims } from '../sessions';
import { type AccessActor, seesContactDetails, staffScope } from './access';

/** The caller of a list: who they are (from the token) and their city's name. */
export interface ListingActor extends AccessActor {
  cityName: string | null;
}

export interface StaffListing {
  /** The roles that may make the call (any other signed-in role gets 403). */
  roles: readonly Role[];
  /** The statuses the list is about (undefined: every status). */
  statuses?: readonly TicketStatus[];
  /**
   * Any further rule, as SQL on the alias `t` of `tickets` (constant text, no user input); a list
   * with one counts its total from the tickets rather than from the counts tables.
   */
  rule?: string;
  /** The answer names the caller's city (the city-scoped lists; docs/product.md#roles: the convenor's city). */
  cityInAnswer: boolean;
}

/**
 * Every staff list call of docs/product.md#calls, by the name `ticketListingPlan` gives it.
 *
 * - `all`: every ticket (admin, Credai President).
 * - `cityPresidentPending`: the city's tickets awaiting review: pending or in-review.
 * - `cityPresidentAll`: every ticket of the city.
 * - `governorPending`: pending tickets of every city (the governor may move them to review).
 * - `observerAssigned`: the city's tickets awaiting the office bearer's final approval (in-review,
 *   with the Observer since the convenor resolved them), and the city's tickets whose open stage
 *   the scheduler escalated (`escalation` set: to the office bearer, the chain's next level, ADR 0033).
 * - `observerAll`: every ticket of the city.
 * - `convenorAssigned`: the city's tickets the chain handed to the convenor (approved by the admin
 *   or the city president), whatever happened to them since.
 */
export const STAFF_LISTINGS = {
  all: { roles: ['admin', 'credaipresident'], cityInAnswer: false },
  cityPresidentPending: {
    roles: ['citypresident'],
    statuses: ['pending', 'in-review'],
    cityInAnswer: true,
  },
  cityPresidentAll: { roles: ['citypresident'], cityInAnswer: true },
  governorPending: { roles: ['governor'], statuses: ['pending'], cityInAnswer: false },
  observerAssigned: {
    roles: ['observer'],
    rule: `((t.status = 'in-review' and t.current_assignee = 'Observer') or t.escalation is not null)`,
    cityInAnswer: true,
  },
  observerAll: { roles: ['observer'], cityInAnswer: true },
  convenorAssigned: {
    roles: ['convenor'],
    rule: `(t.admin_status = 'approved' or t.city_president_status = 'approved')`,
    cityInAnswer: true,
  },
} as const satisfies Record<string, StaffListing>;

export type StaffListingName = keyof typeof STAFF_LISTINGS;

/** The instant a caller's calendar day `YYYY-MM-DD` starts, for a UTC offset in minutes. */
export function dayStart(day: string, tzOffsetMinutes = 0): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) - tzOffsetMinutes * 60_000);
}

/**
 * A search counts its matches up to this many; past it the answer says the total is a lower bound
 * (`totalIsLowerBound`, "1,000+" in the list's footer). Counting costs reading each word's entries
 * up to the bound, and more for words that seldom meet (two common names: tens of thousands for
 * 1,000 matches at 1,000,000 tickets); 1,000 keeps a common word's search near a millisecond of
 * PostgreSQL (ADR 0018, ADR 0043).
 */
export const COUNT_LIMIT = 1_000;

/**
 * A search of two words or more counts its matches up to this many (ADR 0082). Its words' entries
 * are read side by side until that many tickets have them all, and two common words that seldom
 * meet (a first name and a surname: "rahul patil" at 10,000,000 tickets) cost tens of thousands of
 * entries for 1,000 matches; 200 reads a fifth of that, and a name or a phrase that many tickets
 * share is narrowed by another word or a filter, not by paging.
 */
export const MERGED_COUNT_LIMIT = 200;

/** How far a list with this filter counts its matches: COUNT_LIMIT, or MERGED_COUNT_LIMIT for a search of several words. */
function countLimitOf(filter: Pick<TicketFilter, 'search'>): number {
  return (filter.search?.words?.merged ?? 1) > 1 ? MERGED_COUNT_LIMIT : COUNT_LIMIT;
}

/**
 * A search with words reads each word's tickets newest first from `ticket_words` (ADR 0043): the
 * first MERGED_WORDS words of `q` side by side (a merge join in date order, stopping at the
 * `need`-th ticket having all of them), any further word checked ticket by ticket.
 */
export const MERGED_WORDS = 4;

/** What `q` can be besides words: a ticket number (`CREDAI-123`, `#123`, `123`), an email, a mobile. */
interface TicketSearch {
  /** The words of `q`, when it has any (letters or digits). */
  words?: string;
  ticketId?: number;
  email?: string;
  /** A RERA registration number: the tickets about that project (ADR 0055). */
  rera?: string;
  mobile?: string;
  /**
   * The caller sees shielded members only as their alias (ADR 0049): such a ticket is found by
   * its number or its title's words, never by its member's name, email or mobile.
   */
  shielded?: boolean;
}

const TICKET_NUMBER = new RegExp(`^(?:#|${TICKET_ID_PREFIX}\\s*-?\\s*)?(\\d{1,10})$`, 'i');
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * How `q` is searched (ADR 0018, ADR 0043): its words always; the ticket it numbers; and, for callers who see
 * members' contact details, the member with that whole email (any case) or mobile number (spaces,
 * dashes and a leading +91 or 0 ignored).
 */
function ticketSearch(q: string, contactDetails: boolean): TicketSearch {
  const text = q.trim();
  const search: TicketSearch = {};
  if (/[\p{L}\p{N}]/u.test(text)) search.words = text;
  const number = TICKET_NUMBER.exec(text)?.[1];
  if (number && Number(number) >= 1 && Number(number) <= MAX_ID) search.ticketId = Number(number);
  const rera = normaliseReraNumber(text);
  if (/\d/.test(rera) && rera.length >= 5 && reraNumberProblem(rera) === null) search.rera = rera;
  if (contactDetails) {
    if (EMAIL.test(text)) search.email = text.toLowerCase();
    const digits = text.replace(/[\s()-]/g, '');
    const mobile = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(digits)?.[1];
    if (mobile) search.mobile = mobile;
  }
  return search;
}

/** `q`'s words as PostgreSQL's parser splits them (lowercased, distinct), from the parameter `q`. */
const lexemes = (q: string) => `(select tsvector_to_array(to_tsvector('simple', ${q})))`;

/**
 * Every word of the array `words` (SQL, at least one) is a word of the ticket (`created_at`,
 * `id`): one look-up of `ticket_words_idx` per word.
 */
const hasEveryWord = (words: string, createdAt: string, id: string) =>
  `not exists (select 1 from unnest(${words}) r(word) where not exists (select 1 from ticket_words v
    where v.word = r.word and v.created_at = ${createdAt} and v.ticket_id = ${id}))`;

/**
 * `q` as parts of a search (ADR 0043): `words`, the parameter holding `q` when it has words, and
 * how many of them to merge in date order (its distinct space-separated parts with a letter or a
 * digit, at most MERGED_WORDS: PostgreSQL's parser decides the words, and may find more, e.g.
 * `water-leakage` is also `water` and `leakage`, which the statement then checks one by one, or
 * fewer); `other`, a condition on `tickets t` for the ticket number and the member's email or
 * mobile.
 */
export interface SearchParts {
  words?: { q: string; merged: number };
  other?: string;
  /** The whole of `q` as one condition on `tickets t` (the CSV export's filter). */
  sql: string;
  /** A shielded ticket is found by its title's words only (TicketSearch `shielded`). */
  shielded?: boolean;
}

/**
 * A ticket of alias `t` is not shielded, or its title alone has every word of the array `words`
 * (ADR 0049: a shielded member's name finds nothing for staff who see only the alias).
 */
const titleHasEveryWord = (t: string, words: string) =>
  `(not ${t}.shield_identity or ${words} <@ tsvector_to_array(ticket_search_words(${t}.title, null)))`;

function searchParts(search: TicketSearch, values: SqlValues): SearchParts {
  const other: string[] = [];
  if (search.ticketId !== undefined) other.push(`t.id = ${values.add(search.ticketId)}`);
  if (search.rera) {
    // `= any(array(…))`, as for the contact below, not `in (select …)`: an array is an index
    // condition, so the arms of the `or` combine as a bitmap of index scans; a subquery is only a
    // filter, and at 10,000,000 tickets the planner then walked the newest-first index for 20 s.
    other.push(
      `t.project_id = any(array(select p.id from projects p where p.rera_number = ${values.add(search.rera)}))`,
    );
  }
  const contact: string[] = [];
  if (search.email) contact.push(`lower(u.email) = ${values.add(search.email)}`);
  if (search.mobile) contact.push(`u.mobile = ${values.add(search.mobile)}`);
  if (contact.length) {
    other.push(
      `t.customer_id = any(array(select u.id from users u where ${contact.join(' or ')}))${search.shielded ? ' and not t.shield_identity' : ''}`,
    );
  }
  const parts: SearchParts = { sql: 'false', shielded: search.shielded };
  const conditions = [...other];
  if (search.words) {
    const q = values.add(search.words);
    const chunks = new Set(
      search.words
        .toLowerCase()
        .split(/\s+/)
        .filter((chunk) => /[\p{L}\p{N}]/u.test(chunk)),
    );
    parts.words = { q, merged: Math.min(Math.max(chunks.size, 1), MERGED_WORDS) };
    // The tickets having the first word, each checked for the others (the export's filter).
    conditions.push(`(t.created_at, t.id) in (select w.created_at, w.ticket_id from ticket_words w
      where w.word = (${lexemes(q)})[1] and ${hasEveryWord(`(${lexemes(q)})[2:]`, 'w.created_at', 'w.ticket_id')})${search.shielded ? ` and ${titleHasEveryWord('t', lexemes(q))}` : ''}`);
  }
  if (other.length) parts.other = `(${other.join(' or ')})`;
  if (conditions.length) parts.sql = `(${conditions.join(' or ')})`;
  return parts;
}

/** The values of a statement, each added once and referred to as `$n`. */
export class SqlValues {
  readonly list: unknown[] = [];
  add(value: unknown): string {
    this.list.push(value);
    return `$${this.list.length}`;
  }
}

/** A status as an SQL literal: only the constants of TICKET_STATUSES reach here, never user input. */
function statusLiteral(status: TicketStatus): string {
  if (!/^[a-z-]+$/.test(status)) throw new Error(`not a status: ${status}`);
  return `'${status}'`;
}

/**
 * What a list or a count is filtered by, in the terms the counts tables know (city, status,
 * creation time) and the rest (`q`, a list's own rule). Every condition exists as SQL text once,
 * with its values, so the same filter applies to `tickets` and to the counts tables alike.
 */
export interface TicketFilter {
  /** Conditions on `city_id` and `status`, valid on `tickets` and on both counts tables. */
  cityStatus: string[];
  /** Conditions only `tickets` can answer (a list's own rule). */
  other: string[];
  /** `q`, when given (`searchPageSql` reads it; `sql` is all of it as one condition). */
  search?: SearchParts;
  /** Creation time: [from, to), either end open. */
  from?: Date;
  to?: Date;
  /**
   * The caller's id as SQL when they may have been passed over (a city's staff, ADR 0048): the
   * tickets a recusal passed them over on are left out of the page and of the counts.
   */
  recusedOf?: string;
}

/** The tickets a recusal passed the user (SQL) over on, as a list of ids for `not in`. */
export const recusedIds = (user: string) =>
  `(select r.ticket_id from ticket_recusals r where r.user_id = ${user})`;

/**
 * A counts table (`ticket_counts`, `ticket_day_counts`) as the filter counts it: less one for each
 * ticket a recusal passed the caller over on, by its city, status (and creation day).
 */
export function countsTable(
  filter: Pick<TicketFilter, 'recusedOf'>,
  table: 'ticket_counts' | 'ticket_day_counts',
): string {
  if (!filter.recusedOf) return table;
  const day = table === 'ticket_day_counts';
  return `(select city_id, status${day ? ', day' : ''}, n from ${table} union all
    select t.city_id, t.status${day ? ", (t.created_at at time zone 'UTC')::date" : ''}, -1 from tickets t
    where t.id in ${recusedIds(filter.recusedOf)}) ${table}`;
}

/**
 * The filter of one list for one caller (docs/product.md#roles scope, the list's own rule, docs/architecture.md#api
 * filters), on the alias `t` for tickets; for the counts tables the city and status conditions are
 * written on unqualified column names, valid on either table.
 */
export function ticketFilter(
  actor: AccessActor,
  listing: Pick<StaffListing, 'statuses' | 'rule'>,
  query: Omit<TicketListQuery, 'page' | 'pageSize'>,
  values: SqlValues,
  /** The caller's city as SQL, when the statement reads it itself (see listingStatement). */
  actorCity?: string,
  /** The api clock's now, for `due` (docs/architecture.md#time-and-service-levels). */
  now?: Date,
): TicketFilter {
  const cityStatus: string[] = [];
  const other: string[] = [];
  const scope = staffScope(actor);
  if (scope.kind === 'none') cityStatus.push('false');
  if (scope.kind === 'city') cityStatus.push(`city_id = ${actorCity ?? values.add(scope.cityId)}`);
  const recusedOf = scope.kind === 'city' ? values.add(actor.id) : undefined;
  if (listing.statuses) cityStatus.push(`status in (${listing.statuses.map(statusLiteral).join(', ')})`);
  if (listing.rule) other.push(listing.rule);
  // One project's tickets (ADR 0055): tickets_project_created_idx, newest first.
  if (query.projectId !== undefined) other.push(`t.project_id = ${values.add(query.projectId)}`);
  // `due`: the open stage's due time passed (overdue), or its reminder point did and the due time
  // not yet (soon); both read an index of `tickets` (tickets_due_idx, tickets_due_soon_idx).
  if (query.due && now) {
    const at = values.add(now.toISOString());
    other.push(
      query.due === 'overdue'
        ? `t.due_at <= ${at}::timestamptz`
        : `t.due_soon_at <= ${at}::timestamptz and t.due_at > ${at}::timestamptz`,
    );
  }
  if (query.status && query.status !== 'all') cityStatus.push(`status = ${values.add(query.status)}`);
  const city = query.city?.trim();
  if (city) {
    cityStatus.push(`city_id = (select c.id from cities c where lower(c.name) = lower(${values.add(city)}))`);
  }
  const q = query.q?.trim();
  const offset = query.tzOffset ?? 0;
  const lower: number[] = [];
  const upper: number[] = [];
  if (query.date) {
    const start = dayStart(query.date, offset).getTime();
    lower.push(start);
    upper.push(start + DAY_MS);
  }
  // docs/product.md#calls: [startDate, endDate); either end may be left open.
  if (query.startDate) lower.push(dayStart(query.startDate, offset).getTime());
  if (query.endDate) upper.push(dayStart(query.endDate, offset).getTime());
  return {
    cityStatus,
    other,
    ...(recusedOf ? { recusedOf } : {}),
    ...(q
      ? {
          search: searchParts(
            { ...ticketSearch(q, seesContactDetails(actor)), shielded: !seesIdentity(actor) },
            values,
          ),
        }
      : {}),
    ...(lower.length ? { from: new Date(Math.max(...lower)) } : {}),
    ...(upper.length ? { to: new Date(Math.min(...upper)) } : {}),
  };
}

/** `t.`-qualified copies of the city and status conditions, for a query on `tickets t`. */
function onTickets(conditions: string[]): string[] {
  return conditions.map((condition) => condition.replace(/^(city_id|status) /, 't.$1 '));
}

/** The WHERE of a query on `tickets t` (the page, an exact count), between [from, to) when given. */
function ticketsWhere(filter: TicketFilter, values: SqlValues, from = filter.from, to = filter.to): string {
  const conditions = [...onTickets(filter.cityStatus), ...filter.other];
  if (filter.recusedOf) conditions.push(`t.id not in ${recusedIds(filter.recusedOf)}`);
  if (from) conditions.push(`t.created_at >= ${values.add(from.toISOString())}`);
  if (to) conditions.push(`t.created_at < ${values.add(to.toISOString())}`);
  return conditions.length ? conditions.join(' and ') : 'true';
}

const floorDay = (time: Date) => new Date(Math.floor(time.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (time: Date) => new Date(Math.ceil(time.getTime() / DAY_MS) * DAY_MS);
const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The number of tickets matching the filter, as SQL; `bounded`: counted up to COUNT_LIMIT + 1. */
export interface TotalSql {
  sql: string;
  bounded: boolean;
}

/**
 * The number of tickets matching the filter. Exact, from the counts tables, when the filter is of
 * city, status and time only: whole UTC days from `ticket_day_counts`, the partial days at either
 * end counted from `tickets` (an index range of under a day), no time bounds from `ticket_counts`.
 * Otherwise (`q`, a list's own rule) the matching tickets are counted up to COUNT_LIMIT + 1 only.
 */
export function totalExpression(filter: TicketFilter, values: SqlValues, bound = COUNT_LIMIT): TotalSql {
  const exact = (from?: Date, to?: Date) =>
    `(select count(*) from tickets t where ${ticketsWhere(filter, values, from, to)})`;
  if (filter.search) return { sql: '(select count(*) from found)', bounded: true };
  if (filter.other.length) {
    return {
      sql: `(select count(*) from (select from tickets t where ${ticketsWhere(filter, values)} limit ${bound + 1}) n)`,
      bounded: true,
    };
  }
  const where = (conditions: string[]) => (conditions.length ? conditions.join(' and ') : 'true');
  const { from, to } = filter;
  if (!from && !to) {
    return {
      sql: `(select coalesce(sum(n), 0) from ${countsTable(filter, 'ticket_counts')} where ${where(filter.cityStatus)})`,
      bounded: false,
    };
  }
  const firstDay = from ? ceilDay(from) : undefined;
  const endDay = to ? floorDay(to) : undefined;
  // Within one day, or across one midnight with no whole day: the tickets themselves (under 2 days).
  if (firstDay && endDay && firstDay >= endDay) return { sql: exact(), bounded: false };
  const days = [...filter.cityStatus];
  if (firstDay) days.push(`day >= ${values.add(dayOf(firstDay))}::date`);
  if (endDay) days.push(`day < ${values.add(dayOf(endDay))}::date`);
  const parts = [
    `(select coalesce(sum(n), 0) from ${countsTable(filter, 'ticket_day_counts')} where ${where(days)})`,
  ];
  if (from && firstDay && from < firstDay) parts.push(exact(from, firstDay));
  if (to && endDay && endDay < to) parts.push(exact(endDay, to));
  return { sql: parts.join(' + '), bounded: false };
}

/**
 * Pages from this offset on start where the counts say (a keyset under the hood): the kept counts
 * per day give the newest day the page reaches into and how many tickets are newer, so the index is
 * read from that day on, not from the newest ticket (page 5,000 of 1,000,000: ~50 days of counts
 * instead of 50,000 index entries; ADR 0018).
 */
export const SKIP_BY_DAYS_FROM = 1_000;

/**
 * A search's CTEs `found` (its newest matches, at most `need`) and `page` (ADR 0043). The words:
 * each merged word's entries of `ticket_words_idx` newest first, within the list's city, status
 * and days (index-only), joined on the ticket in date order (a merge join), so the read stops at
 * the `need`-th ticket having them all; a word past the merged ones checked per ticket, a list's
 * own rule on the ticket's row. A word missing from `q` (PostgreSQL found fewer than were merged)
 * is the first word again. The ticket number and the member's email or mobile: their indexes
 * (the primary key, the member's tickets). A `q` without words matches nothing.
 */
function searchPageSql(filter: TicketFilter, values: SqlValues, pageSize: number, offset: number): string {
  const need = Math.max(countLimitOf(filter), offset + pageSize) + 1;
  const order = 'order by created_at desc, id desc';
  const search = filter.search as SearchParts;
  const sources: string[] = [];
  let ctes = '';
  if (search.words) {
    const { q, merged } = search.words;
    const range = [...filter.cityStatus];
    if (filter.from) range.push(`created_at >= ${values.add(filter.from.toISOString())}`);
    if (filter.to) range.push(`created_at < ${values.add(filter.to.toISOString())}`);
    if (filter.recusedOf) range.push(`ticket_id not in ${recusedIds(filter.recusedOf)}`);
    const word = (index: number) =>
      index === 1
        ? '(select a[1] from lexemes)'
        : `coalesce((select a[${index}] from lexemes), (select a[1] from lexemes))`;
    const stream = (index: number) => `(select created_at, ticket_id from ticket_words
    where word = ${word(index)}${range.map((condition) => ` and ${condition}`).join('')}
    order by created_at desc, ticket_id desc) w${index}`;
    const joins = Array.from({ length: merged - 1 }, (_, i) => i + 2).map(
      (index) =>
        `\n  join ${stream(index)} on w${index}.created_at = w1.created_at and w${index}.ticket_id = w1.ticket_id`,
    );
    const rule = filter.other.length
      ? `\n  join tickets t on t.id = w1.ticket_id and ${filter.other.join(' and ')}`
      : '';
    ctes += `lexemes as materialized (select ${lexemes(q)} as a),
words as materialized (
  select w1.ticket_id as id, w1.created_at from ${stream(1)}${joins.join('')}${rule}
  where ((select cardinality(a) from lexemes) <= ${merged}
    or ${hasEveryWord(`(select a[${merged + 1}:] from lexemes)`, 'w1.created_at', 'w1.ticket_id')})${
      search.shielded
        ? `\n    and not exists (select 1 from tickets ts where ts.id = w1.ticket_id and not ${titleHasEveryWord('ts', '(select a from lexemes)')})`
        : ''
    }
  order by w1.created_at desc, w1.ticket_id desc limit ${need}
), `;
    sources.push('select id, created_at from words');
  }
  if (search.other) {
    ctes += `numbered as materialized (
  select t.id, t.created_at from tickets t where ${ticketsWhere(filter, values)} and ${search.other} ${order} limit ${need}
), `;
    sources.push('select id, created_at from numbered');
  }
  const found = sources.length ? sources.join(' union ') : 'select 0 as id, now() as created_at where false';
  return `${ctes}found as materialized (select id, created_at from (${found}) f ${order} limit ${need}),
page as (select id, created_at from found ${order} limit ${pageSize} offset ${offset})`;
}

/** A page of `tickets t` newest first (or earliest due first), as the CTE `page` (id, created_at). */
function pageSql(
  filter: TicketFilter,
  values: SqlValues,
  pageSize: number,
  offset: number,
  byDue = false,
): string {
  if (filter.search) return searchPageSql(filter, values, pageSize, offset);
  if (byDue) {
    // `sort=due`: the earliest due first, tickets without an open stage last (tickets_due_idx,
    // tickets_city_due_idx keep this order).
    return `page as (select t.id, t.created_at from tickets t where ${ticketsWhere(filter, values)}
  order by t.due_at asc nulls last, t.id asc limit ${pageSize} offset ${offset})`;
  }
  const order = 'order by t.created_at desc, t.id desc';
  const where = ticketsWhere(filter, values);
  if (offset < SKIP_BY_DAYS_FROM || filter.other.length || filter.from || filter.to) {
    // LIMIT and OFFSET are numbers validated by the query schema: written in the text, so the
    // planner knows them (a generic plan of LIMIT $n assumes 10 % of the table).
    return `page as (select t.id, t.created_at from tickets t where ${where} ${order} limit ${pageSize} offset ${offset})`;
  }
  const cityStatus = filter.cityStatus.length ? filter.cityStatus.join(' and ') : 'true';
  const dayCounts = countsTable(filter, 'ticket_day_counts');
  // `skip`: the newest day whose tickets, with every newer day's, pass the offset (the counts read
  // newest day first, stopping there), and `newer`: the tickets of the days after it. No row (the
  // offset is past the last ticket): an empty page.
  return `skip as materialized (
  select d.day + 1 as after, (select coalesce(sum(n), 0) from ${dayCounts}
    where ${cityStatus} and day > d.day) as newer from (
    select r.day from (
      select day, sum(n) over (order by day desc) as upto from ${dayCounts} where ${cityStatus}
    ) r where r.upto > ${offset} limit 1
  ) d
), page as (select t.id, t.created_at from tickets t
  where ${where} and t.created_at < (select after::timestamp at time zone 'UTC' from skip)
  ${order} limit ${pageSize} offset (select ${offset} - newer from skip))`;
}

/** A `timestamptz` as `Date.prototype.toISOString` writes it (UTC, milliseconds truncated). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A shielded ticket's alias (shielding.ts `aliasOf`) as SQL on the alias `t`. */
export const ALIAS_SQL = `coalesce(t.member_alias, 'Member ' || upper(lpad(to_hex(t.id % 65536), 4, '0')))`;

/**
 * One ticket of the page (alias `t`, with `c` its city, `cm` its committee, `cu` its member) as the
 * JSON text of the shared `ticketSchema`, built by PostgreSQL: the keys in the schema's order,
 * compact, strings escaped as JSON.stringify escapes them, the same values as `toTicket` gives for
 * a staff caller (contact details in full). `api/test/tickets-listing-json.test.ts` checks it is the very
 * text `toTicket` and the zod serializer produce.
 */
const ticketJson = (
  shield: boolean,
) => `row_to_json(j)::text from (select t.id, t.title, t.description, t.status, c.name as city,
  ${iso('t.created_at')} as "createdAt", ${iso('t.updated_at')} as "updatedAt", t.version, t.type,
  t.category, t.attachment_path as "attachmentPath", t.photo_path as "photoPath",
  t.rejection_reason as "rejectionReason", t.resolution_method as "resolutionMethod",
  t.current_assignee as "currentAssignee", t.city_president_id as "cityPresidentId",
  t.convenor_id as "convenorId", t.observer_id as "observerId",
  t.city_president_status as "cityPresidentStatus", t.admin_status as "adminStatus",
  t.convenor_status as "convenorStatus", t.observer_status as "observerStatus",
  ${
    shield
      ? `case when t.shield_identity then (select row_to_json(x) from (select ${ALIAS_SQL} as "fullName",
    true as shielded, ${ALIAS_SQL} as alias) x) else `
      : ''
  }(select row_to_json(x) from (select t.customer_id as id,
    coalesce(t.submitter_name, cu.full_name) as "fullName", coalesce(t.submitter_email, cu.email) as email,
    coalesce(t.submitter_mobile, cu.mobile) as mobile,
    coalesce((select cc.name from cities cc where cc.id = cu.city_id), c.name) as city,
    coalesce(cu.committee, cm.name) as committee) x)${shield ? ' end' : ''} as customer,
  (select row_to_json(x) from (select t.committee_id as id, cm.name) x
    where cm.name <> '' and t.committee_id is not null) as committee,
  (select row_to_json(x) from (select t.city_id as id, c.name) x) as "cityData",
  (select row_to_json(x) from (select u.id, u.full_name as "fullName" from users u
    where u.id = t.city_president_id and u.full_name <> '') x) as "cityPresident",
  (select row_to_json(x) from (select u.id, u.full_name as "fullName" from users u
    where u.id = t.convenor_id and u.full_name <> '') x) as "convenor",
  (select row_to_json(x) from (select u.id, u.full_name as "fullName" from users u
    where u.id = t.observer_id and u.full_name <> '') x) as "observer",
  t.stage, ${iso('t.due_at')} as "dueAt", ${iso('t.due_soon_at')} as "dueSoonAt", t.escalation,
  ${iso('t.closed_at')} as "closedAt", ${iso('t.reopened_at')} as "reopenedAt", t.reopen_reason as "reopenReason",
  (select row_to_json(x) from (select p.id, p.rera_number as "reraNumber", p.name from projects p
    where p.id = t.project_id) x) as project) j`;

/**
 * The CTE `me`: the user behind the token, read in the statement that answers the call (lists,
 * stats): one row while the user is active with the token's role and version (else none, and the
 * route answers plugins/auth.ts invalidSession), with their city (`city_id`, `city_name`) for the
 * scope. A city-scoped user without a city sees nothing: `city_id = null` matches no row.
 */
export function sessionUserSql(session: SessionClaims, values: SqlValues): string {
  const live = liveSessionSql(
    values.add(session.sessionId),
    values.add(session.now.toISOString()),
    values.add(session.activeSince.toISOString()),
  );
  return `me as materialized (select u.city_id, c.name as city_name from users u
  left join cities c on c.id = u.city_id where u.id = ${values.add(session.userId)} and u.is_active
  and u.token_version = ${values.add(session.tokenVersion)} and u.role = ${values.add(session.role)}
  and ${live})`;
}

/** Who lists: a staff member's session, or another system's API token (ADR 0063). */
export type ListCaller = SessionClaims | { apiToken: ApiTokenCaller };

/**
 * The CTE `me` of an API token (ADR 0063): its city (none: every city), one row while the token is
 * not revoked (the guard checked it a moment before; this keeps a revoke between the two exact).
 */
function apiTokenCallerSql(tokenId: number, values: SqlValues): string {
  return `me as materialized (select k.city_id, c.name as city_name from api_tokens k
  left join cities c on c.id = k.city_id where k.id = ${values.add(tokenId)} and k.revoked_at is null)`;
}

/**
 * An API token lists as a reader of its city (an office bearer's scope) or of every city, never with
 * a shielded member's identity (neither role sees it) and with no recusals of its own (no user id).
 */
function apiTokenActor(token: ApiTokenCaller): AccessActor {
  return token.cityId === null
    ? { id: 0, role: 'governor', cityId: null }
    : { id: 0, role: 'observer', cityId: token.cityId };
}

/** The caller's city as SQL, in a statement with `sessionUserSql`'s `me`. */
export const SESSION_CITY = '(select city_id from me)';

/**
 * The one statement of a list: the total and the page's tickets with their names, newest first
 * (DESC is NULLS FIRST in PostgreSQL, as the list indexes are built); one row with a null id when
 * the page is empty. Exported so the benchmark can EXPLAIN and time exactly what the api sends.
 */
export function listingStatement(
  caller: ListCaller,
  listing: StaffListing,
  query: TicketListQuery,
  /** The api clock's now (for `due`). */
  now: Date,
): SqlStatement {
  const values = new SqlValues();
  const token = 'apiToken' in caller ? caller.apiToken : null;
  const me = token ? apiTokenCallerSql(token.id, values) : sessionUserSql(caller as SessionClaims, values);
  // staffScope decides by role whether the list is of one city; which city is the user row's (a
  // city-scoped user without a city sees nothing: city_id = null matches no ticket).
  const actor = token
    ? apiTokenActor(token)
    : { id: (caller as SessionClaims).userId, role: (caller as SessionClaims).role, cityId: 0 };
  const filter = ticketFilter(actor, listing, query, values, SESSION_CITY, now);
  // A search lists newest first whatever `sort` says (its matches are found newest first).
  const byDue = query.sort === 'due' && !filter.search;
  const order = byDue ? 'x.due_at asc nulls last, x.id asc' : 'x.created_at desc, x.id desc';
  const pageSize = query.pageSize ?? TICKETS_PAGE_SIZE;
  const offset = ((query.page ?? 1) - 1) * pageSize;
  // A bounded count that passed its bound (countLimitOf, or the end of the page asked for): the
  // bound, and `"totalIsLowerBound":true`.
  const bound = Math.max(countLimitOf(filter), offset + pageSize);
  const total = totalExpression(filter, values, bound);
  const totalJson = total.bounded
    ? `'],"total":' || least(n.total, ${bound}) || case when n.total > ${bound} then ',"totalIsLowerBound":true' else '' end`
    : `'],"total":' || n.total`;
  // The answer `{ tickets, total[, totalIsLowerBound][, city] }` as JSON text
  // (ticketListResponseSchema's key order).
  const city = listing.cityInAnswer
    ? `',"city":' || coalesce(to_json((select city_name from me))::text, 'null') || `
    : '';
  const text = `with ${me}, ${pageSql(filter, values, pageSize, offset, byDue)},
n as materialized (select (${total.sql})::int as total)
select case when exists (select 1 from me) then '{"tickets":[' || coalesce((
  select string_agg(x.ticket, ',' order by ${order}) from (
    select t.created_at, t.due_at, t.id, (select ${ticketJson(!seesIdentity(actor))}) as ticket
    from page p join tickets t on t.id = p.id
    join cities c on c.id = t.city_id
    left join committees cm on cm.id = t.committee_id
    join users cu on cu.id = t.customer_id
  ) x), '') || ${totalJson} || ${city}'}' end as "body"
from n`;
  // Prepared (parsed and planned once per connection): the text depends only on which filters are
  // present and on the page, and the generic plan is the custom one (EXPLAIN in bench/README.md).
  // The `q` search too (one text per number of merged words, ADR 0043): its words are an InitPlan,
  // so the generic plan is the same merge join for a common word and a rare one; planning it anew
  // for every search took as long as running it.
  return { text, values: values.list, prepare: true };
}

/**
 * One page of a staff list, newest first, with the total of every page: the JSON text of
 * `ticketListResponseSchema`, built by the database in the same statement (the api sends it as it
 * comes, without building, validating and serialising ten tickets again).
 */
export async function listStaffTicketsJson(
  runSql: RunSql,
  session: ListCaller,
  listing: StaffListing,
  query: TicketListQuery,
  now: Date,
): Promise<string | null> {
  const [row] = await runSql<{ body: string | null }>(listingStatement(session, listing, query, now));
  return row?.body ?? null;
}
