/**
 * Helpers of the release tests (ADR 0032): changed builds of mf-user-admin, made the way its team
 * would make them (its own sources, a changed title), and `npm run release` / `npm run rollback`
 * run against this run's copy of the site.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { run } from './browser';
import { ROOT } from './paths';

export const ORIGINAL_TITLE = 'User Management';

/** A hash of the files a build of these folders reads (dependencies and builds aside). */
function sourcesHash(folders: string[]): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (['node_modules', 'dist'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(path.relative(ROOT, full)).update(readFileSync(full));
    }
  };
  for (const folder of folders) walk(path.join(ROOT, folder));
  return hash.digest('hex').slice(0, 12);
}

/**
 * mf-user-admin built from today's sources with its page title changed to
 * "User Management (<label>)"; built once per label and state of its sources (a webpack build
 * takes a minute).
 */
export function changedUserAdmin(label: string): string {
  // Outside e2e/ (not type-checked with it), git-ignored, and kept while its sources are unchanged.
  const workdir = path.join(
    ROOT,
    '.skew-build',
    'changed',
    `user-admin-${label.replace(/\W+/g, '-')}-${sourcesHash(['mf-user-admin', 'shared-contracts'])}`,
  );
  const dist = path.join(workdir, 'dist');
  if (existsSync(path.join(dist, 'mf-manifest.json'))) return dist;
  rmSync(workdir, { recursive: true, force: true });
  mkdirSync(workdir, { recursive: true });
  for (const item of ['src', 'webpack.config.ts', 'package.json'])
    cpSync(path.join(ROOT, 'mf-user-admin', item), path.join(workdir, item), {
      recursive: true,
      // Its tests are not part of the build (and would be type-checked with the e2e folder).
      filter: (source) => !/\.test\.tsx?$/.test(source),
    });
  writeFileSync(
    path.join(workdir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(ROOT, 'tsconfig.base.json'), include: ['src'] }),
  );
  const catalogue = path.join(workdir, 'src', 'i18n', 'en.ts');
  writeFileSync(
    catalogue,
    readFileSync(catalogue, 'utf8').replace(`'${ORIGINAL_TITLE}'`, `'${ORIGINAL_TITLE} (${label})'`),
  );
  execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: workdir, stdio: 'pipe' });
  return dist;
}

/** Runs the release script as `npm run release` / `npm run rollback` do, on this run's site. */
export function releaseScript(...args: string[]): string {
  try {
    return execFileSync('npx', ['tsx', 'scripts/release.mjs', ...args, '--www', run().www], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string };
    throw new Error(`release script failed: ${failed.stderr ?? ''}${failed.stdout ?? ''}`);
  }
}

export interface RemotesJson {
  remotes: Record<string, string>;
  canary?: Record<string, { entry: string; percent: number }>;
}

export const configFile = () => path.join(run().www, 'config', 'remotes.json');
export const readConfig = (): RemotesJson => JSON.parse(readFileSync(configFile(), 'utf8'));

/**
 * Keeps remotes.json and the release history as they are and puts them back afterwards: the
 * other test files expect the site as built.
 */
export function keepSiteState(): () => void {
  const files = [configFile(), path.join(run().www, 'releases.json')];
  const kept = files.map((file) => (existsSync(file) ? readFileSync(file, 'utf8') : null));
  return () =>
    files.forEach((file, index) => {
      const text = kept[index] ?? null;
      if (text === null) rmSync(file, { force: true });
      else writeFileSync(file, text);
    });
}

/** The user-admin page's title as shown (whichever release rendered it). */
export async function userAdminTitle(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { name: new RegExp(`^${ORIGINAL_TITLE}`) });
  await heading.waitFor();
  return (await heading.textContent()) ?? '';
}
