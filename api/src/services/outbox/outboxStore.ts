/**
 * The `outbox` table's statements (ADR 0026): rows written in the changing transaction, the
 * worker's claim and marks, and the reads of staff (a ticket's messages) and admins (failed ones,
 * retry). Every time compared here is passed in from the api's clock service.
 */
import { and, asc, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FailedMessage, MessageChannel, MessageEvent, TicketMessage } from 'shared-contracts/contracts';
import { afterCommit } from '../../db/afterCommit';
import type { AppDatabase, Writer } from '../../db/database';
import { outbox, users } from '../../db/schema';
import { maskEmail, maskMobile } from '../tickets/masking';
import { messagesQueued } from './outboxSignal';
import { SECRET_PARAMS, sealParams } from './sealedParams';

export type OutboxRow = typeof outbox.$inferSelect;

/** One message to write: who, how, what (a template of the catalogue and its parameters). */
export interface NewMessage {
  event: MessageEvent;
  ticketId: number | null;
  recipientUserId: number | null;
  recipient: string;
  channel: MessageChannel;
  template: string;
  params: Record<string, unknown>;
  locale: string;
}

/**
 * The parameters that must not outlive the send: the private links (their keys are stored nowhere
 * else in clear). Sealed while the row waits (ADR 0052); the worker removes them when a message is
 * sent or fails for good.
 */
export { SECRET_PARAMS };

/** Writes the messages in the caller's transaction, due now (`now` from the clock service). */
export async function enqueueMessages(tx: Writer, messages: NewMessage[], now: Date): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      messages.map((message) => ({
        ...message,
        params: sealParams(message.params),
        status: 'queued' as const,
        nextAttemptAt: now,
      })),
    )
    .returning({ id: outbox.id });
  afterCommit(tx, messagesQueued);
  return rows.map((row) => row.id);
}

/** An email to a staff member known by id: the address is read by the insert itself. */
export type StaffEmail = Omit<NewMessage, 'recipientUserId' | 'recipient' | 'channel'> & { userId: number };

/**
 * Writes `messages` and an email to each active user of `staff` in one statement (INSERT … SELECT:
 * the staff member's address is read where it is written): a submit's confirmation and the city
 * president's "new ticket" cost the submit's transaction one round trip, not a lookup and an insert
 * (bench/README.md, the submit with and without its outbox rows). An inactive or missing staff
 * member gets nothing.
 */
export async function enqueueWithStaff(
  tx: Writer,
  messages: NewMessage[],
  staff: StaffEmail[],
  now: Date,
): Promise<void> {
  if (staff.length === 0) {
    await enqueueMessages(tx, messages, now);
    return;
  }
  const typed = (message: Pick<NewMessage, 'event' | 'ticketId' | 'template' | 'params' | 'locale'>) => ({
    event: sql`${message.event}::text`,
    ticketId: sql`${message.ticketId}::int`,
    template: sql`${message.template}::text`,
    params: sql`${JSON.stringify(sealParams(message.params))}::jsonb`,
    locale: sql`${message.locale}::text`,
  });
  const selects = [
    ...messages.map((message) => {
      const t = typed(message);
      return sql`select ${t.event}, ${t.ticketId}, ${message.recipientUserId}::int, ${message.recipient}::text, ${message.channel}::text, ${t.template}, ${t.params}, ${t.locale}`;
    }),
    ...staff.map((message) => {
      const t = typed(message);
      // Nobody hears of a ticket a recusal passed them over on (ADR 0048).
      return sql`select ${t.event}, ${t.ticketId}, ${users.id}, ${users.email}, 'email'::text, ${t.template}, ${t.params}, ${t.locale} from ${users} where ${users.id} = ${message.userId} and ${users.isActive}
        and not exists (select 1 from ticket_recusals r where r.ticket_id = ${t.ticketId} and r.user_id = ${users.id})`;
    }),
  ];
  await tx.execute(sql`
    insert into ${outbox} (event, ticket_id, recipient_user_id, recipient, channel, template, params, locale, status, next_attempt_at)
    select q.*, 'queued', ${now.toISOString()}::timestamptz from (${sql.join(selects, sql` union all `)}) as q`);
  afterCommit(tx, messagesQueued);
}

/** How staff see a recipient: an address or a number masked like a link viewer's. */
export function maskRecipient(channel: string, recipient: string): string {
  if (channel === 'webhook') return recipient;
  return (channel === 'email' ? maskEmail(recipient) : maskMobile(recipient)) ?? '';
}

function toMessage(row: OutboxRow): TicketMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: maskRecipient(row.channel, row.recipient),
    event: row.event as MessageEvent,
    status: row.status,
    attempts: row.attempts,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Anything shaped like an email address in a provider's error text. */
const EMAIL_IN_TEXT = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;

/**
 * A provider's error text as admins see it: mail servers echo the address they refused
 * ("550 <ravi@example.com> unknown user") and SMS gateways the number, which would show in full
 * beside the masked recipient. The stored text stays whole for the logs' operator.
 */
export function maskedErrorText(channel: string, recipient: string, text: string | null): string | null {
  if (!text) return text;
  const withoutRecipient = recipient ? text.split(recipient).join(maskRecipient(channel, recipient)) : text;
  return withoutRecipient.replace(EMAIL_IN_TEXT, (address) => maskEmail(address) ?? '');
}

function toFailedMessage(row: OutboxRow): FailedMessage {
  return {
    ...toMessage(row),
    ticketId: row.ticketId,
    lastError: maskedErrorText(row.channel, row.recipient, row.lastError),
  };
}

/** The messages of a ticket, oldest first. */
export async function ticketMessages(db: AppDatabase, ticketId: number): Promise<TicketMessage[]> {
  const rows = await db.select().from(outbox).where(eq(outbox.ticketId, ticketId)).orderBy(asc(outbox.id));
  return rows.map(toMessage);
}

