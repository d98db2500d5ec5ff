/**
 * axe-core on every route of the route table (issue 20, Done 4): the sign-in page, the public
 * pages, every staff page (the placeholders too) and the 404 page, in English, Hindi and Marathi,
 * at 1280 and 390 px: no serious or critical violation. One page per language and width: the
 * routes are visited by in-app navigation (the remotes load once), the session is seeded once.
 */

import type { Browser, Page } from 'playwright-core';
import { REMOTE_ROUTES } from '../../shared-contracts/src/routing/remoteRoutes';
import { seriousViolations } from '../support/axe';
import { clientNavigate, launchBrowser, newPage, VIEWPORTS, type ViewportName } from '../support/browser';
import { seedSession } from '../support/session';

jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A route's path with its parameters filled (no key: the public pages' own 'no access' state). */
const concrete = (path: string) => path.replace(':id', '1').replace(':userId', '1');
const PUBLIC = [...REMOTE_ROUTES.publicIntake.map(concrete), '/no-such-page'];
const STAFF = [...REMOTE_ROUTES.staffDashboard, ...REMOTE_ROUTES.userAdmin];

/** The page has settled: its heading is there and nothing is loading any more. */
async function settled(page: Page, path: string): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]',
      ),
    undefined,
    { timeout: 30_000 },
  );
  expect(new URL(page.url()).pathname).toBe(path);
}

const LANGUAGES = ['en', 'hi', 'mr'] as const;

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('every route at %s width', (viewport) => {
  test.each(LANGUAGES)('in %s: no serious or critical axe violation', async (language) => {
    const { context, page } = await newPage(browser, viewport);
    await page.addInitScript((chosen) => localStorage.setItem('helpdesk.language', chosen), language);
    const found: Record<string, unknown> = {};
    try {
      await page.goto('/');
      await page.waitForFunction(
        (chosen) => document.documentElement.lang === chosen,
        language === 'en' ? 'en' : language,
      );
      await settled(page, '/');
      found['/'] = await seriousViolations(page);
      for (const path of PUBLIC) {
        await clientNavigate(page, path);
        await settled(page, path);
        found[path] = await seriousViolations(page);
      }
      // Signed in as the admin, who may open every staff page.
      await seedSession(page, 'admin@helpdesk.demo');
      await page.goto('/dashboard');
      for (const path of STAFF) {
        await clientNavigate(page, path);
        await settled(page, path);
        found[path] = await seriousViolations(page);
      }
    } finally {
      await context.close();
    }
    expect(Object.keys(found)).toHaveLength(1 + PUBLIC.length + STAFF.length);
    expect(
      Object.fromEntries(Object.entries(found).filter(([, violations]) => (violations as []).length)),
    ).toEqual({});
  });
});
