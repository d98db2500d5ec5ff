// The SQL the api sends for each call the ticket benchmark measures, built by the api's own
// statement builders (services/tickets/listing.ts and stats.ts), so the EXPLAIN plans and the
// raw-SQL timings of bench/api-tickets.mjs are of exactly those statements. Prints JSON on stdout:
//
//   node --import tsx bench/ticketQueries.ts postgres://postgres@127.0.0.1:5432/helpdesk_bench
import { Pool } from 'pg';
import type { TicketListQuery } from 'shared-contracts/contracts';
import type { SqlStatement } from '../api/src/db/database';
import type { SessionClaims } from '../api/src/services/sessions';
import { staffScope } from '../api/src/services/tickets/access';
import {
  type ListingActor,
  listingStatement,
  STAFF_LISTINGS,
  type StaffListingName,
} from '../api/src/services/tickets/listing';
import { cityStatsStatement, ticketStatsStatement } from '../api/src/services/tickets/stats';

/** The calendar day (UTC) `days` before today: the seed spreads tickets over the last three years. */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A ticket of the seeded database and its member's contact details, for the searches by them; the
 * project most complained about, for the project calls (ADR 0055).
 */
interface Sample {
  ticketId: number;
  email: string;
  mobile: string;
  projectId: number;
  /** The seed's most frequent member name (a common first name and surname, two common words). */
  commonName: string;
  /** That project's RERA number (the typeahead by number asks for its start). */
  reraNumber: string;
}

/** The calls of the benchmark: who makes it, the url, and which statements answer it. */
export const SCENARIOS = [
  {
    name: 'listFiltered',
    label: 'GET /api/tickets/all?status=pending&city=Pune&page=2 (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: { status: 'pending', city: 'Pune', page: 2, pageSize: 10 },
  },
  {
    name: 'listFilteredDay',
    label: 'GET /api/tickets/all?status=pending&city=Pune&date={30 days ago} (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: { status: 'pending', city: 'Pune', date: daysAgo(30), page: 1, pageSize: 10 },
  },
  {
    name: 'listCity',
    label: 'GET /api/tickets/citypresident/all?status=resolved (pune.president)',
    who: 'pune.president@helpdesk.demo',
    kind: 'list',
    listing: 'cityPresidentAll',
    query: { status: 'resolved', page: 1, pageSize: 10 },
  },
  {
    name: 'listPending',
    label: 'GET /api/tickets/citypresident/getcitypresidenttickets (pune.president)',
    who: 'pune.president@helpdesk.demo',
    kind: 'list',
    listing: 'cityPresidentPending',
    query: { page: 1, pageSize: 10 },
  },
  {
    name: 'listAll',
    label: 'GET /api/tickets/all, no filter (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: { page: 1, pageSize: 10 },
  },
  {
    name: 'listDeep',
    label: 'GET /api/tickets/all?page=5000 (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: { page: 5000, pageSize: 10 },
  },
  {
    name: 'searchCommon',
    label: 'GET /api/tickets/all?q=patil, the commonest surname (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: { q: 'patil', page: 1, pageSize: 10 },
  },
  {
    name: 'searchRare',
    label: 'GET /api/tickets/all?q=nirgude, a rare surname (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: { q: 'nirgude', page: 1, pageSize: 10 },
  },
  {
    name: 'searchTitle',
    label: 'GET /api/tickets/all?q=water leakage, a phrase of titles (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: { q: 'water leakage', page: 1, pageSize: 10 },
  },
  {
    name: 'searchNumber',
    label: 'GET /api/tickets/all?q=CREDAI-{a ticket} (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: (sample: Sample) => ({ q: `CREDAI-${sample.ticketId}`, page: 1, pageSize: 10 }),
  },
  {
    name: 'searchMobile',
    label: "GET /api/tickets/all?q={a member's mobile} (admin)",
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: (sample: Sample) => ({ q: sample.mobile, page: 1, pageSize: 10 }),
  },
  {
    name: 'searchEmail',
    label: "GET /api/tickets/all?q={a member's email} (admin)",
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: (sample: Sample) => ({ q: sample.email, page: 1, pageSize: 10 }),
  },
  {
    name: 'searchFullName',
    label: "GET /api/tickets/all?q={the seed's commonest full name} (admin)",
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: (sample: Sample) => ({ q: sample.commonName.toLowerCase(), page: 1, pageSize: 10 }),
  },
  {
    name: 'listProject',
    label: 'GET /api/tickets/all?projectId={the project most complained about} (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'list',
    listing: 'all',
    query: (sample: Sample) => ({ projectId: sample.projectId, page: 1, pageSize: 10 }),
  },
  {
    name: 'projectPage',
    label: 'GET /api/projects/{the project most complained about} (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'call',
    path: (sample: Sample) => `/api/projects/${sample.projectId}`,
  },
  {
    name: 'projectTypeaheadName',
    label: 'GET /api/projects?q=sahy, the typeahead by name (public)',
    who: 'admin@helpdesk.demo',
    kind: 'call',
    path: () => '/api/projects?q=sahy',
  },
  {
    name: 'projectTypeaheadNumber',
    label: "GET /api/projects?q={the first 9 characters of the busiest project's number} (public)",
    who: 'admin@helpdesk.demo',
    kind: 'call',
    path: (sample: Sample) => `/api/projects?q=${sample.reraNumber.slice(0, 9)}`,
  },
  {
    name: 'stats',
    label: 'GET /api/tickets/stats (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'stats',
    query: {},
  },
  {
    name: 'cityStats',
    label: 'GET /api/tickets/stats/cities (admin)',
    who: 'admin@helpdesk.demo',
    kind: 'cityStats',
    query: {},
  },
  {
    name: 'statsCity',
    label: 'GET /api/tickets/stats (pune.president)',
    who: 'pune.president@helpdesk.demo',
    kind: 'stats',
    query: {},
  },
] as const;

