// Seeds a PostgreSQL database for the ticket benchmark: the api's migrations and demo accounts
// (cities, committees, office bearers), then N realistic tickets with their members and histories
// from the api's own generator (api/src/demo/ticketGenerator.ts, the same as the demo
// data's), written in batches of 5,000 rows per statement (arrays through unnest), and VACUUM
// ANALYZE (so the planner has statistics and index-only scans are possible, as autovacuum would do
// on a live server).
//
//   npm run bench:seed -- --tickets 1000000            (root script: npm run seed -w bench --)
//   npm run bench:seed -- --tickets 100000 --database helpdesk_bench_small
//
// With the tickets, a register of RERA projects (--projects, default one per 100 tickets: 10,000
// at 1,000,000), spread over the cities as the tickets are, and PROJECT_SHARE of the tickets filed
// against a project of their city, a few projects drawing many complaints and most a few (ADR 0055).
//
// The server: BENCH_DATABASE_URL, else DATABASE_URL, else this host's PostgreSQL through its Unix
// socket (postgres://postgres@localhost/postgres?host=/var/run/postgresql), else
// postgres://postgres@127.0.0.1:5432/postgres (the user needs CREATEDB). The database (default
// helpdesk_bench) is dropped and created again.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
// The api's ticket generator (npm run seed runs this file with tsx, so it can import TypeScript).
import { generateTickets, randomSequence } from '../api/src/demo/ticketGenerator.ts';

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
    const { seedDemoData } = require(${JSON.stringify(path.join(ROOT, 'api/src/demo/demoData.ts'))});
    openPostgres({ url: ${JSON.stringify(url)}, poolMax: 2, onConnectionError: () => {} })
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

const BATCH = 5_000;
/** The share of tickets about a project of the register (the rest name none). */
const PROJECT_SHARE = 0.7;

const PROJECT_WORDS = [
  'Sahyadri',
  'Shivneri',
  'Godavari',
  'Krishna',
  'Indrayani',
  'Sai',
  'Shree',
  'Ganesh',
  'Lotus',
  'Orchid',
  'Palm',
  'Silver',
  'Green',
  'Royal',
  'Sunrise',
  'Riverside',
  'Skyline',
  'Lake',
  'Hill',
  'Pearl',
  'Emerald',
  'Nirmal',
  'Anand',
  'Gokul',
  'Vrindavan',
  'Kalpataru',
  'Mangal',
  'Pride',
  'Crystal',
  'Everest',
  'Sapphire',
  'Tulip',
  'Jasmine',
  'Harmony',
  'Utsav',
  'Aakash',
  'Sagar',
  'Parijat',
  'Kaveri',
  'Narmada',
];
const PROJECT_KINDS = [
  'Heights',
  'Towers',
  'Residency',
  'Park',
  'Enclave',
  'Nagar',
  'Vihar',
  'Gardens',
  'Homes',
  'Plaza',
  'Apartments',
  'Complex',
  'Greens',
  'Meadows',
  'Avenue',
];
const PROMOTER_KINDS = ['Builders', 'Developers', 'Constructions', 'Realty LLP', 'Infra', 'Estates'];

/**
 * The register's rows: names of two words and a phase, promoters from a smaller set, Maharashtra
 * numbers (`P59` + 9 digits: unique, and apart from the demo register's `P50…` to `P530…`), each city's
 * share of projects its share of tickets.
 */
function generateProjects(count, cityIds, random) {
  const rows = [];
  for (let index = 0; index < count; index++) {
    const phase = 1 + random.int(3);
    const name = `${random.pick(PROJECT_WORDS)} ${random.pick(PROJECT_KINDS)}${phase > 1 ? ` Phase ${phase}` : ''}`;
    const promoter = `${random.pick(PROJECT_WORDS)} ${random.pick(PROMOTER_KINDS)}`;
    rows.push({
      reraNumber: `P5${String(9_000_000_000 + index)}`,
      name,
      promoter,
      cityId: random.pick(cityIds),
    });
  }
  return rows;
}

/** Adds the register; answers each city's project ids, the busiest first (the skew's order). */
async function writeProjects(client, count, ticketCityIds) {
  const random = randomSequence(55);
  const rows = generateProjects(count, ticketCityIds, random);
  const { rows: cityNames } = await client.query('select id, name from cities');
  const district = new Map(cityNames.map((city) => [city.id, city.name]));
  const byCity = new Map();
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const { rows: inserted } = await client.query(
      `insert into projects (rera_number, name, promoter, city_id, district)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[])
       returning id, city_id as "cityId"`,
      [
        ...columns(batch, ['reraNumber', 'name', 'promoter', 'cityId']),
        batch.map((row) => district.get(row.cityId)),
      ],
    );
    for (const { id, cityId } of inserted) byCity.set(cityId, [...(byCity.get(cityId) ?? []), id]);
  }
  return byCity;
}

