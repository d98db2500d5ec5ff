/**
 * Webhooks (ADR 0064; issue 40, Done 3) with a local HTTPS receiver: a status change delivers one
 * delivery signed per Standard Webhooks that the `standardwebhooks` verifier accepts; a receiver
 * down for a minute gets it later, exactly once; 127.0.0.1 and 169.254.169.254 are refused unless
 * allowed (at registration, and by the agent when sent); an internal note never reaches a payload.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { API_PATHS, pathFor } from 'shared-contracts/contracts';
import { Webhook } from 'standardwebhooks';
import type { App } from '../src/app';
import { outbox, webhooks } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { bearer, buildDemoApp, PUNE_PRESIDENT, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const TLS = join(__dirname, 'support', 'tls');
const RETRY_MS = 60_000;

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** An HTTPS receiver on 127.0.0.1 that records what it gets; stop() and start() again on its port. */
class Receiver {
  readonly received: Received[] = [];
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    const server = createServer(
      {
        key: readFileSync(join(TLS, 'receiver.key.pem')),
        cert: readFileSync(join(TLS, 'receiver.cert.pem')),
      },
      (request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          this.received.push({
            headers: request.headers as Record<string, string>,
            body: Buffer.concat(chunks).toString('utf8'),
          });
          response.writeHead(204).end();
        });
      },
    );
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path = '/hooks', host = '127.0.0.1'): string {
    return `https://${host}:${this.port}${path}`;
  }
}

