// Seeds a PostgreSQL database for the ticket benchmark: the api's migrations and demo accounts
// (cities, committees, office bearers), then N tickets from N/4 members with generate_series SQL,
// one history entry each, and VACUUM ANALYZE (so the planner has statistics and index-only scans
// are possible, as autovacuum would do on a live server).
//
//   npm run bench:seed -- --tickets 1000000            (root script: npm run seed -w bench --)
//   npm run bench:seed -- --tickets 100000 --database helpdesk_bench_small
//
// The server: BENCH_DATABASE_URL, else DATABASE_URL, else this host's PostgreSQL through its Unix
// socket (postgres://postgres@localhost/postgres?host=/var/run/postgresql), else
// postgres://postgres@127.0.0.1:5432/postgres (the user needs CREATEDB). The database (default helpdesk_bench) is dropped and created again.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// The demo data's names (npm run seed runs this file with tsx, so it can import the api's TypeScript).
import { FIRST_NAMES as FIRST, LAST_NAMES as LAST } from '../api/src/services/tickets/demoTickets.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pg = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');

// The default: PostgreSQL on this host through its Unix socket when there is one (the api and the
// database on one host, as deployed in the benchmark), else over TCP. `host` in the query is the
// socket's directory (node-postgres and libpq read it so).
const SOCKET_DIR = '/var/run/postgresql';
const DEFAULT_SERVER_URL = existsSync(path.join(SOCKET_DIR, '.s.PGSQL.5432'))
  ? `postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`
  : 'postgres://postgres@127.0.0.1:5432/postgres';
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER_URL;
export const DEFAULT_DATABASE = 'helpdesk_bench';