/**
 * A project of the ticket's city for PROJECT_SHARE of the tickets: the n-th of its city's projects
 * with a chance falling as n grows (the square of a uniform draw), so a few projects draw hundreds
 * of complaints and most a few dozen.
 */
function projectPicker(projectsByCity) {
  const random = randomSequence(35);
  return (cityId) => {
    const ids = projectsByCity.get(cityId);
    if (!ids?.length || random.next() >= PROJECT_SHARE) return null;
    const draw = random.next();
    return ids[Math.floor(draw * draw * ids.length)];
  };
}

/** Columns of a batch, as arrays: `unnest` turns them back into rows in one statement. */
function columns(rows, names) {
  return names.map((name) => rows.map((row) => row[name] ?? null));
}

/** The indexes of these tables that no constraint needs: dropped for the load, built after. */
async function looseIndexes(client, tables) {
  const { rows } = await client.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  return rows;
}

/** Cities with the committees they run, and the staff, as the generator takes them. */
async function readContext(client) {
  const { rows: cities } = await client.query(
    `select c.id, c.name,
            coalesce(json_agg(json_build_object('id', m.id, 'name', m.name) order by m.id)
                     filter (where m.id is not null), '[]') as committees
       from cities c
       left join city_committees cc on cc.city_id = c.id
       left join committees m on m.id = cc.committee_id
      group by c.id order by c.id`,
  );
  const { rows: staff } = await client.query(
    `select id, full_name as "fullName", role, city_id as "cityId" from users where role <> 'customer' order by id`,
  );
  return { cities, staff };
}

/** Writes one batch: its new members, its tickets, their histories. */
async function writeBatch(client, batch, ids) {
  const members = batch.flatMap((ticket) => (ticket.newMember ? [ticket.newMember] : []));
  ids.members += members.length;
  if (members.length) {
    await client.query(
      `insert into users (id, full_name, email, mobile, role, city_id, password_hash, created_at, updated_at)
       overriding system value
       select m.id, m.full_name, m.email, m.mobile, 'customer', m.city_id, $7, m.created_at, m.created_at
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[])
              as m(id, full_name, email, mobile, city_id, created_at)`,
      [
        members.map((member) => ids.firstMember + member.key),
        ...columns(members, ['fullName', 'email', 'mobile', 'cityId']),
        members.map((member) => member.createdAt.toISOString()),
        ids.passwordHash,
      ],
    );
  }
  const rows = batch.map((ticket, index) => ({
    ...ticket.row,
    projectId: ids.projectOf(ticket.row.cityId),
    id: ids.nextTicket + index,
    customerId: ids.firstMember + ticket.memberKey,
    createdAt: ticket.row.createdAt.toISOString(),
    updatedAt: ticket.row.updatedAt.toISOString(),
  }));
  await client.query(
    `insert into tickets (id, title, description, status, city_id, committee_id, customer_id, rejection_reason,
                          resolution_method, current_assignee, city_president_id, convenor_id, observer_id,
                          city_president_status, admin_status, convenor_status, observer_status, version,
                          created_at, updated_at, project_id)
     overriding system value
     select r.id, r.title, r.description, r.status, r.city_id, r.committee_id, r.customer_id, r.rejection_reason,
            r.resolution_method, r.current_assignee, r.city_president_id, r.convenor_id, r.observer_id,
            r.city_president_status, r.admin_status, r.convenor_status, r.observer_status, r.version,
            r.created_at, r.updated_at, r.project_id
       from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::int[], $8::text[],
                   $9::text[], $10::text[], $11::int[], $12::int[], $13::int[], $14::text[], $15::text[],
                   $16::text[], $17::text[], $18::int[], $19::timestamptz[], $20::timestamptz[], $21::int[])
            as r(id, title, description, status, city_id, committee_id, customer_id, rejection_reason,
                 resolution_method, current_assignee, city_president_id, convenor_id, observer_id,
                 city_president_status, admin_status, convenor_status, observer_status, version,
                 created_at, updated_at, project_id)`,
    columns(rows, [
      'id',
      'title',
      'description',
      'status',
      'cityId',
      'committeeId',
      'customerId',
      'rejectionReason',
      'resolutionMethod',
      'currentAssignee',
      'cityPresidentId',
      'convenorId',
      'observerId',
      'cityPresidentStatus',
      'adminStatus',
      'convenorStatus',
      'observerStatus',
      'version',
      'createdAt',
      'updatedAt',
      'projectId',
    ]),
  );
  const entries = batch.flatMap((ticket, index) =>
    ticket.history.map((entry) => ({
      ...entry,
      ticketId: ids.nextTicket + index,
      actorId: entry.actorId ?? ids.firstMember + ticket.memberKey,
      createdAt: entry.createdAt.toISOString(),
    })),
  );
  await client.query(
    `insert into ticket_comments (ticket_id, actor_id, actor_role, kind, action, text, status_after,
                                  assignee_after, created_at)
     select * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                          $8::text[], $9::timestamptz[])`,
    columns(entries, [
      'ticketId',
      'actorId',
      'actorRole',
      'kind',
      'action',
      'text',
      'statusAfter',
      'assigneeAfter',
      'createdAt',
    ]),
  );
  ids.nextTicket += batch.length;
}

