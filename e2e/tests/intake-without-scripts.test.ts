/**
 * /add-ticket without scripts (issue 21, done when 2; ADR 0035), behind nginx at desktop width
 * and 390 px: with JavaScript off, the served form (its cities and committees included by nginx
 * from the api) submits with a PDF, and the api's page shows the ticket's share link; a 9-digit
 * mobile comes back as 'Mobile number must be 10 digits' beside the values typed, the file asked
 * for again. With scripts on but every file of the public remote blocked, the same form works.
 * The api's pages carry no script and a CSP that allows none; axe finds nothing serious. In a
 * Marathi or Hindi browser the privacy notice (ADR 0068) is in its language, on the served form
 * and on the refused post's page.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { launchBrowser, run, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';

jest.setTimeout(180_000);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PUBLIC_REMOTE_FILES = '**/remotes/public-intake/**';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

type Mode = 'scripts off' | 'public remote blocked' | 'only the early script loads';
/** The public bundle's scripts, all but the early form script (ADR 0036). */
const PUBLIC_BUNDLE = /\/remotes\/public-intake\/public\/(?!early-form\.)[^/]+\.js$/;

async function pageFor(viewport: ViewportName, mode: Mode, locale?: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: run().baseUrl,
    // The browser's language, sent as Accept-Language.
    ...(locale ? { locale } : {}),
    viewport: VIEWPORTS[viewport],
    isMobile: viewport === 'mobile',
    hasTouch: viewport === 'mobile',
    javaScriptEnabled: mode !== 'scripts off',
    // axe is added as a script of the page's origin: the api's pages allow no script at all.
    bypassCSP: mode !== 'scripts off',
  });
  contexts.push(context);
  const page = await context.newPage();
  if (mode === 'public remote blocked') await page.route(PUBLIC_REMOTE_FILES, (route) => route.abort());
  // The early script runs but no live form will come: it must let the form post as it is.
  if (mode === 'only the early script loads') await page.route(PUBLIC_BUNDLE, (route) => route.abort());
  return page;
}

