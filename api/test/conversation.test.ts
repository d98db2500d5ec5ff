/**
 * The conversation's rules (docs/architecture.md#conversation-and-notifications): visibility of
 * history entries, the allowlist of member-facing answers (scanned for a note's text), replies
 * (who may, with a file, the per-ticket and per-address limits), and an approve's comment kept
 * among staff.
 */
import type { App } from '../src/app';
import { openParams } from '../src/services/outbox/sealedParams';
import { outboxRows } from './support/outbox';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import {
  type DemoRefs,
  demoRefs,
  FILES,
  keyOf,
  multipartBody,
  submit,
  submitFields,
} from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const PRESIDENT = 'pune.president@helpdesk.demo';
const MUMBAI_PRESIDENT = 'mumbai.president@helpdesk.demo';
const PDF = FILES.pdf();

describe.each(databaseKinds)('the conversation on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildDemoApp(database(), {
      REPLY_MAX_PER_TICKET: '3',
      REPLY_MAX_PER_IP: '1000',
      OUTBOX_WORKER: 'false',
    });
    await app.ready();
    refs = await demoRefs(app);
    for (const email of [PRESIDENT, MUMBAI_PRESIDENT, 'admin@helpdesk.demo'])
      tokens[email] = await tokenFor(app, email);
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  async function newTicket() {
    const response = await submit(app, submitFields(refs));
    expect(response.statusCode).toBe(201);
    const body = response.json() as { ticketId: number; userId: number; shareUrl: string };
    // The member link goes only by email: read it from the confirmation waiting in the outbox.
    const confirmation = (await outboxRows(app)).find(
      (row) => row.ticketId === body.ticketId && row.template === 'ticketSubmittedMember',
    );
    // Sealed while it waits (ADR 0052): opened as the worker opens it.
    return { ...body, memberUrl: String(openParams(confirmation?.params ?? {}).memberUrl) };
  }

  const reply = (id: number, headers: Record<string, string>, payload: object) =>
    app.inject({ method: 'POST', url: `/api/tickets/${id}/replies`, headers, payload });

  const replyWithFile = (id: number, headers: Record<string, string>, fields: Record<string, string>) => {
    const { payload, contentType } = multipartBody(fields, [
      { filename: 'minutes.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    return app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/replies`,
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  };

  it('no member-facing answer ever carries an internal note, its text or its file', async () => {
    const ticket = await newTicket();
    const secret = `committee-only-${Math.random().toString(36).slice(2)}`;
    const note = await replyWithFile(ticket.ticketId, bearer(tokens[PRESIDENT] ?? ''), {
      text: `Note: ${secret}`,
      visibility: 'internal',
    });
    expect(note.statusCode).toBe(201);
    const noteFile = note.json().entry.attachment as { url: string; fileName: string };
    expect(noteFile.fileName).toBe('minutes.pdf');
    const publicReply = await reply(ticket.ticketId, bearer(tokens[PRESIDENT] ?? ''), {
      text: 'We are on it.',
    });
    expect(publicReply.statusCode).toBe(201);
    // The approve's comment kept among staff: the chain's entry stays public with its plain text.
    const approved = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticket.ticketId}/status`,
      headers: bearer(tokens[PRESIDENT] ?? ''),
      payload: { status: 'approved', comment: `Approve note: ${secret}`, visibility: 'internal' },
    });
    expect(approved.statusCode).toBe(200);

    // Staff see everything, with the visibility.
    const staffHistory = await app.inject({
      url: `/api/tickets/${ticket.ticketId}/history`,
      headers: bearer(tokens[PRESIDENT] ?? ''),
    });
    expect(staffHistory.statusCode).toBe(200);
    const entries = staffHistory.json().history as { action: string; visibility: string; text: string }[];
    expect(entries.map((entry) => [entry.action, entry.visibility])).toEqual([
      ['submitted', 'public'],
      ['note', 'internal'],
      ['reply', 'public'],
      ['approve', 'public'],
      ['note', 'internal'],
    ]);
    expect(entries[3]?.text).toBe('Approved by City President');

    const shareKey = { 'x-access-key': keyOf(ticket.shareUrl) };
    const memberKey = { 'x-access-key': keyOf(ticket.memberUrl) };
    const memberReply = await reply(ticket.ticketId, shareKey, { text: 'Thank you' });
    expect(memberReply.statusCode).toBe(201);

    // Every member-facing answer, by either key.
    const answers = await Promise.all([
      app.inject({ url: `/api/tickets/${ticket.ticketId}`, headers: shareKey }),
      app.inject({ url: `/api/tickets/${ticket.ticketId}`, headers: memberKey }),
      app.inject({ url: `/api/tickets/${ticket.ticketId}/history`, headers: shareKey }),
      app.inject({ url: `/api/tickets/${ticket.ticketId}/history`, headers: memberKey }),
      app.inject({ url: `/api/tickets/user/${ticket.userId}`, headers: memberKey }),
      app.inject({ url: `/api/tickets/user/${ticket.userId}/latest`, headers: memberKey }),
    ]);
    for (const answer of [...answers, memberReply]) {
      expect(answer.statusCode).toBeLessThan(300);
      expect(answer.body).not.toContain(secret);
      expect(answer.body).not.toContain(noteFile.url);
      expect(answer.body).not.toContain('"internal"');
    }
    const memberHistory = answers[2]?.json().history as { action: string; text: string }[];
    expect(memberHistory.map((entry) => entry.action)).toEqual(['submitted', 'reply', 'approve', 'reply']);
    // The note's file does not download with a key; staff download it.
    const byKey = await app.inject({ url: noteFile.url, headers: shareKey });
    expect(byKey.statusCode).toBe(404);
    const byStaff = await app.inject({ url: noteFile.url, headers: bearer(tokens[PRESIDENT] ?? '') });
    expect(byStaff.statusCode).toBe(200);
  });

  it('a member replies with a file by the key; staff of another city and strangers get 404', async () => {
    const ticket = await newTicket();
    const withFile = await replyWithFile(
      ticket.ticketId,
      { 'x-access-key': keyOf(ticket.shareUrl) },
      { text: 'The receipt' },
    );
    expect(withFile.statusCode).toBe(201);
    const entry = withFile.json().entry;
    expect(entry).toMatchObject({
      action: 'reply',
      visibility: 'public',
      actorRole: 'customer',
      text: 'The receipt',
    });
    const download = await app.inject({
      url: entry.attachment.url,
      headers: { 'x-access-key': keyOf(ticket.shareUrl) },
    });
    expect(download.statusCode).toBe(200);

    expect(
      (await reply(ticket.ticketId, bearer(tokens[MUMBAI_PRESIDENT] ?? ''), { text: 'x' })).statusCode,
    ).toBe(404);
    expect((await reply(ticket.ticketId, {}, { text: 'x' })).statusCode).toBe(404);
    expect((await reply(ticket.ticketId, { 'x-access-key': 'A'.repeat(43) }, { text: 'x' })).statusCode).toBe(
      404,
    );
    // Bad input: 400 with details, never 500.
    const empty = await reply(ticket.ticketId, bearer(tokens[PRESIDENT] ?? ''), { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details[0].path).toBe('text');
    const badVisibility = await reply(ticket.ticketId, bearer(tokens[PRESIDENT] ?? ''), {
      text: 'x',
      visibility: 'secret',
    });
    expect(badVisibility.statusCode).toBe(400);
    const exe = multipartBody({ text: 'x' }, [{ filename: 'virus.exe', data: Buffer.from('MZ\x90\x00') }]);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket.ticketId}/replies`,
      headers: { ...bearer(tokens[PRESIDENT] ?? ''), 'content-type': exe.contentType },
      payload: exe.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('attachment');
  });

  it("limits a member's replies per ticket (REPLY_MAX_PER_TICKET), not staff's", async () => {
    const ticket = await newTicket();
    const key = { 'x-access-key': keyOf(ticket.shareUrl) };
    for (let n = 0; n < 3; n++)
      expect((await reply(ticket.ticketId, key, { text: `reply ${n}` })).statusCode).toBe(201);
    const limited = await reply(ticket.ticketId, key, { text: 'one more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error).toMatch(/^Too many replies on this ticket/);
    expect(
      (await reply(ticket.ticketId, bearer(tokens[PRESIDENT] ?? ''), { text: 'staff' })).statusCode,
    ).toBe(201);
  });
});
