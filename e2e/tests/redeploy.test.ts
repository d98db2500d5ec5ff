/**
 * Shipping a new version of one remote is: build it, upload its dist/ to a new folder, point
 * /config/remotes.json at it. The shell is not rebuilt, and the next visit shows the new version.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, run } from '../support/browser';
import { ROOT, RUN_DIR } from '../support/paths';
import { seedSession } from '../support/session';

jest.setTimeout(180_000);

function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(name).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test('rebuilding and redeploying only mf-user-admin changes what the shell shows', async () => {
  const { www } = run();
  const shellBefore = hashTree(path.join(www, 'shell'));

  // A new version of the remote, changed the way its team would change it: in its own source.
  const workdir = path.join(RUN_DIR, 'redeploy', 'mf-user-admin');
  rmSync(workdir, { recursive: true, force: true });
  mkdirSync(workdir, { recursive: true });
  for (const item of ['src', 'webpack.config.ts', 'package.json']) {
    cpSync(path.join(ROOT, 'mf-user-admin', item), path.join(workdir, item), { recursive: true });
  }
  writeFileSync(
    path.join(workdir, 'tsconfig.json'),
    JSON.stringify({ extends: path.join(ROOT, 'tsconfig.base.json'), include: ['src'] }),
  );
  const catalogue = path.join(workdir, 'src', 'i18n', 'en.ts');
  writeFileSync(
    catalogue,
    readFileSync(catalogue, 'utf8').replace("'User Management'", "'User Management (release 2)'"),
  );
  execFileSync('npx', ['webpack', '--mode', 'production'], { cwd: workdir, stdio: 'pipe' });

  // Deploy: upload to a versioned folder and point the runtime config at it.
  cpSync(path.join(workdir, 'dist'), path.join(www, 'remotes', 'user-admin-release-2'), { recursive: true });
  const configFile = path.join(www, 'config', 'remotes.json');
  const originalConfig = readFileSync(configFile, 'utf8');
  const config = JSON.parse(originalConfig);
  config.remotes.userAdmin = '/remotes/user-admin-release-2/mf-manifest.json';
  writeFileSync(configFile, JSON.stringify(config));

  const { context, page } = await newPage(browser, 'desktop');
  await seedSession(page); // /users is a staff route
  try {
    await page.goto('/users');
    await page.getByRole('heading', { name: 'User Management (release 2)' }).waitFor();
    // The other remotes are untouched.
    await page.goto('/add-ticket');
    await page.getByRole('heading', { name: 'Submit Helpdesk Ticket' }).waitFor();
  } finally {
    await context.close();
    writeFileSync(configFile, originalConfig); // roll back, for the other test files
  }

  expect(hashTree(path.join(www, 'shell'))).toBe(shellBefore);
});
