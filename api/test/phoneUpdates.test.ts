/**
 * The submit form's opt-in for updates by SMS and WhatsApp (issue 17,
 * docs/architecture.md#conversation-and-notifications): the ticket stores the answer, and the
 * member's messages about it go by SMS and WhatsApp only when it was ticked (email always), to
 * the number typed with it. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { tickets } from '../src/db/schema';
import { outboxRows } from './support/outbox';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const PRESIDENT = 'pune.president@helpdesk.demo';

describe.each(databaseKinds)('the SMS/WhatsApp opt-in on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  let president: string;

  beforeAll(async () => {
    app = await buildDemoApp(database(), {
      // Both phone channels configured; the worker stays off: the rows are what is checked.
      SMS_PROVIDER: 'msg91',
      SMS_AUTH_KEY: 'msg91-key',
      SMS_SENDER_ID: 'HLPDSK',
      SMS_TEMPLATES:
        'ticketSubmittedMember=1207161234567890123, ticketStatusChanged=1207161234567890124, ticketRepliedMember=1207161234567890125',
      WHATSAPP_TOKEN: 'wa-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_TEMPLATES:
        'ticketSubmittedMember=helpdesk_received, ticketStatusChanged=helpdesk_status, ticketRepliedMember=helpdesk_reply',
      OUTBOX_WORKER: 'false',
    });
    await app.ready();
    refs = await demoRefs(app);
    president = await tokenFor(app, PRESIDENT);
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  async function submitted(overrides: Record<string, string>) {
    const fields = submitFields(refs, overrides);
    const response = await submit(app, fields);
    expect(response.statusCode).toBe(201);
    return { fields, ticketId: (response.json() as { ticketId: number }).ticketId };
  }

  /** The member's messages about the ticket: channel, recipient and template of each. */
  async function memberMessages(ticketId: number, email: string, mobile: string) {
    return (await outboxRows(app))
      .filter((row) => row.ticketId === ticketId && (row.recipient === email || row.recipient === mobile))
      .map((row) => ({ channel: row.channel, recipient: row.recipient, template: row.template }));
  }

  async function stored(ticketId: number) {
    const [row] = await app.db
      .select({ phoneUpdates: tickets.phoneUpdates })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    return row?.phoneUpdates;
  }

  const approve = (ticketId: number) =>
    app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticketId}/status`,
      headers: bearer(president),
      payload: { status: 'approved', comment: 'Passed on to the convenor' },
    });

  it('ticked: stored with the ticket; the confirmation and each status change also go by SMS and WhatsApp, to the number typed', async () => {
    const { fields, ticketId } = await submitted({ phoneUpdates: 'true', mobile: '9812345670' });
    expect(await stored(ticketId)).toBe(true);
    expect(await memberMessages(ticketId, fields.email ?? '', '9812345670')).toEqual([
      { channel: 'email', recipient: fields.email, template: 'ticketSubmittedMember' },
      { channel: 'sms', recipient: '9812345670', template: 'ticketSubmittedMember' },
      { channel: 'whatsapp', recipient: '9812345670', template: 'ticketSubmittedMember' },
    ]);
    const sms = (await outboxRows(app)).find((row) => row.ticketId === ticketId && row.channel === 'sms');
    // The provider's template id is stored with the parameters, not only rendered text.
    expect(sms?.params).toMatchObject({ providerTemplate: '1207161234567890123', ticketId });

    expect((await approve(ticketId)).statusCode).toBe(200);
    const statusMessages = (await memberMessages(ticketId, fields.email ?? '', '9812345670')).filter(
      (message) => message.template === 'ticketStatusChanged',
    );
    expect(statusMessages.map((message) => message.channel)).toEqual(['email', 'sms', 'whatsapp']);
  });

  it.each([
    ['unticked', { phoneUpdates: '' }],
    ['from a page without the box', {}],
  ])('%s: stored as no; email only, at the submit and at each status change', async (_case, overrides) => {
    const { fields, ticketId } = await submitted({ ...overrides, mobile: '9812345671' });
    expect(await stored(ticketId)).toBe(false);
    expect((await approve(ticketId)).statusCode).toBe(200);
    expect(await memberMessages(ticketId, fields.email ?? '', '9812345671')).toEqual([
      { channel: 'email', recipient: fields.email, template: 'ticketSubmittedMember' },
      { channel: 'email', recipient: fields.email, template: 'ticketStatusChanged' },
    ]);
  });

  it('a value that is not an answer is a 400 on the field, and no ticket', async () => {
    const before = (await outboxRows(app)).length;
    const response = await submit(app, submitFields(refs, { phoneUpdates: 'maybe' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'phoneUpdates', message: 'The SMS/WhatsApp opt-in is ticked or not' },
    ]);
    expect(await outboxRows(app)).toHaveLength(before);
  });
});
