/**
 * The shell's frame in Chromium behind nginx at 1280 px and 390 px: the login screen and the
 * signed-in layout (screenshots kept in e2e/artifacts/screenshots), the sidebar on a narrow
 * screen, the header on scroll, the public routes without chrome, and axe-core on all of them.
 */

import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { SCREENSHOTS } from '../support/paths';

const PASSWORD = process.env.DEMO_PASSWORD || 'Demo@12345';

// Jest applies no per-project testTimeout: browser tests get a minute each here.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const toggle = (page: Page) => page.getByRole('button', { name: 'Toggle sidebar' });
const pathnameIs = (pathname: string) => (url: URL) => url.pathname === pathname;
/** What the screen shows (the `screenshot` helper takes the full page, which misplaces fixed parts). */
const screenView = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

/**
 * Signs in and opens the dashboard. An admin who has not set up two-step sign-in lands on /profile
 * to do so (ADR 0054): these tests go on from the dashboard.
 */
async function signIn(page: Page, email: string) {
  await page.goto('/');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/profile');
  if (new URL(page.url()).pathname === '/profile') await page.goto('/dashboard');
}

/** The sidebar's right edge on screen (at or left of 0 when it is closed). */
async function sidebarRightEdge(page: Page): Promise<number> {
  return sidebar(page).evaluate((nav) => nav.getBoundingClientRect().right);
}

async function waitForSidebar(page: Page, state: 'open' | 'closed') {
  await page.waitForFunction(
    ([open]) => {
      const nav = document.querySelector('nav[aria-label="Main menu"]');
      const box = nav?.getBoundingClientRect();
      if (!box) return false;
      // Fully in (its slide-in transition over) or fully out.
      return open ? box.left >= -0.5 && box.right > 200 : box.right <= 0;
    },
    [state === 'open'] as const,
  );
}

function expectNoSeriousViolations(violations: Awaited<ReturnType<typeof seriousViolations>>) {
  expect(violations).toEqual([]);
}

/**
 * The layout is the shell's frame: header, sidebar, overlay, dropdown. What a remote renders
 * inside <main> is that remote's team's to check (and changes with their releases).
 */
