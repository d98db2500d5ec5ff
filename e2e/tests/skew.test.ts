/**
 * Version skew (ADR 0032): mf-user-admin built from the previous commit (or SKEW_BASE, e.g. the
 * last release tag) released under today's shell, and today's remotes under the shell of that
 * commit. The old tree is built once per commit in ROOT/.skew-build/ (e2e/support/skew.ts).
 * When the two builds' contracts are compatible, the smoke flow of every remote works; when a
 * contract changed in between, the shell must refuse the other side's remote with its fallback
 * and a logged reason, and the other routes still work.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startGateway } from '../../scripts/lib/gateway.mjs';
import { contractOfManifest, incompatibility } from '../../shared-contracts/build/compatibility';
import { clientNavigate, launchBrowser, run, screenshot, VIEWPORTS } from '../support/browser';
import { freePort } from '../support/globalSetup';
import { ROOT, RUN_DIR } from '../support/paths';
import { configFile, keepSiteState, ORIGINAL_TITLE, readConfig, releaseScript } from '../support/releases';
import { seedSession } from '../support/session';
import { buildAtCommit, skewBase, unchangedSince } from '../support/skew';

jest.setTimeout(300_000);

let browser: Browser;
let old: { shell: string; userAdmin: string };
let restore: () => void;
const base = skewBase();

beforeAll(async () => {
  browser = await launchBrowser();
  // Only what the two skews need: the old shell and one old remote, built side by side.
  // Today's builds, as `npm run build` left them (the site under test is laid out from them).
  const built = await buildAtCommit(base, ['shell', 'mf-user-admin'], {
    shell: path.join(ROOT, 'shell', 'dist'),
    'mf-user-admin': path.join(ROOT, 'mf-user-admin', 'dist'),
  });
  console.log(
    `skew base ${base.slice(0, 10)}: ${['shell', 'mf-user-admin']
      .map(
        (app) =>
          `${app} ${unchangedSince(base, app) ? 'unchanged since (today’s build)' : 'built from that commit'}`,
      )
      .join(', ')}`,
  );
  old = { shell: built.shell ?? '', userAdmin: built['mf-user-admin'] ?? '' };
}, 600_000);
beforeEach(() => {
  restore = keepSiteState();
});
afterEach(() => restore());
afterAll(async () => {
  await browser?.close();
});

const contractIn = (folder: string) =>
  contractOfManifest(JSON.parse(readFileSync(path.join(folder, 'mf-manifest.json'), 'utf8')));

/** The smoke flow of each remote, inside one shell page; user-admin's fallback if it must be refused. */
async function smokeFlows(page: Page, userAdmin: { works: boolean }, logged: string[]) {
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Admin Dashboard' }).waitFor();
  await clientNavigate(page, '/users');
  if (userAdmin.works) {
    await page.getByRole('heading', { name: new RegExp(`^${ORIGINAL_TITLE}`) }).waitFor();
    await page.getByRole('table', { name: 'Users' }).getByRole('cell').first().waitFor(); // from the api
  } else {
    await page.getByRole('alert').filter({ hasText: 'This section is unavailable right now' }).waitFor();
    expect(logged.some((text) => text.includes('is incompatible with this shell'))).toBe(true);
  }
  await clientNavigate(page, '/add-ticket');
  await page.getByRole('heading', { name: 'Submit Helpdesk Ticket' }).waitFor();
}

async function openShell(url: string) {
  const context = await browser.newContext({ baseURL: url, viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await seedSession(page, 'admin@helpdesk.demo');
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  return { context, page, logged };
}

test(`mf-user-admin built from the previous commit runs under today's shell`, async () => {
  const { www, baseUrl } = run();
  const shell = contractIn(path.join(www, 'shell'));
  if (!shell) throw new Error('today’s shell declares no build contract');
  const reason = incompatibility(shell, contractIn(old.userAdmin));
  if (reason === null) releaseScript('release', 'user-admin', '--dist', old.userAdmin);
  else {
    // The release command refuses it; deployed by hand anyway, the shell refuses it too.
    expect(() => releaseScript('release', 'user-admin', '--dist', old.userAdmin)).toThrow(/refused/);
    cpSync(old.userAdmin, path.join(www, 'remotes', 'user-admin-skew'), { recursive: true });
    const config = readConfig();
    config.remotes.userAdmin = '/remotes/user-admin-skew/mf-manifest.json';
    writeFileSync(configFile(), JSON.stringify(config));
  }
  const { context, page, logged } = await openShell(baseUrl);
  try {
    await smokeFlows(page, { works: reason === null }, logged);
    await screenshot(page, 'skew-old-user-admin-under-today-shell');
  } finally {
    await context.close();
  }
});

test(`today's remotes run under the shell of the previous commit`, async () => {
  const { www, apiUrl } = run();
  // The site as deployed, with the previous commit's shell in place of today's.
  const skewWww = path.join(RUN_DIR, 'skew-www');
  rmSync(skewWww, { recursive: true, force: true });
  cpSync(www, skewWww, { recursive: true });
  rmSync(path.join(skewWww, 'shell'), { recursive: true });
  cpSync(old.shell, path.join(skewWww, 'shell'), { recursive: true });
  execFileSync('node', ['scripts/build.mjs', '--pages-only', '--www', skewWww], { cwd: ROOT });
  const oldShell = contractIn(old.shell);
  const reason = oldShell
    ? incompatibility(oldShell, contractIn(path.join(www, 'remotes', 'user-admin')))
    : null;

  const port = await freePort();
  const gateway = await startGateway({ www: skewWww, port, apiUrl });
  const { context, page, logged } = await openShell(`http://127.0.0.1:${port}`);
  try {
    // A shell from before contracts were declared checks nothing: today's remotes must just work.
    await smokeFlows(page, { works: reason === null }, logged);
    await screenshot(page, 'skew-today-remotes-under-old-shell');
  } finally {
    await context.close();
    await gateway.close();
  }
});
