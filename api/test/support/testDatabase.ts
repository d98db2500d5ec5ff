import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { DatabaseKind } from '../../src/db/database';
import { pgliteTemplate } from './pgliteTemplate';

/** PGlite always; PostgreSQL as well when DATABASE_URL names a server (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

// Copying the template or creating a database: seconds alone, over a minute on a loaded CI machine.
const SETUP_TIMEOUT_MS = 180_000;

export interface TestDatabase {
  kind: DatabaseKind;
  /** A fresh temporary folder: the PGlite data and, later, uploads. */
  dataDir: string;
  /** The environment variables that point the api at this database. */
  env: Record<string, string>;
}

/**
 * A brand-new database for the calling describe block: a temporary PGlite folder holding a copy
 * of a freshly migrated database, or a new PostgreSQL database on the DATABASE_URL server. Both
 * are removed after the block.
 */
export function useTestDatabase(
  kind: DatabaseKind,
  /** The PostgreSQL server to create the database on (default: DATABASE_URL's). */
  server: () => string = serverUrl,
): () => TestDatabase {
  let database: TestDatabase | undefined;
  let dropPostgresDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-api-test-'));
    database = { kind, dataDir, env: { DATA_DIR: dataDir } };
    if (kind === 'pglite') {
      cpSync(pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
    } else {
      const created = await createPostgresDatabase(server());
      database.env.DATABASE_URL = created.url;
      dropPostgresDatabase = created.drop;
    }
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await dropPostgresDatabase?.();
    if (database) rmSync(database.dataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  return () => {
    if (!database) throw new Error('useTestDatabase: the database exists only inside tests and hooks');
    return database;
  };
}

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('PostgreSQL tests need DATABASE_URL');
  return url;
}

async function createPostgresDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `helpdesk_test_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    url: databaseUrl.toString(),
    // FORCE: a test that failed half-way may have left a connection open.
    drop: () => onServer(url, `drop database if exists ${name} with (force)`),
  };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
