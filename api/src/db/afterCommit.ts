/**
 * Work that must wait until a transaction has committed (waking the outbox's worker for the rows
 * it wrote): asked for by the code that writes, run by the transaction itself. No caller has to
 * remember a call after its commit, and a rolled-back transaction runs nothing.
 */
import type { AppDatabase, Writer } from './database';

const pending = new WeakMap<object, Set<() => void>>();

/** Whether `writer` is a transaction (drizzle's transactions can roll back; the database cannot). */
const isTransaction = (writer: Writer) => typeof (writer as { rollback?: unknown }).rollback === 'function';

/** Runs `work` once the transaction `writer` commits; right away for a write outside a transaction. */
export function afterCommit(writer: Writer, work: () => void): void {
  if (!isTransaction(writer)) {
    queueMicrotask(work);
    return;
  }
  const queued = pending.get(writer);
  if (queued) queued.add(work);
  else pending.set(writer, new Set([work]));
}

/** Makes every transaction of `db` run what `afterCommit` queued in it, once it has committed. */
export function runAfterCommits(db: AppDatabase): AppDatabase {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (body: (tx: Writer) => Promise<unknown>, config?: unknown) => {
    let opened: Writer | undefined;
    const result = await transaction(
      (tx) => {
        opened = tx;
        return body(tx);
      },
      config as Parameters<typeof transaction>[1],
    );
    const queued = opened && pending.get(opened);
    if (queued) {
      if (opened) pending.delete(opened);
      for (const work of queued) work();
    }
    return result;
  }) as AppDatabase['transaction'];
  return db;
}
