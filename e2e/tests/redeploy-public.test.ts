/**
 * Shipping a new version of the public remote (ADR 0010): build it, upload its dist/ to a new
 * folder, point /config/remotes.json at it and rewrite the public routes' HTML
 * (`node scripts/build.mjs --pages-only`). The shell is not rebuilt; the next visit of /add-ticket
 * shows the new version, in its prerendered frame and in the live page, from the new folder.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, run } from '../support/browser';
import { ROOT, RUN_DIR } from '../support/paths';

jest.setTimeout(240_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const RELEASE_2 = 'Submit Helpdesk Ticket (release 2)';

test('rebuilding and redeploying only mf-public-intake changes /add-ticket, frame and page', async () => {
  const { www } = run();
  const shellIndex = readFileSync(path.join(www, 'shell', 'index.html'), 'utf8');

  const workdir = path.join(RUN_DIR, 'redeploy', 'mf-public-intake');
  rmSync(workdir, { recursive: true, force: true });
  mkdirSync(workdir, { recursive: true });
  for (const item of [
    'src',
    'webpack.config.ts',
    'webpack.public.config.ts',
    'prerender.tsx',
    'package.json',
  ])
    cpSync(path.join(ROOT, 'mf-public-intake', item), path.join(workdir, item), { recursive: true });
  writeFileSync(
    path.join(workdir, 'tsconfig.json'),
    JSON.stringify({
      extends: path.join(ROOT, 'tsconfig.base.json'),
      include: ['**/*.ts', '**/*.tsx', path.join(ROOT, 'shared-contracts', '**', '*')],
    }),
  );
  const catalogue = path.join(workdir, 'src', 'i18n', 'en.ts');
  writeFileSync(
    catalogue,
    // The form's texts come from shared-contracts (one copy with the api's page) but are built
    // into this remote: its catalogue gives the release's own title.
    readFileSync(catalogue, 'utf8').replace(
      'addTicket: submitFormEn,',
      `addTicket: { ...submitFormEn, title: '${RELEASE_2}' },`,
    ),
  );
  const inWorkdir = { cwd: workdir, stdio: 'pipe' } as const;
  execFileSync('npx', ['webpack', '--mode', 'production'], inWorkdir);
  execFileSync('npx', ['webpack', '--mode', 'production', '-c', 'webpack.public.config.ts'], inWorkdir);
  execFileSync('npx', ['tsx', '--tsconfig', 'tsconfig.json', 'prerender.tsx'], inWorkdir);

  // Deploy: upload, point the runtime config at it, rewrite the public routes' HTML.
  cpSync(path.join(workdir, 'dist'), path.join(www, 'remotes', 'public-intake-release-2'), {
    recursive: true,
  });
  const configFile = path.join(www, 'config', 'remotes.json');
  const originalConfig = readFileSync(configFile, 'utf8');
  const config = JSON.parse(originalConfig);
  config.remotes.publicIntake = '/remotes/public-intake-release-2/mf-manifest.json';
  writeFileSync(configFile, JSON.stringify(config));
  const rewritePages = () =>
    execFileSync('node', [path.join(ROOT, 'scripts', 'build.mjs'), '--pages-only', '--www', www], {
      stdio: 'pipe',
    });
  rewritePages();

  const { context, page } = await newPage(browser, 'mobile');
  try {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const html = await (await fetch(`${run().baseUrl}/add-ticket`)).text();
    expect(html).toContain(RELEASE_2);
    await page.goto('/add-ticket');
    await page.locator('#prerendered').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: RELEASE_2 }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((script) => script.startsWith('/remotes/public-intake-release-2/'))).toBe(true);
  } finally {
    await context.close();
    writeFileSync(configFile, originalConfig); // roll back, for the other test files
    rewritePages();
  }
  expect(readFileSync(path.join(www, 'shell', 'index.html'), 'utf8')).toBe(shellIndex);
});
