// `npm test`: every check the project has, on the pinned Node 24 (docs/adr/0047). On a 2-core
// machine the wall time is the CPU work divided by two only if both cores stay busy, so the
// stages run as lanes, each started as soon as what it needs is there:
//   toolchain check, lint                       (seconds; a wrong Node or style fails at once)
//   typecheck            beside  production build
//   after the typecheck: unit + component tests (shared-contracts coverage), api tests (PGlite,
//                        and PostgreSQL when DATABASE_URL is set; two workers), the fault suite
//                        (servers of its own, its files on two workers)
//   after the build:     end-to-end suite (Chromium behind the real nginx with nginx.conf; two
//                        workers, each with a stack of its own)
// Chromium and nginx, when missing, are installed beside the first lanes (the fault and browser
// lanes wait for them). A failed typecheck or build stops the run; the test lanes run to their end
// and all report.
// None of the lanes shares state with another: each api test block has a database of its own,
// the fault suite starts its own PostgreSQL servers and api processes, the end-to-end stack runs
// on free ports from a copy of www/.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from './build.mjs';
import { ROOT } from './lib/apps.mjs';
import { ensureBrowserTools, ensureDovecot } from './lib/browserTools.mjs';
import { requireNode24 } from './lib/nodeVersion.mjs';

requireNode24();

const resultsDir = path.join(ROOT, 'coverage', 'results');
mkdirSync(resultsDir, { recursive: true });
const totals = { passed: 0, failed: 0 };
const started = performance.now();
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
const running = new Set();

/**
 * A command in its own process group, its output kept in a log printed when it ends (lanes run
 * side by side, so their output would interleave). Resolves true when it exits with 0.
 */
function lane(title, command, args, { env = {}, report } = {}) {
  const name = title.replace(/\W+/g, '-').toLowerCase();
  const logFile = path.join(resultsDir, `${name}.log`);
  const t0 = performance.now();
  console.log(`▶ ${title} (started at ${seconds(started)} s)`);
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')],
    env: { ...process.env, ...env },
  });
  running.add(child);
  const cpu = cpuAccount(name, child.pid);
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      running.delete(child);
      console.log(`\n▶ ${title}\n${readFileSync(logFile, 'utf8')}`);
      if (report) countReport(report);
      console.log(
        `  ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${seconds(t0)} s (at ${seconds(started)} s)${cpu.report()}`,
      );
      resolve(code === 0);
    });
  });
}

const CPUACCT = '/sys/fs/cgroup/cpuacct';

/**
 * The CPU seconds a lane's processes use, every one of them: a cpuacct cgroup of its own holds the
 * lane's first process, and so every process it starts (jest's workers, Chromium, the PostgreSQL
 * servers a fault test starts, whichever way they detach), the figure that says where CI's time
 * goes when the lanes share two cores. Where the machine gives no such cgroup (not root, cgroup v2
 * only) the lane reports no figure.
 */
function cpuAccount(name, pid) {
  const group = path.join(CPUACCT, `helpdesk-test-${process.pid}-${name}`);
  try {
    mkdirSync(group);
    writeFileSync(path.join(group, 'cgroup.procs'), String(pid));
  } catch {
    return { report: () => '' };
  }
  return {
    report() {
      try {
        const nanoseconds = Number(readFileSync(path.join(group, 'cpuacct.usage'), 'utf8'));
        return `, ${(nanoseconds / 1e9).toFixed(0)} CPU-s`;
      } catch {
        return '';
      } finally {
        try {
          rmdirSync(group); // refused while a process of the lane lives on: the folder stays
        } catch {}
      }
    },
  };
}

function jestLane(title, projects, extraArgs = [], env = {}) {
  const outputFile = path.join(resultsDir, `${projects.join('-')}.json`);
  const args = [
    'jest',
    '--selectProjects',
    ...projects,
    '--json',
    `--outputFile=${outputFile}`,
    ...extraArgs,
  ];
  return lane(title, 'npx', args, { env, report: outputFile });
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

function finish(ok) {
  for (const child of running) if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  // The plain closing line CI reads, whatever runner produced the counts.
  console.log(`\n${totals.passed} passed, ${totals.failed} failed (${seconds(started)} s)`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

// Dovecot is for the tests of replies by email (api, faults, browser); Chromium and nginx for the
// fault suite and the browser suite only. When they are missing (a fresh machine, as root on
// Debian) their install runs beside the lanes that need none of them, Dovecot's first (it is small;
// apt-get runs one install at a time).
const dovecot = ensureDovecot().catch((error) => {
  console.error(error.message);
  return null;
});
const browserTools = ensureBrowserTools().catch((error) => {
  console.error(error.message);
  return null;
});

const ready =
  (await jestLane('toolchain (Node 24 everywhere)', ['toolchain'])) &&
  (await lane('lint', 'npx', ['biome', 'check', '.']));
if (!ready) finish(false);

/**
 * Every lane's result. A failed build or typecheck stops everything (the tests would fail on it
 * or test something else); the test lanes, once started, all run to their end, so one run shows
 * every failing test.
 */
const lanes = [];
const settle = (promise, { stopsAll = false } = {}) => {
  const checked = promise.then((ok) => {
    if (!ok && stopsAll) finish(false);
    return ok;
  });
  lanes.push(checked);
  return checked;
};

const built = settle(
  (async () => {
    const t0 = performance.now();
    console.log(`▶ production build (started at ${seconds(started)} s)`);
    try {
      await build();
      console.log(`  production build: ok in ${seconds(t0)} s (at ${seconds(started)} s)`);
      return true;
    } catch (error) {
      console.error(error.message);
      return false;
    }
  })(),
  { stopsAll: true },
);
const typed = settle(lane('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']), {
  stopsAll: true,
});

await typed;
settle(jestLane('unit and component tests', ['unit'], ['--coverage']));
// Without Dovecot the tests of replies by email fail, saying why (the other api tests still run).
const dovecotPath = await dovecot;
const withDovecot = dovecotPath ? { DOVECOT_PATH: dovecotPath } : {};
// --forceExit: some api test leaves a handle open after its last test (not found yet); without
// it jest would wait forever instead of reporting.
settle(
  jestLane(
    process.env.DATABASE_URL ? 'api tests (PGlite and PostgreSQL)' : 'api tests (PGlite)',
    ['api'],
    // Two workers: a test mostly waits on its database, so two files keep a core busy together.
    ['--maxWorkers=2', '--forceExit'],
    withDovecot,
  ),
);
const tools = await browserTools;
if (tools) {
  settle(
    jestLane(
      'fault suite (PostgreSQL restarts, two instances behind nginx, backups)',
      ['faults'],
      // Each file starts servers of its own on free ports: two workers wait on them side by side.
      ['--maxWorkers=2', '--forceExit'],
      { NGINX_PATH: tools.nginx, ...withDovecot },
    ),
  );
  await built;
  settle(
    jestLane(
      'end-to-end tests (Chromium + nginx)',
      ['e2e'],
      // Two workers, each against a stack of its own (E2E_STACKS, e2e/support/paths.ts).
      ['--maxWorkers=2', '--forceExit'],
      { CHROMIUM_PATH: tools.chromium, NGINX_PATH: tools.nginx, E2E_STACKS: '2', ...withDovecot },
    ),
  );
} else {
  settle(Promise.resolve(false)); // why was printed above; the other lanes still run to their end
}

// Every lane has been started: wait for all of them.
finish((await Promise.all(lanes)).every(Boolean));
