import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool, type QueryResultRow } from 'pg';
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
  /** An idle pooled connection failed (server restart, network): report it; the pool replaces it. */
  onIdleConnectionError(error: Error): void;
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

/** Connects a pool to DATABASE_URL and applies pending migrations. */
export async function openPostgres({
  url,
  poolMax,
  onIdleConnectionError,
}: PostgresOptions): Promise<Database> {
  const pool = new Pool({ connectionString: url, max: poolMax, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', onIdleConnectionError);
  try {
    await migrateOnce(pool, url);
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
