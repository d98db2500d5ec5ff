/**
 * /reports in Chromium behind nginx, at 1280 px and 390 px (issue 24, Done 3): the association
 * president filters last quarter and one chapter, reads the charts through their tables, downloads
 * the CSV of the filtered tickets (the test reads the file: byte-order mark first, one row per
 * ticket the screen counts) and drills from the league table into a chapter. axe-core finds no
 * serious or critical violation.
 *
 * Last quarter, because no other test creates tickets in it: every ticket a test submits is
 * received today. Each width reads its own chapter (Pune, Nagpur).
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, run, screenshot, type ViewportName } from '../support/browser';
import { seedSession } from '../support/session';

jest.setTimeout(300_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PRESIDENT = 'president@helpdesk.demo';
const CHAPTER: Record<ViewportName, string> = { desktop: 'Pune', mobile: 'Nagpur' };
/** The chapter each width drills into from the league table. */
const DRILL: Record<ViewportName, string> = { desktop: 'Mumbai', mobile: 'Thane' };

const api = (path: string) => `${run().baseUrl}/api${path}`;

async function getJson<T>(path: string, token: string): Promise<T> {
  const response = await fetch(api(path), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function tokenOf(email: string): Promise<string> {
  const response = await fetch(api('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: process.env.DEMO_PASSWORD || 'Demo@12345' }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

/** The first and last day of last quarter (calendar quarters, as the page counts them). */
function lastQuarter(): { from: string; to: string } {
  const today = new Date();
  const start = today.getMonth() - (today.getMonth() % 3) - 3;
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return {
    from: day(new Date(today.getFullYear(), start, 1)),
    to: day(new Date(today.getFullYear(), start + 3, 0)),
  };
}

/** The records of a CSV file after its header: a line break inside quotes ends no record. */
function csvRecords(text: string): number {
  let quoted = false;
  let lines = 0;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (character === '\n' && !quoted) lines += 1;
  }
  return lines - 1;
}

/** A count as the English page writes it ('1,234'). */
const asNumber = (text: string) => Number(text.replace(/,/g, ''));

/** The cells of a table's rows, as the page shows them (the header row first). */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const region = page.getByRole('region', { name: `Table: ${name}`, exact: true });
  return region
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? '')),
    );
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Waits until the field named `label` shows `value`. */
async function showsValue(page: Page, label: string, value: string) {
  const field = await page.getByRole('combobox', { name: label, exact: true }).elementHandle();
  await page.waitForFunction(([input, text]) => (input as HTMLInputElement).value === text, [
    field,
    value,
  ] as const);
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe.each(['desktop', 'mobile'] as const)('at %s width', (viewport) => {
  it('the association president filters a quarter and a chapter, reads the charts, downloads the CSV and drills from the league', async () => {
    const city = CHAPTER[viewport];
    const token = await tokenOf(PRESIDENT);
    const { cities } = await getJson<{ cities: { id: number; name: string }[] }>(
      '/cities/getAllCities',
      token,
    );
    const cityId = cities.find((row) => row.name === city)?.id;
    const drillId = cities.find((row) => row.name === DRILL[viewport])?.id;
    const range = lastQuarter();
    // What the api counts for these filters: the screen must show the same.
    const expected = await getJson<{ counts: { received: number; resolved: number } }>(
      `/reports/summary?from=${range.from}&to=${range.to}&city=${cityId}`,
      token,
    );
    expect(expected.counts.received).toBeGreaterThan(0);

    const { context, page } = await newPage(browser, viewport);
    await seedSession(page, PRESIDENT);
    await page.goto('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports', exact: true }).waitFor();

    // 1. Last quarter, one chapter: the address keeps them.
    await choose(page, 'Period', 'Last quarter');
    await choose(page, 'Chapter', city);
    await page.waitForURL(`**/reports?range=lastQuarter&city=${cityId}`);
    await showsValue(page, 'Period', 'Last quarter');
    await showsValue(page, 'Chapter', city);
    const received = page.getByRole('article', { name: 'Received', exact: true });
    await received.getByText(expected.counts.received.toLocaleString('en-IN'), { exact: true }).waitFor();
    await page
      .getByRole('article', { name: 'Resolved', exact: true })
      .getByText(expected.counts.resolved.toLocaleString('en-IN'), { exact: true })
      .waitFor();

    // 2. The charts, read through their tables: weeks of the quarter, and the committees, each
    // adding up to the tickets received.
    const overTime = await tableRows(page, 'Tickets received and resolved over time');
    expect(overTime[0]).toEqual(['Week', 'Received', 'Resolved']);
    expect(overTime.length - 1).toBeGreaterThanOrEqual(13);
    expect(overTime.slice(1).reduce((sum, row) => sum + asNumber(row[1] ?? ''), 0)).toBe(
      expected.counts.received,
    );
    const committees = await tableRows(page, 'Tickets by committee');
    expect(committees[0]).toEqual(['Committee', 'Received', 'Resolved', 'Rejected', 'Still open']);
    expect(committees.slice(1).reduce((sum, row) => sum + asNumber(row[1] ?? ''), 0)).toBe(
      expected.counts.received,
    );
    const statuses = await tableRows(page, 'Tickets by status');
    expect(statuses.slice(1).reduce((sum, row) => sum + asNumber(row[1] ?? ''), 0)).toBe(
      expected.counts.received,
    );
    // The drawings are there too (hidden from screen readers: the tables say the same).
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(3);
    await expectNoSeriousViolations(page);
    await screenshot(page, `reports-${viewport}`);

    // 3. The CSV of the filtered tickets: saved by the browser, BOM first, one row per ticket.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the tickets (CSV)', exact: true }).click();
    const file = readFileSync((await (await download).path()) as string);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRecords(file.toString('utf8'));
    expect(rows).toBe(expected.counts.received);
    await page.getByText(new RegExp(`saved: ${rows.toLocaleString('en-IN')} rows?\\.$`)).waitFor();

    // 4. The league table of this month: a chapter's name opens its reports for the month.
    const league = page.getByRole('region', { name: /^Chapters ranked for / });
    await league.getByRole('row').nth(1).waitFor();
    await league.getByRole('link', { name: DRILL[viewport], exact: true }).click();
    await page.waitForURL(`**/reports?city=${drillId}`);
    await showsValue(page, 'Chapter', DRILL[viewport]);
    await showsValue(page, 'Period', 'This month');
    await page.getByRole('article', { name: 'Received', exact: true }).waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, `reports-drill-${viewport}`);
    await context.close();
  });
});