/** The URL of `database` on the benchmark's server. */
export function databaseUrl(database = DEFAULT_DATABASE) {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

const TITLES = [
  'Possession delayed beyond the agreed date',
  'Water leakage in the bedroom ceiling',
  'Lift not working for two weeks',
  'Parking slot allotted to another flat',
  'Refund of booking amount pending',
  'Occupancy certificate not shared',
  'Maintenance charges higher than agreed',
  'Poor quality of tiles in the kitchen',
  'Society formation not started',
  'Clubhouse promised in brochure missing',
  'Stamp duty receipt not received',
  'Construction noise at night',
  'Drainage overflow near the gate',
  'Carpet area less than agreed',
  'Loan disbursement letter delayed',
  'Fire safety equipment not installed',
];
/** A number from 0 to n - 1 from a hash (hashint4 and hashint8 may be negative, even their minimum). */
const pick = (hash, n) => `(((${hash})::bigint % (${n})) + (${n})) % (${n})`;
const sqlArray = (values) => `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;

async function onDatabase(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Migrations and the demo accounts, by the api's own code (tsx runs its TypeScript). */
function seedBase(url) {
  const script = `
    const { openPostgres } = require(${JSON.stringify(path.join(ROOT, 'api/src/db/postgres.ts'))});
    const { seedDemoData } = require(${JSON.stringify(path.join(ROOT, 'api/src/services/demoData.ts'))});
    openPostgres({ url: ${JSON.stringify(url)}, poolMax: 2, onIdleConnectionError: () => {} })
      .then(async (database) => {
        await seedDemoData(database.db, process.env.DEMO_PASSWORD || 'Demo@12345', { tickets: 0 });
        await database.close();
      })
      .catch((error) => { console.error(error); process.exit(1); });`;
  const result = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
    cwd: path.join(ROOT, 'api'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('migrating and seeding the demo accounts failed');
}

const STATUS_BUCKETS = `
  case
    when b < 250 then 'pending'
    when b < 300 then 'in-review'      -- moved to review by the governor
    when b < 380 then 'in-review'      -- approved by the admin
    when b < 500 then 'approved'       -- approved by the city president
    when b < 580 then 'in-review'      -- resolved by the convenor, awaiting the observer
    when b < 860 then 'resolved'
    else 'rejected'
  end`;

/** Inserts tickets `from`..`to` (and their submit entries) in one statement each. */
async function insertTickets(client, from, to, total, members, firstMember) {
  await client.query(
    `with staff as (
       select city_id,
              max(id) filter (where role = 'citypresident') as president,
              max(id) filter (where role = 'convenor') as convenor,
              max(id) filter (where role = 'observer') as observer
         from users where role in ('citypresident', 'convenor', 'observer') group by city_id
     ), weighted as (
       -- Pune and Mumbai 6 shares each, Nagpur 4, every other chapter 1.
       select array_agg(c.id order by c.id, n) as ids
         from cities c, generate_series(1, case c.name when 'Pune' then 6 when 'Mumbai' then 6 when 'Nagpur' then 4 else 1 end) n
     ), committee_ids as (
       select array_agg(id order by id) as ids from committees
     ), t as (
       select g,
              ${pick('hashint4(g)', 1000)} as b,
              ((g::bigint * 2654435761) % $4::int) as m
         from generate_series($1::int, $2::int) g
     ), picked as (
       select t.g, t.b, t.m,
              w.ids[(1 + ${pick('hashint8(t.m)', 'array_length(w.ids, 1)')})::int] as city_id,
              k.ids[(1 + ${pick('hashint4(t.g * 7)', 'array_length(k.ids, 1)')})::int] as committee_id,
              ${STATUS_BUCKETS} as status,
              now() - ((($3::int - t.g)::float8 / $3::int) * interval '1095 days')
                    - (${pick('hashint4(t.g * 13)', 3600)} * interval '1 second') as created_at
         from t, weighted w, committee_ids k
     )
     insert into tickets (title, description, status, city_id, committee_id, customer_id, current_assignee,
                          city_president_id, convenor_id, observer_id, city_president_status, admin_status,
                          convenor_status, observer_status, resolution_method, rejection_reason, version,
                          created_at, updated_at)
     select (${sqlArray(TITLES)})[(1 + ${pick('hashint4(r.g * 3)', TITLES.length)})::int],
            'The member describes the problem in a few sentences so that the committee can look into it. Ticket '
              || r.g || '.',
            r.status, r.city_id, r.committee_id, ($5::int + r.m)::int,
            case when r.b < 300 then 'CityPresident' when r.b < 500 then 'Convenor' when r.b < 580 then 'Observer'
                 when r.b < 860 then 'Completed' else 'CityPresident' end,
            s.president, s.convenor, s.observer,
            case when r.b between 380 and 859 then 'approved' when r.b >= 860 then 'rejected' end,
            case when r.b between 300 and 379 then 'approved' end,
            case when r.b between 500 and 799 then 'resolved' end,
            case when r.b between 580 and 799 then 'approved' end,
            case when r.b between 500 and 859 then 'Settled with the developer at the chapter office' end,
            case when r.b >= 860 then 'Outside the committee''s scope' end,
            case when r.b < 250 then 1 when r.b < 500 then 2 when r.b < 580 then 3 when r.b < 800 then 4
                 when r.b < 860 then 3 else 2 end,
            r.created_at, r.created_at
       from picked r left join staff s on s.city_id = r.city_id
      order by r.g`,
    [from, to, total, members, firstMember],
  );
  await client.query(
    `insert into ticket_comments (ticket_id, actor_id, action_by, actor_role, action, text, status_after,
                                  assignee_after, created_at)
     select t.id, t.customer_id, u.full_name, 'customer', 'submitted', 'Ticket submitted', 'pending', 'CityPresident',
            t.created_at
       from tickets t join users u on u.id = t.customer_id
      where t.id > (select coalesce(max(ticket_id), 0) from ticket_comments)`,
  );
}

export async function seed({ tickets, database = DEFAULT_DATABASE, log = console.error }) {
  const url = databaseUrl(database);
  const started = Date.now();
  await onDatabase(SERVER_URL, async (client) => {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  });
  log(`${database}: migrating and adding the demo accounts…`);
  seedBase(url);
  const members = Math.max(1, Math.ceil(tickets / 4));
  await onDatabase(url, async (client) => {
    // The rows are consistent by construction: skip the foreign-key triggers (superuser only) and
    // the wait for each commit's flush, which only a benchmark database can afford.
    await client.query('set synchronous_commit = off');
    await client
      .query(`set session_replication_role = replica`)
      .catch(() => log('(foreign keys checked row by row)'));
    log(`${members.toLocaleString('en')} members…`);
    const {
      rows: [{ first }],
    } = await client.query(
      `with inserted as (
         insert into users (full_name, email, mobile, role, city_id, password_hash)
         select (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}],
                'member' || g || '@example.com',
                (7000000000 + (g::bigint * 7919) % 2999999999)::text,
                'customer',
                (select id from cities order by id limit 1),
                (select password_hash from users where email = 'admin@helpdesk.demo')
           from generate_series(0, $1::int - 1) g
         returning id)
       select min(id) as first from inserted`,
      [members],
    );
    const batch = 100_000;
    for (let from = 1; from <= tickets; from += batch) {
      const to = Math.min(tickets, from + batch - 1);
      await insertTickets(client, from, to, tickets, members, Number(first));
      log(
        `tickets ${to.toLocaleString('en')} / ${tickets.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    // Each member lives in the city of their tickets.
    await client.query(
      `update users u set city_id = t.city_id
         from (select distinct on (customer_id) customer_id, city_id from tickets order by customer_id, id) t
        where u.id = t.customer_id`,
    );
    await client.query('set session_replication_role = origin').catch(() => undefined);
    // The triggers that keep the ticket counts did not fire in replica mode: count once (ADR 0007).
    log('ticket counts…');
    await client.query('select ticket_counts_rebuild()');
    log('vacuum analyze…');
    await client.query('vacuum analyze');
  });
  const seconds = (Date.now() - started) / 1000;
  log(`${database}: ${tickets.toLocaleString('en')} tickets seeded in ${seconds.toFixed(0)} s`);
  return { url, seconds };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      tickets: { type: 'string', default: '1000000' },
      database: { type: 'string', default: DEFAULT_DATABASE },
    },
  });
  const tickets = Number(values.tickets);
  if (!Number.isInteger(tickets) || tickets < 1) {
    console.error('--tickets must be a whole number of at least 1');
    process.exit(2);
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(values.database)) {
    console.error('--database must be a plain lowercase name');
    process.exit(2);
  }
  await seed({ tickets, database: values.database });
}