const PATHS: Record<StaffListingName, string> = {
  all: '/api/tickets/all',
  cityPresidentPending: '/api/tickets/citypresident/getcitypresidenttickets',
  cityPresidentAll: '/api/tickets/citypresident/all',
  governorPending: '/api/tickets/governor/tickets',
  observerAssigned: '/api/tickets/observer/assigned-tickets',
  observerAll: '/api/tickets/observer/all',
  convenorAssigned: '/api/tickets/convenor/assigned-tickets',
};

type Scenario = (typeof SCENARIOS)[number];

type QueryScenario = Exclude<Scenario, { kind: 'call' }>;

function queryOf(scenario: QueryScenario, sample: Sample): Record<string, string | number> {
  return typeof scenario.query === 'function' ? scenario.query(sample) : scenario.query;
}

function urlOf(scenario: Scenario, sample: Sample): string {
  // A call the benchmark times through HTTP only (its SQL is not one statement of a builder).
  if (scenario.kind === 'call') return scenario.path(sample);
  const path =
    scenario.kind === 'list'
      ? PATHS[scenario.listing]
      : scenario.kind === 'stats'
        ? '/api/tickets/stats'
        : '/api/tickets/stats/cities';
  const search = new URLSearchParams(
    Object.entries(queryOf(scenario, sample)).map(([key, value]) => [key, String(value)]),
  );
  return search.size ? `${path}?${search}` : path;
}

/** A statement the benchmark EXPLAINs and times: which part of the call it is, its SQL and values. */
interface BenchStatement {
  part: string;
  sql: string;
  params: unknown[];
  prepare: boolean;
}

/**
 * The figures of a stats call counted from `tickets` directly, in the caller's scope: the SQL one
 * would write to get them without the counts the api keeps (ADR 0007). Not what the api sends; the
 * benchmark times it beside the api to show what keeping the counts saves.
 */
function countedFromTickets(kind: 'stats' | 'cityStats', actor: ListingActor): BenchStatement {
  // The caller's scope as the api decides it (every city, or their own).
  const scope = staffScope(actor);
  const scoped = scope.kind === 'city' ? 'where t.city_id = $1' : '';
  const params = scope.kind === 'city' ? [scope.cityId] : [];
  const sql =
    kind === 'stats'
      ? `select count(*)::int as "total", count(*) filter (where t.status = 'in-review')::int as "inReview",
  count(*) filter (where t.status = 'resolved')::int as "resolved",
  count(*) filter (where t.status = 'rejected')::int as "rejected" from tickets t ${scoped}`
      : `select c.name as "city", count(*)::int as "total",
  count(*) filter (where t.status in ('pending', 'in-review'))::int as "pending",
  count(*) filter (where t.status = 'resolved')::int as "resolved",
  count(*) filter (where t.status = 'rejected')::int as "rejected"
  from tickets t join cities c on c.id = t.city_id ${scoped} group by c.name order by c.name`;
  return { part: 'counted from tickets', sql, params, prepare: false };
}

