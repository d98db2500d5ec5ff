// Page weight and build time of the suite, read from a fresh production build:
// - the build time of each app (built one after another, so the figures do not fight for cores);
// - in Chromium, the gzip size of the JS and CSS each route downloads, split by app.
// Usage: npm run bench   (writes bench/results/build-size.json and prints a Markdown table)
//        BENCH_BUILD_RUNS=0 npm run bench   (no builds: weighs the build `node scripts/build.mjs` left)
// A federated build empties its dist/, so after the timed builds an app's public bundle and
// prerendered pages (ADR 0010: what a first visit of /add-ticket downloads) are built again, untimed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { layOutWww } from '../scripts/build.mjs';
import { FRONTENDS, ROOT, WWW } from '../scripts/lib/apps.mjs';
import { startGateway } from '../scripts/lib/gateway.mjs';
import { launchChromium } from './browser.mjs';

const RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function npx(folder, args) {
  const result = spawnSync('npx', args, { cwd: path.join(ROOT, folder), stdio: 'pipe' });
  if (result.status !== 0) throw new Error(`${folder}: ${args.join(' ')} failed:\n${result.stderr}`);
}

function timeBuild(folder) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    npx(folder, ['webpack', '--mode', 'production']);
    times.push((performance.now() - t0) / 1000);
  }
  if (existsSync(path.join(ROOT, folder, 'webpack.public.config.ts')))
    npx(folder, ['webpack', '--mode', 'production', '-c', 'webpack.public.config.ts']);
  if (existsSync(path.join(ROOT, folder, 'prerender.tsx')))
    npx(folder, ['tsx', '--tsconfig', '../tsconfig.json', 'prerender.tsx']);
  return median(times);
}

const buildSeconds =
  RUNS > 0 ? Object.fromEntries(FRONTENDS.map((app) => [app.folder, timeBuild(app.folder)])) : {};
if (RUNS > 0) spawnSync('node', ['build.mjs'], { cwd: path.join(ROOT, 'api'), stdio: 'inherit' });
layOutWww();

const api = spawn(process.execPath, [path.join(ROOT, 'api', 'dist', 'server.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: '4590',
    DATA_DIR: path.join(ROOT, 'bench', 'results', 'data'),
    DATABASE_URL: '',
  },
  stdio: 'ignore',
});
const gateway = await startGateway({ www: WWW, port: 8590, apiUrl: 'http://127.0.0.1:4590' });
await new Promise((resolve) => setTimeout(resolve, 1500));

const browser = await launchChromium();

const appOf = (pathname) =>
  FRONTENDS.find((app) => app.folder !== 'shell' && pathname.startsWith(`/${app.served}/`))?.folder ??
  'shell';
const gz = (pathname) => {
  const app = FRONTENDS.find((candidate) => candidate.folder === appOf(pathname));
  const relative = app.folder === 'shell' ? pathname : pathname.slice(app.served.length + 1);
  return gzipSync(readFileSync(path.join(WWW, app.served, relative)), { level: 6 }).length;
};

async function weigh(route) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const files = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (/\.(js|css)$/.test(pathname)) files.push(pathname);
  });
  await page.goto(`http://127.0.0.1:8590${route}`, { waitUntil: 'networkidle' });
  await context.close();
  const byApp = {};
  for (const file of files) {
    const key = `${appOf(file)} ${file.endsWith('.css') ? 'css' : 'js'}`;
    byApp[key] = (byApp[key] ?? 0) + gz(file);
  }
  return byApp;
}

const routes = {
  '/': 'shell',
  '/add-ticket': 'mf-public-intake',
  '/dashboard': 'mf-staff-dashboard',
  '/users': 'mf-user-admin',
};
const weights = {};
for (const route of Object.keys(routes)) weights[route] = await weigh(route);
await browser.close();
await gateway.close();
api.kill('SIGTERM');

const remoteEntry = Object.fromEntries(
  FRONTENDS.filter((app) => app.remote).map((app) => [app.folder, gz(`/${app.served}/remoteEntry.js`)]),
);
const kib = (bytes) => (bytes === undefined ? '–' : `${(bytes / 1024).toFixed(1)} KiB`);
const sum = (object) => Object.values(object).reduce((a, b) => a + b, 0);

const lines = [
  '| route | owner | total gzip JS | total gzip CSS | shell JS | remote JS | remote entry | build time (median) |',
  '|---|---|---|---|---|---|---|---|',
];
for (const [route, owner] of Object.entries(routes)) {
  const w = weights[route];
  const js = sum(Object.fromEntries(Object.entries(w).filter(([k]) => k.endsWith(' js'))));
  const css = sum(Object.fromEntries(Object.entries(w).filter(([k]) => k.endsWith(' css'))));
  lines.push(
    `| ${route} | ${owner} | ${kib(js)} | ${kib(css)} | ${kib(w['shell js'])} | ${owner === 'shell' ? '–' : kib(w[`${owner} js`])} | ${owner === 'shell' ? '–' : kib(remoteEntry[owner])} | ${buildSeconds[owner] === undefined ? '–' : `${buildSeconds[owner].toFixed(1)} s`} |`,
  );
}
mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
writeFileSync(
  path.join(ROOT, 'bench', 'results', 'build-size.json'),
  JSON.stringify({ buildSeconds, weights, remoteEntry }, null, 2),
);
console.log(lines.join('\n'));
