/**
 * Builds of an older tree for the skew tests (ADR 0032): the sources of one commit, extracted with
 * `git archive` into ROOT/.skew-build/<commit>/ (git-ignored), built with today's installed
 * dependencies (its node_modules links to the repository's, except the workspace packages, which
 * link to the old tree's own folders: an old remote is built with the old shared-contracts).
 * Each app's build is kept per commit: a second run on the same commit builds nothing.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';

const WORKSPACES = ['shared-contracts', 'shell', 'mf-public-intake', 'mf-staff-dashboard', 'mf-user-admin'];
const TREE_FILES = [...WORKSPACES, 'package.json', 'tsconfig.base.json', 'tsconfig.json'];

/** The commit the skew tests build from: SKEW_BASE (a release tag, a commit), else the commit before HEAD. */
export function skewBase(): string {
  const base = process.env.SKEW_BASE || 'HEAD~1';
  return execFileSync('git', ['rev-parse', '--verify', `${base}^{commit}`], {
    cwd: ROOT,
    encoding: 'utf8',
  }).trim();
}

function extract(commit: string): string {
  const tree = path.join(ROOT, '.skew-build', commit);
  if (existsSync(path.join(tree, '.extracted'))) return tree;
  rmSync(tree, { recursive: true, force: true });
  mkdirSync(tree, { recursive: true });
  const present = TREE_FILES.filter(
    (item) =>
      execFileSync('git', ['ls-tree', '--name-only', commit, item], {
        cwd: ROOT,
        encoding: 'utf8',
      }).trim() !== '',
  );
  execFileSync('sh', ['-c', `git archive ${commit} ${present.join(' ')} | tar -x -C "${tree}"`], {
    cwd: ROOT,
  });
  const modules = path.join(tree, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (WORKSPACES.includes(name)) continue;
    symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
  for (const name of WORKSPACES) symlinkSync(path.join(tree, name), path.join(modules, name));
  execFileSync('touch', [path.join(tree, '.extracted')]);
  return tree;
}

function webpack(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['webpack', '--mode', 'production'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`webpack in ${dir} failed:\n${output}`)),
    );
  });
}

/** Whether an app's sources (and what every build reads) are the same at `commit` as in the work tree. */
export function unchangedSince(commit: string, app: string): boolean {
  const read = [app, 'shared-contracts', 'package.json', 'package-lock.json', 'tsconfig.base.json'];
  try {
    execFileSync('git', ['diff', '--quiet', commit, '--', ...read], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The dist/ folders of `apps` built from `commit` (built side by side, or taken from the cache).
 * An app whose sources did not change since `commit` is not built again: today's build, given in
 * `today`, is that commit's build (it keeps CI short when a change touches neither side).
 */
export async function buildAtCommit(
  commit: string,
  apps: string[],
  today: Record<string, string>,
): Promise<Record<string, string>> {
  const changed = apps.filter((app) => !(today[app] && unchangedSince(commit, app)));
  const tree = changed.length > 0 ? extract(commit) : '';
  await Promise.all(
    changed.map(async (app) => {
      const done = path.join(tree, `.built-${app}`);
      if (existsSync(done)) return;
      await webpack(path.join(tree, app));
      execFileSync('touch', [done]);
    }),
  );
  return Object.fromEntries(
    apps.map((app) => [app, changed.includes(app) ? path.join(tree, app, 'dist') : (today[app] ?? '')]),
  );
}
