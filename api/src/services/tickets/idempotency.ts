/**
 * Idempotent submits (docs/architecture.md#security-decisions): a submit sent with an `Idempotency-Key` is done once; the
 * same key with the same request gets the first answer again, with another request a 422.
 *
 * The first answer holds the ticket's and maybe the member's secret, which are stored nowhere else
 * but as hashes. So it is kept encrypted (AES-256-GCM) with a key derived from the idempotency key,
 * and the row is found by the idempotency key's hash: the stored row alone reveals no secret; only
 * the client that holds the idempotency key can have the answer again.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';

/** How long an answered submit can be replayed (then the key may be used again). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  /** The answer, decrypted; undefined when it cannot be (another key with a colliding hash). */
  body: unknown;
}

/** The row key of an idempotency key: its sha256. */
export function idempotencyRowKey(idempotencyKey: string): string {
  return createHash('sha256').update(`idempotency:${idempotencyKey}`, 'utf8').digest('base64url');
}

function cipherKey(idempotencyKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', idempotencyKey, 'helpdesk idempotency', 'submit answer', 32));
}

/** The answer encrypted for storage: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function sealAnswer(idempotencyKey: string, body: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cipherKey(idempotencyKey), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.');
}

export function openAnswer(idempotencyKey: string, sealed: string): unknown {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', cipherKey(idempotencyKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]);
    return JSON.parse(text.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The fingerprint of a submit: every field as sent and the file's name and bytes. Two requests
 * with the same fingerprint are the same submit.
 */
export function requestFingerprint(
  fields: Record<string, string>,
  file: { fileName: string; sha256: string; size: number } | null,
): string {
  const canonical = JSON.stringify({
    fields: Object.keys(fields)
      .sort()
      .map((name) => [name, fields[name]]),
    file: file ? [file.fileName, file.size, file.sha256] : null,
  });
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** The answered submit of this idempotency key, if any (and not expired). */
export async function findAnswer(db: AppDatabase, idempotencyKey: string): Promise<StoredAnswer | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, idempotencyRowKey(idempotencyKey)));
  if (!row || row.createdAt.getTime() < Date.now() - IDEMPOTENCY_TTL_MS) return undefined;
  return {
    requestHash: row.requestHash,
    statusCode: row.statusCode,
    body: openAnswer(idempotencyKey, row.response),
  };
}

/**
 * Claims the key inside the submit's transaction. False when another submit holds it (on
 * PostgreSQL the insert waits for that submit's transaction, so after it commits this one sees it).
 * An expired row is taken over.
 */
export async function claimKey(
  db: AppDatabase,
  idempotencyKey: string,
  requestHash: string,
): Promise<boolean> {
  const ttl = `${IDEMPOTENCY_TTL_MS} milliseconds`;
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ key: idempotencyRowKey(idempotencyKey), requestHash, statusCode: 0, response: '' })
    .onConflictDoUpdate({
      target: idempotencyKeys.key,
      set: { requestHash, statusCode: 0, response: '', ticketId: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} < now() - ${ttl}::interval`,
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length > 0;
}

/** Records the answer of a claimed key (same transaction as the ticket). */
export async function recordAnswer(
  db: AppDatabase,
  idempotencyKey: string,
  answer: { ticketId: number; statusCode: number; body: unknown },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      ticketId: answer.ticketId,
      statusCode: answer.statusCode,
      response: sealAnswer(idempotencyKey, answer.body),
    })
    .where(eq(idempotencyKeys.key, idempotencyRowKey(idempotencyKey)));
}

/** Drops the rows that can no longer be replayed. */
export async function pruneAnswers(db: AppDatabase): Promise<void> {
  const ttl = `${IDEMPOTENCY_TTL_MS} milliseconds`;
  await db.delete(idempotencyKeys).where(sql`${idempotencyKeys.createdAt} < now() - ${ttl}::interval`);
}
