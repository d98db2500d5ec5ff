/**
 * Revocable links and the audit trail in Chromium behind nginx, at 1280 px and 390 px (issue 15,
 * Done 3; docs/security.md "Links" and "Audit trail"): a Pune member's ticket is opened by its
 * share link; the city president opens it in the staff dialog (a read of the member's contact
 * details) and rotates its share key; the old link then shows the not-found page while the new one
 * opens the ticket, and the member is emailed the new link; the admin's audit trail on /activity
 * shows the rotation and the earlier reads (the details, the viewed file), by the president, with
 * the address. The View button opens the file's server URL under a sandboxing CSP, not a blob:.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, run, screenshot, type ViewportName } from '../support/browser';
import { linksIn, waitForMail } from '../support/mail';
import { seedSession } from '../support/session';

jest.setTimeout(240_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A real 1 x 1 PNG, so the browser shows it. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const api = (path: string) => `${run().baseUrl}/api${path}`;

/** A Pune ticket of a new member, submitted through the public call as the form sends it. */
async function submitPuneTicket(
  tag: string,
): Promise<{ ticketId: number; shareUrl: string; email: string; description: string }> {
  const cities = (await (await fetch(api('/cities/getAllCities'))).json()) as {
    cities: { id: number; name: string }[];
  };
  const pune = cities.cities.find((city) => city.name === 'Pune');
  if (!pune) throw new Error('no demo city Pune');
  const committees = (await (await fetch(api(`/committees/getAllCommittees?cityId=${pune.id}`))).json()) as {
    committees: { id: number; name: string }[];
  };
  const committee = committees.committees[0];
  if (!committee) throw new Error('Pune runs no committee');
  const letters = Array.from({ length: 8 }, () =>
    String.fromCharCode(97 + Math.floor(Math.random() * 26)),
  ).join('');
  const email = `rotation.${letters}@example.com`;
  const description = `Rotation check ${tag} ${letters}: the parking gate stays open at night.`;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    fullName: `Member ${letters}`,
    cityId: String(pune.id),
    city: 'Pune',
    mobile: '9876501234',
    committeeId: String(committee.id),
    committee: committee.name,
    email,
    description,
  }))
    form.append(name, value);
  form.append('attachment', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), 'site.png');
  const response = await fetch(api('/tickets/submit'), {
    method: 'POST',
    body: form,
    headers: { 'idempotency-key': randomBytes(32).toString('base64url') },
  });
  if (response.status !== 201)
    throw new Error(`submit answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { ticketId: number; shareUrl: string };
  return { ...body, email, description };
}

/** The public ticket page of a share link: its description, or the not-found state. */
async function openShareLink(viewport: ViewportName, url: string) {
  const { context, page } = await newPage(browser, viewport);
  await page.goto(url);
  return { context, page };
}

async function auditRows(page: Page) {
  const table = page.getByRole('table', { name: 'Audit trail entries' });
  await table.waitFor();
  return table
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.slice(1).map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')),
    );
}

describe.each(['desktop', 'mobile'] as const)('at %s width', (viewport) => {
  it('a rotated share link stops at once, the new one works, and the audit trail shows it', async () => {
    const ticket = await submitPuneTicket(viewport);
    const oldLink = new URL(ticket.shareUrl, run().baseUrl).toString();

    // The member's share link opens the ticket.
    {
      const { context, page } = await openShareLink(viewport, oldLink);
      await page.getByText(ticket.description).waitFor();
      await context.close();
    }

    // The city president opens the ticket (its contact details) and rotates the share key.
    let newLink: string;
    {
      const { context, page } = await newPage(browser, viewport);
      await seedSession(page, 'pune.president@helpdesk.demo');
      await page.goto(`/dashboard?ticket=${ticket.ticketId}`);
      const dialog = page.getByRole('dialog', { name: /^Ticket Details - #CREDAI-\d+$/ });
      await dialog.waitFor();
      await dialog.getByText(ticket.email).waitFor();

      // View opens the file's own server URL (a view link) in a sandboxed document, never a blob:.
      const shown = context.waitForEvent('response', (answer) => answer.url().includes('?view='));
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        dialog.getByRole('button', { name: 'View site.png in a new tab' }).click(),
      ]);
      const file = await shown;
      expect(file.status()).toBe(200);
      expect(file.url()).toMatch(
        /^https?:\/\/[^/]+\/uploads\/attachments\/[^/?]+\?view=\d+\.[A-Za-z0-9_-]{43}$/,
      );
      expect(await file.headerValue('content-security-policy')).toMatch(/^sandbox;/);
      await tab.waitForURL(/\/uploads\/attachments\//);
      expect(tab.url()).not.toMatch(/^blob:/);
      await tab.close();
      await dialog.getByRole('button', { name: 'Rotate link', exact: true }).click();
      await dialog.getByText(/The current link stops working at once/).waitFor();
      await dialog.getByRole('button', { name: 'Rotate link now' }).click();
      const field = dialog.getByRole('textbox', { name: 'New share link' });
      await field.waitFor();
      newLink = await field.inputValue();
      expect(newLink).toMatch(new RegExp(`/ticket-detail/${ticket.ticketId}#key=[A-Za-z0-9_-]{43}$`));
      expect(newLink).not.toBe(oldLink);
      await dialog.getByText('The new link is on its way to the member by email.').waitFor();
      await screenshot(page, `link-rotation-dialog-${viewport}`);
      await context.close();
    }

    // The old link shows the not-found page; the new one opens the ticket.
    {
      const { context, page } = await openShareLink(viewport, oldLink);
      await page.getByText('This ticket cannot be shown').waitFor();
      await page.getByText('Ticket not found').waitFor();
      expect(await page.getByText(ticket.description).count()).toBe(0);
      await screenshot(page, `link-rotation-old-link-${viewport}`);
      await context.close();
    }
    {
      const { context, page } = await openShareLink(viewport, newLink);
      await page.getByText(ticket.description).waitFor();
      await context.close();
    }

    // The member's email carries the new link.
    const mail = await waitForMail(ticket.email, (message) =>
      message.subject.includes(`A new link to your ticket #${ticket.ticketId}`),
    );
    expect(linksIn(mail).map((link) => `${link.pathname}${link.hash}`)).toContain(
      `${new URL(newLink).pathname}${new URL(newLink).hash}`,
    );

    // The admin's audit trail: the rotation and the earlier read, by the president.
    {
      const { context, page } = await newPage(browser, viewport);
      await seedSession(page, 'admin@helpdesk.demo');
      await page.goto('/activity');
      const trail = page.getByRole('region', { name: 'Audit trail', exact: true });
      await trail.waitFor();
      await trail.getByRole('textbox', { name: 'Ticket ID' }).fill(String(ticket.ticketId));
      await trail.getByRole('button', { name: 'Filter' }).click();
      await trail.getByText('Page 1 of 1 (3 entries)').waitFor();
      const rows = await auditRows(page);
      expect(rows.map((row) => row.slice(1, 5))).toEqual([
        [
          expect.stringMatching(/^Aditya Patwardhan.*City President$/),
          '127.0.0.1',
          "Replaced a ticket's share link",
          `Ticket #CREDAI-${ticket.ticketId}`,
        ],
        [
          expect.stringMatching(/^Aditya Patwardhan.*City President$/),
          '127.0.0.1',
          'Downloaded a file',
          `Ticket #CREDAI-${ticket.ticketId}`,
        ],
        [
          expect.stringMatching(/^Aditya Patwardhan.*City President$/),
          '127.0.0.1',
          "Read a ticket's contact details",
          `Ticket #CREDAI-${ticket.ticketId}`,
        ],
      ]);
      expect(rows[1]?.[5]).toBe('kind: attachment; file: site.png; view: true');
      await screenshot(page, `audit-trail-${viewport}`);
      await context.close();
    }
  });
});
