// `npm test`: every check the project has, in the order that fails fastest:
// lint, typecheck, unit + component tests (with shared-contracts coverage) beside the api tests (on
// PGlite, and on PostgreSQL too when DATABASE_URL is set), the production build, then the
// end-to-end suite in Chromium behind the real nginx with nginx.conf. The fault suite (PostgreSQL
// servers of its own, api processes, nginx) shares no state with those stages, so it runs beside
// them, from the typecheck on: CI waits for the longer of the two instead of their sum.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { ROOT } from './lib/apps.mjs';
import { ensureBrowserTools } from './lib/browserTools.mjs';

const resultsDir = path.join(ROOT, 'coverage', 'results');
mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0 };

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const t0 = performance.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `  ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  return result.status === 0;
}

function jestArgs(projects, extraArgs, name = projects.join('-')) {
  const outputFile = path.join(resultsDir, `${name}.json`);
  return {
    outputFile,
    args: ['jest', '--selectProjects', ...projects, '--json', `--outputFile=${outputFile}`, ...extraArgs],
  };
}

function jest(title, projects, extraArgs = [], env = {}) {
  const { outputFile, args } = jestArgs(projects, extraArgs);
  const ok = step(title, 'npx', args, env);
  countReport(outputFile);
  return ok;
}

function countReport(outputFile) {
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
  } catch {
    totals.failed += 1; // jest did not even write its report
  }
}

/** A jest run in its own process group, its output kept in a log printed when it is awaited. */
function jestInBackground(title, projects, extraArgs = [], env = {}, name = projects.join('-')) {
  const { outputFile, args } = jestArgs(projects, extraArgs, name);
  const logFile = path.join(resultsDir, `${name}.log`);
  console.log(`\n▶ ${title}: started in the background (its output follows the other stages)`);
  const t0 = performance.now();
  const child = spawn('npx', args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')],
    env: { ...process.env, ...env },
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    stop: () => {
      if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    },
    async result() {
      const code = await exited;
      console.log(`\n▶ ${title}\n${readFileSync(logFile, 'utf8')}`);
      console.log(
        `  ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
      countReport(outputFile);
      return code === 0;
    },
  };
}

let faults;

async function finish(ok) {
  let allOk = ok;
  if (faults && ok) allOk = (await faults.result()) && allOk;
  else faults?.stop();
  // The plain closing line CI reads, whatever runner produced the counts.
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(allOk && totals.failed === 0 ? 0 : 1);
}

let tools;
try {
  tools = ensureBrowserTools();
} catch (error) {
  console.error(error.message);
  await finish(false);
}

const checked =
  step('lint', 'npx', ['biome', 'check', '.']) &&
  step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
if (!checked) await finish(false);

faults = jestInBackground(
  'fault suite (PostgreSQL restarts, two instances behind nginx, backups)',
  ['faults'],
  ['--runInBand', '--forceExit'],
  {
    NGINX_PATH: tools.nginx,
  },
);

// The unit and component tests (jsdom, in memory) and the api tests (each describe block on a
// database of its own) share nothing: side by side, one core each.
const unit = jestInBackground('unit and component tests', ['unit'], ['--coverage']);
// --forceExit: some api test leaves a handle open after its last test (not found yet); without
// it jest would wait forever instead of reporting.
const apiOk = jest(
  process.env.DATABASE_URL ? 'api tests (PGlite and PostgreSQL)' : 'api tests (PGlite)',
  ['api'],
  ['--runInBand', '--forceExit'],
);
const unitOk = await unit.result();
if (!(apiOk && unitOk)) await finish(false);

console.log('\n▶ production build');
try {
  await build();
} catch (error) {
  console.error(error.message);
  await finish(false);
}

// One jest run: two side by side (each with a stack of its own) took 1,229 s against 1,303 s on
// this kind of machine's 2 cores, each test twice as slow: not worth the contention.
await finish(
  jest('end-to-end tests (Chromium + nginx)', ['e2e'], ['--runInBand', '--forceExit'], {
    CHROMIUM_PATH: tools.chromium,
    NGINX_PATH: tools.nginx,
  }),
);
