/**
 * Personal data lives in its own columns only (ADR 0078): every kind of message to a member or to
 * staff (email, SMS, WhatsApp) is written to the outbox with ids, and the worker reads the
 * member's name, the ticket's title, the words quoted and staff names when it sends. A dump of
 * the `outbox` table, while the messages wait and once they are sent, holds none of them; the
 * messages sent hold each. A message sent again after the member's erasure names the pseudonym.
 * On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { rowsOf } from '../src/db/rows';
import { users } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import {
  type Channel,
  type OutgoingMessage,
  unconfiguredChannel,
} from '../src/services/outbox/channels/channel';
import { phoneValues } from '../src/services/outbox/channels/phone';
import { retryMessage } from '../src/services/outbox/outboxStore';
import { renderEmail } from '../src/services/outbox/templates';
import { OutboxWorker } from '../src/services/outbox/worker';
import { recordBreach, sendBreach } from '../src/services/privacy/breaches';
import { eraseMember } from '../src/services/privacy/erasure';
import { declineRequest, fileRequest } from '../src/services/privacy/requests';
import { closeMonth } from '../src/services/reports/monthly';
import { TEST_WORKER_SETTINGS } from './support/outbox';
import {
  ADMIN,
  bearer,
  buildDemoApp,
  CREDAI_PRESIDENT,
  PUNE_CONVENOR,
  PUNE_OBSERVER,
  PUNE_PRESIDENT,
  tokenFor,
} from './support/session';
import { type DemoRefs, demoRefs, keyOf, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(240_000);

const SITE = 'https://help.example';
const START = new Date('2026-12-01T06:00:00.000Z');

/** Every template a member receives by phone, registered for SMS and WhatsApp. */
const PHONE_TEMPLATES = [
  'ticketSubmittedMember',
  'ticketStatusChanged',
  'ticketRepliedMember',
  'interimReplyMember',
  'ratingRequested',
  'appealDecidedMember',
  'ticketTransferredMember',
]
  .map((name, index) => `${name}=12070000000000000${10 + index}`)
  .join(', ');

/** What the member and staff wrote, each a needle no outbox row may hold. */
const WORDS = {
  description: 'Quillfeather marigold tapestry leaks through the basement every monsoon night.',
  staffReply: 'Zephyrine plumbers will inspect the marigold pipes',
  memberReply: 'Vermilion puddles reached the stairwell again',
  interim: 'Awaiting the Halvorsen surveyor verdict',
  resolution: 'Obsidian gutters replaced along wing D',
  rejection: 'Not a Featherstone chapter matter',
  reopen: 'Tangerine damp returned behind the meter room',
  appeal: 'Periwinkle seepage was never examined properly',
  remand: 'Review the Kestrel drainage report once more',
  transfer: 'The Lindqvist project sits in Mumbai',
  decline: 'We keep Ottoline records as the law requires',
  notice: 'Saltmarsh backup tapes were left unlocked overnight',
  report: 'Breach of the Saltmarsh archive, reported by the Fiduciary',
};

