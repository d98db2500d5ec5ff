/**
 * A team ships its remote alone with `npm run release` and takes it back with `npm run rollback`
 * (ADR 0032): a new versioned folder, never overwritten, served immutable; remotes.json rewritten
 * atomically and served no-cache; a canary for a share of browsers, each sticky; the release
 * command refuses a build the deployed shell cannot run.
 */
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { clientNavigate, launchBrowser, newPage, run, screenshot } from '../support/browser';
import { RUN_DIR } from '../support/paths';
import {
  changedUserAdmin,
  keepSiteState,
  ORIGINAL_TITLE,
  readConfig,
  releaseScript,
  userAdminTitle,
} from '../support/releases';
import { seedSession } from '../support/session';

jest.setTimeout(300_000);

const RELEASE_2 = `${ORIGINAL_TITLE} (release 2)`;
let browser: Browser;
let restore: () => void;
let release2: string;

beforeAll(async () => {
  browser = await launchBrowser();
  release2 = changedUserAdmin('release 2');
});
beforeEach(() => {
  restore = keepSiteState();
});
afterEach(() => restore());
afterAll(async () => {
  await browser?.close();
});

const releaseFolders = () =>
  readdirSync(path.join(run().www, 'remotes', 'user-admin')).filter((name) =>
    /^\d{8}-\d{6}-[0-9a-f]{8}$/.test(name),
  );

