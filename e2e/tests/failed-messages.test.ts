/**
 * The admins' Failed messages screen in Chromium behind nginx, at 1280 px and 390 px, against the
 * built api (issue 17: "admins can see failed messages and retry them"): a member's address the
 * mail server refuses (the catcher refuses every address at bounce.invalid with 550) makes the
 * confirmation fail for good; the admin finds it on /messages from the sidebar, with its masked
 * recipient, its ticket and the server's error, retries it (queued again, and failed again by the
 * same refusal); axe-core finds no serious or critical violation.
 */
import type { Browser, Page } from 'playwright-core';
import { BOUNCE_DOMAIN } from '../../scripts/lib/mailCatcher.mjs';
import { seriousViolations } from '../support/axe';
import { launchBrowser, newPage, run, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { seedSession } from '../support/session';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Failed {
  id: number;
  ticketId: number | null;
  event: string;
  attempts: number;
  lastError: string | null;
}

async function adminToken(): Promise<string> {
  const answer = await fetch(`${run().baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'admin@helpdesk.demo',
      password: process.env.DEMO_PASSWORD || 'Demo@12345',
    }),
  });
  return ((await answer.json()) as { token: string }).token;
}

/** A Pune ticket from an address the mail server refuses; returns its id. */
async function submitToRefusedAddress(viewport: ViewportName): Promise<number> {
  const site = run().baseUrl;
  const { cities } = (await (await fetch(`${site}/api/cities/getAllCities`)).json()) as {
    cities: { id: number; name: string }[];
  };
  const pune = cities.find((city) => city.name === 'Pune');
  const { committees } = (await (
    await fetch(`${site}/api/committees/getAllCommittees?cityId=${pune?.id}`)
  ).json()) as { committees: { id: number }[] };
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  const form = new FormData();
  for (const [name, value] of Object.entries({
    fullName: `Bounce ${letters.join('')}`,
    cityId: String(pune?.id),
    mobile: '9876501234',
    committeeId: String(committees[0]?.id),
    email: `bounce.${viewport}.${letters.join('')}@${BOUNCE_DOMAIN}`,
    description: `My confirmation never arrives (${viewport} ${letters.join('')}).`,
  }))
    form.append(name, value);
  const answer = await fetch(`${site}/api/tickets/submit`, { method: 'POST', body: form });
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { ticketId: number }).ticketId;
}

/** The ticket's failed confirmation once the outbox has given up on it (the api's own list). */
async function failedConfirmation(token: string, ticketId: number, minAttempts = 1): Promise<Failed> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const answer = await fetch(`${run().baseUrl}/api/messages/failed`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { messages } = (await answer.json()) as { messages: Failed[] };
    const found = messages.find(
      (message) =>
        message.ticketId === ticketId &&
        message.event === 'ticket.submitted' &&
        message.attempts >= minAttempts,
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The confirmation of ticket ${ticketId} did not fail within a minute`);
}

/** The message's row (a table row on a desktop, a card on a phone). */
function entryOf(page: Page, viewport: ViewportName, ticketId: number) {
  const container =
    viewport === 'mobile'
      ? page.getByRole('list', { name: 'Failed messages' }).getByRole('listitem')
      : page.getByRole('table', { name: 'Failed messages' }).getByRole('row');
  return container.filter({ hasText: `CREDAI-${ticketId}` }).filter({ hasText: 'Ticket submitted' });
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('Failed messages at %s width', (viewport) => {
  test('an admin finds a refused confirmation, with why, and retries it', async () => {
    const ticketId = await submitToRefusedAddress(viewport);
    const token = await adminToken();
    const failed = await failedConfirmation(token, ticketId);
    expect(failed.lastError).toMatch(/^SMTP 550/);

    const { context, page } = await newPage(browser, viewport);
    try {
      await seedSession(page, 'admin@helpdesk.demo');
      await page.goto('/dashboard');
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Failed messages' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Failed messages' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/messages');

      const entry = entryOf(page, viewport, ticketId);
      await entry.waitFor();
      const text = (await entry.textContent()) ?? '';
      expect(text).toContain(`b***@${BOUNCE_DOMAIN}`);
      expect(text).toContain('Email');
      expect(text).toContain('SMTP 550');
      expect(text).not.toContain(`bounce.${viewport}.`);
      expect(await seriousViolations(page)).toEqual([]);
      const [scrollWidth, width] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      await screenshot(page, `failed-messages-${viewport}`);

      const retried = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === `/api/messages/${failed.id}/retry`,
      );
      await entry.getByRole('button', { name: new RegExp(`^Retry message ${failed.id} `) }).click();
      expect((await retried).status()).toBe(200);
      await page
        .getByRole('status')
        .filter({ hasText: `Message ${failed.id} is queued again and will be sent in a moment.` })
        .waitFor();

      // Sent again at once, and refused again: back on the list after a reload.
      await failedConfirmation(token, ticketId);
      await page.reload();
      await entryOf(page, viewport, ticketId).waitFor();
    } finally {
      await context.close();
    }
  });
});
