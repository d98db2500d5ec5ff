// `npm test`: every check the project has, in the order that fails fastest:
// lint, typecheck, unit + component tests (with shared-contracts coverage), api tests (on PGlite,
// and on PostgreSQL too when DATABASE_URL is set), the production build, then the end-to-end
// suite in Chromium behind the real nginx with nginx.conf.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
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

function jest(title, projects, extraArgs = [], env = {}) {
  const outputFile = path.join(resultsDir, `${projects.join('-')}.json`);
  const ok = step(
    title,
    'npx',
    ['jest', '--selectProjects', ...projects, '--json', `--outputFile=${outputFile}`, ...extraArgs],
    env,
  );
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
  } catch {
    totals.failed += 1; // jest did not even write its report
  }
  return ok;
}

function finish(ok) {
  // The plain closing line CI reads, whatever runner produced the counts.
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

let tools;
try {
  tools = ensureBrowserTools();
} catch (error) {
  console.error(error.message);
  finish(false);
}

const ok =
  step('lint', 'npx', ['biome', 'check', '.']) &&
  step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']) &&
  jest('unit and component tests', ['unit'], ['--coverage']) &&
  // --forceExit: some api test leaves a handle open after its last test (not found yet); without
  // it jest would wait forever instead of reporting.
  jest(
    process.env.DATABASE_URL ? 'api tests (PGlite and PostgreSQL)' : 'api tests (PGlite)',
    ['api'],
    ['--runInBand', '--forceExit'],
  );

if (!ok) finish(false);

console.log('\n▶ production build');
try {
  await build();
} catch (error) {
  console.error(error.message);
  finish(false);
}

finish(
  jest('end-to-end tests (Chromium + nginx)', ['e2e'], ['--runInBand', '--forceExit'], {
    CHROMIUM_PATH: tools.chromium,
    NGINX_PATH: tools.nginx,
  }),
);
