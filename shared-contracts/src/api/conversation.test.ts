import { HttpResponse, http, server } from '../../testing/network';
import {
  memberLinkRequestSchema,
  ticketMessageSchema,
  ticketReplyRequestSchema,
} from '../schemas/conversation';
import {
  conversationKeys,
  getTicketMessages,
  listFailedMessages,
  postTicketReply,
  requestMemberLink,
  retryMessage,
} from './conversation';
import { ticketKeys } from './tickets';

const now = '2026-11-25T10:30:00.000Z';
const entry = {
  id: 9,
  actionBy: 'Asha',
  action: 'reply',
  createdAt: now,
  text: 'Hello',
  visibility: 'public',
};
const message = {
  id: 3,
  channel: 'email',
  to: 'r***@example.com',
  event: 'ticket.submitted',
  status: 'sent',
  attempts: 1,
  sentAt: now,
};

interface Seen {
  method: string;
  path: string;
  headers: Headers;
  contentType: string | null;
  body: unknown;
}

function answer(status: number, answerBody: unknown): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const contentType = request.headers.get('content-type');
      const body = contentType?.startsWith('multipart/')
        ? Object.fromEntries((await request.formData()).entries())
        : await request.json().catch(() => undefined);
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        headers: request.headers,
        contentType,
        body,
      });
      return HttpResponse.json(answerBody as Parameters<typeof HttpResponse.json>[0], { status });
    }),
  );
  return seen;
}

describe('the conversation calls', () => {
  it('a reply without a file goes as JSON, with the share key when a member sends it', async () => {
    const seen = answer(201, { entry });
    const result = await postTicketReply(4, { text: 'Hello' }, null, { accessKey: 'k'.repeat(43) });
    expect(result.entry.text).toBe('Hello');
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/tickets/4/replies',
      body: { text: 'Hello' },
    });
    expect(seen[0]?.headers.get('X-Access-Key')).toBe('k'.repeat(43));
  });

  it('a reply with a file goes as multipart: text, visibility and the file as attachment', async () => {
    const seen = answer(201, { entry: { ...entry, visibility: 'internal' } });
    const file = new File(['%PDF-1.4'], 'note.pdf', { type: 'application/pdf' });
    await postTicketReply(4, { text: 'Note', visibility: 'internal' }, file);
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data/);
    const body = seen[0]?.body as Record<string, unknown>;
    expect(body.text).toBe('Note');
    expect(body.visibility).toBe('internal');
    expect((body.attachment as File).name).toBe('note.pdf');
  });

  it('a reply started from a canned answer names it, with a file as a multipart field too (ADR 0065)', async () => {
    const seen = answer(201, { entry });
    const file = new File(['%PDF-1.4'], 'deed.pdf', { type: 'application/pdf' });
    await postTicketReply(4, { text: 'Hello', cannedResponseId: 41 }, file);
    expect((seen[0]?.body as Record<string, unknown> | undefined)?.cannedResponseId).toBe('41');
  });

  it('a file without a name (a Blob) goes as "attachment"', async () => {
    const seen = answer(201, { entry });
    await postTicketReply(4, { text: 'Scan' }, new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    const body = seen[0]?.body as Record<string, unknown>;
    expect((body.attachment as File).name).toBe('attachment');
  });

  it("a history read without a key (staff) is cached apart from a key holder's", () => {
    expect(conversationKeys.history(4)).toEqual([...ticketKeys.detail(4), 'history', null]);
    expect(conversationKeys.history(4, 'k')).not.toEqual(conversationKeys.history(4));
  });

  it('reads the messages of a ticket, the failed ones, and retries one', async () => {
    let seen = answer(200, { messages: [message] });
    expect((await getTicketMessages(4)).messages[0]?.to).toBe('r***@example.com');
    expect(seen[0]?.path).toBe('/api/tickets/4/messages');
    seen = answer(200, { messages: [{ ...message, status: 'failed', ticketId: 4, lastError: 'down' }] });
    expect((await listFailedMessages()).messages[0]?.lastError).toBe('down');
    expect(seen[0]?.path).toBe('/api/messages/failed');
    seen = answer(200, { message: { ...message, status: 'queued', ticketId: 4, lastError: null } });
    expect((await retryMessage(3)).message.status).toBe('queued');
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/messages/3/retry' });
  });

  it('asks for a member link by email', async () => {
    const seen = answer(202, { ok: true });
    expect(await requestMemberLink('asha@example.com')).toEqual({ ok: true });
    expect(seen[0]).toMatchObject({ path: '/api/members/links', body: { email: 'asha@example.com' } });
  });

  it("keeps a ticket's history and messages under its detail key", () => {
    expect(conversationKeys.history(4, 'key').slice(0, 3)).toEqual(ticketKeys.detail(4));
    expect(conversationKeys.messages(4).slice(0, 3)).toEqual(ticketKeys.detail(4));
  });
});

describe('the conversation schemas', () => {
  it('a reply needs text; visibility is public or internal', () => {
    expect(ticketReplyRequestSchema.safeParse({ text: '  ' }).success).toBe(false);
    expect(ticketReplyRequestSchema.safeParse({ text: 'ok', visibility: 'secret' }).success).toBe(false);
    expect(ticketReplyRequestSchema.parse({ text: ' two\nlines ' })).toEqual({ text: 'two\nlines' });
  });

  it('a message has one of the four states', () => {
    expect(ticketMessageSchema.safeParse({ ...message, status: 'lost' }).success).toBe(false);
    expect(ticketMessageSchema.safeParse({ ...message, sentAt: null, status: 'held' }).success).toBe(true);
  });

  it('a member link request needs a valid email', () => {
    expect(memberLinkRequestSchema.safeParse({ email: 'nope' }).success).toBe(false);
    expect(memberLinkRequestSchema.parse({ email: ' Asha@Example.com ' }).email).toBe('asha@example.com');
  });
});
