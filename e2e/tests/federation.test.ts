/**
 * The walking skeleton, proved in Chromium behind nginx: every remote's routes render through
 * the shell, a remote that cannot load fails alone and comes back on Retry, shared singletons
 * are downloaded once, and the shell and the remotes share one auth store.
 */
import type { Browser, Page } from 'playwright-core';
import {
  clientNavigate,
  launchBrowser,
  newPage,
  run,
  screenshot,
  VIEWPORTS,
  type ViewportName,
} from '../support/browser';
import { seedSession } from '../support/session';
import { chunksCarrying } from '../support/sharedChunks';

// The e2e project's testTimeout in jest.config.js is not applied (jest reads it globally only).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ROUTES: { path: string; heading: string; remote: string }[] = [
  { path: '/add-ticket', heading: 'Submit Helpdesk Ticket', remote: 'public-intake' },
  { path: '/tickets/1', heading: 'Your Tickets', remote: 'public-intake' },
  { path: '/dashboard', heading: 'Help Desk', remote: 'staff-dashboard' },
  { path: '/help-desk', heading: 'Help Desk', remote: 'staff-dashboard' },
  { path: '/referral-desk', heading: 'Referral Desk', remote: 'staff-dashboard' },
  { path: '/users', heading: 'User Management', remote: 'user-admin' },
  { path: '/activity', heading: 'Users', remote: 'user-admin' },
  { path: '/messages', heading: 'Failed messages', remote: 'user-admin' },
  { path: '/chapters', heading: 'Chapters', remote: 'user-admin' },
];

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('federated suite at %s width', (viewport) => {
  test.each(ROUTES)('$path renders its remote ($remote)', async ({ path, heading: text, remote }) => {
    const { context, page } = await newPage(browser, viewport);
    // Staff routes need a session (the governor's dashboard is titled Help Desk).
    if (remote !== 'public-intake') await seedSession(page);
    const remoteRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/remotes/${remote}/`)) remoteRequests.push(request.url());
    });
    await page.goto(path);
    await heading(page).filter({ hasText: text }).waitFor();
    expect(await heading(page).textContent()).toBe(text);
    // Opened directly, a public route runs the public remote's own bundle (ADR 0010); every
    // other route loads its remote through the shell and the federation runtime.
    const served = remote === 'public-intake' ? /\/remotes\/public-intake\/public\// : /\/mf-manifest\.json$/;
    expect(remoteRequests.some((url) => served.test(url))).toBe(true);
    if (path === '/add-ticket' || path === '/dashboard')
      await screenshot(page, `skeleton-${path.slice(1)}-${viewport}`);
    await context.close();
  });

  test('/ is the shell itself and unknown routes get a friendly page', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/');
    await page.getByText('Welcome to the Help Desk administration portal.', { exact: false }).waitFor();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await context.close();
  });
});

test('a remote that cannot load shows the fallback on its routes only, and Retry brings it back', async () => {
  const { context, page } = await newPage(browser, 'desktop');
  await seedSession(page);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // The user-admin remote's server is down.
  await page.route('**/remotes/user-admin/**', (route) => route.abort('connectionrefused'));

  await page.goto('/users');
  const fallback = page.getByRole('alert').filter({ hasText: 'This section is unavailable right now' });
  await fallback.waitFor();
  await screenshot(page, 'skeleton-remote-fallback');

  // The other remotes keep working in the same page.
  await clientNavigate(page, '/add-ticket');
  await heading(page).filter({ hasText: 'Submit Helpdesk Ticket' }).waitFor();
  await clientNavigate(page, '/dashboard');
  await heading(page).filter({ hasText: 'Help Desk' }).waitFor();

  // Still down: Retry fails again, and says so.
  await clientNavigate(page, '/users');
  await fallback.waitFor();
  await page.getByRole('button', { name: 'Retry' }).click();
  await fallback.waitFor();

  // Back up: Retry really fetches again.
  await page.unroute('**/remotes/user-admin/**');
  await page.getByRole('button', { name: 'Retry' }).click();
  await heading(page).filter({ hasText: 'User Management' }).waitFor();
  expect(await fallback.count()).toBe(0);
  // Only the refused remote logged errors (a down remote is reported by the browser and the runtime).
  expect(
    consoleErrors.every((text) =>
      /ERR_CONNECTION_REFUSED|RUNTIME-00\d|failed to load or render|Failed to load resource/i.test(text),
    ),
  ).toBe(true);
  await context.close();
});

test('a public page opened directly whose code cannot load shows the same fallback; Retry reloads it', async () => {
  const { context, page } = await newPage(browser, 'mobile');
  // The phone loses the network just when the page's chunk is on its way.
  await page.route('**/remotes/public-intake/public/page-ticket-detail.*.js', (route) =>
    route.abort('internetdisconnected'),
  );
  await page.goto('/ticket-detail/not-a-number');
  const fallback = page.getByRole('alert').filter({ hasText: 'This section is unavailable right now' });
  await fallback.waitFor();

  await page.unroute('**/remotes/public-intake/public/page-ticket-detail.*.js');
  await page.getByRole('button', { name: 'Retry' }).click();
  await page.getByText('Invalid ticket ID. Please try again.').waitFor();
  expect(await fallback.count()).toBe(0);
  await context.close();
});

test('React and Mantine are downloaded once per page of the shell, whichever remotes it shows', async () => {
  const { context, page } = await newPage(browser, 'desktop');
  await seedSession(page);
  const downloaded = new Set<string>();
  page.on('response', (response) => downloaded.add(new URL(response.url()).pathname));

  // Inside the shell the public pages come through federation too (opened directly, they run
  // their own bundle: ADR 0010).
  await page.goto('/dashboard');
  await heading(page).filter({ hasText: 'Help Desk' }).waitFor();
  await clientNavigate(page, '/add-ticket');
  await heading(page).filter({ hasText: 'Submit Helpdesk Ticket' }).waitFor();
  expect([...downloaded].some((path) => path.endsWith('/public-intake/mf-manifest.json'))).toBe(true);
  await clientNavigate(page, '/users');
  await heading(page).filter({ hasText: 'User Management' }).waitFor();

  for (const pkg of ['react', 'react-dom', '@mantine/core', 'shared-contracts']) {
    const copies = [...chunksCarrying(run().www, pkg)].filter((chunk) => downloaded.has(chunk));
    expect({ pkg, copies: copies.length }).toEqual({ pkg, copies: 1 });
  }
  await context.close();
});

test('the shell and the remotes share one auth store instance', async () => {
  const { context, page } = await newPage(browser, 'desktop');
  const signIn = async (email: string) => {
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(process.env.DEMO_PASSWORD || 'Demo@12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  await page.goto('/');
  // A marker that only survives if the page is never reloaded.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // The shell's login form writes the store in memory; the remote reads the role from it.
  // The demo admin has not set up two-step sign-in: /profile first (ADR 0054), then the sidebar's
  // Dashboard (a navigation inside the page).
  await signIn('admin@helpdesk.demo');
  await page.waitForURL((url) => url.pathname === '/profile');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await heading(page).filter({ hasText: 'Admin Dashboard' }).waitFor();

  // Logout from the shell's header: the remote's content goes with the session.
  await page.getByRole('banner').locator('[aria-haspopup="menu"]').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await heading(page).filter({ hasText: 'Admin Dashboard' }).waitFor({ state: 'detached' });
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The remote was loaded while the admin was signed in. A copy of the store of its own would
  // still hold the admin (same-tab changes fire no storage event); the one store knows the new user.
  await signIn('president@helpdesk.demo');
  await page.waitForURL((url) => url.pathname === '/profile');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await heading(page).filter({ hasText: 'Credai President Dashboard' }).waitFor();
  expect(await page.evaluate(() => '__sameDocument' in window)).toBe(true);
  await context.close();
}, 60_000);

test('the api answers through the front door', async () => {
  const response = await fetch(`${run().baseUrl}/api/health`);
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({
    status: 'ok',
    database: { kind: 'pglite', reachable: true },
  });
});
