import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { type RunState, SCREENSHOTS, STATE_FILE } from './paths';

export const run = (): RunState => JSON.parse(readFileSync(STATE_FILE, 'utf8')) as RunState;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    // The flags this machine's closed network and sandbox need (the benchmarks use them too).
    args: [...CHROMIUM_ARGS],
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export async function newPage(
  browser: Browser,
  viewport: ViewportName,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: run().baseUrl,
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
  });
  // Playwright's 30 s for a wait or a navigation is less than a loaded CI machine needs at times
  // (two browser stacks beside the api and unit lanes on two cores); a hang still fails.
  context.setDefaultTimeout(60_000);
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * A test file's browser, launched before its tests and closed after them, and its pages, each in
 * a context of its own (closed with the browser): what most flows need, written once.
 */
export function browserForFile(): { freshPage(viewport: ViewportName): Promise<Page> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });
  return {
    async freshPage(viewport) {
      if (!browser) throw new Error('The browser starts in beforeAll: open pages inside a test');
      const { context, page } = await newPage(browser, viewport);
      contexts.push(context);
      return page;
    },
  };
}

/** Navigates inside the single-page app without a reload, as a click on a link would. */
export async function clientNavigate(page: Page, pathname: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathname);
}

/** The ticket's row (desktop table) or card (phone) in the dashboard's list, by its CREDAI id. */
export function listEntry(page: Page, viewport: ViewportName, ticketId: number) {
  const list = page.getByRole(viewport === 'mobile' ? 'list' : 'table', { name: 'Tickets', exact: true });
  return viewport === 'mobile'
    ? list.getByRole('listitem', { name: `CREDAI-${ticketId}`, exact: true })
    : list
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: `CREDAI-${ticketId}`, exact: true }) });
}
