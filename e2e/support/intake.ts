import type { Browser } from 'playwright-core';
import { newPage, type ViewportName } from './browser';

/** Who submits a ticket through the public form. */
export interface FormMember {
  name: string;
  email: string;
  description: string;
}

/** Submits a Pune ticket through the public form, in a browser closed afterwards; returns its id. */
export async function submitPuneTicket(
  browser: Browser,
  viewport: ViewportName,
  member: FormMember,
): Promise<number> {
  const { context, page } = await newPage(browser, viewport);
  try {
    await page.goto('/add-ticket');
    await page.getByRole('option', { name: 'Pune', exact: true }).waitFor({ state: 'attached' });
    await page.getByRole('textbox', { name: /^Full Name/ }).fill(member.name);
    await page.getByRole('textbox', { name: /^Mobile No/ }).fill('9876501234');
    await page.getByRole('textbox', { name: /^Email/ }).fill(member.email);
    await page.getByRole('combobox', { name: /^City/ }).selectOption({ label: 'Pune' });
    await page.getByRole('combobox', { name: /^Committee/ }).selectOption({ index: 1 });
    await page.getByRole('textbox', { name: /^Detailed Description/ }).fill(member.description);
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/ticket-detail/'), { timeout: 30_000 });
    return Number(/\/ticket-detail\/(\d+)/.exec(page.url())?.[1]);
  } finally {
    await context.close();
  }
}
