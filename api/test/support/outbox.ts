import { eq } from 'drizzle-orm';
import type { App } from '../../src/app';
import { outbox } from '../../src/db/schema';

/** Every outbox row, oldest first. */
export async function outboxRows(app: App) {
  return app.db.select().from(outbox).orderBy(outbox.id);
}

/** Waits until no message is queued any more (sent, failed or held), then returns the rows. */
export async function outboxSettled(app: App, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const queued = await app.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'queued'));
    if (queued.length === 0) return outboxRows(app);
    if (Date.now() > deadline)
      throw new Error(`${queued.length} message(s) still queued after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A worker for a test that drains the queue itself (runOnce): one row at a time, quick retries. */
export const TEST_WORKER_SETTINGS = {
  pollMs: 10,
  leaseMs: 60_000,
  batchSize: 50,
  concurrency: 1,
  retryBaseMs: 1_000,
  maxBackoffMs: 60_000,
};
