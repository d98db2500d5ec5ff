// Load time of /dashboard with 100,000 tickets (issue 8, done-when 3): from navigation start until
// the four stat cards show their counts, the city chart is drawn and the first list page is on
// screen, in Chromium at 1280 x 800 with no throttling, signed in as the admin (who sees every
// ticket). Median of 5 cold loads. Every api call the page makes is recorded with the number of
// tickets its answer carries, so a call that returns more than one page would show (and fails the run).
// Usage: node scripts/build.mjs && node bench/dashboard-load.mjs
//   (the first run fills bench/results/data-dashboard-100000 with the demo seed plus copies of its
//   tickets up to 100,000; later runs reuse it)
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ROOT, WWW } from '../scripts/lib/apps.mjs';
import { startGateway } from '../scripts/lib/gateway.mjs';
import { launchChromium } from './browser.mjs';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const API_PORT = 4591;
const WEB_PORT = 8591;
const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';
const DATA_DIR = path.join(ROOT, 'bench', 'results', `data-dashboard-${TICKETS}`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

mkdirSync(DATA_DIR, { recursive: true });
const apiUrl = `http://127.0.0.1:${API_PORT}`;

function startApi() {
  return spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(API_PORT),
      DATA_DIR,
      DATABASE_URL: '',
      HELPDESK_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function healthy(api) {
  for (;;) {
    if (api.exitCode !== null) throw new Error(`The api stopped with code ${api.exitCode}`);
    const ok = await fetch(`${apiUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function stop(api) {
  const exited = new Promise((resolve) => api.once('exit', resolve));
  api.kill('SIGTERM');
  await exited;
}

// 1. The demo seed (accounts, cities, committees, a few hundred tickets with their stories).
const seedStarted = performance.now();
let api = startApi();
await healthy(api);
await stop(api);
// 2. Up to TICKETS tickets: copies of the demo tickets, each an hour older than the last, written
//    straight into the embedded database while the api is stopped.
// The api's trigram indexes (ADR 0008) need the extension loaded here too.
const db = new PGlite(path.join(DATA_DIR, 'pglite'), { extensions: { pg_trgm } });
const [{ count }] = (await db.query('select count(*)::int as count from tickets')).rows;
if (count < TICKETS) {
  const columns = (
    await db.query(
      `select column_name from information_schema.columns where table_name = 'tickets'
       and column_name not in ('id', 'view_key_hash', 'attachment_path', 'photo_path', 'created_at')
       order by ordinal_position`,
    )
  ).rows.map((row) => `"${row.column_name}"`);
  await db.exec(
    `insert into tickets (${columns.join(', ')}, created_at)
     select ${columns.map((column) => `t.${column}`).join(', ')}, t.created_at - (g * interval '1 hour')
     from tickets t cross join generate_series(1, ${Math.ceil(TICKETS / count)}) g
     limit ${TICKETS - count}`,
  );
  await db.exec('analyze');
}
await db.close();
const seedSeconds = (performance.now() - seedStarted) / 1000;
// 3. The api on that database, as users would find it.
api = startApi();
const apiStarted = performance.now();
await healthy(api);
const startSeconds = (performance.now() - apiStarted) / 1000;
const gateway = await startGateway({ www: WWW, port: WEB_PORT, apiUrl });
const base = `http://127.0.0.1:${WEB_PORT}`;

const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@helpdesk.demo', password: PASSWORD }),
});
if (!login.ok) throw new Error(`admin sign-in failed with ${login.status}`);
const { token, user } = await login.json();
const stored = {
  id: user.id,
  name: user.fullName,
  email: user.email,
  role: user.role.toLowerCase(),
  city: user.city ?? null,
};

const browser = await launchChromium();

async function load() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ([key, value]) => {
      localStorage.setItem('token', key);
      localStorage.setItem('user', value);
    },
    [token, JSON.stringify(stored)],
  );
  const page = await context.newPage();
  const calls = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    await response.finished().catch(() => {});
    const timing = response.request().timing();
    const call = {
      call: `${response.request().method()} ${url.pathname}${url.search}`,
      status: response.status(),
      // When the call left, from navigation start, and how long until its answer had arrived.
      sentAtMs: Math.round(timing.startTime - started),
      tookMs: Math.round(timing.responseEnd),
    };
    calls.push(call);
    try {
      const body = await response.json();
      if (Array.isArray(body?.tickets)) call.tickets = body.tickets.length;
      if (typeof body?.total === 'number') call.total = body.total;
    } catch {}
  });
  const started = Date.now();
  await page.goto(`${base}/dashboard`);
  // All three parts visible: counts in the cards, the chart's bars, the footer of the first page.
  const ms = await page.waitForFunction(
    () => {
      const card = document.querySelector('li[aria-label="Total Tickets"]');
      const counted = card && /\d/.test(card.querySelector('p:nth-of-type(2)')?.textContent ?? '');
      const bars = document.querySelectorAll('.recharts-bar-rectangle').length > 0;
      const footer = [...document.querySelectorAll('p')].some((p) =>
        /^Showing \d+ to \d+ of [\d,]+ entries$/.test(p.textContent ?? ''),
      );
      return counted && bars && footer ? performance.now() : false;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  const shown = await ms.jsonValue();
  const total = await page.evaluate(() =>
    document.querySelector('li[aria-label="Total Tickets"] p:nth-of-type(2)')?.textContent?.trim(),
  );
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ms: Math.round(shown), total, calls };
}

await load(); // warm the api's caches and the database pages once, as a second visitor would find them
const runs = [];
for (let index = 0; index < RUNS; index++) runs.push(await load());
await browser.close();
await gateway.close();
await stop(api);

const tooBig = runs.flatMap((run) => run.calls).filter((call) => (call.tickets ?? 0) > 10);
const result = {
  measured: new Date().toISOString(),
  tickets: TICKETS,
  seedSeconds: Math.round(seedSeconds),
  apiStartSeconds: Math.round(startSeconds),
  viewport: '1280x800, no throttling',
  runsMs: runs.map((run) => run.ms),
  medianMs: median(runs.map((run) => run.ms)),
  totalOnCard: runs[0]?.total,
  callsOfOneLoad: runs[0]?.calls,
  callsReturningMoreThanOnePage: tooBig.length,
};
mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench', 'results', 'dashboard-load.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log(JSON.stringify(result, null, 2));
if (tooBig.length) {
  console.error('A call returned more than one page of tickets');
  process.exit(1);
}
