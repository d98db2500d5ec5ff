// Sign-in and users-list throughput of the built api, on a fresh PostgreSQL database and on a
// fresh embedded PGlite folder: autocannon, 10 connections, 10 s per run, median of 3 runs.
//
//   npm run bench:api-auth -w bench
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (the user needs CREATEDB; a helpdesk_bench_* database is created and dropped). BENCH_DB=pglite or
// BENCH_DB=postgres runs one of them only; BENCH_RUNS and BENCH_SECONDS change the runs.
// Writes bench/results/api-auth.json and prints the Markdown table of bench/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The api's own PostgreSQL driver, to create and drop the benchmark's database.
const pg = createRequire(path.join(ROOT, 'api', 'package.json'))('pg');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const EXTRA_USERS = 1000; // so the users list pages through a realistic table, not 12 rows
const SERVER_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DEMO_PASSWORD = 'Demo@12345';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function onServer(statement) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A fresh database of the given kind: the api's environment for it and how to remove it. */
async function freshDatabase(kind) {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      remove: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `helpdesk_bench_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-'));
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    remove: async () => {
      await onServer(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startApi(env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      HELPDESK_DEMO_DATA: 'true',
      HELPDESK_SECRET: randomBytes(48).toString('base64url'),
      // The limits would answer 429 within a second: raised, so the figures measure the work.
      RATE_LIMIT_MAX: '1000000000',
      LOGIN_MAX_PER_IP: '1000000000',
      LOGIN_MAX_PER_ACCOUNT: '1000000000',
      LOG_LEVEL: 'info', // as in production; the lines go to /dev/null
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the api exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('the api did not start within 60 s');
}

async function stopApi(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

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
  const { url, child } = await startApi(database.env);
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
    await stopApi(child);
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
