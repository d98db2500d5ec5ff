import type { Config } from '../config';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'databasePoolMax' | 'dataDir'>,
  onConnectionError: (error: Error) => void,
): Promise<Database> {
  if (config.databaseUrl) {
    return openPostgres({ url: config.databaseUrl, poolMax: config.databasePoolMax, onConnectionError });
  }
  return openPglite(config.dataDir);
}
