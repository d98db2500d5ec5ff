/**
 * SMS and WhatsApp in the member's language, with receipts and STOP (ADR 0060), against a fake of
 * the providers' HTTP endpoints that records what the api sends: a Marathi member's status change
 * goes out as the Marathi SMS (its DLT template) and the Marathi WhatsApp template, with the
 * status named in Marathi; a delivery receipt with a wrong signature is refused and a signed one
 * marks the message delivered on the ticket's messages; STOP from the member's number stops the
 * next message. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { outbox, privacyRequests, tickets } from '../src/db/schema';
import { outboxSettled } from './support/outbox';
import { bearer, buildDemoApp, PUNE_PRESIDENT, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const APP_SECRET = 'whatsapp-app-secret-for-tests';
const SMS_SECRET = 'sms-webhook-secret-for-tests';
const MOBILE = '9812345670';

interface ProviderCall {
  path: string;
  body: Record<string, unknown>;
}

/** The SMS gateway and the WhatsApp Cloud API: each call recorded, answered with a message id. */
function startProviders(): Promise<{ server: Server; url: string; calls: ProviderCall[] }> {
  const calls: ProviderCall[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let data = '';
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => {
      calls.push({ path: request.url ?? '', body: JSON.parse(data) });
      response.setHeader('content-type', 'application/json');
      const n = calls.length;
      response.end(
        JSON.stringify(
          request.url?.endsWith('/flow')
            ? { type: 'success', message: `sms-${n}` }
            : { messages: [{ id: `wamid.${n}` }] },
        ),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls }),
    ),
  );
}

