// Ticket lists and stats of the built api on a seeded PostgreSQL database (1,000,000 tickets by
// default), against a Fastify hello-world, in one run:
//
//   npm run bench:seed -- --tickets 1000000     (once: seeds helpdesk_bench, see seed-tickets.mjs)
//   npm run bench:tickets -w bench
//
// For each call: autocannon, 10 connections, a 2 s warm-up, then BENCH_RUNS runs (3) of
// BENCH_SECONDS (10 s), each just after a hello-world run of half that time on the same machine;
// the medians of req/s, p50 and p99, and the median of the per-run ratios to hello-world. Each
// stats call is also timed as raw SQL on 10 connections of its own, alternating with the api: the
// very statement the api sends (from bench/ticketQueries.ts), and once the same figures counted
// from the tickets. EXPLAIN (ANALYZE, BUFFERS) of every statement goes to
// bench/results/api-tickets-explain.txt. BENCH_DATABASE (helpdesk_bench) names the database;
// BENCH_DATABASE_URL / DATABASE_URL the server, as for the seed (default: this host's PostgreSQL
// through its Unix socket, for the api and the raw SQL alike); BENCH_ONLY=name,… picks calls
// (names in bench/ticketQueries.ts). `submit` (only when BENCH_ONLY names it: it writes tickets)
// is the public POST /api/tickets/submit, multipart without a file, each request a new member
// (its own email and submit key) in Pune.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SESSION_OPTIONS } from '../api/src/db/postgres.ts';
import {
  apiRequire,
  formRefs,
  freePort,
  median,
  ROOT,
  startBuiltApi,
  stopProcess,
  waitUntilAnswering,
} from './apiProcess.mjs';
import { DEFAULT_DATABASE, databaseUrl } from './seed-tickets.mjs';

const RESULTS = path.join(ROOT, 'bench', 'results');
const pg = apiRequire('pg');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
// Each hello-world run beside a call's run (its req/s varies little within a run).
const HELLO_SECONDS = Math.max(2, Math.round(SECONDS / 2));
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@12345';
const DATABASE_URL = databaseUrl(process.env.BENCH_DATABASE ?? DEFAULT_DATABASE);

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const round = (value, digits = 1) => Number(value.toFixed(digits));

function startApi() {
  return startBuiltApi({
    NODE_ENV: 'production',
    DATABASE_URL,
    HELPDESK_DEMO_DATA: 'false',
    // PostgreSQL shares these 2 cores: a pool of twice its cores, as PostgreSQL's own sizing
    // advice has it. Ten backends on two cores spent more on switching than they gained (list
    // page: 5-12 % fewer req/s and a p99 of 8-21 ms against 7-12 ms with 4; bench/README.md).
    DATABASE_POOL_MAX: '4',
    // The calls alone: no scheduler tick working beside them (on a seeded database its first tick
    // closes years of unrated outcomes, batch after batch).
    SLA_SCHEDULER: 'false',
  });
}

async function startHelloWorld() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'bench', 'hello-world.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilAnswering(url, child);
  return { url, child };
}

async function signIn(url, email) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  return (await response.json()).token;
}

/** One autocannon run: req/s, p50, p99 and mean latency (ms). */
async function httpRun(options, duration = SECONDS) {
  const result = await autocannon({ connections: CONNECTIONS, duration, ...options });
  // Failures are counted, not thrown: a call too slow for 10 connections (the search) still gets its
  // figures, with the number of answers that were not 2xx and of requests that timed out (10 s).
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

/** One run of raw SQL: CONNECTIONS clients each sending the statement again as soon as it answers. */
async function sqlRun(clients, statement, duration = SECONDS) {
  const latencies = [];
  const end = Date.now() + duration * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < end) {
        const started = process.hrtime.bigint();
        // As the api sends it: named (prepared once per connection) when the api prepares it.
        await client.query({
          text: statement.sql,
          values: statement.params,
          name: statement.prepare
            ? `bench_${createHash('sha256').update(statement.sql).digest('hex').slice(0, 24)}`
            : undefined,
        });
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    mean: latencies.reduce((sum, value) => sum + value, 0) / latencies.length,
  };
}

const summary = (runs) => ({
  ...Object.fromEntries(
    ['rps', 'p50', 'p99', 'mean'].map((key) => [key, median(runs.map((run) => run[key]))]),
  ),
  failed: runs.reduce((sum, run) => sum + (run.failed ?? 0), 0),
});

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement, run once before so the plan is of a warm cache. A
 * statement the api prepares is explained with its generic plan (plan_cache_mode =
 * force_generic_plan), the plan PostgreSQL keeps for it after five executions if it is no worse.
 */
