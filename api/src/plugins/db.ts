import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { runAfterCommits } from '../db/afterCommit';
import { openDatabase } from '../db/client';
import type { AppDatabase, DatabaseKind, RunSql } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
    /** Raw statements for the hot read paths (see RunSql). */
    runSql: RunSql;
    dbKind: DatabaseKind;
    pingDatabase(): Promise<void>;
  }
}

/**
 * Opens the database (migrated) and exposes it to every route. Called on the root instance before
 * anything else, so a locked or unreachable database stops the start at once; closed with the app.
 */
export async function registerDatabase(app: FastifyInstance, config: Config): Promise<void> {
  const database = await openDatabase(config, (error) => {
    // Not fatal: the pool opens a new connection for the next request (503s until the server is back).
    app.log.error({ err: error }, 'a PostgreSQL connection failed');
  });
  // Transactions run what their writes asked for once they commit (the outbox's wake-up).
  app.decorate('db', runAfterCommits(database.db));
  app.decorate('runSql', database.runSql);
  app.decorate('dbKind', database.kind);
  app.decorate('pingDatabase', database.ping);
  app.addHook('onClose', () => database.close());
}