describe.each(databaseKinds)('webhooks on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock();
  const receiver = new Receiver();
  let app: App;
  let admin: string;
  let president: string;
  let refs: DemoRefs;

  beforeAll(async () => {
    await receiver.start();
    app = await buildDemoApp(
      database(),
      {
        OUTBOX_WORKER: 'false',
        OUTBOX_RETRY_BASE_MS: String(RETRY_MS),
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_CA_FILE: join(TLS, 'receiver.cert.pem'),
      },
      undefined,
      clock,
    );
    admin = await tokenFor(app, 'admin@helpdesk.demo');
    president = await tokenFor(app, PUNE_PRESIDENT);
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    await receiver.stop();
  });

  const register = (payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api${API_PATHS.integrations.webhooks}`,
      headers: bearer(admin),
      payload,
    });
  const newWebhook = async (events: string[], url = receiver.url(`/hooks/${Math.random()}`)) => {
    const answer = await register({ url, events });
    expect(answer.statusCode).toBe(201);
    return { ...(answer.json() as { id: number; secret: string }), url };
  };
  const newTicket = async () => {
    const answer = await submit(app, submitFields(refs));
    expect(answer.statusCode).toBe(201);
    return answer.json().ticketId as number;
  };
  const approve = (id: number, comment: string) =>
    app.inject({
      method: 'PATCH',
      url: `/api/tickets/${id}/status`,
      headers: bearer(president),
      payload: { status: 'approved', comment, visibility: 'internal' },
    });
  const deliveries = async (webhookId: number) =>
    (
      await app.inject({
        url: `/api${pathFor(API_PATHS.integrations.deliveries, { id: webhookId })}`,
        headers: bearer(admin),
      })
    ).json().deliveries as { id: number; status: string; attempts: number; answer: string; event: string }[];
  /** What the receiver got of a webhook's deliveries (by their `webhook-id`). */
  const receivedFor = async (webhookId: number) => {
    const ids = new Set((await deliveries(webhookId)).map((one) => `msg_${one.id}`));
    return receiver.received.filter((one) => ids.has(one.headers['webhook-id'] ?? ''));
  };

  it('delivers a status change once, signed so that the standardwebhooks verifier accepts it', async () => {
    const hook = await newWebhook(['ticket.status_changed']);
    const ticket = await newTicket();
    expect((await approve(ticket, 'Looks fine')).statusCode).toBe(200);

    await app.outbox.worker.runOnce();

    const mine = await receivedFor(hook.id);
    expect(mine).toHaveLength(1);
    const [delivery] = mine;
    const payload = new Webhook(hook.secret).verify(delivery?.body ?? '', delivery?.headers ?? {});
    expect(payload).toMatchObject({
      type: 'ticket.status_changed',
      data: { ticketId: ticket, city: 'Pune', status: 'approved', previousStatus: 'pending' },
    });
    expect(delivery?.headers['webhook-id']).toMatch(/^msg_\d+$/);
    // Another secret does not verify it.
    expect(() =>
      new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(
        delivery?.body ?? '',
        delivery?.headers ?? {},
      ),
    ).toThrow();
    const [logged] = await deliveries(hook.id);
    expect(logged).toMatchObject({
      event: 'ticket.status_changed',
      status: 'sent',
      attempts: 1,
      answer: 'HTTP 204',
    });
  });

  it('delivers to a receiver down for a minute later, exactly once', async () => {
    const hook = await newWebhook(['ticket.status_changed']);
    const ticket = await newTicket();
    await receiver.stop();
    expect((await approve(ticket, 'Fine')).statusCode).toBe(200);

    await app.outbox.worker.runOnce();
    const [failed] = await deliveries(hook.id);
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed?.answer).toMatch(/^No answer/);

    await receiver.start();
    const before = receiver.received.length;
    await app.outbox.worker.runOnce();
    expect(receiver.received.length).toBe(before);

    clock.advance(RETRY_MS);
    await app.outbox.worker.runOnce();
    await app.outbox.worker.runOnce();
    const got = receiver.received
      .slice(before)
      .filter((one) => one.headers['webhook-id'] === `msg_${failed?.id}`);
    expect(got).toHaveLength(1);
    const [sent] = await deliveries(hook.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, answer: 'HTTP 204' });
  });

  it('refuses loopback, link-local and private addresses unless allowed', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.2/hooks',
      'https://10.1.2.3/hooks',
      'https://localhost/hooks',
      'https://[::1]/hooks',
    ]) {
      const answer = await register({ url, events: ['ticket.submitted'] });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().details[0].path).toBe('url');
    }
    expect(
      (await register({ url: 'http://example.org/hooks', events: ['ticket.submitted'] })).statusCode,
    ).toBe(400);
    // Allowed: 127.0.0.1 is in WEBHOOK_ALLOWED_HOSTS (the receiver of these tests).
    expect((await register({ url: receiver.url(), events: ['ticket.submitted'] })).statusCode).toBe(201);
  });

  it('is refused by the agent when sent to a loopback address not allowed', async () => {
    // Written past the registration's check (as a host name resolving there would be).
    const [row] = await app.db
      .insert(webhooks)
      .values({
        url: receiver.url('/sneaky', '127.0.0.2'),
        events: ['ticket.submitted'],
        secretSealed: app.webhookSealer.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
        createdAt: clock.now(),
      })
      .returning({ id: webhooks.id });
    const before = receiver.received.length;
    await newTicket();

    await app.outbox.worker.runOnce();

    const [refused] = await deliveries(row?.id ?? 0);
    expect(refused).toMatchObject({ event: 'ticket.submitted', status: 'failed' });
    expect(refused?.answer).toMatch(/not allowed/);
    expect(receiver.received.slice(before).some((one) => one.headers.host?.startsWith('127.0.0.2'))).toBe(
      false,
    );
    await app.db
      .update(webhooks)
      .set({ deletedAt: clock.now() })
      .where(eq(webhooks.id, row?.id ?? 0));
  });

  it('never puts an internal note, a reply text or a member in a payload', async () => {
    const hook = await newWebhook(['ticket.status_changed', 'ticket.replied', 'ticket.submitted']);
    const secret = `committee-only-${Math.random().toString(36).slice(2)}`;
    const ticket = await newTicket();
    const note = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket}/replies`,
      headers: bearer(president),
      payload: { text: `Note: ${secret}`, visibility: 'internal' },
    });
    expect(note.statusCode).toBe(201);
    const reply = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket}/replies`,
      headers: bearer(president),
      payload: { text: `Public words ${secret}` },
    });
    expect(reply.statusCode).toBe(201);
    expect((await approve(ticket, `Approve note: ${secret}`)).statusCode).toBe(200);

    await app.outbox.worker.runOnce();

    const rows = await app.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, String(hook.id)));
    expect(rows.map((row) => row.template).sort()).toEqual([
      'ticket.replied',
      'ticket.status_changed',
      'ticket.submitted',
    ]);
    const mine = receiver.received.filter((one) =>
      rows.some((row) => one.headers['webhook-id'] === `msg_${row.id}`),
    );
    expect(mine).toHaveLength(3);
    const fields = submitFields(refs);
    for (const text of [JSON.stringify(rows.map((row) => row.params)), ...mine.map((one) => one.body)]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain('Ravi');
      expect(text).not.toContain(fields.mobile);
      expect(text).not.toContain('@example.com');
    }
    expect(JSON.parse(mine.find((one) => one.body.includes('ticket.replied'))?.body ?? '{}').data).toEqual({
      ticketId: ticket,
      city: 'Pune',
      by: 'staff',
    });
  });

  it('lists deliveries, retries a failed one and removes a webhook (admins only)', async () => {
    const hook = await newWebhook(['ticket.submitted']);
    await newTicket();
    await app.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(eq(outbox.recipient, String(hook.id)));
    const [failed] = await deliveries(hook.id);
    const before = receiver.received.length;

    const retried = await app.inject({
      method: 'POST',
      url: `/api${pathFor(API_PATHS.integrations.retryDelivery, { id: hook.id, deliveryId: failed?.id ?? 0 })}`,
      headers: bearer(admin),
    });
    expect(retried.statusCode).toBe(200);
    await app.outbox.worker.runOnce();
    expect(
      receiver.received.slice(before).filter((one) => one.headers['webhook-id'] === `msg_${failed?.id}`),
    ).toHaveLength(1);

    const listed = await app.inject({
      url: `/api${API_PATHS.integrations.webhooks}`,
      headers: bearer(admin),
    });
    expect(listed.json().webhooks).toContainEqual(expect.objectContaining({ id: hook.id, url: hook.url }));
    expect(listed.body).not.toContain(hook.secret);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api${pathFor(API_PATHS.integrations.webhook, { id: hook.id })}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode).toBe(200);
    const afterRemoval = (
      await app.inject({ url: `/api${API_PATHS.integrations.webhooks}`, headers: bearer(admin) })
    ).json();
    expect(afterRemoval.webhooks.map((one: { id: number }) => one.id)).not.toContain(hook.id);
    expect(
      (await app.inject({ url: `/api${API_PATHS.integrations.webhooks}`, headers: bearer(president) }))
        .statusCode,
    ).toBe(403);
  });
});