async function explainAll(client, scenarios) {
  const sections = [];
  const keyLines = {};
  for (const scenario of scenarios) {
    for (const statement of scenario.statements) {
      await client.query(statement.sql, statement.params);
      const mode = statement.prepare ? 'force_generic_plan' : 'auto';
      await client.query(`set plan_cache_mode = ${mode}`);
      const { rows } = await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params);
      await client.query('reset plan_cache_mode');
      const plan = rows.map((row) => row['QUERY PLAN']);
      sections.push(
        `-- ${scenario.label}: ${statement.part}${statement.prepare ? ' (prepared: generic plan)' : ''}\n${statement.sql}\n-- params: ${JSON.stringify(statement.params)}\n${plan.join('\n')}\n`,
      );
      keyLines[`${scenario.name}.${statement.part}`] = plan
        .filter((line) =>
          /Scan|Limit|Sort|Aggregate|Gather|Join|Loop|Planning Time|Execution Time/.test(line),
        )
        .map((line) => line.replace(/\s+\(cost=[^)]*\)/, '').trim());
    }
  }
  return { text: sections.join('\n'), keyLines };
}

/** The public submit: no statements of its own to time as SQL (it writes, in one transaction). */
const SUBMIT_SCENARIO = {
  name: 'submit',
  label: 'POST /api/tickets/submit (multipart, no file, a new member each)',
  url: '/api/tickets/submit',
  kind: 'submit',
  statements: [],
};