/** The failed messages, newest first (at most `limit`). */
export async function failedMessages(db: AppDatabase, limit = 500): Promise<FailedMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    // A webhook's deliveries have their own log (GET /api/admin/webhooks/{id}/deliveries, ADR 0064).
    .where(and(eq(outbox.status, 'failed'), ne(outbox.channel, 'webhook')))
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map(toFailedMessage);
}

/**
 * Queues a failed or held message again, due now, with its attempts counted from zero; undefined
 * when there is no such message or it is not failed or held (a queued or sent one is left alone).
 */
export async function retryMessage(
  db: AppDatabase,
  id: number,
  now: Date,
): Promise<FailedMessage | undefined> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: now, lockedUntil: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ['failed', 'held'])))
    .returning();
  return row ? toFailedMessage(row) : undefined;
}

/**
 * Claims up to `limit` due messages for `leaseMs`: one statement, `FOR UPDATE SKIP LOCKED`, so
 * two workers never take the same row while its lease runs. Counts the attempt.
 */
export async function claimDue(
  db: AppDatabase,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'queued'),
        lte(outbox.nextAttemptAt, now),
        or(isNull(outbox.lockedUntil), lte(outbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ lockedUntil: leaseUntil, attempts: sql`${outbox.attempts} + 1` })
    .where(inArray(outbox.id, due))
    .returning();
}

/** The condition that the worker still holds the lease it claimed the row with. */
function holdsLease(row: OutboxRow) {
  return and(
    eq(outbox.id, row.id),
    eq(outbox.status, 'queued'),
    row.lockedUntil ? eq(outbox.lockedUntil, row.lockedUntil) : isNull(outbox.lockedUntil),
  );
}

/** Params without the private links (what is kept once a message is settled). */
function withoutSecrets(params: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...params };
  for (const name of SECRET_PARAMS) if (name in kept) kept[name] = null;
  return kept;
}

/**
 * The parameters a row written before ADR 0078 copied the personal data into (the member's name,
 * the title, the words quoted, staff names): sent, such a row keeps them no longer (migration 0028
 * removed them from the rows sent before). A row written since names them in `refs` only.
 */
const COPIED_PARAMS = ['name', 'title', 'text', 'reason', 'quote', 'author', 'actingFor'] as const;

/** What a sent message keeps of its parameters: no links, and no copy of personal data. */
function sentParams(row: OutboxRow): Record<string, unknown> {
  const kept = withoutSecrets(row.params);
  if (row.channel !== 'webhook' && !('refs' in kept)) for (const name of COPIED_PARAMS) delete kept[name];
  return kept;
}

/** Marks a claimed message sent (only while its lease is held). */
export async function markSent(
  db: AppDatabase,
  row: OutboxRow,
  now: Date,
  note: string | null = null,
  /** The provider's id of the message (SMS, WhatsApp), for its delivery receipts (ADR 0060). */
  providerMessageId: string | null = null,
): Promise<boolean> {
  const updated = await db
    .update(outbox)
    .set({
      status: 'sent',
      sentAt: now,
      lockedUntil: null,
      lastError: note,
      providerMessageId,
      params: sentParams(row),
      // The last word to an erased member: its address goes once it is sent (ADR 0050).
      ...(row.params.forgetRecipient ? { recipient: '' } : {}),
    })
    .where(holdsLease(row))
    .returning({ id: outbox.id });
  return updated.length > 0;
}

/** Schedules the next attempt of a claimed message, or fails it for good (`nextAttemptAt` null). */
export async function markAttemptFailed(
  db: AppDatabase,
  row: OutboxRow,
  error: string,
  nextAttemptAt: Date | null,
): Promise<void> {
  await db
    .update(outbox)
    .set(
      nextAttemptAt
        ? { nextAttemptAt, lockedUntil: null, lastError: error }
        : { status: 'failed', lockedUntil: null, lastError: error, params: withoutSecrets(row.params) },
    )
    .where(holdsLease(row));
}

/**
 * Gives a claimed message back unsent, due at once and its attempt not counted: its lease has too
 * little time left for a send to end inside it (see the worker).
 */
export async function releaseClaim(db: AppDatabase, row: OutboxRow): Promise<void> {
  await db
    .update(outbox)
    .set({ lockedUntil: null, attempts: sql`${outbox.attempts} - 1` })
    .where(holdsLease(row));
}

/** Holds a claimed message whose channel is not configured (its attempt is not counted). */
export async function markHeld(db: AppDatabase, row: OutboxRow, reason: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'held', lockedUntil: null, lastError: reason, attempts: sql`${outbox.attempts} - 1` })
    .where(holdsLease(row));
}

/** Queues again the held messages of channels configured now (at start). */
export async function releaseHeld(db: AppDatabase, channels: MessageChannel[], now: Date): Promise<number> {
  if (channels.length === 0) return 0;
  const rows = await db
    .update(outbox)
    .set({ status: 'queued', nextAttemptAt: now, lastError: null })
    .where(and(eq(outbox.status, 'held'), inArray(outbox.channel, channels)))
    .returning({ id: outbox.id });
  return rows.length;
}

/** Ends every lease (at start on PGlite, where no other process can hold one). */
export async function releaseLeases(db: AppDatabase): Promise<void> {
  await db
    .update(outbox)
    .set({ lockedUntil: null })
    .where(and(eq(outbox.status, 'queued'), sql`${outbox.lockedUntil} is not null`));
}

/** How many messages are in each state (for /api/health). */
export async function countByStatus(db: AppDatabase): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: outbox.status, n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(inArray(outbox.status, ['queued', 'held', 'failed']))
    .groupBy(outbox.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}