async function main(url: string) {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{
      id: number;
      email: string;
      role: string;
      cityId: number;
      cityName: string;
      tokenVersion: number;
    }>(
      `select u.id, u.email, u.role, u.city_id as "cityId", c.name as "cityName", u.token_version as "tokenVersion"
         from users u left join cities c on c.id = u.city_id
        where u.email in ('admin@helpdesk.demo', 'pune.president@helpdesk.demo')`,
    );
    const actors = new Map(rows.map((row) => [row.email, row as ListingActor & { tokenVersion: number }]));
    // A ticket about two thirds of the way through, and its member: the same one on every seed of
    // the same size (the generator is deterministic).
    const { rows: samples } = await pool.query<Sample>(
      `select t.id as "ticketId", u.email, u.mobile from tickets t join users u on u.id = t.customer_id
        where t.id >= (select (max(id) * 0.654321)::int from tickets) order by t.id limit 1`,
    );
    const { rows: busiest } = await pool.query<{ projectId: number; reraNumber: string }>(
      `select p.id as "projectId", p.rera_number as "reraNumber" from projects p
        where p.id = (select project_id from tickets where project_id is not null
                       group by project_id order by count(*) desc, project_id limit 1)`,
    );
    // The commonest name among a sample of members (a full count over millions of members is slow;
    // the generator's skew puts the same pairs on top of any large sample).
    const { rows: names } = await pool.query<{ fullName: string }>(
      `select full_name as "fullName" from (select full_name from users where role = 'customer' limit 200000) m
        group by full_name order by count(*) desc, full_name limit 1`,
    );
    const sample = samples[0] && {
      ...samples[0],
      projectId: busiest[0]?.projectId ?? 0,
      reraNumber: busiest[0]?.reraNumber ?? 'P5',
      commonName: names[0]?.fullName ?? 'Patil',
    };
    if (!sample) throw new Error('no tickets: seed the benchmark database first');
    // Each caller signed in: a live session (ADR 0053) that every statement checks beside the user row.
    const sessions = new Map<number, number>();
    for (const actor of actors.values()) {
      const { rows: opened } = await pool.query<{ id: number }>(
        `insert into staff_sessions (user_id, created_at, last_used_at, expires_at)
          values ($1, now(), now(), now() + interval '8 hours') returning id`,
        [actor.id],
      );
      sessions.set(actor.id, opened[0]?.id ?? 0);
    }
    const now = new Date();
    const out = SCENARIOS.map((scenario) => {
      const actor = actors.get(scenario.who);
      if (!actor) throw new Error(`${scenario.who} is missing: seed the benchmark database first`);
      // The claims of the caller's token: every statement checks them against the user row and session.
      const claims = {
        userId: actor.id,
        role: actor.role,
        tokenVersion: actor.tokenVersion,
        sessionId: sessions.get(actor.id) ?? 0,
        now,
        activeSince: new Date(now.getTime() - 3600_000),
      } as SessionClaims;
      if (scenario.kind === 'call') {
        const call = { name: scenario.name, label: scenario.label, kind: scenario.kind, who: scenario.who };
        return { ...call, url: urlOf(scenario, sample), statements: [] };
      }
      const statement: SqlStatement =
        scenario.kind === 'list'
          ? listingStatement(
              claims,
              STAFF_LISTINGS[scenario.listing],
              queryOf(scenario, sample) as TicketListQuery,
              new Date(),
            )
          : scenario.kind === 'stats'
            ? ticketStatsStatement(claims)
            : cityStatsStatement(claims);
      // One statement per call; `prepare` says whether the api names it (parsed once per connection).
      const statements: BenchStatement[] = [
        { part: scenario.kind, sql: statement.text, params: statement.values, prepare: !!statement.prepare },
      ];
      // The stats are also timed against the same figures counted from the tickets themselves.
      if (scenario.kind !== 'list') statements.push(countedFromTickets(scenario.kind, actor));
      return {
        name: scenario.name,
        label: scenario.label,
        kind: scenario.kind,
        who: scenario.who,
        url: urlOf(scenario, sample),
        statements,
      };
    });
    process.stdout.write(JSON.stringify(out, null, 2));
  } finally {
    await pool.end();
  }
}

const url = process.argv[2];
if (!url) {
  console.error('usage: node --import tsx bench/ticketQueries.ts <postgres url of the benchmark database>');
  process.exit(2);
}
main(url).catch((error) => {
  console.error(error);
  process.exit(1);
});