export async function seed({
  tickets,
  projects = Math.round(tickets / 100),
  database = DEFAULT_DATABASE,
  log = console.error,
}) {
  const url = databaseUrl(database);
  const started = Date.now();
  await onDatabase(SERVER_URL, async (client) => {
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`create database ${database}`);
  });
  log(`${database}: migrating and adding the demo accounts…`);
  seedBase(url);
  await onDatabase(url, async (client) => {
    // The rows are consistent by construction: skip the foreign-key and other triggers (superuser
    // only: the search words and the counts are written at the end) and the
    // wait for each commit's flush, which only a benchmark database can afford.
    await client.query('set synchronous_commit = off');
    await client
      .query(`set session_replication_role = replica`)
      .catch(() => log('(foreign keys checked row by row)'));
    const indexes = await looseIndexes(client, [
      'tickets',
      'ticket_comments',
      'users',
      'ticket_words',
      'projects',
    ]);
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    const context = await readContext(client);
    const {
      rows: [ids],
    } = await client.query(
      `select (select coalesce(max(id), 0) + 1 from users)::int as "firstMember",
              (select coalesce(max(id), 0) + 1 from tickets)::int as "nextTicket",
              (select password_hash from users where email = 'admin@helpdesk.demo') as "passwordHash"`,
    );
    ids.members = 0;
    // The register first, its projects spread over the cities as the tickets are (the generator's
    // city weights, read off a sample of its tickets).
    const sampleCities = [...generateTickets({ ...context, count: 2_000 })].map(
      (ticket) => ticket.row.cityId,
    );
    const projectsByCity = await writeProjects(client, projects, sampleCities);
    log(`${projects.toLocaleString('en')} projects`);
    ids.projectOf = projectPicker(projectsByCity);
    let batch = [];
    for (const ticket of generateTickets({ ...context, count: tickets })) {
      batch.push(ticket);
      if (batch.length < BATCH) continue;
      await writeBatch(client, batch, ids);
      batch = [];
      if (ids.nextTicket % 100_000 < BATCH) {
        log(
          `tickets ${(ids.nextTicket - 1).toLocaleString('en')} / ${tickets.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      }
    }
    if (batch.length) await writeBatch(client, batch, ids);
    // The columns the history triggers keep (migrations 0011 and 0013) did not fire either: the
    // migrations' own backfills fill them, before the indexes exist (one pass each, no index upkeep).
    log('report times and outcomes from the history…');
    await client.query('select ticket_report_times_backfill()');
    await client.query(`update tickets set outcome_at = updated_at where status in ('resolved', 'rejected')`);
    // Each backfill left a dead version of every ticket it set, wherever there was room: the table
    // compacted and in the order of its numbers again (CLUSTER on the primary key), as a desk that
    // received its tickets one after the other lays them out. Without the order, reading a chapter's
    // tickets by time (the CSV export) read a page per ticket (bench/README.md, 10,000,000 tickets).
    await client.query(`set maintenance_work_mem = '1GB'`);
    await client.query('cluster tickets using tickets_pkey');
    log('search words…');
    await client.query('select ticket_words_backfill()');
    log(`${ids.members.toLocaleString('en')} members; building ${indexes.length} indexes…`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    for (const index of indexes) await client.query(index.definition);
    for (const table of ['users', 'tickets', 'ticket_comments']) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    }
    await client.query('set session_replication_role = origin').catch(() => undefined);
    // The triggers that keep the ticket counts did not fire in replica mode: count once (ADR 0007).
    log('ticket counts…');
    await client.query('select ticket_counts_rebuild()');
    // And the reports' day rollups (ADR 0083).
    log('report day rollups…');
    await client.query('select ticket_report_days_rebuild()');
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
      projects: { type: 'string' },
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
  const projects = values.projects === undefined ? Math.round(tickets / 100) : Number(values.projects);
  if (!Number.isInteger(projects) || projects < 0) {
    console.error('--projects must be a whole number');
    process.exit(2);
  }
  await seed({ tickets, projects, database: values.database });
}
