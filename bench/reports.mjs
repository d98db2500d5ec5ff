// Reports at 1,000,000 tickets (issue 24 Done 4, ADR 0040), on a seeded PostgreSQL database:
//
//   npm run bench:seed -- --tickets 1000000 --database helpdesk_bench   (once, see seed-tickets.mjs)
//   npm run bench:reports -w bench -- --database helpdesk_bench
//   (at 10,000,000: `--export city-year`, the CSV of one year of Pune instead of every ticket)
//
// The seed writes tickets and their history without the stage log, and with the triggers off: this
// first brings the database to the api's migrations (0011 fills each ticket's first action and
// finish times from its history) and, once, derives a closed stage from every step of each
// ticket's history (review with the city president, resolution with the convenor, approval with the
// office bearer; due 48 hours after it was entered), so the service level per stage has rows to
// join, as in production. Then it builds the api and starts it on the database (a pool of 4, as the
// other api benches), and measures, each several times (the median is reported):
//
// - the export of every ticket (the three years of the seed) as CSV: wall time from the request to
//   the last byte, bytes and lines, and the api process's RSS sampled every 50 ms during the
//   export against its RSS just before (growth = highest sample − before);
// - the league table of the current month (computed live) and of last month (from its snapshot;
//   the first call, which freezes it, is reported apart);
// - the reports of one year of one city (Pune, the largest chapter): the summary alone, and the
//   summary with the monthly time series side by side, as the /reports screen asks for them.
//
// Results: bench/results/reports.json. The server: BENCH_DATABASE_URL / DATABASE_URL, as the seed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openPostgres } from '../api/src/db/postgres.ts';
import { median, ROOT, startBuiltApi, stopProcess } from './apiProcess.mjs';
import { DEFAULT_DATABASE, databaseUrl } from './seed-tickets.mjs';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: DEFAULT_DATABASE },
    runs: { type: 'string', default: '5' },
    'export-runs': { type: 'string', default: '3' },
    // What the CSV export covers: every ticket (`all`, the 1,000,000 table) or one year of Pune
    // (`city-year`, the 10,000,000 table of issue 37).
    export: { type: 'string', default: 'all' },
    // `--derive no`: measure the seed as it is, without the stage log, ratings, reopens and appeals
    // derived below (at 10,000,000 tickets they and the compaction after them take over an hour;
    // the stage and last-word sums then add nothing, so the figures are a little low).
    derive: { type: 'string', default: 'yes' },
  },
});
const RUNS = Number(args.runs);
const EXPORT_RUNS = Number(args['export-runs']);
if (!['all', 'city-year'].includes(args.export)) throw new Error('--export is all or city-year');
if (!['yes', 'no'].includes(args.derive)) throw new Error('--derive is yes or no');
const DERIVE = args.derive === 'yes';
const URL_OF_DATABASE = databaseUrl(args.database);
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@12345';
const round = (value, digits = 1) => Number(value.toFixed(digits));

