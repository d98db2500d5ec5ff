/**
 * Every write of outbox rows wakes the worker once its transaction commits, without a call the
 * writing service must remember (db/afterCommit.ts, outbox/outboxSignal.ts): not before the
 * commit, never after a rollback, once per transaction however many rows it wrote.
 */
import type { App } from '../src/app';
import { onMessagesQueued } from '../src/services/outbox/outboxSignal';
import { enqueueMessages, type NewMessage } from '../src/services/outbox/outboxStore';
import { buildDemoApp } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const message = (n: number): NewMessage => ({
  event: 'ticket.replied',
  ticketId: null,
  recipientUserId: null,
  recipient: `wake${n}@example.com`,
  channel: 'email',
  template: 'memberLink',
  params: {},
  locale: 'en',
});

describe.each(databaseKinds)('the outbox wakes its worker on commit, on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let wakes: number;
  let stop: () => void;

  beforeAll(async () => {
    app = await buildDemoApp(database(), { OUTBOX_WORKER: 'false' });
    await app.ready();
    stop = onMessagesQueued(() => {
      wakes += 1;
    });
  }, APP_TIMEOUT_MS);

  beforeEach(() => {
    wakes = 0;
  });

  afterAll(async () => {
    stop?.();
    await app?.close();
  });

  it('after the commit, once for the transaction', async () => {
    let wakesBeforeCommit = -1;
    await app.db.transaction(async (tx) => {
      await enqueueMessages(tx, [message(1)], new Date());
      await enqueueMessages(tx, [message(2), message(3)], new Date());
      wakesBeforeCommit = wakes;
    });
    expect(wakesBeforeCommit).toBe(0);
    expect(wakes).toBe(1);
  });

  it('never for a transaction that rolled back', async () => {
    await expect(
      app.db.transaction(async (tx) => {
        await enqueueMessages(tx, [message(4)], new Date());
        throw new Error('changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(wakes).toBe(0);
  });

  it('a write outside a transaction has committed already: woken right after it', async () => {
    await enqueueMessages(app.db, [message(5)], new Date());
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    expect(wakes).toBe(1);
  });

  it('a staff reply wakes the worker with no call of its own', async () => {
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@helpdesk.demo', password: 'Demo@12345' },
      })
    ).json().token as string;
    const list = await app.inject({
      url: '/api/tickets/all?pageSize=1',
      headers: { authorization: `Bearer ${token}` },
    });
    const id = list.json().tickets[0].id as number;
    const replied = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/replies`,
      headers: { authorization: `Bearer ${token}` },
      payload: { text: 'We are on it.' },
    });
    expect(replied.statusCode).toBe(201);
    expect(wakes).toBe(1);
  });
});
