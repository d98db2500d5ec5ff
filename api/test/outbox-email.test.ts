/**
 * The notifications over a real SMTP server (docs/architecture.md#conversation-and-notifications):
 * a submit sends one confirmation to the member, whose link opens the ticket, and one "new ticket"
 * email to the city's president; each chain step sends the member one status email and the next
 * holder a hand-off; a staff reply reaches the member, a member reply the current holder, an
 * internal note nobody. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import type { App } from '../src/app';
import { outboxRows, outboxSettled } from './support/outbox';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { linksOf, type SmtpSink, startSmtpSink } from './support/smtpSink';
import { type DemoRefs, demoRefs, keyOf, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const PUBLIC_URL = 'https://helpdesk.example.org';
const PRESIDENT = 'pune.president@helpdesk.demo';
const CONVENOR = 'pune.convenor@helpdesk.demo';
const OBSERVER = 'pune.observer@helpdesk.demo';

describe.each(databaseKinds)('notifications by email on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let sink: SmtpSink;
  let refs: DemoRefs;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await buildDemoApp(database(), {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Help Desk <help@helpdesk.example.org>',
      PUBLIC_URL,
      OUTBOX_POLL_MS: '50',
    });
    await app.ready();
    refs = await demoRefs(app);
    for (const email of [PRESIDENT, CONVENOR, OBSERVER]) tokens[email] = await tokenFor(app, email);
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  async function submitted(overrides: Record<string, string> = {}) {
    const fields = submitFields(refs, overrides);
    const response = await submit(app, fields);
    expect(response.statusCode).toBe(201);
    return { fields, body: response.json() as { ticketId: number; shareUrl: string; userId: number } };
  }

  const patchStatus = (email: string, id: number, status: string, comment = '') =>
    app.inject({
      method: 'PATCH',
      url: `/api/tickets/${id}/status`,
      headers: bearer(tokens[email] ?? ''),
      payload: { status, comment },
    });

  it('a submit sends one confirmation to the member (its link opens the ticket) and one "new ticket" email to the president', async () => {
    const { fields, body } = await submitted();
    const [confirmation] = await sink.waitFor((email) => email.to.includes(fields.email ?? ''));
    const [news] = await sink.waitFor(
      (email) => email.to.includes(PRESIDENT) && email.subject.includes(`#${body.ticketId}`),
    );
    await outboxSettled(app);
    expect(sink.to(fields.email ?? '')).toHaveLength(1);
    expect(sink.to(PRESIDENT).filter((email) => email.subject.includes(`#${body.ticketId}`))).toHaveLength(1);

    expect(confirmation?.subject).toBe(`We received your ticket #${body.ticketId}`);
    const shareLink = linksOf(confirmation).find((link) => link.includes('/ticket-detail/'));
    expect(shareLink).toBe(`${PUBLIC_URL}${body.shareUrl}`);
    // The link opens the ticket: its key is in the fragment, sent as X-Access-Key by the page.
    const opened = await app.inject({
      url: `/api/tickets/${body.ticketId}`,
      headers: { 'x-access-key': keyOf(shareLink ?? '') },
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().ticket.id).toBe(body.ticketId);
    // A new member also gets the link to all their tickets.
    const memberLink = linksOf(confirmation).find((link) => link.includes('/tickets/'));
    expect(memberLink).toMatch(new RegExp(`^${PUBLIC_URL}/tickets/${body.userId}#key=`));
    expect(confirmation?.html).toContain(`href="${PUBLIC_URL}${body.shareUrl}"`);
    expect(confirmation?.rawHeaders).toContain(
      'List-Unsubscribe: <mailto:help@helpdesk.example.org?subject=unsubscribe>',
    );
    expect(confirmation?.messageId).toMatch(/^<outbox-\d+@helpdesk\.example\.org>$/);

    expect(news?.subject).toBe(`New ticket #${body.ticketId} in Pune`);
    expect(linksOf(news)).toContain(`${PUBLIC_URL}/dashboard?ticket=${body.ticketId}`);
    expect(news?.rawHeaders).not.toContain('List-Unsubscribe');

    // The links' keys are not kept once the message is sent.
    const rows = (await outboxRows(app)).filter((row) => row.ticketId === body.ticketId);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
    expect(JSON.stringify(rows.map((row) => row.params))).not.toContain('#key=');
  });

  it('each chain step sends the member one status email, and the next holder a hand-off', async () => {
    const { fields, body } = await submitted();
    const id = body.ticketId;
    await outboxSettled(app);
    const statusEmails = () =>
      sink.to(fields.email ?? '').filter((email) => email.subject.startsWith(`Your ticket #${id} is now`));

    expect((await patchStatus(PRESIDENT, id, 'approved')).statusCode).toBe(200);
    await outboxSettled(app);
    expect(statusEmails().map((email) => email.subject)).toEqual([`Your ticket #${id} is now approved`]);
    expect(
      sink.to(CONVENOR).filter((email) => email.subject === `Ticket #${id} is waiting for you`),
    ).toHaveLength(1);

    // The convenor resolves; the office bearer has the final word (in review, handed to the observer).
    expect((await patchStatus(CONVENOR, id, 'resolved', 'Lift repaired on Monday')).statusCode).toBe(200);
    await outboxSettled(app);
    expect(statusEmails()).toHaveLength(2);
    expect(
      sink.to(OBSERVER).filter((email) => email.subject === `Ticket #${id} is waiting for you`),
    ).toHaveLength(1);

    expect((await patchStatus(OBSERVER, id, 'resolved', 'Checked: the lift works')).statusCode).toBe(200);
    await outboxSettled(app);
    expect(statusEmails().map((email) => email.subject)).toEqual([
      `Your ticket #${id} is now approved`,
      `Your ticket #${id} is now in review`,
      `Your ticket #${id} is now resolved`,
    ]);
    expect(statusEmails()[2]?.text).toContain('Resolution: Checked: the lift works');
  });

  it('a staff reply reaches the member, a member reply the current holder, an internal note nobody', async () => {
    const { fields, body } = await submitted();
    const id = body.ticketId;
    await outboxSettled(app);
    const before = sink.received.length;

    const staffReply = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/replies`,
      headers: bearer(tokens[PRESIDENT] ?? ''),
      payload: { text: 'Which floor is the lift stuck on? <b>asap</b>' },
    });
    expect(staffReply.statusCode).toBe(201);
    const [toMember] = await sink.waitFor(
      (email) => email.to.includes(fields.email ?? '') && email.subject === `New reply on your ticket #${id}`,
    );
    expect(toMember?.text).toContain('> Which floor is the lift stuck on? <b>asap</b>');
    // Escaped in the HTML body: the member's mail program shows the text, never runs it.
    expect(toMember?.html).toContain('Which floor is the lift stuck on? &lt;b&gt;asap&lt;/b&gt;');

    const note = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/replies`,
      headers: bearer(tokens[PRESIDENT] ?? ''),
      payload: { text: 'Committee only: the builder is a member of ours', visibility: 'internal' },
    });
    expect(note.statusCode).toBe(201);

    const memberReply = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/replies`,
      headers: { 'x-access-key': keyOf(body.shareUrl) },
      payload: { text: 'The fourth floor.', visibility: 'internal' },
    });
    expect(memberReply.statusCode).toBe(201);
    expect(memberReply.json().entry.visibility).toBe('public');
    const [toHolder] = await sink.waitFor(
      (email) => email.to.includes(PRESIDENT) && email.subject === `The member replied on ticket #${id}`,
    );
    expect(toHolder?.text).toContain('> The fourth floor.');
    expect(linksOf(toHolder)).toContain(`${PUBLIC_URL}/dashboard?ticket=${id}`);

    await outboxSettled(app);
    const since = sink.received.slice(before);
    expect(since).toHaveLength(2);
    expect(since.some((email) => email.text.includes('Committee only'))).toBe(false);
  });

  it("staff see a ticket's messages with the recipient masked; a key holder does not", async () => {
    const { fields, body } = await submitted();
    await outboxSettled(app);
    const answer = await app.inject({
      url: `/api/tickets/${body.ticketId}/messages`,
      headers: bearer(tokens[PRESIDENT] ?? ''),
    });
    expect(answer.statusCode).toBe(200);
    const messages = answer.json().messages as {
      to: string;
      event: string;
      status: string;
      sentAt: string;
    }[];
    expect(messages).toHaveLength(2);
    expect(
      messages.every((message) => message.event === 'ticket.submitted' && message.status === 'sent'),
    ).toBe(true);
    expect(messages.map((message) => message.to)).toContain(`${fields.email?.[0]}***@example.com`);
    expect(JSON.stringify(messages)).not.toContain(fields.email);
    const byKey = await app.inject({
      url: `/api/tickets/${body.ticketId}/messages`,
      headers: { 'x-access-key': keyOf(body.shareUrl) },
    });
    expect(byKey.statusCode).toBe(401);
  });
});
