import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** Drizzle over either driver: services write one query for both. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The `tx` that `db.transaction(async (tx) => …)` hands its callback. */
export type Transaction = Parameters<Parameters<AppDatabase['transaction']>[0]>[0];

/** Where a write can go: the database itself, or a transaction the caller already holds. */
export type Writer = AppDatabase | Transaction;

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
