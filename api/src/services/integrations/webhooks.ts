/**
 * Webhooks (ADR 0064): HTTPS endpoints an admin registers with the events they want. Each delivery
 * is an outbox row of the channel `webhook` (recipient: the webhook's id; template: the event;
 * params: the payload's data), written in the transaction of the change it reports, then sent,
 * retried and backed off by the outbox worker like every message. Payloads carry ids and public
 * facts only (no member's name, contact, words or internal note): a receiver that needs more
 * calls the api with an API token.
 */
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookInput,
  webhookEventSchema,
} from 'shared-contracts/contracts';
import { afterCommit } from '../../db/afterCommit';
import type { AppDatabase, Writer } from '../../db/database';
import { outbox, webhooks } from '../../db/schema';
import type { SecretSealer } from '../mfa';
import { messagesQueued } from '../outbox/outboxSignal';

/** The data of an event's payload: ids and public facts (`ticketId` always). */
export type WebhookData = { ticketId: number } & Record<string, string | number | null>;

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const knownEvents = (events: string[]) =>
  events.filter((event): event is WebhookEvent => webhookEventSchema.safeParse(event).success);

/**
 * Why an address may not be a webhook's (loopback, private, link-local, unspecified: the api's own
 * network and the cloud's metadata service), or null. Host names are checked again when sent, on
 * the addresses they resolve to (the channel's agent).
 */
export function refusedHost(hostname: string, allowed: readonly string[]): string | null {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowed.includes(host)) return null;
  if (host === 'localhost' || host.endsWith('.localhost')) return 'a loopback address';
  const version = isIP(host);
  if (version === 4) {
    const [a = 0, b = 0] = host.split('.').map(Number);
    if (a === 127) return 'a loopback address';
    if (a === 169 && b === 254) return 'a link-local address';
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private address';
    if (a === 100 && b >= 64 && b <= 127) return 'a shared (carrier) address';
    if (a === 0) return 'an unspecified address';
  }
  if (version === 6) {
    if (host === '::1' || host === '::') return 'a loopback address';
    if (/^fe[89ab]/.test(host)) return 'a link-local address';
    if (/^f[cd]/.test(host)) return 'a private address';
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
    if (mapped) return refusedHost(mapped, allowed);
  }
  return null;
}

/** Registers a webhook; its signing secret (`whsec_…`) is in the answer only. */
export async function createWebhook(
  db: AppDatabase,
  sealer: SecretSealer,
  input: WebhookInput,
  createdBy: number,
  now: Date,
): Promise<{ id: number; secret: string }> {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const [row] = await db
    .insert(webhooks)
    .values({
      url: input.url,
      events: input.events,
      secretSealed: sealer.seal(secret),
      createdBy,
      createdAt: now,
    })
    .returning({ id: webhooks.id });
  if (!row) throw new Error('no webhook row returned');
  return { id: row.id, secret };
}

/** The registered webhooks, newest first. */
export async function listWebhooks(db: AppDatabase): Promise<Webhook[]> {
  const rows = await db
    .select({ id: webhooks.id, url: webhooks.url, events: webhooks.events, createdAt: webhooks.createdAt })
    .from(webhooks)
    .where(isNull(webhooks.deletedAt))
    .orderBy(desc(webhooks.id));
  return rows.map((row) => ({
    ...row,
    events: knownEvents(row.events),
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Removes a webhook: nothing more is queued for it and its queued deliveries are not sent. */
export async function deleteWebhook(db: AppDatabase, id: number, now: Date): Promise<boolean> {
  const deleted = await db
    .update(webhooks)
    .set({ deletedAt: now })
    .where(and(eq(webhooks.id, id), isNull(webhooks.deletedAt)))
    .returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** Whether a live webhook has this id. */
export async function webhookExists(db: AppDatabase, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.id, id), isNull(webhooks.deletedAt)));
  return row !== undefined;
}

/**
 * Queues one delivery of `event` to every live webhook that wants it, in the caller's transaction
 * (one INSERT … SELECT), due now. The row has no ticket id of its own: the ticket's messages list
 * shows messages to people, and the id is in the payload.
 */
export async function enqueueWebhooks(tx: Writer, event: WebhookEvent, data: WebhookData, now: Date) {
  await tx.execute(sql`insert into outbox
      (event, recipient, channel, template, params, locale, status, next_attempt_at)
    select ${event}, w.id::text, 'webhook', ${event}, ${JSON.stringify(data)}::jsonb, 'en', 'queued',
      ${now.toISOString()}::timestamptz
    from webhooks w where w.deleted_at is null and ${event} = any(w.events)`);
  afterCommit(tx, messagesQueued);
}

/** A webhook's deliveries, newest first (at most `limit`). */
export async function listDeliveries(
  db: AppDatabase,
  webhookId: number,
  limit = 100,
): Promise<WebhookDelivery[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'webhook'), eq(outbox.recipient, String(webhookId))))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.flatMap((row) => {
    const event = webhookEventSchema.safeParse(row.template);
    if (!event.success) return [];
    return [
      {
        id: row.id,
        event: event.data,
        status: row.status,
        attempts: row.attempts,
        answer: row.answer ?? row.lastError,
        createdAt: row.createdAt.toISOString(),
        sentAt: iso(row.sentAt),
        nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
      },
    ];
  });
}

/** Sends a delivery again now (a failed one, or a queued one waiting for its next attempt). */
export async function retryDelivery(db: AppDatabase, webhookId: number, deliveryId: number, now: Date) {
  const retried = await db
    .update(outbox)
    .set({ status: 'queued', nextAttemptAt: now, lockedUntil: null })
    .where(
      and(
        eq(outbox.id, deliveryId),
        eq(outbox.channel, 'webhook'),
        eq(outbox.recipient, String(webhookId)),
        sql`${outbox.status} in ('failed', 'queued', 'held')`,
      ),
    )
    .returning({ id: outbox.id });
  if (retried.length > 0) messagesQueued();
  return retried.length > 0;
}