const sign = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe.each(databaseKinds)('SMS and WhatsApp in the member language on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  let president: string;
  let providers: Awaited<ReturnType<typeof startProviders>>;

  beforeAll(async () => {
    providers = await startProviders();
    app = await buildDemoApp(database(), {
      SMS_PROVIDER: 'msg91',
      SMS_AUTH_KEY: 'msg91-key',
      SMS_API_URL: `${providers.url}/flow`,
      SMS_TEMPLATES:
        'ticketSubmittedMember=1207000000000000001, ticketSubmittedMember.mr=1207000000000000002, ticketStatusChanged=1207000000000000003, ticketStatusChanged.mr=1207000000000000004, ticketStatusChanged.hi=1207000000000000005',
      SMS_WEBHOOK_SECRET: SMS_SECRET,
      WHATSAPP_TOKEN: 'wa-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_API_URL: providers.url,
      WHATSAPP_TEMPLATES: 'ticketSubmittedMember=helpdesk_received, ticketStatusChanged=helpdesk_status',
      WHATSAPP_APP_SECRET: APP_SECRET,
      OUTBOX_POLL_MS: '50',
    });
    await app.ready();
    refs = await demoRefs(app);
    president = await tokenFor(app, PUNE_PRESIDENT);
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => providers?.server.close(resolve));
  });

  const patchStatus = (id: number, status: string, comment = '') =>
    app.inject({
      method: 'PATCH',
      url: `/api/tickets/${id}/status`,
      headers: bearer(president),
      payload: { status, comment },
    });

  const phoneRows = async (ticketId: number) =>
    (await app.db.select().from(outbox).where(eq(outbox.ticketId, ticketId))).filter(
      (row) => row.channel !== 'email',
    );

  const webhook = (url: string, body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it("sends a Marathi member's status change as the Marathi templates, marks it delivered on signed receipts, and stops after STOP", async () => {
    const fields = submitFields(refs, { phoneUpdates: 'true', mobile: MOBILE, language: 'mr' });
    const submitted = await submit(app, fields);
    expect(submitted.statusCode).toBe(201);
    const { ticketId } = submitted.json() as { ticketId: number };
    expect((await patchStatus(ticketId, 'approved')).statusCode).toBe(200);
    await outboxSettled(app);

    const statusCalls = providers.calls.filter(
      (call) =>
        JSON.stringify(call.body).includes('1207000000000000004') ||
        JSON.stringify(call.body).includes('helpdesk_status'),
    );
    const sms = statusCalls.find((call) => call.path === '/flow');
    expect(sms?.body).toMatchObject({
      template_id: '1207000000000000004',
      recipients: [{ mobiles: `91${MOBILE}`, var1: String(ticketId), var2: 'मंजूर' }],
    });
    const whatsapp = statusCalls.find((call) => call.path === '/1234567890/messages');
    expect(whatsapp?.body).toMatchObject({
      to: `91${MOBILE}`,
      template: {
        name: 'helpdesk_status',
        language: { code: 'mr' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: String(ticketId) },
              { type: 'text', text: 'मंजूर' },
            ],
          },
        ],
      },
    });

    const rows = await phoneRows(ticketId);
    const waRow = rows.find((row) => row.channel === 'whatsapp' && row.template === 'ticketStatusChanged');
    const smsRow = rows.find((row) => row.channel === 'sms' && row.template === 'ticketStatusChanged');
    expect(waRow?.status).toBe('sent');
    expect(waRow?.providerMessageId).toMatch(/^wamid\.\d+$/);
    expect(smsRow?.providerMessageId).toMatch(/^sms-\d+$/);

    // WhatsApp's receipt: refused unsigned or wrongly signed, applied when Meta's signature matches.
    const receipt = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: { statuses: [{ id: waRow?.providerMessageId, status: 'delivered' }] },
            },
          ],
        },
      ],
    });
    expect((await webhook('/api/phone/whatsapp', receipt, {})).statusCode).toBe(401);
    const forged = await webhook('/api/phone/whatsapp', receipt, {
      'x-hub-signature-256': sign(receipt, 'another-secret-entirely'),
    });
    expect(forged.statusCode).toBe(401);
    expect((await phoneRows(ticketId)).find((row) => row.id === waRow?.id)?.status).toBe('sent');
    const good = await webhook('/api/phone/whatsapp', receipt, {
      'x-hub-signature-256': sign(receipt, APP_SECRET),
    });
    expect(good.statusCode).toBe(200);

    // The SMS gateway's report, signed with its own secret.
    const report = JSON.stringify({
      requestId: smsRow?.providerMessageId,
      number: `91${MOBILE}`,
      desc: 'DELIVERED',
    });
    expect(
      (await webhook('/api/phone/sms/receipts', report, { 'x-webhook-signature': sign(report, APP_SECRET) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await webhook('/api/phone/sms/receipts', report, { 'x-webhook-signature': sign(report, SMS_SECRET) }))
        .statusCode,
    ).toBe(200);

    const shown = (
      await app.inject({ url: `/api/tickets/${ticketId}/messages`, headers: bearer(president) })
    ).json().messages as { id: number; status: string }[];
    expect(shown.find((message) => message.id === waRow?.id)?.status).toBe('delivered');
    expect(shown.find((message) => message.id === smsRow?.id)?.status).toBe('delivered');

    // STOP from the member's number (WhatsApp, signed): consent withdrawn at once, recorded as theirs.
    const stop = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: { messages: [{ from: `91${MOBILE}`, type: 'text', text: { body: 'STOP' } }] },
            },
          ],
        },
      ],
    });
    expect(
      (await webhook('/api/phone/whatsapp', stop, { 'x-hub-signature-256': sign(stop, APP_SECRET) }))
        .statusCode,
    ).toBe(200);
    const [ticket] = await app.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket?.phoneUpdates).toBe(false);
    const requests = await app.db
      .select()
      .from(privacyRequests)
      .where(eq(privacyRequests.memberId, ticket?.customerId ?? 0));
    expect(requests.map((request) => [request.kind, request.status])).toEqual([['withdraw-consent', 'done']]);

    // The next status change goes by email only.
    const before = (await phoneRows(ticketId)).length;
    expect((await patchStatus(ticketId, 'resolved', 'The lift was repaired')).statusCode).toBe(200);
    await outboxSettled(app);
    expect(await phoneRows(ticketId)).toHaveLength(before);
  });

  it('refuses an SMS STOP or report with a wrong signature, and answers 404 for a webhook whose secret is unset', async () => {
    const stop = JSON.stringify({ from: `91${MOBILE}`, text: 'STOP' });
    expect(
      (await webhook('/api/phone/sms/inbound', stop, { 'x-webhook-signature': 'sha256=00' })).statusCode,
    ).toBe(401);
    const bad = '{"requestId": ';
    expect(
      (await webhook('/api/phone/sms/receipts', bad, { 'x-webhook-signature': sign(bad, SMS_SECRET) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ url: '/api/phone/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1' }))
        .statusCode,
    ).toBe(404);
  });
});
