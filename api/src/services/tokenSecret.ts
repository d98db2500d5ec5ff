import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { appMeta } from '../db/schema';

const SECRET_KEY = 'token_secret';

/**
 * The key that signs tokens: HELPDESK_SECRET when set (always in production, config.ts insists);
 * otherwise (development, demo, tests) one generated on the first start and kept in the
 * database's app_meta, so tokens survive a restart and every instance on that database agrees.
 */
export async function resolveTokenSecret(
  db: AppDatabase,
  configured: string | undefined,
): Promise<{ secret: string; generated: boolean }> {
  if (configured) return { secret: configured, generated: false };
  // Two instances starting together: the first insert wins and both read the same row.
  await db
    .insert(appMeta)
    .values({ key: SECRET_KEY, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  if (!row) throw new Error('the generated token secret could not be stored');
  return { secret: row.value, generated: true };
}
