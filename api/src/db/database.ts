import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** Drizzle over either driver: services write one query for both. */
export type AppDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: DatabaseKind;
  db: AppDatabase;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