test('release puts a changed mf-user-admin in a new versioned folder and the shell shows it; rollback brings the old one back', async () => {
  const { www, baseUrl } = run();
  const before = releaseFolders();
  const shellBefore = readFileSync(path.join(www, 'shell', 'main.js'));

  // A tab opened before the release, on another remote's page.
  const { context, page } = await newPage(browser, 'desktop');
  await seedSession(page, 'admin@helpdesk.demo');
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Admin Dashboard' }).waitFor();

  const output = releaseScript('release', 'user-admin', '--dist', release2);
  const version = releaseFolders().find((name) => !before.includes(name)) ?? 'none';
  expect(output).toContain(`released mf-user-admin ${version}`);
  const manifest = `/remotes/user-admin/${version}/mf-manifest.json`;
  expect(readConfig().remotes.userAdmin).toBe(manifest);
  // The folder holds the build as it was made.
  expect(readFileSync(path.join(www, 'remotes', 'user-admin', version, 'remoteEntry.js'))).toEqual(
    readFileSync(path.join(release2, 'remoteEntry.js')),
  );
  // The history keeps what was served before the first release, then this one.
  const history = JSON.parse(readFileSync(path.join(www, 'releases.json'), 'utf8'));
  expect(history.userAdmin.releases.map((entry: { manifest: string }) => entry.manifest).slice(-2)).toEqual([
    '/remotes/user-admin/mf-manifest.json',
    manifest,
  ]);

  // Caching: a release folder is immutable, the file naming it is revalidated on every load.
  const manifestAnswer = await fetch(`${baseUrl}${manifest}`);
  expect(manifestAnswer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect((await fetch(`${baseUrl}/config/remotes.json`)).headers.get('cache-control')).toBe('no-cache');

  // The open tab gets the release on its next navigation to the section, without a reload.
  await clientNavigate(page, '/users');
  expect(await userAdminTitle(page)).toBe(RELEASE_2);
  await screenshot(page, 'release-user-admin-release-2');

  // Rollback: the next page load shows the previous release again.
  expect(releaseScript('rollback', 'user-admin')).toContain('rolled mf-user-admin back to user-admin');
  expect(readConfig().remotes.userAdmin).toBe('/remotes/user-admin/mf-manifest.json');
  await page.goto('/users');
  expect(await userAdminTitle(page)).toBe(ORIGINAL_TITLE);
  // Nothing before the build's layout: a second rollback is refused, and changes nothing.
  expect(() => releaseScript('rollback', 'user-admin')).toThrow(/No release of mf-user-admin before/);
  expect(readConfig().remotes.userAdmin).toBe('/remotes/user-admin/mf-manifest.json');
  // The release stays on disk (never overwritten, never removed) and the shell was never rebuilt.
  expect(existsSync(path.join(www, 'remotes', 'user-admin', version, 'mf-manifest.json'))).toBe(true);
  expect(readFileSync(path.join(www, 'shell', 'main.js'))).toEqual(shellBefore);
  await context.close();
});

test('a canary at 50 % reaches some fresh browsers and not others, each staying on its side; rollback ends it, promote gives it to all', async () => {
  releaseScript('release', 'user-admin', '--dist', release2, '--canary', '50');
  const config = readConfig();
  expect(config.canary?.userAdmin?.percent).toBe(50);
  expect(config.remotes.userAdmin).toBe('/remotes/user-admin/mf-manifest.json');

  const seen = new Set<string>();
  const profiles: { title: string; close: () => Promise<void>; reload: () => Promise<string> }[] = [];
  // Fresh profiles until both sides were drawn: 50 % each, so 40 profiles miss one side with a
  // probability of 2^-39.
  for (let i = 0; i < 40 && seen.size < 2; i++) {
    const { context, page } = await newPage(browser, i % 2 === 0 ? 'desktop' : 'mobile');
    await seedSession(page, 'admin@helpdesk.demo');
    await page.goto('/users');
    const title = await userAdminTitle(page);
    seen.add(title);
    profiles.push({
      title,
      close: () => context.close(),
      reload: async () => {
        await page.goto('/activity');
        await page.goto('/users');
        return userAdminTitle(page);
      },
    });
  }
  expect([...seen].sort()).toEqual([ORIGINAL_TITLE, RELEASE_2]);
  // Sticky: every browser sees again what it saw first.
  for (const profile of profiles) expect(await profile.reload()).toBe(profile.title);

  // Rollback drops the canary: the browsers that had it get the release again.
  expect(releaseScript('rollback', 'user-admin')).toContain('dropped the canary of mf-user-admin');
  expect(readConfig().canary?.userAdmin).toBeUndefined();
  for (const profile of profiles) expect(await profile.reload()).toBe(ORIGINAL_TITLE);

  // A canary again, then promoted: every browser gets it, whatever its bucket.
  releaseScript('release', 'user-admin', '--dist', release2, '--canary', '50');
  const canary = readConfig().canary?.userAdmin?.entry;
  expect(releaseScript('release', 'user-admin', '--promote')).toContain('is now served to every browser');
  expect(readConfig().remotes.userAdmin).toBe(canary);
  expect(readConfig().canary?.userAdmin).toBeUndefined();
  for (const profile of profiles) expect(await profile.reload()).toBe(RELEASE_2);
  for (const profile of profiles) await profile.close();
});

test('release refuses a build whose contract the deployed shell cannot run, and changes nothing', () => {
  const incompatible = path.join(RUN_DIR, 'builds', 'user-admin-incompatible-contract');
  cpSync(release2, incompatible, { recursive: true });
  const manifestFile = path.join(incompatible, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.helpdesk.shellContract.routes = 99;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const configBefore = readConfig();
  const foldersBefore = releaseFolders();

  expect(() => releaseScript('release', 'user-admin', '--dist', incompatible)).toThrow(
    /Release of mf-user-admin refused: built with shell contract "routes" 99 \(the shell has 1\)/,
  );
  expect(readConfig()).toEqual(configBefore);
  expect(releaseFolders()).toEqual(foldersBefore);
});

test('releasing mf-public-intake rewrites the public routes’ HTML to name the new folder', async () => {
  const { www } = run();
  // The build as laid out, released again as a team would release an unchanged build.
  const asBuilt = path.join(RUN_DIR, 'builds', 'public-intake-as-built');
  cpSync(path.join(www, 'remotes', 'public-intake'), asBuilt, {
    recursive: true,
    filter: (source) => !/[\\/]\d{8}-\d{6}-[0-9a-f]{8}(?:[\\/]|$)/.test(source),
  });
  releaseScript('release', 'public-intake', '--dist', asBuilt);
  const manifest = readConfig().remotes.publicIntake ?? '';
  const folder = manifest.replace('mf-manifest.json', '');
  expect(folder).toMatch(/^\/remotes\/public-intake\/\d{8}-\d{6}-[0-9a-f]{8}\/$/);
  const html = readFileSync(path.join(www, 'pages', 'add-ticket.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((match) => match[1] ?? '');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((src) => src.startsWith(`${folder}public/`))).toBe(true);

  const { context, page } = await newPage(browser, 'mobile');
  await page.goto('/add-ticket');
  await page.getByRole('heading', { name: 'Submit Helpdesk Ticket' }).waitFor();
  await context.close();

  // Rolled back: the pages name the build's layout again.
  releaseScript('rollback', 'public-intake');
  const rolledBack = readFileSync(path.join(www, 'pages', 'add-ticket.html'), 'utf8');
  expect(rolledBack).not.toContain(folder);
  expect(rolledBack).toContain('/remotes/public-intake/public/');
});

test('rollback refuses to return to a release the deployed shell can no longer run, and changes nothing', () => {
  const { www } = run();
  // An older release, built before the shell's routes contract changed (simulated on its manifest).
  const older = path.join(www, 'remotes', 'user-admin', '20200101-000000-0badc0de');
  cpSync(release2, older, { recursive: true });
  const manifestFile = path.join(older, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.helpdesk.shellContract.routes = 0;
  writeFileSync(manifestFile, JSON.stringify(manifest));
  writeFileSync(
    path.join(www, 'releases.json'),
    JSON.stringify({
      userAdmin: {
        releases: [
          {
            version: '20200101-000000-0badc0de',
            manifest: '/remotes/user-admin/20200101-000000-0badc0de/mf-manifest.json',
          },
          { version: 'user-admin', manifest: '/remotes/user-admin/mf-manifest.json' },
        ],
      },
    }),
  );
  const configBefore = readConfig();

  expect(() => releaseScript('rollback', 'user-admin')).toThrow(
    /Rollback of mf-user-admin to 20200101-000000-0badc0de refused: built with shell contract "routes" 0 \(the shell has 1\)/,
  );
  expect(readConfig()).toEqual(configBefore);
});