function visitor(label: string) {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    name: `Meera "${label}" Joshi`,
    email: `noscript.${label.replace(/\W+/g, '-')}.${stamp}@example.com`,
    description: `E2E ${label} ${stamp}: the water tank of wing C overflows every night since the repairs.`,
  };
}

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function fillServedForm(page: Page, who: ReturnType<typeof visitor>, mobile: string) {
  await page.goto('/add-ticket');
  await page.getByRole('heading', { level: 1, name: 'Submit Helpdesk Ticket' }).waitFor();
  await field(page, 'Full Name').fill(who.name);
  await field(page, 'Mobile No').fill(mobile);
  await field(page, 'Email').fill(who.email);
  // The lists are the api's current ones, included into the page: nothing had to run.
  await page.getByRole('combobox', { name: 'City', exact: true }).selectOption({ label: 'Pune' });
  await page.getByRole('combobox', { name: 'Committee', exact: true }).selectOption({ index: 1 });
  await field(page, 'Detailed Description').fill(who.description);
  await page.locator('input[type="file"][name="attachment"]').setInputFiles({
    name: 'lease.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
}

async function expectAccessible(page: Page, mode: Mode) {
  // axe runs as a script in the page: only where scripts run (the api's page is the same HTML).
  if (mode === 'scripts off') return;
  expect(await seriousViolations(page)).toEqual([]);
  const [scrollWidth, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

describe.each<[ViewportName, Mode]>([
  ['desktop', 'scripts off'],
  ['mobile', 'scripts off'],
  ['desktop', 'public remote blocked'],
  ['mobile', 'public remote blocked'],
  ['mobile', 'only the early script loads'],
])('/add-ticket at %s width, %s', (viewport, mode) => {
  test('a submit with a PDF creates the ticket and shows its link', async () => {
    const page = await pageFor(viewport, mode);
    const who = visitor(`${viewport} ${mode} ok`);
    await fillServedForm(page, who, '9876543210');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/tickets/submit-form')),
      page.getByRole('button', { name: 'Submit Ticket', exact: true }).click(),
    ]);
    expect(answer.status()).toBe(201);
    const csp = (await answer.allHeaders())['content-security-policy'] ?? '';
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/script-src/);
    expect(await answer.text()).not.toMatch(/<script/i);

    await page.getByRole('heading', { level: 1, name: 'Ticket Submitted Successfully!' }).waitFor();
    const href = await page.getByRole('link', { name: 'Open your ticket', exact: true }).getAttribute('href');
    const link = /^\/ticket-detail\/(\d+)#key=([A-Za-z0-9_-]{43})$/.exec(href ?? '');
    expect(link).not.toBeNull();
    // The link opens the ticket, with the member's name and the PDF.
    const opened = await fetch(`${run().baseUrl}/api/tickets/${link?.[1]}`, {
      headers: { 'x-access-key': link?.[2] ?? '' },
    });
    expect(opened.status).toBe(200);
    const { ticket } = (await opened.json()) as {
      ticket: { fullName?: string; attachments?: { fileName: string }[] };
    };
    expect(ticket.attachments?.map((file) => file.fileName)).toEqual(['lease.pdf']);
    await expectAccessible(page, mode);
    await screenshot(page, `intake-noscript-${viewport}-${mode.replace(/ /g, '-')}-submitted`);
  });

  test("a 9-digit mobile shows 'Mobile number must be 10 digits' with the other values kept", async () => {
    const page = await pageFor(viewport, mode);
    const who = visitor(`${viewport} ${mode} short`);
    await fillServedForm(page, who, '987654321');
    await page.getByRole('button', { name: 'Submit Ticket', exact: true }).click();

    await page.getByText('Mobile number must be 10 digits', { exact: true }).waitFor();
    await expect(field(page, 'Mobile No').getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(field(page, 'Full Name').inputValue()).resolves.toBe(who.name);
    await expect(field(page, 'Mobile No').inputValue()).resolves.toBe('987654321');
    await expect(field(page, 'Email').inputValue()).resolves.toBe(who.email);
    await expect(field(page, 'Detailed Description').inputValue()).resolves.toBe(who.description);
    const city = page.getByRole('combobox', { name: 'City', exact: true });
    await expect(city.locator('option:checked').textContent()).resolves.toBe('Pune');
    await page.getByText('Your file lease.pdf was not kept: choose it again.', { exact: true }).waitFor();
    await expectAccessible(page, mode);
    await screenshot(page, `intake-noscript-${viewport}-${mode.replace(/ /g, '-')}-errors`);

    // Corrected, with the file chosen again: it goes through.
    await field(page, 'Mobile No').fill('9876543210');
    await page.locator('input[type="file"][name="attachment"]').setInputFiles({
      name: 'lease.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await page.getByRole('button', { name: 'Submit Ticket', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Ticket Submitted Successfully!' }).waitFor();
  });
});

describe.each([
  ['mr-IN', 'mr', 'तुमचा वैयक्तिक डेटा', 'संपूर्ण गोपनीयता सूचना वाचा', 'आम्ही कोण'],
  ['hi-IN', 'hi', 'आपका व्यक्तिगत डेटा', 'पूरी गोपनीयता सूचना पढ़ें', 'हम कौन हैं'],
])('/add-ticket without scripts in a %s browser', (locale, language, notice, whole, wholeText) => {
  test("the privacy notice is in the browser's language, on the served form and on the refused post's page", async () => {
    const page = await pageFor('mobile', 'scripts off', locale);
    await fillServedForm(page, visitor(`notice ${language}`), '987654321');
    const served = page.getByRole('region', { name: notice, exact: true });
    await served.getByText(new RegExp(`^${whole} \\(`)).click();
    await served.getByText(wholeText, { exact: false }).waitFor();
    await expect(served.getAttribute('lang')).resolves.toBe(language);
    await screenshot(page, `intake-noscript-notice-${language}`);
    // The frame is prerendered in English and its form posts no language: the api answers the
    // refused post in the browser's, its notice too.
    await page.getByRole('button', { name: 'Submit Ticket', exact: true }).click();
    await page.locator(`html[lang="${language}"]`).waitFor();
    await page
      .getByRole('region', { name: notice, exact: true })
      .getByText(whole, { exact: false })
      .waitFor();
  });
});

describe.each<ViewportName>(['desktop', 'mobile'])(
  'the ticket pages at %s width before any script',
  (viewport) => {
    test('/ticket-detail/{id} and /tickets/{userId} paint their title and loading state from the HTML alone', async () => {
      const page = await pageFor(viewport, 'scripts off');
      await page.goto('/ticket-detail/1#key=not-checked-without-scripts');
      await page.getByRole('heading', { level: 1, name: 'Ticket details', exact: true }).waitFor();
      await page.getByRole('status').getByText('Loading ticket...', { exact: true }).waitFor();
      await page.goto('/tickets/1#key=not-checked-without-scripts');
      await page.getByRole('heading', { level: 1, name: 'Your Tickets', exact: true }).waitFor();
      await page.getByRole('status').getByText('Loading your tickets...', { exact: true }).waitFor();
    });
  },
);