/** Autocannon options for the submit: each request its own member email and submit key. */
async function submitOptions(url) {
  const refs = await formRefs(url);
  const boundary = `bench${process.pid}`;
  let sent = 0;
  const body = (fields) =>
    `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
  return {
    url,
    requests: [
      {
        method: 'POST',
        path: '/api/tickets/submit',
        setupRequest: (request) => {
          sent += 1;
          const key = `bench-${process.pid}-${Date.now()}-${sent}`;
          return {
            ...request,
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'idempotency-key': key,
            },
            body: body({
              fullName: 'Ravi Kumar',
              cityId: refs.cityId,
              mobile: '9876543210',
              committeeId: refs.committeeId,
              email: `${key}@example.com`,
              description: 'The lift in tower B has been broken for two weeks and nobody answers our calls.',
            }),
          };
        },
      },
    ],
  };
}

async function main() {
  // The api's own session settings (its JIT threshold), so EXPLAIN and the raw timings plan alike.
  const probe = new pg.Client({ connectionString: DATABASE_URL, options: SESSION_OPTIONS });
  await probe.connect().catch((error) => {
    throw new Error(
      `${DATABASE_URL}: ${error.message}. Seed it first: npm run bench:seed -- --tickets 1000000`,
    );
  });
  const {
    rows: [{ tickets }],
  } = await probe.query('select count(*)::int as tickets from tickets');
  if (tickets === 0) throw new Error('no tickets: seed first with npm run bench:seed -- --tickets 1000000');
  console.error(`${tickets.toLocaleString('en')} tickets in ${DATABASE_URL}`);

  const build = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'api'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('building the api failed');
  const printed = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'ticketQueries.ts'), DATABASE_URL],
    {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (printed.status !== 0) throw new Error('printing the queries failed');
  // BENCH_ONLY=listFiltered,stats measures only those calls (while working on one of them).
  const only = process.env.BENCH_ONLY?.split(',');
  const scenarios = [...JSON.parse(printed.stdout), SUBMIT_SCENARIO].filter((scenario) =>
    only ? only.includes(scenario.name) : scenario !== SUBMIT_SCENARIO,
  );

  console.error('EXPLAIN…');
  const explained = await explainAll(probe, scenarios);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'api-tickets-explain.txt'), explained.text);
  await probe.end();

  const loadBefore = os.loadavg()[0];
  const results = {};

  // Hello-world runs beside every call, one before each of its runs: the machine is shared and its
  // speed drifts by up to 2x within minutes, so a call is compared with a hello-world measured
  // seconds before it, run by run, and the ratio is the median of those per-run ratios.
  console.error('hello-world…');
  const hello = await startHelloWorld();
  const api = await startApi();
  const clients = Array.from(
    { length: CONNECTIONS },
    () => new pg.Client({ connectionString: DATABASE_URL, options: SESSION_OPTIONS }),
  );
  await Promise.all(clients.map((client) => client.connect()));
  const helloRuns = [];
  try {
    await httpRun({ url: hello.url }, 2);
    const tokens = {};
    for (const who of new Set(scenarios.map((scenario) => scenario.who).filter(Boolean)))
      tokens[who] = await signIn(api.url, who);
    for (const scenario of scenarios) {
      console.error(`${scenario.label}…`);
      const options =
        scenario === SUBMIT_SCENARIO
          ? await submitOptions(api.url)
          : {
              url: `${api.url}${scenario.url}`,
              headers: { authorization: `Bearer ${tokens[scenario.who]}` },
            };
      const [own, counted] = scenario.statements;
      // The counts calls are timed as raw SQL too; the lists and the other calls through HTTP only.
      const timedAsSql = scenario.kind === 'stats' || scenario.kind === 'cityStats';
      await httpRun(options, 2);
      if (timedAsSql) await sqlRun(clients, own, 2);
      const runs = [];
      const sqlRuns = [];
      const countedRuns = [];
      for (let run = 0; run < RUNS; run++) {
        const beside = await httpRun({ url: hello.url }, HELLO_SECONDS);
        helloRuns.push(beside);
        const measured = await httpRun(options);
        runs.push({ ...measured, hello: beside.rps, ratio: beside.rps / measured.rps });
        if (timedAsSql) sqlRuns.push(await sqlRun(clients, own));
        // Counting 1,000,000 tickets takes about a second: one run of it is enough to compare.
        if (counted && run === 0) countedRuns.push(await sqlRun(clients, counted));
      }
      results[scenario.name] = {
        label: scenario.label,
        url: scenario.url,
        ...summary(runs),
        hello: median(runs.map((run) => run.hello)),
        ratio: median(runs.map((run) => run.ratio)),
        runs,
        ...(sqlRuns.length ? { sql: { ...summary(sqlRuns), runs: sqlRuns } } : {}),
        ...(countedRuns.length ? { counted: { ...summary(countedRuns), runs: countedRuns } } : {}),
      };
    }
  } finally {
    await Promise.all(clients.map((client) => client.end()));
    await stopProcess(api.child);
    await stopProcess(hello.child);
  }
  results.helloWorld = { label: 'Fastify hello-world (GET /)', ...summary(helloRuns), runs: helloRuns };

  const lines = [
    '| call | req/s | p50 | p99 | hello-world req/s beside it | req/s ÷ hello-world |',
    '|---|---|---|---|---|---|',
    `| ${results.helloWorld.label}, all its runs | ${Math.round(results.helloWorld.rps)} | ${results.helloWorld.p50} ms | ${results.helloWorld.p99} ms | | 1 |`,
  ];
  for (const scenario of scenarios) {
    const figures = results[scenario.name];
    const failed = figures.failed ? ` (${figures.failed} failed or timed out)` : '';
    lines.push(
      `| ${figures.label}${failed} | ${Math.round(figures.rps)} | ${figures.p50} ms | ${figures.p99} ms | ${Math.round(figures.hello)} | 1/${round(figures.ratio)} |`,
    );
  }
  const statsLines = [
    '| call | api p50 / mean | its statement p50 / mean | api ÷ statement (p50, mean) | counted from tickets p50 / mean | api ÷ counted (mean) | api req/s | statement per s |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const scenario of scenarios) {
    const figures = results[scenario.name];
    if (!figures.sql) continue;
    const counted = figures.counted;
    statsLines.push(
      `| ${figures.label} | ${figures.p50} / ${round(figures.mean)} ms | ${round(figures.sql.p50, 2)} / ${round(figures.sql.mean, 2)} ms | ` +
        `${round(figures.p50 / figures.sql.p50, 2)}, ${round(figures.mean / figures.sql.mean, 2)} | ` +
        `${counted ? `${Math.round(counted.p50)} / ${Math.round(counted.mean)} ms | ${round(figures.mean / counted.mean, 4)}` : ' | '} | ` +
        `${Math.round(figures.rps)} | ${Math.round(figures.sql.rps)} |`,
    );
  }
  const loadAfter = os.loadavg()[0];
  writeFileSync(
    path.join(RESULTS, 'api-tickets.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        tickets,
        cpus: os.cpus().length,
        node: process.version,
        connections: CONNECTIONS,
        runs: RUNS,
        seconds: SECONDS,
        load: { before: loadBefore, after: loadAfter },
        results,
        explain: explained.keyLines,
      },
      null,
      2,
    ),
  );
  console.log(lines.join('\n'));
  console.log(`\n${statsLines.join('\n')}`);
  console.log('\nEXPLAIN key lines:');
  for (const [name, keyLines] of Object.entries(explained.keyLines))
    console.log(`${name}:\n  ${keyLines.join('\n  ')}`);
  console.log(
    `\n${tickets.toLocaleString('en')} tickets, ${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
