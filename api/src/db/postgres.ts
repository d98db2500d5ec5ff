import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool, type PoolClient, type QueryResultRow } from 'pg';
import { migrationsDir } from '../paths';
import { StartupError } from '../startupError';
import type { Database, SqlStatement } from './database';
import * as schema from './schema';

// Any constant shared by every api instance: the advisory lock that lets one of them migrate at a time.
const MIGRATION_LOCK_ID = 7_413_902_551;

// Fail a request after this long rather than wait for ever on an unreachable server.
const CONNECT_TIMEOUT_MS = 5_000;

interface PostgresOptions {
  url: string;
  poolMax: number;
  /** A pooled connection failed (server restart, network): report it; the pool replaces it. */
  onConnectionError(error: Error): void;
  /**
   * Apply pending migrations before answering (default). Off for a read replica: it is read-only
   * and receives the primary's migrations through replication.
   */
  migrations?: boolean;
}

/**
 * node-postgres emits 'error' on a client whose connection dies (a restart's 57P01, "Connection
 * terminated unexpectedly"), and an 'error' event nobody listens to ends the process. The pool
 * listens while a client is idle and `pool.query` while it runs one query, but not while a client
 * is checked out with `connect()` (every drizzle transaction), so this pool listens then too.
 * Such a client is also handed back at once, marked broken: drizzle releases a transaction's client
 * only when its `begin` succeeded, so a connection that died before would hold its pool slot for ever.
 */
class ResilientPool extends Pool {
  constructor(
    options: ConstructorParameters<typeof Pool>[0],
    private readonly onConnectionError: (error: Error) => void,
  ) {
    super(options);
    this.on('error', onConnectionError);
  }

  override connect(): Promise<PoolClient>;
  override connect(
    callback: (
      error: Error | undefined,
      client: PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  override connect(callback?: Parameters<Pool['connect']>[0]): Promise<PoolClient> | undefined {
    // The callback form is pool.query's own, which handles a failing client itself.
    if (callback) {
      super.connect(callback);
      return undefined;
    }
    return super.connect().then((client) => this.guard(client));
  }

  private guard(client: PoolClient): PoolClient {
    const release = client.release.bind(client);
    let released = false;
    const onError = (error: Error) => {
      this.onConnectionError(error);
      if (released) return;
      released = true;
      release(error); // broken: the pool drops it and opens another when needed
    };
    client.on('error', onError);
    client.release = (error?: Error | boolean) => {
      client.removeListener('error', onError);
      if (released) return;
      released = true;
      release(error);
    };
    return client;
  }
}

// Names of prepared statements by their text: node-postgres parses a named statement once per
// connection. Bounded, in case a caller ever prepares texts that vary without limit.
const statementNames = new Map<string, string>();
const MAX_PREPARED = 500;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_PREPARED) return undefined;
    name = `helpdesk_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Settings of every api connection. JIT compilation only for statements estimated at ten times
 * PostgreSQL's default (ADR 0043): a search merging four words' entries is estimated past the
 * default 100,000 on its generic plan and spent 50-75 ms compiling itself to run in 2 ms; the
 * reports' scans of a year of tickets, estimated in millions, still gain from it. No parallel
 * workers (ADR 0083): the api's statements read pages of a list, a day's rollups or a batch of an
 * export, and starting workers cost more than they saved (at 10,000,000 tickets a batch of the CSV
 * export spent 60 ms starting two workers to read 2,000 tickets in 50: the year of Pune took 97-111
 * s with them, 26 s without; the league 163 ms against 87). `options` in DATABASE_URL replaces these.
 */
export const SESSION_OPTIONS = '-c jit_above_cost=1000000 -c max_parallel_workers_per_gather=0';

/** Connects a pool to DATABASE_URL and applies pending migrations (unless told not to). */
export async function openPostgres({
  url,
  poolMax,
  onConnectionError,
  migrations = true,
}: PostgresOptions): Promise<Database> {
  const pool = new ResilientPool(
    {
      connectionString: url,
      max: poolMax,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: SESSION_OPTIONS,
    },
    onConnectionError,
  );
  try {
    if (migrations) await migrateOnce(pool, url);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzle({ client: pool, schema });
  return {
    kind: 'postgres',
    db,
    runSql: async <Row>({ text, values, prepare }: SqlStatement) =>
      (
        await pool.query<Row & QueryResultRow>({
          text,
          values,
          name: prepare ? statementName(text) : undefined,
        })
      ).rows,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Several instances may start together: they take turns, so each migration runs exactly once. */
async function migrateOnce(pool: Pool, url: string): Promise<void> {
  const client = await pool.connect().catch((error: Error) => {
    throw new StartupError(
      `Cannot connect to PostgreSQL at ${describeServer(url)} (DATABASE_URL): ${error.message}`,
    );
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    client.release();
  } catch (error) {
    client.release(true); // ending the session also frees the advisory lock
    throw error;
  }
}

/** Host, port and database of a connection URL, without the credentials it may carry. */
function describeServer(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname || 'localhost'}:${port || '5432'}${pathname}`;
  } catch {
    return 'the configured server';
  }
}