const LAYOUT_ONLY = { exclude: ['main'] };

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the shell at %s width', (viewport) => {
  test('the login screen: what it shows, a screenshot and no serious axe violation', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/');
    await page.getByText('Welcome to the Help Desk administration portal.', { exact: false }).waitFor();
    await page.getByRole('img', { name: 'Help Desk logo' }).waitFor();
    await page.getByRole('img', { name: "Real-estate developers' association logo" }).waitFor();
    // Both logos really load (they are our own SVGs, inlined or served by the shell).
    const loaded = await page
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0));
    expect(loaded).toEqual([true, true]);
    expect(await page.getByRole('link', { name: 'Need help?' }).getAttribute('href')).toBe('/add-ticket');
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    await screenshot(page, `shell-login-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page));

    // The error banner too (an unknown account: the answer is the same, no real account is throttled).
    await page.locator('input[name="email"]').fill('nobody@helpdesk.demo');
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').waitFor();
    expectNoSeriousViolations(await seriousViolations(page));
    await context.close();
  });

  test('the signed-in layout: screenshot and no serious axe violation', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page, 'admin@helpdesk.demo');
    await heading(page).filter({ hasText: 'Admin Dashboard' }).waitFor();
    await page.getByRole('banner').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS[viewport].width,
    );
    await waitForSidebar(page, viewport === 'desktop' ? 'open' : 'closed');
    await screenshot(page, `shell-layout-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page, LAYOUT_ONLY));

    // The user-name dropdown open.
    await page.getByRole('banner').locator('[aria-haspopup="menu"]').click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    // Past the fade-in (a half-transparent item would read as low contrast).
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('[role="menu"]') as Element).opacity === '1',
    );
    await screenshot(page, `shell-layout-user-menu-${viewport}`);
    expectNoSeriousViolations(await seriousViolations(page, LAYOUT_ONLY));
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    if (viewport === 'mobile') {
      await toggle(page).click();
      await waitForSidebar(page, 'open');
      await screenView(page, 'shell-layout-sidebar-open-mobile');
      expectNoSeriousViolations(await seriousViolations(page, LAYOUT_ONLY));
    }
    await context.close();
  });

  test('the header changes its style past 70 px of scrolling', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page, 'pune.president@helpdesk.demo');
    const header = page.getByRole('banner');
    const look = () =>
      header.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.backgroundColor} ${style.boxShadow}`;
      });
    const atTop = await look();
    expect(await header.getAttribute('data-scrolled')).toBeNull();
    // The dashboard is short for now: make the page long enough to scroll.
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForFunction(() => document.querySelector('header')?.hasAttribute('data-scrolled'));
    await page.waitForTimeout(200); // the 150 ms transition
    expect(await look()).not.toBe(atTop);
    await screenView(page, `shell-header-scrolled-${viewport}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('header')?.hasAttribute('data-scrolled'));
    await context.close();
  });

  test('header and sidebar are hidden on the public routes, also when signed in', async () => {
    const { context, page } = await newPage(browser, viewport);
    await signIn(page, 'admin@helpdesk.demo');
    for (const [path, title] of [
      ['/add-ticket', 'Submit Helpdesk Ticket'],
      ['/tickets/1', 'Your Tickets'],
    ] as const) {
      await page.goto(path);
      await heading(page).filter({ hasText: title }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('navigation').count()).toBe(0);
    }
    await page.goto('/dashboard');
    await page.getByRole('banner').waitFor();
    await context.close();
  });

  test('unknown routes get the friendly 404 page', async () => {
    const { context, page } = await newPage(browser, viewport);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await page.waitForURL(pathnameIs('/'));
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });
});

describe('the sidebar at 390 px (under 992 px)', () => {
  test('closes after navigation', async () => {
    const { context, page } = await newPage(browser, 'mobile');
    await signIn(page, 'admin@helpdesk.demo');
    await waitForSidebar(page, 'closed');

    await toggle(page).click();
    await waitForSidebar(page, 'open');
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(pathnameIs('/activity'));
    await heading(page).filter({ hasText: 'Users' }).waitFor();
    await waitForSidebar(page, 'closed');
    expect(await toggle(page).getAttribute('aria-expanded')).toBe('false');

    await toggle(page).click();
    await waitForSidebar(page, 'open');
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(pathnameIs('/dashboard'));
    await waitForSidebar(page, 'closed');
    await context.close();
  });

  test('a tap on the overlay closes it', async () => {
    const { context, page } = await newPage(browser, 'mobile');
    await signIn(page, 'pune.observer@helpdesk.demo');
    await toggle(page).click();
    await waitForSidebar(page, 'open');
    const overlay = page.getByRole('button', { name: 'Close menu' });
    // Tap the strip of the overlay the sidebar does not cover.
    const width = VIEWPORTS.mobile.width;
    expect(await sidebarRightEdge(page)).toBeLessThan(width - 40);
    await overlay.tap({ position: { x: width - 20, y: 400 } });
    await waitForSidebar(page, 'closed');
    expect(await overlay.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  });
});

describe('the sidebar at 1280 px', () => {
  test('stays open after navigation, and the toggle collapses it', async () => {
    const { context, page } = await newPage(browser, 'desktop');
    await signIn(page, 'admin@helpdesk.demo');
    await waitForSidebar(page, 'open');
    await sidebar(page).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(pathnameIs('/activity'));
    await heading(page).filter({ hasText: 'Users' }).waitFor();
    expect(await sidebarRightEdge(page)).toBeGreaterThan(200);
    await toggle(page).click();
    await waitForSidebar(page, 'closed');
    await toggle(page).click();
    await waitForSidebar(page, 'open');
    await context.close();
  });
});
