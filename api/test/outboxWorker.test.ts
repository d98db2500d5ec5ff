/**
 * The outbox worker's own rules (ADR 0026), with the api's clock moved by hand and a channel that
 * records each send: the back-off doubles from OUTBOX_RETRY_BASE_MS until the next delay would pass
 * OUTBOX_MAX_BACKOFF_MS (then failed); and no message is ever sent after its lease ran out, even
 * behind slow sends in one batch (it goes back unsent and is claimed again).
 */
import type { MessageChannel } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { ManualClock } from '../src/services/clock';
import type { Channel, OutgoingMessage } from '../src/services/outbox/channels/channel';
import { unconfiguredChannel } from '../src/services/outbox/channels/channel';
import { enqueueMessages } from '../src/services/outbox/outboxStore';
import { nextDelayMs, OutboxWorker, type WorkerSettings } from '../src/services/outbox/worker';
import { outboxRows } from './support/outbox';
import { buildDemoApp } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

describe('the back-off', () => {
  it('doubles from the base and gives up once the next delay would pass the longest', () => {
    const settings = { retryBaseMs: 30_000, maxBackoffMs: 24 * 3600_000 };
    expect([1, 2, 3, 4].map((attempts) => nextDelayMs(attempts, settings))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    // 30 s × 2^11 = 17 h 4 min is the last delay under 24 h; the 13th failure is final.
    expect(nextDelayMs(12, settings)).toBe(30_000 * 2 ** 11);
    expect(nextDelayMs(13, settings)).toBeNull();
  });
});

describe.each(databaseKinds)('the outbox worker on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;

  beforeAll(async () => {
    // The app's own worker is off: this test runs one by hand.
    app = await buildDemoApp(database(), { OUTBOX_WORKER: 'false' });
    await app.ready();
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  it('never sends a message after its lease ran out: behind slow sends, the rest of the batch goes back unsent', async () => {
    const clock = new ManualClock();
    const settings: WorkerSettings = {
      pollMs: 10,
      leaseMs: 1_000,
      batchSize: 3,
      concurrency: 1,
      retryBaseMs: 1_000,
      maxBackoffMs: 60_000,
    };
    const sends: { id: number; at: number; leaseUntil: number }[] = [];
    const ids = await enqueueMessages(
      app.db,
      [1, 2, 3].map((n) => ({
        event: 'ticket.replied' as const,
        ticketId: null,
        recipientUserId: null,
        recipient: `slow.${n}@example.com`,
        channel: 'email' as const,
        template: 'ticketReplied',
        params: {},
        locale: 'en',
      })),
      clock.now(),
    );
    const leases = new Map<number, number>();
    // Each send takes 600 ms of the api's clock: the second one would end after the lease.
    const slow: Channel = {
      name: 'email',
      configured: true,
      heldReason: '',
      async send(message: OutgoingMessage) {
        sends.push({ id: message.id, at: clock.now().getTime(), leaseUntil: leases.get(message.id) ?? 0 });
        clock.advance(600);
      },
    };
    const channels: Record<MessageChannel, Channel> = {
      email: slow,
      sms: unconfiguredChannel('sms', 'off'),
      whatsapp: unconfiguredChannel('whatsapp', 'off'),
      webhook: unconfiguredChannel('webhook', 'off'),
    };
    const worker = new OutboxWorker(app.db, clock, channels, settings, app.log, {}, (rows) => {
      for (const row of rows) leases.set(row.id, row.lockedUntil?.getTime() ?? 0);
    });

    expect(await worker.runOnce()).toBe(3);
    expect(sends.map((send) => send.id)).toEqual([ids[0]]);
    const afterFirst = (await outboxRows(app)).filter((row) => ids.includes(row.id));
    // The two given back: queued, free, their attempt not counted.
    expect(
      afterFirst.filter((row) => row.id !== ids[0]).map((row) => [row.status, row.lockedUntil, row.attempts]),
    ).toEqual([
      ['queued', null, 0],
      ['queued', null, 0],
    ]);

    while ((await worker.runOnce()) > 0) {
      // each round sends one and gives the rest back
    }
    const rows = (await outboxRows(app)).filter((row) => ids.includes(row.id));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    expect(sends.map((send) => send.id).sort()).toEqual([...ids].sort());
    // Every send began with at least half its lease ahead of it.
    for (const send of sends) expect(send.leaseUntil - send.at).toBeGreaterThanOrEqual(settings.leaseMs / 2);
  });
});
