/**
 * The admins' Integrations screen (issue 40, Done 4; ADR 0063, 0064) in Chromium behind nginx, at
 * 1280 px and 390 px, against the built api: an admin creates an API token (shown once; it then
 * lists tickets through the api), registers a webhook to a local HTTPS receiver, sees its delivery
 * of a new ticket (delivered, `HTTP 204`), creates a tickets:write token acting for the Pune city
 * president (its internal note is theirs, ADR 0079), and revokes the first token after a confirmation (Cancel keeps
 * it working; confirmed, the api refuses it at once);
 * axe-core finds no serious or critical violation and nothing is wider than the window.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { expectAccessible } from '../support/axe';
import { launchBrowser, newPage, run, screenshot, VIEWPORTS, type ViewportName } from '../support/browser';
import { submitPuneTicket } from '../support/intake';
import { seedSession } from '../support/session';

jest.setTimeout(180_000);

const TLS = path.join(__dirname, '..', '..', 'api', 'test', 'support', 'tls');

let browser: Browser;
let receiver: Server;
let receiverPort = 0;
const received: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = createServer(
    {
      key: readFileSync(path.join(TLS, 'receiver.key.pem')),
      cert: readFileSync(path.join(TLS, 'receiver.cert.pem')),
    },
    (request, response) => {
      received.push(String(request.headers['webhook-id']));
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    },
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
});
afterAll(async () => {
  await browser?.close();
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

const ticketsWith = (token: string) =>
  fetch(`${run().baseUrl}/api/tickets/all?pageSize=1`, { headers: { authorization: `Bearer ${token}` } });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('Integrations at %s width', (viewport) => {
  test('an admin creates a token and a webhook, sees a delivery, and revokes the token', async () => {
    const { context, page } = await newPage(browser, viewport);
    const tag = `${viewport}-${Math.random().toString(36).slice(2, 8)}`;
    const name = `CRM ${tag}`;
    const url = `https://127.0.0.1:${receiverPort}/hooks/${tag}`;
    try {
      await seedSession(page, 'admin@helpdesk.demo');
      await page.goto('/dashboard');
      if (viewport === 'mobile') await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Integrations' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();

      // A token, shown once, that works through the api.
      const tokenForm = page.getByRole('form', { name: 'Create token' });
      await tokenForm.getByRole('textbox', { name: 'Name' }).fill(name);
      await tokenForm.getByRole('checkbox', { name: 'Read tickets (tickets:read)' }).check();
      await tokenForm.getByRole('button', { name: 'Create token' }).click();
      const shown = page.getByLabel('The new token');
      await shown.waitFor();
      const token = (await shown.textContent())?.trim() ?? '';
      expect(token).toMatch(/^hdk_\d+_/);
      expect((await ticketsWith(token)).status).toBe(200);
      const tokens = page.getByRole('table', { name: 'API tokens' });
      await tokens.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Active' }).waitFor();

      // A webhook to the local receiver, and its delivery of a new ticket.
      const hookForm = page.getByRole('form', { name: 'Register webhook' });
      await hookForm.getByRole('textbox', { name: 'Address (https://)' }).fill(url);
      await hookForm.getByRole('checkbox', { name: 'Ticket submitted (ticket.submitted)' }).check();
      await hookForm.getByRole('button', { name: 'Register webhook' }).click();
      await page.getByLabel('The signing secret').waitFor();
      const ticket = await submitPuneTicket({
        // A member's name has no digits: the tag's letters only.
        name: `Hook ${tag.replace(/[^a-z]/g, '')}`,
        email: `hook.${tag}@example.com`,
        description: `A delivery for ${tag}.`,
      });
      const card = page
        .getByRole('list', { name: 'Registered webhooks' })
        .getByRole('listitem')
        .filter({ hasText: url });
      await card.getByRole('button', { name: 'Show deliveries' }).click();
      const delivered = card
        .getByRole('table', { name: `Deliveries to ${url}` })
        .getByRole('row')
        .filter({ hasText: 'Delivered' })
        .filter({ hasText: 'HTTP 204' });
      // The outbox sends within a moment; the list shows it once asked again.
      const deadline = Date.now() + 60_000;
      while (!(await delivered.count()) && Date.now() < deadline) {
        await card.getByRole('button', { name: 'Refresh' }).click();
        await delivered
          .first()
          .waitFor({ timeout: 2_000 })
          .catch(() => undefined);
      }
      await delivered.first().waitFor();
      expect(received.length).toBeGreaterThan(0);

      // A tickets:write token acts for the staff user picked for it (ADR 0079): its note is theirs.
      await tokenForm.getByRole('textbox', { name: 'Name' }).fill(`Desk ${tag}`);
      await tokenForm.getByRole('checkbox', { name: 'Change tickets (tickets:write)' }).check();
      await tokenForm.getByRole('combobox', { name: 'City' }).click();
      await page.getByRole('option', { name: 'Pune', exact: true }).click();
      const actingUser = tokenForm.getByRole('combobox', { name: 'Acts for (staff user)' });
      await actingUser.click();
      await actingUser.fill('Aditya');
      await page.getByRole('option', { name: 'Aditya Patwardhan (City President, Pune)' }).click();
      await tokenForm.getByRole('button', { name: 'Create token' }).click();
      await tokens
        .getByRole('row')
        .filter({ hasText: `Desk ${tag}` })
        .filter({ hasText: 'Aditya Patwardhan' })
        .waitFor();
      // The new token replaces the first one on the screen.
      await shown.filter({ hasNotText: token }).waitFor();
      const writeToken = (await shown.textContent())?.trim() ?? '';
      expect(writeToken).toMatch(/^hdk_\d+_/);
      const note = await fetch(`${run().baseUrl}/api/tickets/${ticket.id}/replies`, {
        method: 'POST',
        headers: { authorization: `Bearer ${writeToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Called the builder for ${tag}.`, visibility: 'internal' }),
      });
      expect(note.status).toBe(201);
      expect((await note.json()).entry).toMatchObject({
        actionBy: 'Aditya Patwardhan',
        visibility: 'internal',
      });

      await expectAccessible(page);
      await screenshot(page, `integrations-${viewport}`);

      // Revoke asks first: Cancel keeps the token working.
      const revoke = tokens.getByRole('button', { name: `Revoke the token ${name}` });
      const confirm = page.getByRole('dialog', { name: `Revoke the token ${name}?` });
      await revoke.click();
      await confirm.waitFor();
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect((await ticketsWith(token)).status).toBe(200);

      // Confirmed: the row says so and the api refuses the token at once.
      await revoke.click();
      await confirm.getByRole('button', { name: 'Revoke token' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await tokens.getByRole('row').filter({ hasText: name }).filter({ hasText: 'Revoked' }).waitFor();
      expect((await ticketsWith(token)).status).toBe(401);
    } finally {
      await context.close();
    }
  });
});
