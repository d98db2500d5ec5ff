import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** Drizzle over either driver: services write one query for both. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The `tx` that `db.transaction(async (tx) => …)` hands its callback. */
export type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/** Where a write can go: the database itself, or a transaction the caller already holds. */
export type Writer = AppDatabase | Transaction;

/**
 * Runs independent reads side by side on the pool (each takes a connection of its own), but one
 * after another inside a transaction: its one connection would queue them anyway, and node-postgres
 * warns of queries sent to a client still busy (pg 9 refuses them).
 */
export async function readsTogether<T extends readonly unknown[]>(
  db: object,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

/**
 * One statement in PostgreSQL's own text, `$1`… for `values`. `prepare`: on PostgreSQL, parse and
 * plan it once per connection under a name derived from the text (only for texts from a bounded
 * set whose generic plan is as good as a custom one); PGlite ignores it.
 */
export interface SqlStatement {
  text: string;
  values: unknown[];
  prepare?: boolean;
}

/**
 * Runs a statement outside drizzle: the hot read paths (a list page, the counts, the user behind a
 * token) skip its query building and result mapping. Rows come back keyed by column alias, times
 * as `Date`. Not for use inside a transaction (it takes its own connection).
 */
export type RunSql = <Row>(statement: SqlStatement) => Promise<Row[]>;

export interface Database {
  kind: DatabaseKind;
  db: AppDatabase;
  runSql: RunSql;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
