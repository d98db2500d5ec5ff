// Sign-in and users-list throughput of the built api, on a fresh PostgreSQL database and on a
// fresh embedded PGlite folder: autocannon, 10 connections, 10 s per run, median of 3 runs.
//
//   npm run bench:api-auth -w bench
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (the user needs CREATEDB; a helpdesk_bench_* database is created and dropped). BENCH_DB=pglite or
// BENCH_DB=postgres runs one of them only; BENCH_RUNS and BENCH_SECONDS change the runs.
// Writes bench/results/api-auth.json and prints the Markdown table of bench/README.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  freshDatabase,
  median,
  onServer,
  ROOT,
  SERVER_URL,
  startBuiltApi,
  stopProcess,
} from './apiProcess.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const EXTRA_USERS = 1000; // so the users list pages through a realistic table, not 12 rows
const DEMO_PASSWORD = 'Demo@12345';

async function call(url, method, pathname, body, token) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** EXTRA_USERS more users, created through the api (4 at a time) so they are real rows. */
async function addUsers(url, token) {
  const roles = ['customer', 'observer', 'convenor', 'governor'];
  const cities = ['Pune', 'Mumbai', 'Nagpur', 'Nashik', 'Thane', 'Kolhapur', 'Solapur'];
  let next = 0;
  const worker = async () => {
    while (next < EXTRA_USERS) {
      const i = next++;
      await call(
        url,
        'POST',
        '/api/admin/users/new',
        {
          fullName: `Bench Member ${i}`,
          email: `member${i}@bench.example`,
          mobile: String(9_000_000_000 + i),
          city: cities[i % cities.length],
          role: roles[i % roles.length],
          password: 'Bench@12345',
        },
        token,
      );
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

function cannon(options) {
  return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
}

/** RUNS runs after a short warm-up: medians of req/s, p50 and p99 latency (ms). */
async function measure(options) {
  await cannon({ ...options, duration: 2 });
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await cannon(options);
    if (result.non2xx || result.errors) {
      throw new Error(`${options.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    runs.push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
  }
  return {
    rps: median(runs.map((run) => run.rps)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    runs,
  };
}

async function benchOn(kind) {
  const database = await freshDatabase(kind);
  const { url, child } = await startBuiltApi({ ...database.env, HELPDESK_DEMO_DATA: 'true' });
  try {
    const { token } = await call(url, 'POST', '/api/auth/login', {
      email: 'admin@helpdesk.demo',
      password: DEMO_PASSWORD,
    });
    await addUsers(url, token);
    const login = await measure({
      url: `${url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pune.president@helpdesk.demo', password: DEMO_PASSWORD }),
    });
    const usersPage = await measure({
      url: `${url}/api/admin/users?page=3&pageSize=10`,
      headers: { authorization: `Bearer ${token}` },
    });
    const usersSearch = await measure({
      url: `${url}/api/admin/users?search=pune&role=observer&page=2&pageSize=10`,
      headers: { authorization: `Bearer ${token}` },
    });
    return { login, usersPage, usersSearch };
  } finally {
    await stopProcess(child);
    await database.remove();
  }
}

async function postgresReachable() {
  try {
    await onServer('select 1');
    return true;
  } catch (error) {
    console.error(`PostgreSQL at ${SERVER_URL} is not reachable (${error.message}): skipped.`);
    return false;
  }
}

const build = spawnSync(process.execPath, ['build.mjs'], { cwd: path.join(ROOT, 'api'), stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const loadBefore = os.loadavg()[0];
const kinds = process.env.BENCH_DB ? [process.env.BENCH_DB] : ['postgres', 'pglite'];
const results = {};
for (const kind of kinds) {
  if (kind === 'postgres' && !(await postgresReachable())) continue;
  console.error(`benchmarking on ${kind}…`);
  results[kind] = await benchOn(kind);
}

const scenarios = {
  login: 'POST /api/auth/login (argon2id verify + token)',
  usersPage: `GET /api/admin/users page 3 of ${EXTRA_USERS + 12} users`,
  usersSearch: 'GET /api/admin/users?search=pune&role=observer',
};
const lines = ['| call | database | req/s | p50 | p99 |', '|---|---|---|---|---|'];
for (const [key, label] of Object.entries(scenarios)) {
  for (const [kind, result] of Object.entries(results)) {
    const figures = result[key];
    lines.push(`| ${label} | ${kind} | ${Math.round(figures.rps)} | ${figures.p50} ms | ${figures.p99} ms |`);
  }
}
mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench', 'results', 'api-auth.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      node: process.version,
      runs: RUNS,
      seconds: SECONDS,
      results,
    },
    null,
    2,
  ),
);
console.log(lines.join('\n'));
console.log(
  `\n${os.cpus().length} cores, load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after.`,
);
