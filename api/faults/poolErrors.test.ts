import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database';
import { isDatabaseUnavailable } from '../src/db/errors';
import { openPostgres } from '../src/db/postgres';
import { waitUntil } from './support/net';
import { createCluster, type PostgresCluster } from './support/postgresCluster';

// The api's PostgreSQL pool when the server ends its sessions (pg_terminate_backend sends the same
// 57P01 as a restart): an 'error' event nobody handles would end the jest process itself.
describe('the PostgreSQL pool when the server ends a session', () => {
  let cluster: PostgresCluster;
  let database: Database;
  const connectionErrors: Error[] = [];

  beforeAll(async () => {
    cluster = await createCluster();
    // One connection: a client the pool lost track of would leave none for the next statement.
    database = await openPostgres({
      url: cluster.url(),
      poolMax: 1,
      onConnectionError: (error) => connectionErrors.push(error),
    });
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.destroy();
  }, 60_000);

  const terminateOthers = () =>
    cluster.sql(
      "select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
    );

  it('survives the session of a transaction in progress ending, and keeps its connection slot', async () => {
    connectionErrors.length = 0;
    const outcome = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await terminateOthers();
      await waitUntil(() => connectionErrors.length > 0, 'the client to report its lost connection');
      await tx.execute(sql`select 2`);
    });

    const error = await outcome.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    await database.ping(); // the one slot is free again, on a new connection
    expect(await database.runSql<{ n: number }>({ text: 'select 3 as n', values: [] })).toEqual([{ n: 3 }]);
  });

  it('survives idle sessions ending and serves the next statement on a new connection', async () => {
    await database.ping();
    connectionErrors.length = 0;
    await terminateOthers();
    await waitUntil(() => connectionErrors.length > 0, 'the idle client to report its lost connection');

    await database.ping();
  });
});
