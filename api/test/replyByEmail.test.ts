/**
 * Replies by email against a real IMAP server (ADR 0059): Dovecot started by the test on a free port
 * (support/dovecot.ts). A member's answer to the confirmation email, sent to its Reply-To, is filed
 * as their public reply on the ticket (the quoted mail and the signature cut, the PDF attached) and
 * the ticket's holder is told; a forged tag, an auto-reply, a bounce, a loop and a second delivery of
 * the same Message-ID make no entry; every mail ends in the processed folder. On PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { App } from '../src/app';
import { inboundMails, outbox } from '../src/db/schema';
import { type Dovecot, startDovecot } from './support/dovecot';
import { bearer, buildDemoApp, PUNE_PRESIDENT, tokenFor } from './support/session';
import { type SmtpSink, startSmtpSink } from './support/smtpSink';
import { type DemoRefs, demoRefs, FILES, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const DOMAIN = 'replies.example.org';
const REPLY_ADDRESS = `help@${DOMAIN}`;
const MAIL_FROM = `Help Desk <desk@${DOMAIN}>`;

interface Entry {
  kind: string | null;
  text: string;
  visibility: string;
  attachment?: { fileName: string; contentType?: string | null } | null;
}

/** A raw mail, as a member's mail app would send it. */
function mail(options: {
  from: string;
  to: string;
  subject?: string;
  text: string;
  messageId: string;
  headers?: Record<string, string>;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}): Promise<Buffer> {
  return new MailComposer({
    from: options.from,
    to: options.to,
    subject: options.subject ?? 'Re: your complaint',
    text: options.text,
    messageId: options.messageId,
    headers: options.headers,
    attachments: options.attachments,
  })
    .compile()
    .build();
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let dovecot: Dovecot;
beforeAll(async () => {
  dovecot = await startDovecot();
}, 60_000);
afterAll(() => dovecot?.stop());

describe.each(databaseKinds)('replies by email through Dovecot on %s', (kind) => {
  const database = useTestDatabase(kind);
  const mailbox = `desk-${kind}-${process.pid}`;
  let app: App;
  let sink: SmtpSink;
  let refs: DemoRefs;
  let presidentToken: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await buildDemoApp(database(), {
      SMTP_URL: sink.url,
      MAIL_FROM,
      OUTBOX_POLL_MS: '50',
      REPLY_ADDRESS,
      IMAP_URL: dovecot.urlFor(mailbox),
      IMAP_POLL_MS: '200',
    });
    await app.ready();
    refs = await demoRefs(app);
    presidentToken = await tokenFor(app, PUNE_PRESIDENT);
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  const history = async (ticketId: number) =>
    (await app.inject({ url: `/api/tickets/${ticketId}/history`, headers: bearer(presidentToken) })).json()
      .history as Entry[];

  it("files the member's answer to the confirmation email once, and nothing else", async () => {
    const fields = submitFields(refs);
    const submitted = await submit(app, fields);
    expect(submitted.statusCode).toBe(201);
    const { ticketId } = submitted.json() as { ticketId: number };
    const [confirmation] = await sink.waitFor((email) => email.to.includes(fields.email as string));
    // The member's email answers to the ticket's own signed address.
    const replyTo = /^reply-to:\s*(\S+)$/im.exec(confirmation?.rawHeaders ?? '')?.[1] ?? '';
    expect(replyTo).toMatch(new RegExp(`^help\\+t${ticketId}-[0-9a-f]{20}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(confirmation?.rawHeaders).toMatch(/^auto-submitted: auto-generated$/im);

    const quoted = (confirmation?.text ?? '').replace(/^/gm, '> ');
    const member = `Ravi Kumar <${fields.email}>`;
    const reply = {
      from: member,
      to: replyTo,
      text: `The lift was repaired on Monday, thank you.\nThe bill is attached.\n\nOn Mon, 23 Nov 2026 at 10:00, Help Desk <desk@${DOMAIN}> wrote:\n${quoted}\n`,
      messageId: `<reply-${ticketId}@mail.example.com>`,
      attachments: [{ filename: 'bill.pdf', content: FILES.pdf(), contentType: 'application/pdf' }],
    };
    const forgedTo = replyTo.replace(/-[0-9a-f]{20}@/, '-0123456789abcdef0123@');
    const outcomes = [
      { raw: await mail(reply), outcome: 'filed' },
      // The same mail delivered again (the same Message-ID): handled once.
      { raw: await mail(reply), outcome: 'filed' },
      {
        raw: await mail({ ...reply, to: forgedTo, messageId: `<forged-${ticketId}@x.example>` }),
        outcome: 'forged-tag',
      },
      {
        raw: await mail({
          ...reply,
          text: 'I am out of the office until Monday.',
          messageId: `<away-${ticketId}@mail.example.com>`,
          headers: { 'Auto-Submitted': 'auto-replied' },
          attachments: [],
        }),
        outcome: 'auto-reply',
      },
      {
        raw: await mail({
          ...reply,
          messageId: `<bulk-${ticketId}@mail.example.com>`,
          headers: { Precedence: 'bulk' },
          attachments: [],
        }),
        outcome: 'auto-reply',
      },
      {
        raw: await mail({
          ...reply,
          from: `Mail Delivery System <MAILER-DAEMON@mail.example.com>`,
          text: 'Delivery to the following recipient failed permanently.',
          messageId: `<bounce-${ticketId}@mail.example.com>`,
          attachments: [],
        }),
        outcome: 'bounce',
      },
      {
        raw: await mail({
          ...reply,
          from: MAIL_FROM,
          messageId: `<loop-${ticketId}@${DOMAIN}>`,
          headers: { 'X-Helpdesk-Outbox-Id': '1' },
          attachments: [],
        }),
        outcome: 'loop',
      },
    ];
    for (const one of outcomes) await dovecot.deliver(mailbox, one.raw);

    // Every mail leaves the inbox for the processed folder, each once handled.
    await until('every mail in the processed folder', async () =>
      (await dovecot.count(mailbox, 'Processed')) === outcomes.length ? true : undefined,
    );
    expect(await dovecot.count(mailbox, 'INBOX')).toBe(0);

    const replies = (await history(ticketId)).filter((entry) => entry.kind === 'member.replied');
    expect(replies).toHaveLength(1);
    expect(replies[0]?.text).toBe('The lift was repaired on Monday, thank you.\nThe bill is attached.');
    expect(replies[0]?.visibility).toBe('public');
    expect(replies[0]?.attachment).toMatchObject({ fileName: 'bill.pdf', contentType: 'application/pdf' });

    const recorded = await app.db.select().from(inboundMails).where(eq(inboundMails.ticketId, ticketId));
    expect(recorded.map((row) => row.outcome).sort()).toEqual(
      ['auto-reply', 'auto-reply', 'bounce', 'filed', 'forged-tag', 'loop'].sort(),
    );

    // The holder (the city president) is told of the member's reply, through the outbox.
    const told = await app.db.select().from(outbox).where(eq(outbox.ticketId, ticketId));
    expect(
      told.filter((row) => row.event === 'ticket.replied' && row.template === 'ticketRepliedStaff'),
    ).toHaveLength(1);
    await sink.waitFor(
      (email) =>
        email.subject === `The member replied on ticket #${ticketId}` && email.to.includes(PUNE_PRESIDENT),
    );
  });
});
