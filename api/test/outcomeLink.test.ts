/**
 * The rating email's outcome link (docs/security.md "Links", ADR 0042; issue 19: the member rates
 * "by message and on the ticket's page, through the private link, no sign-in"): the link in the
 * `rating.requested` email opens that one ticket in a fresh request and lets the member rate,
 * reply and read its chain; it opens no other ticket, not the member's list and no staff call; a
 * tampered, expired or revoked one gets exactly a wrong key's answer. The api's clock is a
 * ManualClock the tests move. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { auditLog, outbox, tickets } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import {
  type Channel,
  type OutgoingMessage,
  unconfiguredChannel,
} from '../src/services/outbox/channels/channel';
import { openParams } from '../src/services/outbox/sealedParams';
import { renderEmail } from '../src/services/outbox/templates';
import { OutboxWorker } from '../src/services/outbox/worker';
import { TEST_WORKER_SETTINGS } from './support/outbox';
import { ADMIN, bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(180_000);

const SITE = 'https://help.example';
const DAY = 86_400_000;
const START = new Date('2026-12-01T06:00:00.000Z');
/** The demo's rating window is 7 days: the 30-day appeal window is the longer one. */
const OPEN_DAYS = 30;

describe.each(databaseKinds)('the outcome link on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock(START);
  let app: App;
  let refs: DemoRefs;
  let adminToken = '';

  beforeAll(async () => {
    app = await buildDemoApp(
      database(),
      { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' },
      undefined,
      clock,
    );
    await app.ready();
    refs = await demoRefs(app);
    adminToken = await tokenFor(app, ADMIN);
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });

  const keyed = (key: string) => ({ 'x-access-key': key });
  const get = (url: string, key: string) => app.inject({ url, headers: keyed(key) });
  const post = (url: string, key: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: keyed(key), payload });

  /** A Pune ticket submitted now and decided by the admin, by a new member unless `email` is given. */
  async function decided(status: 'resolved' | 'rejected', email?: string) {
    const submitted = await submit(app, submitFields(refs, email ? { email } : {}));
    expect(submitted.statusCode).toBe(201);
    const answer = submitted.json() as { ticketId: number; userId: number };
    const acted = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${answer.ticketId}/status`,
      headers: bearer(adminToken),
      payload: { status, comment: status === 'resolved' ? 'The lift was repaired' : 'Not a chapter matter' },
    });
    expect(acted.statusCode).toBe(200);
    return { id: answer.ticketId, memberId: answer.userId };
  }

  /** The outcome link of the ticket's rating email, as the member reads it in the rendered email. */
  async function emailedLink(id: number, locale = 'en') {
    const rows = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ticketId, id), eq(outbox.event, 'rating.requested')));
    expect(rows).toHaveLength(1);
    // Sealed while the row waits (ADR 0052): opened as the worker opens it.
    const params = openParams(rows[0]?.params as Record<string, unknown>);
    const email = renderEmail('ratingRequested', locale, params, SITE);
    const url = new RegExp(`${SITE}/ticket-detail/${id}#key=o\\.\\d+\\.[A-Za-z0-9_-]{43}`).exec(
      email.text,
    )?.[0];
    if (!url) throw new Error(`no outcome link in ${email.text}`);
    // The HTML button opens the same page.
    expect(email.html).toContain(`href="${url}"`);
    return { url, key: url.split('#key=')[1] ?? '', params, email };
  }

  it('the emailed link opens the ticket, its chain and stages, and lets the member reply and rate in fresh requests with no other key', async () => {
    clock.set(START);
    const { id } = await decided('resolved');
    const { key, params, email } = await emailedLink(id);
    expect(params.outcomeUrl).toBe(`/ticket-detail/${id}#key=${key}`);
    expect(email.text).toContain('Open the ticket to rate the outcome');
    // Valid until the longer window ends, counted from the outcome.
    expect(Number(key.split('.')[1])).toBe((START.getTime() + OPEN_DAYS * DAY) / 1000);

    clock.set(new Date(START.getTime() + 2 * DAY));
    const opened = await get(`/api/tickets/${id}`, key);
    expect(opened.statusCode).toBe(200);
    const ticket = opened.json().ticket;
    expect(ticket).toMatchObject({ id, status: 'resolved', lastWord: { canRate: true } });
    // A link viewer: the contact details masked.
    expect(ticket.customer.email).toMatch(/\*\*\*/);
    expect(ticket.customer.mobile).toBe('98******10');
    expect((await get(`/api/tickets/${id}/history`, key)).statusCode).toBe(200);
    expect((await get(`/api/tickets/${id}/stages`, key)).statusCode).toBe(200);

    const replied = await post(`/api/tickets/${id}/replies`, key, { text: 'Thank you for the repair' });
    expect(replied.statusCode).toBe(201);
    // The audit trail names the outcome key by its ticket and expiry, never by its MAC.
    const [trail] = await app.db
      .select({ actorKey: auditLog.actorKey, actorUserId: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.reply'), eq(auditLog.targetId, id)));
    expect(trail).toEqual({ actorKey: `outcome:${id}:${key.split('.')[1]}`, actorUserId: null });

    const rated = await post(`/api/tickets/${id}/rating`, key, { stars: 4, comment: 'Fixed' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().ticket).toMatchObject({ rating: { stars: 4, comment: 'Fixed' } });
  });

  it('a rejection emails the link in Hindi and Marathi too, and it lets the member appeal on day 29', async () => {
    clock.set(START);
    const { id } = await decided('rejected');
    for (const [locale, label] of [
      ['hi', 'परिणाम को रेटिंग देने के लिए टिकट खोलें'],
      ['mr', 'निकालाला रेटिंग देण्यासाठी तिकीट उघडा'],
    ] as const) {
      expect((await emailedLink(id, locale)).email.text).toContain(label);
    }
    const { key } = await emailedLink(id);
    clock.set(new Date(START.getTime() + 29 * DAY));
    const appealed = await post(`/api/tickets/${id}/appeal`, key, { reason: 'It is a chapter matter' });
    expect(appealed.statusCode).toBe(200);
  });

  it('opens no other ticket (not even the same member’s), not the member’s list and no staff call', async () => {
    clock.set(START);
    const first = await decided('resolved');
    const [member] = await app.db
      .select({ email: tickets.submitterEmail })
      .from(tickets)
      .where(eq(tickets.id, first.id));
    const second = await decided('resolved', member?.email ?? undefined);
    expect(second.memberId).toBe(first.memberId);
    const { key } = await emailedLink(first.id);
    const wrong = 'A'.repeat(43);

    for (const url of [
      `/api/tickets/${second.id}`,
      `/api/tickets/${second.id}/history`,
      `/api/tickets/user/${first.memberId}`,
      `/api/tickets/user/${first.memberId}/latest`,
    ]) {
      const byOutcome = await get(url, key);
      const byWrong = await get(url, wrong);
      expect(byOutcome.statusCode).toBe(404);
      expect(byOutcome.body).toBe(byWrong.body);
    }
    const rating = await post(`/api/tickets/${second.id}/rating`, key, { stars: 5 });
    expect(rating.statusCode).toBe(404);
    expect(rating.body).toBe((await post(`/api/tickets/${second.id}/rating`, wrong, { stars: 5 })).body);
    // Staff calls take a token: the key is no sign-in.
    expect((await get('/api/tickets/all', key)).statusCode).toBe(401);
    expect((await get(`/api/tickets/${first.id}/messages`, key)).statusCode).toBe(401);
  });

  it('a tampered, expired or revoked key gets exactly the answer of a wrong key', async () => {
    clock.set(START);
    const { id } = await decided('resolved');
    const { key } = await emailedLink(id);
    const [, expiry, mac = ''] = key.split('.');
    const wrongAnswer = (await get(`/api/tickets/${id}`, 'A'.repeat(43))).body;
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    for (const tampered of [
      `o.${expiry}.${flipped}`,
      `o.${Number(expiry) + DAY / 1000}.${mac}`,
      `o.${expiry}.${mac}`.replace(/^o\./, 'x.'),
      `${expiry}.${mac}`,
    ]) {
      const answer = await get(`/api/tickets/${id}`, tampered);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(wrongAnswer);
    }

    // The last second of the appeal window still opens it; the next one does not.
    clock.set(new Date(START.getTime() + OPEN_DAYS * DAY));
    expect((await get(`/api/tickets/${id}`, key)).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await get(`/api/tickets/${id}`, key);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toBe(wrongAnswer);

    // Rotating the ticket's share key (a leaked link) stops its outcome link at once.
    clock.set(START);
    const other = await decided('resolved');
    const link = await emailedLink(other.id);
    expect((await get(`/api/tickets/${other.id}`, link.key)).statusCode).toBe(200);
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/tickets/${other.id}/share-key`,
      headers: bearer(adminToken),
    });
    expect(rotated.statusCode).toBe(200);
    const revoked = await get(`/api/tickets/${other.id}`, link.key);
    expect(revoked.statusCode).toBe(404);
  });

  it('the sent email carries the link, and the row keeps it no longer once sent', async () => {
    clock.set(START);
    const { id } = await decided('resolved');
    const sent: OutgoingMessage[] = [];
    const email: Channel = {
      name: 'email',
      configured: true,
      heldReason: '',
      async send(message) {
        sent.push(message);
      },
    };
    const worker = new OutboxWorker(
      app.db,
      clock,
      {
        email,
        sms: unconfiguredChannel('sms', 'off'),
        whatsapp: unconfiguredChannel('whatsapp', 'off'),
        webhook: unconfiguredChannel('webhook', 'off'),
      },
      TEST_WORKER_SETTINGS,
      app.log,
      {},
    );
    while ((await worker.runOnce()) > 0) {
      // every queued row of the test database, this ticket's among them
    }
    const message = sent.find((one) => one.ticketId === id && one.event === 'rating.requested');
    if (!message) throw new Error('the rating email was not sent');
    const text = renderEmail(message.template, message.locale, message.params, SITE).text;
    const key = /#key=(o\.\d+\.[A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';
    expect((await get(`/api/tickets/${id}`, key)).statusCode).toBe(200);
    const [row] = await app.db
      .select({ params: outbox.params, status: outbox.status })
      .from(outbox)
      .where(and(eq(outbox.ticketId, id), eq(outbox.event, 'rating.requested')));
    expect(row?.status).toBe('sent');
    expect((row?.params as Record<string, unknown> | undefined)?.outcomeUrl).toBeNull();
  });
});
