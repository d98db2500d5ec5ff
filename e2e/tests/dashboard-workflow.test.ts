/**
 * The staff dashboard in Chromium behind nginx, at 1280 px and 390 px, against the real api:
 * a ticket submitted as the public form posts it goes through the whole review chain in the details
 * dialog (pune.president approves, pune.convenor resolves, pune.observer gives the final
 * approval) and its public page then says it is resolved; another is rejected with a reason;
 * Mumbai's president never sees Pune's tickets; each filter narrows the list; axe-core finds no
 * serious or critical violation on the dashboard or in the open dialog.
 */

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { submitPuneTicket } from '../support/intake';
import { seedSession } from '../support/session';

jest.setTimeout(240_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// Counts are grouped as en-IN writes them (1,20,000).
const FOOTER = /^Showing [\d,]+ to [\d,]+ of ([\d,]+) entries$/;

/** A name without digits (the form refuses them), different in every run. */
function memberName(prefix: string): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${prefix} ${letters.join('')}`;
}

/** Each ticket from a new member: an existing member's email would file it under that member's name. */
const emailOf = (name: string) => `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`;

/** A Pune ticket of a new member (as the public form posts it); returns its share link (its public page). */
async function submitTicket(name: string, description: string): Promise<string> {
  return (await submitPuneTicket({ name, email: emailOf(name), description })).shareUrl;
}

/** A signed-in staff page on /dashboard with the list, cards and chart loaded. */
async function dashboardAs(
  viewport: ViewportName,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, viewport);
  await seedSession(page, email);
  await page.goto('/dashboard');
  await dashboardLoaded(page);
  return { context, page };
}

async function dashboardLoaded(page: Page) {
  await page.getByText(FOOTER).waitFor();
  await page
    .getByRole('listitem', { name: 'Total Tickets' })
    .getByText(/^[\d,]+$/)
    .waitFor();
}

async function total(page: Page): Promise<number> {
  const text = (await page.getByText(FOOTER).textContent()) ?? '';
  return Number(FOOTER.exec(text)?.[1]?.replace(/,/g, ''));
}

/** Waits until the list shows a total that `accept` likes, and returns it. */
async function totalBecomes(page: Page, accept: (value: number) => boolean): Promise<number> {
  let value = -1;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    value = await total(page);
    if (accept(value)) return value;
    await page.waitForTimeout(100);
  }
  throw new Error(`The list total stayed at ${value}`);
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search by name or title' }).fill(text);
}

/** Searches the member's ticket and opens its details dialog. */
async function openTicket(page: Page, viewport: ViewportName, name: string) {
  await search(page, name);
  await totalBecomes(page, (value) => value === 1);
  const opener =
    viewport === 'mobile'
      ? page.getByRole('button', { name: 'View Details' })
      : page.getByRole('button', { name: /^View ticket CREDAI-\d+$/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: /^Ticket Details - #CREDAI-\d+$/ });
  await dialog.waitFor();
  await dialog.getByText(/Loading the latest version/).waitFor({ state: 'detached' });
  return dialog;
}

/** Acts through the dialog and its confirmation; waits for the success toast and the close. */
async function act(
  page: Page,
  viewport: ViewportName,
  name: string,
  action: 'Approve' | 'Reject' | 'Resolve',
  text: string,
  toast: string,
) {
  const dialog = await openTicket(page, viewport, name);
  await dialog.getByRole('group', { name: 'Actions' }).getByRole('button', { name: action }).click();
  const titles = { Approve: 'Confirm Approval', Reject: 'Confirm Rejection', Resolve: 'Resolve Ticket' };
  const confirm = page.getByRole('dialog', { name: titles[action] });
  await confirm.waitFor();
  const box = { Approve: 'Comment (optional)', Reject: 'Rejection Reason', Resolve: 'Resolution Reason' }[
    action
  ];
  const confirmButton = confirm.getByRole('button', { name: action, exact: true });
  if (action !== 'Approve') expect(await confirmButton.isDisabled()).toBe(true);
  await confirm.getByRole('textbox', { name: box }).fill(text);
  await confirmButton.click();
  await page.getByText(toast, { exact: true }).waitFor();
  await dialog.waitFor({ state: 'detached' });
}

const statusInList = (page: Page, viewport: ViewportName) =>
  viewport === 'mobile'
    ? page.getByRole('list', { name: 'Tickets' }).getByRole('listitem').first()
    : page.getByRole('table', { name: 'Tickets' }).getByRole('row').nth(1).getByRole('cell').nth(3);

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('the staff dashboard at %s width', (viewport) => {
  test('a submitted ticket goes through the whole chain and its public page says it is resolved', async () => {
    const name = memberName('Chain');
    const shareUrl = await submitTicket(name, 'The lift in tower C has been stuck since Monday.');

    const president = await dashboardAs(viewport, 'pune.president@helpdesk.demo');
    await act(
      president.page,
      viewport,
      name,
      'Approve',
      'Genuine complaint',
      'Ticket has been approved successfully!',
    );
    expect(await statusInList(president.page, viewport).textContent()).toContain('Approved');
    await president.context.close();

    const convenor = await dashboardAs(viewport, 'pune.convenor@helpdesk.demo');
    await act(
      convenor.page,
      viewport,
      name,
      'Resolve',
      'Lift repaired by the developer',
      'Ticket has been marked as resolved!',
    );
    await convenor.context.close();

    const observer = await dashboardAs(viewport, 'pune.observer@helpdesk.demo');
    const dialog = await openTicket(observer.page, viewport, name);
    // The history holds every step so far.
    await dialog.getByText('Genuine complaint').waitFor();
    await dialog.getByText('Lift repaired by the developer').first().waitFor();
    await observer.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await act(
      observer.page,
      viewport,
      name,
      'Resolve',
      'Checked on site',
      'Ticket has been marked as resolved!',
    );
    expect(await statusInList(observer.page, viewport).textContent()).toContain('Resolved');
    await observer.context.close();

    const { context, page } = await newPage(browser, viewport);
    await page.goto(shareUrl);
    await page.getByText('This ticket has been successfully resolved.').waitFor();
    await screenshot(page, `dashboard-chain-public-resolved-${viewport}`);
    await context.close();
  });

  test('a ticket is rejected with a reason', async () => {
    const name = memberName('Reject');
    await submitTicket(name, 'Please refund the booking amount of the cancelled flat.');
    const { context, page } = await dashboardAs(viewport, 'pune.president@helpdesk.demo');
    await act(
      page,
      viewport,
      name,
      'Reject',
      'Refunds are handled by the developer directly',
      'Ticket has been rejected.',
    );
    await page.getByRole('button', { name: 'Rejected', exact: true }).click();
    await totalBecomes(page, (value) => value === 1);
    expect(await statusInList(page, viewport).textContent()).toContain('Rejected');
    const dialog = await openTicket(page, viewport, name);
    await dialog.getByRole('heading', { name: 'Rejection Reason' }).waitFor();
    await dialog.getByText('Refunds are handled by the developer directly').first().waitFor();
    expect(await dialog.getByRole('group', { name: 'Actions' }).count()).toBe(0);
    await context.close();
  });

  test("Mumbai's president never sees Pune's tickets", async () => {
    const name = memberName('Pune');
    await submitTicket(name, 'Water seepage in the basement parking of wing A.');
    const { context, page } = await dashboardAs(viewport, 'mumbai.president@helpdesk.demo');
    await page.getByRole('heading', { level: 1, name: 'City President Dashboard' }).waitFor();
    const chart = page.getByRole('table', { name: 'Tickets by city', includeHidden: true });
    await chart.waitFor({ state: 'attached' });
    expect(await chart.getByRole('rowheader', { includeHidden: true }).allTextContents()).toEqual(['Mumbai']);
    for (const filter of ['All', 'Resolved']) {
      await page.getByRole('button', { name: filter, exact: true }).click();
      await search(page, name);
      await page.getByText('No tickets found.').waitFor();
    }
    await context.close();
  });

  test('search, status, city and date each narrow the list; no serious axe violation', async () => {
    const name = memberName('Filter');
    await submitTicket(name, 'The society office refuses to hand over the parking allotment.');
    const { context, page } = await dashboardAs(viewport, 'admin@helpdesk.demo');
    const all = await total(page);
    expect(all).toBeGreaterThan(10);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `dashboard-admin-${viewport}`);

    await search(page, name);
    expect(await totalBecomes(page, (value) => value < all)).toBe(1);
    // A word most of the seeded tickets have (more than the api counts, 1,000): a lower bound.
    await search(page, 'of');
    await page.getByText('Showing 1 to 10 of 1,000+ entries').waitFor();
    await page.getByText('Page 1 of 100+').waitFor();
    await search(page, '');
    await totalBecomes(page, (value) => value === all);

    await page.getByRole('button', { name: 'Resolved', exact: true }).click();
    expect(await totalBecomes(page, (value) => value !== all)).toBeLessThan(all);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await totalBecomes(page, (value) => value === all);

    await page.getByRole('combobox', { name: 'Filter by city' }).click();
    await page.getByRole('option', { name: 'Mumbai', exact: true }).click();
    expect(await totalBecomes(page, (value) => value !== all)).toBeLessThan(all);
    await page.getByRole('combobox', { name: 'Filter by city' }).click();
    await page.getByRole('option', { name: 'Mumbai', exact: true }).click(); // chosen again: cleared
    await totalBecomes(page, (value) => value === all);

    const today = new Date();
    const label = `${today.getDate()} ${today.toLocaleDateString('en', { month: 'long' })} ${today.getFullYear()}`;
    await page.getByRole('button', { name: 'Created on' }).click();
    await page.getByRole('button', { name: label }).click();
    const ofToday = await totalBecomes(page, (value) => value !== all);
    expect(ofToday).toBeGreaterThanOrEqual(1);
    expect(ofToday).toBeLessThan(all);

    const dialog = await openTicket(page, viewport, name);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, `dashboard-dialog-${viewport}`);
    await dialog.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Reject' }).click();
    await page.getByRole('dialog', { name: 'Confirm Rejection' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
