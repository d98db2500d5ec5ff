import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../paths';
import type { Database, SqlStatement } from './database';
import { lockDatabaseFolder } from './pgliteLock';
import * as schema from './schema';

/** Opens (creating if needed) the embedded database in dataDir/pglite and applies pending migrations. */
export async function openPglite(dataDir: string): Promise<Database> {
  const databaseDir = path.join(dataDir, 'pglite');
  // PGlite creates only the last folder of its path.
  mkdirSync(databaseDir, { recursive: true });
  const releaseLock = lockDatabaseFolder(path.join(dataDir, 'pglite.lock'), databaseDir);
  let client: PGlite;
  try {
    // pg_trgm: migration 0003 creates it (its trigram indexes gave way to full text in 0005, ADR 0018).
    client = await PGlite.create(databaseDir, { extensions: { pg_trgm } });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      releaseLock();
    }
  };

  const db = drizzle({ client, schema });
  try {
    await migrate(db, { migrationsFolder: migrationsDir });
  } catch (error) {
    await close().catch(() => undefined); // the migration's error is the one worth reporting
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    runSql: async <Row>({ text, values }: SqlStatement) => (await client.query<Row>(text, values)).rows,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}