// 1. Migrations (0011's backfill) through the api's own code, then the derived stage log.
const started = Date.now();
const database = await openPostgres({ url: URL_OF_DATABASE, poolMax: 2, onConnectionError: () => {} });
const query = (text, values = []) => database.runSql({ text, values });
console.error(`migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const [{ tickets, stages }] = await query(
  `select (select count(*)::int from tickets) as tickets, (select count(*)::int from ticket_stages) as stages`,
);
// Whether this run rewrote the tickets (then they are compacted below).
let derived = false;
if (DERIVE && stages < tickets / 2) {
  derived = true;
  const deriving = Date.now();
  // Written with the triggers off, then counted onto the tickets in one pass by migration 0012's
  // own backfill (a trigger per stage row would update a ticket 1.9 million times). One text of
  // several statements: the pool runs it on one connection, in one transaction.
  // Each history entry that hands the ticket to a holder opens that holder's stage; the next
  // entry that changes status or holder closes it. Open stages (the ticket's last) stay open.
  await query(`
    begin;
    set local session_replication_role = replica;
    insert into ticket_stages (ticket_id, stage, holder_role, entered_at, sla_minutes, first_due_at, due_at, left_at, outcome)
    select ticket_id,
           case assignee_after when 'CityPresident' then 'review' when 'Convenor' then 'resolution' else 'approval' end,
           case assignee_after when 'CityPresident' then 'citypresident' when 'Convenor' then 'convenor' else 'observer' end,
           created_at, 2880, created_at + interval '48 hours', created_at + interval '48 hours', left_at,
           case when left_at is null then null else 'approve' end
    from (
      select ticket_id, assignee_after, created_at, status_after,
             lead(created_at) over (partition by ticket_id order by created_at, id) as left_at
      from ticket_comments
      where status_after is not null
    ) steps
    -- A reply (same status and holder) starts a stage of its own here: more rows than production
    -- has, so the join the reports make is measured on the heavy side.
    where assignee_after in ('CityPresident', 'Convenor', 'Observer') and status_after not in ('resolved', 'rejected')
    on conflict do nothing;
    set local session_replication_role = origin;
    select ticket_stage_sla_backfill();
    commit;`);
  await query('vacuum analyze ticket_stages');
  console.error(`derived the stage log in ${((Date.now() - deriving) / 1000).toFixed(1)} s`);
}
// The members' last word (issue 19, ADR 0038), which the seed writes none of: once, a rating of
// the current outcome on 3 in 5 decided tickets (1 to 5 stars), a reopen on 1 in 33 resolved ones
// and an appeal on 1 in 50 decided ones, so the reports' last-word statement has rows to join.
const [{ ratings }] = await query('select count(*)::int as ratings from ticket_ratings');
if (DERIVE && ratings === 0) {
  derived = true;
  const deriving = Date.now();
  // With the triggers off, then put on the tickets in one pass by migration 0016's own backfill.
  await query(`
    begin;
    set local session_replication_role = replica;
    insert into ticket_ratings (ticket_id, outcome, stars, created_at)
    select id, status, 1 + id % 5, coalesce(finished_at, created_at) from tickets
    where status in ('resolved', 'rejected') and id % 5 < 3
    on conflict do nothing;
    insert into ticket_appeals (ticket_id, reason, filed_at, due_at)
    select id, 'The outcome did not hold', coalesce(finished_at, created_at),
           coalesce(finished_at, created_at) + interval '30 days'
    from tickets where status in ('resolved', 'rejected') and id % 50 = 1
    on conflict do nothing;
    update tickets set reopened_at = finished_at where status = 'resolved' and id % 33 = 0;
    set local session_replication_role = origin;
    select ticket_last_word_backfill();
    commit;`);
  await query('vacuum analyze ticket_ratings');
  await query('vacuum analyze ticket_appeals');
  console.error(`derived ratings, reopens and appeals in ${((Date.now() - deriving) / 1000).toFixed(1)} s`);
}
// The derivations rewrote tickets (each a new row version): compact the table as a live database
// of this size would be, not three times its size (the export reads every page).
if (derived) {
  const compacting = Date.now();
  await query('vacuum full tickets');
  console.error(`compacted the tickets in ${((Date.now() - compacting) / 1000).toFixed(1)} s`);
}
await query('vacuum analyze tickets');
const [{ stageRows, firstDay, lastDay }] = await query(
  `select (select count(*)::int from ticket_stages) as "stageRows",
          (select (min(created_at) at time zone 'Asia/Kolkata')::date::text from tickets) as "firstDay",
          (select (max(created_at) at time zone 'Asia/Kolkata')::date::text from tickets) as "lastDay"`,
);
const [{ puneId }] = await query(`select id as "puneId" from cities where name = 'Pune'`);
await database.close();
console.error(`${tickets} tickets, ${stageRows} stages, ${firstDay} to ${lastDay}`);

// 2. The built api on the database.
const build = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'api'), stdio: 'inherit' });
if (build.status !== 0) throw new Error('building the api failed');
const api = await startBuiltApi({
  NODE_ENV: 'production',
  DATABASE_URL: URL_OF_DATABASE,
  HELPDESK_DEMO_DATA: 'false',
  DATABASE_POOL_MAX: '4',
  SLA_SCHEDULER: 'false',
});

async function signIn(email) {
  const response = await fetch(`${api.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status}`);
  return (await response.json()).token;
}

/** The api process's resident memory in bytes (Linux). */
function rss() {
  const status = readFileSync(`/proc/${api.child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function timed(url, token) {
  const start = performance.now();
  const response = await fetch(`${api.url}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  return performance.now() - start;
}

const results = {
  machine: { cpus: os.cpus().length, load: os.loadavg() },
  tickets,
  stageRows,
  derived: DERIVE,
  range: { firstDay, lastDay },
};
try {
  const admin = await signIn('admin@helpdesk.demo');
  const president = await signIn('president@helpdesk.demo');

  // One year of one city: the year up to the seed's last day, Pune.
  const yearFrom = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 364 * 86_400_000).toISOString().slice(0, 10);
  const filter = `from=${yearFrom}&to=${lastDay}&city=${puneId}`;

  // The export of every ticket, or of that year of Pune.
  const exportUrl =
    args.export === 'all'
      ? `/api/reports/export.csv?kind=tickets&from=${firstDay}&to=${lastDay}`
      : `/api/reports/export.csv?kind=tickets&${filter}`;
  const exports = [];
  for (let run = 0; run < EXPORT_RUNS; run += 1) {
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = rss();
    let highest = before;
    const sampler = setInterval(() => {
      highest = Math.max(highest, rss());
    }, 50);
    const start = performance.now();
    const response = await fetch(`${api.url}${exportUrl}`, { headers: { authorization: `Bearer ${admin}` } });
    if (!response.ok) throw new Error(`export: ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      // indexOf, not a loop over every byte: the client shares the 2 cores with the api it times.
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    const seconds = (performance.now() - start) / 1000;
    clearInterval(sampler);
    highest = Math.max(highest, rss());
    const run_ = {
      seconds: round(seconds, 2),
      bytes,
      rows: lines - 1,
      rssBeforeMb: round(before / 2 ** 20),
      growthMb: round((highest - before) / 2 ** 20),
    };
    console.error('export', run_);
    exports.push(run_);
  }
  results.export = {
    url: exportUrl,
    runs: exports,
    medianSeconds: median(exports.map((run) => run.seconds)),
    medianGrowthMb: median(exports.map((run) => run.growthMb)),
    highestGrowthMb: Math.max(...exports.map((run) => run.growthMb)),
  };

  // The league table.
  const now = new Date();
  const kolkata = new Date(now.getTime() + 330 * 60_000);
  const lastMonth = new Date(Date.UTC(kolkata.getUTCFullYear(), kolkata.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const firstPast = await timed(`/api/reports/league?month=${lastMonth}`, president);
  const series = async (url, token, runs = RUNS) => {
    await timed(url, token);
    const times = [];
    for (let run = 0; run < runs; run += 1) times.push(await timed(url, token));
    return { runs: times.map((time) => round(time)), medianMs: round(median(times)) };
  };
  results.league = {
    current: await series('/api/reports/league', president),
    lastMonth: await series(`/api/reports/league?month=${lastMonth}`, president),
    lastMonthFirstCallMs: round(firstPast),
  };

  // One year of one city.
  const summary = await series(`/api/reports/summary?${filter}`, president);
  const timeseries = await series(`/api/reports/timeseries?${filter}&interval=month`, president);
  const both = [];
  for (let run = 0; run < RUNS + 1; run += 1) {
    const start = performance.now();
    await Promise.all([
      timed(`/api/reports/summary?${filter}`, president),
      timed(`/api/reports/timeseries?${filter}&interval=month`, president),
    ]);
    if (run > 0) both.push(performance.now() - start);
  }
  results.cityYear = {
    filter,
    summary,
    timeseries,
    together: { runs: both.map((time) => round(time)), medianMs: round(median(both)) },
  };
} finally {
  await stopProcess(api.child);
}
results.machine.loadAfter = os.loadavg();
const out = path.join(ROOT, 'bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'reports.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