describe.each(databaseKinds)('outbox rows without personal data on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock(START);
  let app: App;
  let refs: DemoRefs;
  const tokens: Record<string, string> = {};
  const sent: OutgoingMessage[] = [];

  beforeAll(async () => {
    app = await buildDemoApp(
      database(),
      {
        OUTBOX_WORKER: 'false',
        HELPDESK_DEMO_TICKETS: '0',
        SMS_PROVIDER: 'msg91',
        SMS_AUTH_KEY: 'msg91-key',
        SMS_API_URL: 'http://127.0.0.1:9/flow',
        SMS_TEMPLATES: PHONE_TEMPLATES,
        WHATSAPP_TOKEN: 'wa-token',
        WHATSAPP_PHONE_NUMBER_ID: '1234567890',
        WHATSAPP_API_URL: 'http://127.0.0.1:9',
        WHATSAPP_TEMPLATES: PHONE_TEMPLATES,
      },
      undefined,
      clock,
    );
    await app.ready();
    refs = await demoRefs(app);
    for (const email of [ADMIN, PUNE_PRESIDENT, PUNE_CONVENOR, PUNE_OBSERVER, CREDAI_PRESIDENT]) {
      tokens[email] = await tokenFor(app, email);
    }
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });

  const as = (email: string) => bearer(tokens[email] ?? '');
  const call = async (
    method: 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload = {},
  ) => {
    const answer = await app.inject({ method, url, headers, payload });
    const ok = answer.statusCode === 200 || answer.statusCode === 201;
    expect({ url, ok, body: ok ? '' : answer.body }).toEqual({ url, ok: true, body: '' });
    return answer.json();
  };
  const staffNamed = async (email: string) => {
    const [row] = await app.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no ${email}`);
    return row;
  };

  /** The whole table as text, one row a line. */
  const dump = async () =>
    rowsOf<{ line: string }>(await app.db.execute(sql`select o::text as line from outbox o order by id`))
      .map((row) => row.line)
      .join('\n');

  /** Sends every queued message through channels that keep what they were given. */
  async function sendAll() {
    const keep = (name: 'email' | 'sms' | 'whatsapp'): Channel => ({
      name,
      configured: true,
      heldReason: '',
      async send(message) {
        sent.push({ ...message, template: message.template, params: { ...message.params, channel: name } });
      },
    });
    const worker = new OutboxWorker(
      app.db,
      clock,
      {
        email: keep('email'),
        sms: keep('sms'),
        whatsapp: keep('whatsapp'),
        webhook: unconfiguredChannel('webhook', 'off'),
      },
      TEST_WORKER_SETTINGS,
      app.log,
      {},
    );
    while ((await worker.runOnce()) > 0) {
      // every queued row
    }
  }

  /** A sent message as its recipient reads it: the email's subject and text, or the phone values. */
  const textOf = (message: OutgoingMessage) => {
    if (message.params.channel !== 'email') return phoneValues(message, SITE).join(' | ');
    const email = renderEmail(message.template, message.locale, message.params, SITE);
    return `${email.subject}\n${email.text}`;
  };
  const sentAs = (template: string, channel = 'email') =>
    sent.filter((message) => message.template === template && message.params.channel === channel).map(textOf);

  it('writes every kind of message with ids only, and the messages sent name the member, the title, the words and staff', async () => {
    const memberName = `Ottilie Brandywine ${kind}`;
    const fields = submitFields(refs, {
      fullName: memberName,
      description: WORDS.description,
      phoneUpdates: 'true',
    });
    const first = await submit(app, fields);
    expect(first.statusCode).toBe(201);
    const { ticketId: id, shareUrl, userId: memberId } = first.json();
    const memberKey = { 'x-access-key': keyOf(shareUrl) };
    const [ticket] = rowsOf<{ title: string }>(
      await app.db.execute(sql`select title from tickets where id = ${id}`),
    );
    const title = ticket?.title ?? '';
    expect(title).toContain('Quillfeather marigold');
    const president = await staffNamed(PUNE_PRESIDENT);
    const observer = await staffNamed(PUNE_OBSERVER);

    // A conversation, an interim reply, the chain to an outcome, a reopen, a transfer.
    await call('POST', `/api/tickets/${id}/replies`, as(PUNE_PRESIDENT), { text: WORDS.staffReply });
    await call('POST', `/api/tickets/${id}/replies`, memberKey, { text: WORDS.memberReply });
    await call('POST', `/api/tickets/${id}/interim-reply`, as(PUNE_PRESIDENT), {
      reason: WORDS.interim,
      expectedBy: '2026-12-14',
    });
    await call('PATCH', `/api/tickets/${id}/status`, as(PUNE_PRESIDENT), { status: 'approved', comment: '' });
    await call('PATCH', `/api/tickets/${id}/status`, as(ADMIN), {
      status: 'resolved',
      comment: WORDS.resolution,
    });
    await call('POST', `/api/tickets/${id}/reopen`, memberKey, { reason: WORDS.reopen });
    await call('POST', `/api/tickets/${id}/share-key`, as(PUNE_PRESIDENT));

    // A second ticket of the member: rejected, appealed, remanded, then transferred to Mumbai.
    const second = await submit(app, { ...fields, email: fields.email ?? '' });
    expect(second.statusCode).toBe(201);
    const { ticketId: other, shareUrl: otherUrl } = second.json();
    const otherKey = { 'x-access-key': keyOf(otherUrl) };
    await call('PATCH', `/api/tickets/${other}/status`, as(ADMIN), {
      status: 'rejected',
      comment: WORDS.rejection,
    });
    await call('POST', `/api/tickets/${other}/appeal`, otherKey, { reason: WORDS.appeal });
    const [appeal] = rowsOf<{ id: number }>(
      await app.db.execute(sql`select id from ticket_appeals where ticket_id = ${other}`),
    );
    const appealId = Number(appeal?.id);
    await call('POST', `/api/appeals/${appealId}/decision`, as(CREDAI_PRESIDENT), {
      outcome: 'remand',
      reason: WORDS.remand,
    });
    const mumbaiId = refs.cityId('Mumbai');
    const committees = (
      await app.inject({ url: `/api/committees/getAllCommittees?cityId=${mumbaiId}` })
    ).json().committees as { id: number }[];
    await call('POST', `/api/tickets/${other}/transfer`, as(ADMIN), {
      cityId: mumbaiId,
      committeeId: committees[0]?.id,
      reason: WORDS.transfer,
    });

    // The scheduler's alerts (one standing in for an absent office bearer), a month's report, a
    // declined request about the member's data and a breach's notices.
    await app.db.transaction(async (tx) => {
      const alert = { ticketId: id, city: 'Pune', stage: 'review' as const, due: '2026-12-08 17:00' };
      await app.outbox.notifier.stageAlert(tx, { ...alert, level: 'reminder', toUserId: president.id });
      await app.outbox.notifier.stageAlert(tx, {
        ...alert,
        level: 'next-level',
        toUserId: president.id,
        actingForId: observer.id,
      });
    });
    clock.set(new Date('2027-01-01T00:30:00.000Z'));
    expect((await closeMonth(app.db, clock.now())).messages).toBeGreaterThan(0);
    const request = await fileRequest(
      app.db,
      memberId,
      { kind: 'correction', text: 'My surname' },
      clock.now(),
    );
    await declineRequest(app.db, request.id, (await staffNamed(ADMIN)).id, WORDS.decline, clock.now());
    const breach = await recordBreach(
      app.db,
      {
        what: 'A backup was left open.',
        occurredAt: '2026-12-20T06:00:00.000Z',
        foundAt: '2026-12-21T06:00:00.000Z',
        cityId: refs.cityId('Pune'),
        ticketsFrom: '2026-11-01',
        ticketsTo: '2026-12-31',
      },
      (await staffNamed(ADMIN)).id,
      clock.now(),
    );
    const sending = await sendBreach(
      app.db,
      breach.id,
      { memberNotice: WORDS.notice, boardReport: WORDS.report, boardEmail: 'board@example.org' },
      (await staffNamed(ADMIN)).id,
      clock.now(),
    );
    expect('breach' in sending).toBe(true);

    const monthly = await staffNamed(PUNE_CONVENOR);
    const needles = [
      memberName,
      title,
      ...Object.values(WORDS),
      president.fullName,
      observer.fullName,
      monthly.fullName,
    ];
    const found = (text: string) => needles.filter((needle) => text.includes(needle));

    const waiting = await dump();
    const templates = rowsOf<{ template: string; channel: string }>(
      await app.db.execute(sql`select distinct template, channel from outbox where channel <> 'webhook'`),
    ).map((row) => `${row.template}/${row.channel}`);
    expect(templates.sort()).toEqual(
      expect.arrayContaining([
        'appealDecidedMember/email',
        'appealDecidedMember/sms',
        'appealFiledStaff/email',
        'appealRemandedStaff/email',
        'breachNoticeMember/email',
        'breachReportBoard/email',
        'interimReplyMember/email',
        'interimReplyMember/whatsapp',
        'privacyRequestAnswered/email',
        'ratingRequested/email',
        'reportMonthly/email',
        'shareLinkRotated/email',
        'stageEscalated/email',
        'stageReminder/email',
        'ticketHandedOff/email',
        'ticketRepliedMember/email',
        'ticketRepliedMember/sms',
        'ticketRepliedMember/whatsapp',
        'ticketRepliedStaff/email',
        'ticketReopenedStaff/email',
        'ticketStatusChanged/email',
        'ticketStatusChanged/sms',
        'ticketSubmittedMember/email',
        'ticketSubmittedMember/whatsapp',
        'ticketSubmittedStaff/email',
        'ticketTransferredMember/email',
        'ticketTransferredMember/sms',
        'ticketTransferredStaff/email',
      ]),
    );
    expect(found(waiting)).toEqual([]);

    await sendAll();
    expect(found(await dump())).toEqual([]);

    // The messages sent say what they said when the rows carried the words.
    const one = (template: string, channel = 'email') => {
      const texts = sentAs(template, channel);
      expect({ template, channel, sent: texts.length > 0 }).toEqual({ template, channel, sent: true });
      return texts.join('\n----\n');
    };
    expect(one('ticketSubmittedMember')).toContain(`Dear ${memberName},`);
    expect(one('ticketSubmittedMember')).toContain(`Thank you: your ticket "${title}" was received`);
    expect(one('ticketSubmittedStaff')).toContain(
      `${memberName} submitted a ticket to the Pune chapter: "${title}".`,
    );
    expect(one('ticketRepliedMember')).toContain(`${president.fullName} replied on your ticket "${title}":`);
    expect(one('ticketRepliedMember')).toContain(`> ${WORDS.staffReply}`);
    expect(one('ticketRepliedMember', 'sms')).toContain(president.fullName);
    expect(one('ticketRepliedMember', 'whatsapp')).toContain(president.fullName);
    expect(one('ticketRepliedStaff')).toContain(`${memberName} replied on ticket #${id}, "${title}":`);
    expect(one('ticketRepliedStaff')).toContain(`> ${WORDS.memberReply}`);
    expect(one('interimReplyMember')).toContain(`> ${WORDS.interim}`);
    expect(one('ticketHandedOff')).toContain(`"${title}", is now with you`);
    expect(one('ticketStatusChanged')).toContain(`Resolution: ${WORDS.resolution}`);
    expect(one('ticketStatusChanged')).toContain(`Reason: ${WORDS.rejection}`);
    expect(one('ratingRequested')).toContain(`Your ticket "${title}" is now resolved.`);
    expect(one('ticketReopenedStaff')).toContain(`> ${WORDS.reopen}`);
    expect(one('shareLinkRotated')).toContain(`Dear ${memberName},`);
    expect(one('appealFiledStaff')).toContain(`> ${WORDS.appeal}`);
    expect(one('appealDecidedMember')).toContain(`> ${WORDS.remand}`);
    expect(one('appealRemandedStaff')).toContain(`back to you: ${WORDS.remand}. The member's appeal:`);
    expect(one('appealRemandedStaff')).toContain(`> ${WORDS.appeal}`);
    expect(one('ticketTransferredMember')).toContain(`: ${WORDS.transfer}`);
    expect(one('ticketTransferredStaff')).toContain(`: ${WORDS.transfer}`);
    expect(one('stageReminder')).toContain(`"${title}", is waiting for the`);
    expect(one('stageEscalated')).toContain(`You receive it standing in for ${observer.fullName}.`);
    expect(one('reportMonthly')).toContain(`Dear ${monthly.fullName},`);
    expect(one('privacyRequestAnswered')).toContain(`> ${WORDS.decline}`);
    expect(one('breachNoticeMember')).toContain(`> ${WORDS.notice}`);
    expect(one('breachReportBoard')).toContain(`> ${WORDS.report}`);

    // Erased, the member is the pseudonym in a message sent again (an admin's retry), as on screen.
    const erased = await app.db.transaction((tx) =>
      eraseMember(tx, memberId, { now: clock.now(), files: app.uploadStore, actorUserId: null }),
    );
    expect(erased.memberErased).toBe(true);
    const [again] = rowsOf<{ id: number }>(
      await app.db.execute(
        sql`select id from outbox where ticket_id = ${id} and template = 'ticketRepliedStaff' order by id limit 1`,
      ),
    );
    await app.db.execute(sql`update outbox set status = 'failed' where id = ${again?.id ?? 0}`);
    expect(await retryMessage(app.db, again?.id ?? 0, clock.now())).toBeDefined();
    sent.length = 0;
    await sendAll();
    const retried = one('ticketRepliedStaff');
    expect(retried).toMatch(/Erased member \d+ replied on ticket #\d+, "\[erased\]":/);
    expect(retried).not.toContain(memberName);
    expect(found(await dump())).toEqual([]);
  });

  it('still sends a row queued before, as it was written, and keeps no copy once it is sent', async () => {
    clock.set(START);
    const submitted = await submit(app, submitFields(refs, { fullName: `Leopold Ashgrove ${kind}` }));
    expect(submitted.statusCode).toBe(201);
    const { ticketId: id } = submitted.json();
    const holder = await staffNamed(PUNE_PRESIDENT);
    // A staff email as the api wrote it before ADR 0078: the texts copied into its parameters.
    const [row] = rowsOf<{ id: number }>(
      await app.db.execute(sql`
        insert into outbox (event, ticket_id, recipient_user_id, recipient, channel, template, params, locale, status, next_attempt_at)
        values ('ticket.replied', ${id}, ${holder.id}, ${holder.email}, 'email', 'ticketRepliedStaff',
          ${JSON.stringify({ ticketId: id, title: 'Legal: Copied title', city: 'Pune', author: 'Copied Author', text: 'Copied words of a reply' })}::jsonb,
          'en', 'queued', ${clock.now().toISOString()}::timestamptz)
        returning id`),
    );
    sent.length = 0;
    await sendAll();
    const email = sent.find((message) => message.id === Number(row?.id));
    if (!email) throw new Error('the old row was not sent');
    const text = textOf(email);
    expect(text).toContain(`Copied Author replied on ticket #${id}, "Legal: Copied title":`);
    expect(text).toContain('> Copied words of a reply');
    const [settled] = rowsOf<{ status: string; line: string }>(
      await app.db.execute(
        sql`select status, params::text as line from outbox where id = ${Number(row?.id)}`,
      ),
    );
    expect(settled?.status).toBe('sent');
    expect(settled?.line).not.toMatch(/Copied/);
    expect(JSON.parse(settled?.line ?? '{}')).toMatchObject({ ticketId: id, city: 'Pune' });
  });
});
