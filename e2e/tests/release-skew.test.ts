/**
 * What breaks teams shipping alone (ADR 0032): a remote whose build the shell cannot run (a
 * singleton one team bumped alone, a changed shell contract), a redeploy over the same URL, and a
 * rollback while visitors keep loading the section.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { BuildContract } from '../../shared-contracts/build/compatibility';
import { clientNavigate, launchBrowser, newPage, run, screenshot } from '../support/browser';
import { RUN_DIR } from '../support/paths';
import {
  changedUserAdmin,
  configFile,
  keepSiteState,
  ORIGINAL_TITLE,
  readConfig,
  releaseScript,
  userAdminTitle,
} from '../support/releases';
import { seedSession } from '../support/session';

jest.setTimeout(300_000);

// The same changed build as release.test.ts's (built once per run, whichever file runs first).
const RELEASE_2 = `${ORIGINAL_TITLE} (release 2)`;
let browser: Browser;
let restore: () => void;

beforeAll(async () => {
  browser = await launchBrowser();
});
beforeEach(() => {
  restore = keepSiteState();
});
afterEach(() => restore());
afterAll(async () => {
  await browser?.close();
});

const releaseFolder = (filter: (source: string) => boolean = () => true) => ({
  recursive: true,
  // The build's layout only, not the releases kept inside it.
  filter: (source: string) => !/[\\/]\d{8}-\d{6}-[0-9a-f]{8}(?:[\\/]|$)/.test(source) && filter(source),
});

/** The build as laid out, deployed by hand to `folder` with its manifest's contract edited. */
function deployWithContract(folder: string, edit: (contract: BuildContract) => void): string {
  const { www } = run();
  const target = path.join(www, 'remotes', folder);
  rmSync(target, { recursive: true, force: true });
  cpSync(path.join(www, 'remotes', 'user-admin'), target, releaseFolder());
  const manifestFile = path.join(target, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  edit(manifest.metaData.helpdesk);
  writeFileSync(manifestFile, JSON.stringify(manifest));
  return `/remotes/${folder}/mf-manifest.json`;
}

function pointUserAdminAt(manifest: string) {
  const config = readConfig();
  config.remotes.userAdmin = manifest;
  writeFileSync(configFile(), JSON.stringify(config));
}

describe.each([
  [
    'a singleton one remote bumped alone (react 20 under the shell’s react 19)',
    (contract: BuildContract) => {
      contract.singletons.react = '20.0.0';
    },
    /react 20\.0\.0 \(the shell shares 19\./,
  ],
  [
    'another auth store shape (shell contract "auth" 2)',
    (contract: BuildContract) => {
      contract.shellContract.auth = 2;
    },
    /shell contract "auth" 2 \(the shell has 1\)/,
  ],
])('a remote built with %s', (_what, edit, reason) => {
  test('shows the fallback on its routes with the reason logged, and the other routes work', async () => {
    pointUserAdminAt(deployWithContract('user-admin-incompatible', edit));
    const { context, page } = await newPage(browser, 'desktop');
    await seedSession(page, 'admin@helpdesk.demo');
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    // Never executed: its entry is not even requested.
    const entries: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/user-admin-incompatible/remoteEntry')) entries.push(request.url());
    });

    await page.goto('/users');
    await page.getByRole('alert').filter({ hasText: 'This section is unavailable right now' }).waitFor();
    await screenshot(page, 'release-incompatible-remote-fallback');
    const refusal = logged.find((text) =>
      text.includes('Remote "userAdmin" is incompatible with this shell'),
    );
    expect(refusal).toMatch(reason);
    expect(entries).toEqual([]);

    // The other remotes in the same page.
    await clientNavigate(page, '/dashboard');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Admin Dashboard' }).waitFor();
    await clientNavigate(page, '/add-ticket');
    await page.getByRole('heading', { name: 'Submit Helpdesk Ticket' }).waitFor();
    await context.close();
  });
});

test('a remote redeployed over the same URL is not served stale: the next page load gets the new files', async () => {
  const { www } = run();
  const live = path.join(www, 'remotes', 'user-admin');
  const backup = path.join(RUN_DIR, 'builds', 'user-admin-as-built');
  rmSync(backup, { recursive: true, force: true });
  cpSync(live, backup, releaseFolder());
  const release2 = changedUserAdmin('release 2');

  const { context, page } = await newPage(browser, 'desktop');
  await seedSession(page, 'admin@helpdesk.demo');
  try {
    await page.goto('/users');
    expect(await userAdminTitle(page)).toBe(ORIGINAL_TITLE);
    // The old way, still in use by some teams: the new build copied over the old one's folder.
    cpSync(release2, live, { recursive: true });
    // The same browser (its HTTP cache holds the old manifest and entry): the next load is new.
    await page.goto('/users');
    expect(await userAdminTitle(page)).toBe(RELEASE_2);
  } finally {
    await context.close();
    cpSync(backup, live, { recursive: true });
  }
});

test('a rollback while visitors keep loading the section: every load shows a whole release, never an error', async () => {
  const release2 = changedUserAdmin('release 2');
  releaseScript('release', 'user-admin', '--dist', release2);

  let rolledBack = false;
  const loads: { title: string; startedAfterRollback: boolean }[] = [];
  const problems: string[] = [];
  const visitor = async (viewport: 'desktop' | 'mobile') => {
    const { context, page } = await newPage(browser, viewport);
    await seedSession(page, 'admin@helpdesk.demo');
    page.on('pageerror', (error) => problems.push(error.message));
    try {
      // Keep loading until this visitor has loaded the page twice after the rollback.
      let afterRollback = 0;
      while (afterRollback < 2) {
        const startedAfterRollback = rolledBack;
        await page.goto('/users');
        const title = await userAdminTitle(page);
        if ((await page.getByRole('alert').filter({ hasText: 'This section is unavailable' }).count()) > 0)
          problems.push(`fallback shown (${title})`);
        loads.push({ title, startedAfterRollback });
        if (startedAfterRollback) afterRollback += 1;
      }
    } finally {
      await context.close();
    }
  };
  const visitors = Promise.all([visitor('desktop'), visitor('mobile'), visitor('desktop')]);
  // Roll back once every visitor has seen the release at least once.
  while (loads.filter((load) => load.title === RELEASE_2).length < 3)
    await new Promise((r) => setTimeout(r, 50));
  releaseScript('rollback', 'user-admin');
  rolledBack = true;
  await visitors;

  expect(problems).toEqual([]);
  expect(loads.every((load) => [ORIGINAL_TITLE, RELEASE_2].includes(load.title))).toBe(true);
  // Every load that started after the rollback shows the previous release.
  expect(loads.filter((load) => load.startedAfterRollback).map((load) => load.title)).toEqual(
    Array(6).fill(ORIGINAL_TITLE),
  );
});
