// How the api benchmarks start and stop the built api and their throw-away databases: one copy, so
// the benches differ only in what they measure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API } from '../scripts/lib/apps.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The api's own packages (its PostgreSQL driver, its SMTP server), without a second copy in bench. */
export const apiRequire = createRequire(path.join(ROOT, 'api', 'package.json'));
const pg = apiRequire('pg');

/** The server the benches create their databases on. */
export const SERVER_URL =
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 2xx, failing early when `child` exits. */
export async function waitUntilAnswering(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export async function stopProcess(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The built api (api/dist/server.js) on a free port, healthy; `env` adds to and overrides the
 * bench defaults (every rate limit raised: they would answer 429 within a second, and the figures
 * are to measure the work; logs at `info` as in production, the lines going to /dev/null).
 */
export async function startBuiltApi(env = {}, { timeoutMs = 60_000 } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...API.nodeFlags, path.join(ROOT, API.folder, 'dist', API.entry)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HELPDESK_SECRET: randomBytes(48).toString('base64url'),
      RATE_LIMIT_MAX: '1000000000',
      LOGIN_MAX_PER_IP: '1000000000',
      LOGIN_MAX_PER_ACCOUNT: '1000000000',
      SUBMIT_MAX_PER_IP: '1000000000',
      LOG_LEVEL: 'info',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/health`, child, timeoutMs);
  return { url, child };
}

/** Runs one statement on SERVER_URL's database (create and drop the benches' own). */
export async function onServer(statement) {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of the given kind ('postgres': a helpdesk_bench_* database on SERVER_URL;
 * 'pglite': an empty folder): the api's environment for it, its URL and how to remove it.
 */
export async function freshDatabase(kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'pglite')
    return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, remove: async () => removeDir() };
  const name = `helpdesk_bench_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    remove: async () => {
      await onServer(`drop database if exists ${name} with (force)`);
      removeDir();
    },
  };
}

/** A submit's city (Pune) and committee (Pune's first), asked of the running api at `url`. */
export async function formRefs(url) {
  const { cities } = await (await fetch(`${url}/api/cities/getAllCities`)).json();
  const pune = cities.find((city) => city.name === 'Pune');
  const { committees } = await (
    await fetch(`${url}/api/committees/getAllCommittees?cityId=${pune.id}`)
  ).json();
  return { cityId: pune.id, committeeId: committees[0].id };
}
