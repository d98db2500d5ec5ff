import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { runAfterCommits } from '../db/afterCommit';
import { openDatabase } from '../db/client';
import type { AppDatabase, DatabaseKind, RunSql } from '../db/database';
import { openPostgres } from '../db/postgres';
import { ReplicaReads } from '../db/replicaReads';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
    /** Raw statements for the hot read paths (see RunSql). */
    runSql: RunSql;
    dbKind: DatabaseKind;
    pingDatabase(): Promise<void>;
    /** Reports, exports and searches: on the replica when there is one and it has every write (ADR 0077). */
    replicaReads: ReplicaReads;
  }
}

/**
 * Opens the database (migrated) and exposes it to every route. Called on the root instance before
 * anything else, so a locked or unreachable database stops the start at once; closed with the app.
 * A replica (DATABASE_REPLICA_URL) is not waited for: the api starts and reads from the primary
 * until the replica answers.
 */
export async function registerDatabase(app: FastifyInstance, config: Config): Promise<void> {
  const database = await openDatabase(config, (error) => {
    // Not fatal: the pool opens a new connection for the next request (503s until the server is back).
    app.log.error({ err: error }, 'a PostgreSQL connection failed');
  });
  const replica = config.replica
    ? await openPostgres({
        url: config.replica.url,
        poolMax: config.databasePoolMax,
        migrations: false,
        onConnectionError: (error) => app.log.warn({ err: error }, 'a replica connection failed'),
      })
    : null;
  // Transactions run what their writes asked for once they commit (the outbox's wake-up).
  app.decorate('db', runAfterCommits(database.db));
  app.decorate('runSql', database.runSql);
  app.decorate('dbKind', database.kind);
  app.decorate('pingDatabase', database.ping);
  const replicaReads = new ReplicaReads(database, replica, {
    maxLagMs: config.replica?.maxLagMs ?? 0,
    clock: app.clock,
    log: app.log,
  });
  app.decorate('replicaReads', replicaReads);
  app.addHook('onReady', () => replicaReads.start());
  app.addHook('onClose', async () => {
    await replicaReads.stop();
    await replica?.close();
    await database.close();
  });
}
