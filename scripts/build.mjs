// `npm run build`: builds the shell, the three remotes and the api, then lays out www/ exactly
// as nginx.conf serves it:
//   www/shell/…                 the host (served at /)
//   www/remotes/<name>/…        each remote (served at /remotes/<name>/)
//   www/config/remotes.json     which manifest each remote is loaded from, read at run time
//   www/pages/*.html            the public routes' HTML, written from what remotes.json points at
//                               (scripts/lib/publicPages.mjs)
// `--if-missing` builds only the apps whose build is missing or older than their sources.
// `--pages-only [--www DIR]` builds nothing: it rewrites www/pages/ from the current
// www/config/remotes.json (the last step of redeploying the public remote to a new folder).
// Releases of one remote (`npm run release`, scripts/release.mjs) go to versioned folders
// inside www/remotes/<name>/; laying out www/ again keeps them.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { API, buildIsMissing, FRONTENDS, isReleaseVersion, ROOT, WWW } from './lib/apps.mjs';
import { requireNode24 } from './lib/nodeVersion.mjs';
import { enforceAddTicketBudget } from './lib/pageBudget.mjs';
import { writePublicPages } from './lib/publicPages.mjs';

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${args.join(' ')} in ${cwd} failed:\n${output}`)),
    );
  });
}

/** Runs the jobs two at a time: the machines this runs on have two cores. */
async function inPairs(jobs) {
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all([worker(), worker()]);
}

export function writeRuntimeConfig(www = WWW) {
  const remotes = Object.fromEntries(
    FRONTENDS.filter((app) => app.remote).map((app) => [app.remote, `/${app.served}/mf-manifest.json`]),
  );
  mkdirSync(path.join(www, 'config'), { recursive: true });
  writeFileSync(path.join(www, 'config', 'remotes.json'), `${JSON.stringify({ remotes }, null, 2)}\n`);
  writePublicPages(www, remotes);
}

/** Rewrites the public routes' HTML from the runtime config as it is now. */
export function writePagesFromConfig(www = WWW) {
  const { remotes } = JSON.parse(readFileSync(path.join(www, 'config', 'remotes.json'), 'utf8'));
  writePublicPages(www, remotes);
}

export function layOutWww(www = WWW) {
  for (const app of FRONTENDS) {
    const target = path.join(www, app.served);
    // Everything of the previous layout goes, except the releases (never overwritten, and a
    // rollback may point at them).
    if (existsSync(target))
      for (const name of readdirSync(target))
        if (!(app.remote && isReleaseVersion(name)))
          rmSync(path.join(target, name), { recursive: true, force: true });
    cpSync(path.join(ROOT, app.folder, 'dist'), target, { recursive: true });
  }
  writeRuntimeConfig(www);
}

/** Builds one frontend app into its dist/ (and its public bundle and prerendered frame, if any). */
export async function buildFrontend(app, root = ROOT) {
  const dir = path.join(root, app.folder);
  await run('npx', ['webpack', '--mode', 'production'], dir);
  // An app may build a public bundle into dist/public/ (ADR 0010), and prerender HTML of its
  // pages into dist/prerender/ (mf-public-intake does both).
  if (existsSync(path.join(dir, 'webpack.public.config.ts')))
    await run('npx', ['webpack', '--mode', 'production', '-c', 'webpack.public.config.ts'], dir);
  if (existsSync(path.join(dir, 'prerender.tsx')))
    await run('npx', ['tsx', '--tsconfig', '../tsconfig.json', 'prerender.tsx'], dir);
  // The public bundle's size budget (ADR 0074): over it, the build fails with what weighs most.
  if (existsSync(path.join(dir, 'dist', 'public', 'entry.json')))
    console.log(enforceAddTicketBudget(path.join(dir, 'dist')));
}

/** Builds the apps (all, or only those missing or stale) and lays out www/. */
export async function build({ ifMissing = false } = {}) {
  const started = performance.now();
  const frontends = FRONTENDS.filter((app) => !ifMissing || buildIsMissing(app));
  const jobs = frontends.map((app) => async () => {
    const t0 = performance.now();
    await buildFrontend(app);
    console.log(`built ${app.folder} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  });
  if (!ifMissing || buildIsMissing(API)) {
    jobs.push(async () => {
      await run('node', ['build.mjs'], path.join(ROOT, API.folder));
      console.log('built api');
    });
  }
  await inPairs(jobs);
  layOutWww();
  console.log(`www/ laid out in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export const buildIfMissing = () => build({ ifMissing: true });

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--pages-only')) {
  const www = process.argv.indexOf('--www');
  writePagesFromConfig(www > 0 ? path.resolve(process.argv[www + 1]) : WWW);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  requireNode24();
  build({ ifMissing: process.argv.includes('--if-missing') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
