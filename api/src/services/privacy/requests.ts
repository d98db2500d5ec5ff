/**
 * The member's rights (ADR 0050): their requests (a correction, an erasure, the withdrawal of
 * consent for SMS and WhatsApp), the admins' answers, and the export of everything kept about
 * them. A withdrawal is done at once, without an admin: no SMS or WhatsApp message still queued
 * or held for the member goes out. Every answer is told to the member through the outbox, in the
 * language of their latest ticket; due dates are read from the api's clock.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type MemberExport,
  type MemberRequestBody,
  PRIVACY_REQUEST_DAYS,
  type PrivacyRequest,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { outbox, privacyRequests, tickets, users } from '../../db/schema';
import { DEFAULT_LOCALE } from '../../i18n';
import { enqueueMessages } from '../outbox/outboxStore';
import type { UploadStore } from '../tickets/storage';
import { eraseMember } from './erasure';

const DAY_MS = 86_400_000;

type RequestRow = typeof privacyRequests.$inferSelect;

export function requestOf(row: RequestRow): PrivacyRequest {
  return {
    id: row.id,
    memberId: row.memberId,
    kind: row.kind,
    text: row.text,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    declineReason: row.declineReason,
  };
}

/** Stops every SMS and WhatsApp message to the member that has not gone yet, and their opt-ins. */
export async function withdrawConsent(tx: Writer, memberId: number): Promise<number> {
  await tx.update(tickets).set({ phoneUpdates: false }).where(eq(tickets.customerId, memberId));
  const stopped = await tx
    .update(outbox)
    .set({ status: 'failed', lastError: 'consent withdrawn', lockedUntil: null })
    .where(
      and(
        inArray(outbox.channel, ['sms', 'whatsapp']),
        inArray(outbox.status, ['queued', 'held']),
        sql`(${outbox.recipientUserId} = ${memberId}
          or ${outbox.ticketId} in (select id from tickets where customer_id = ${memberId}))`,
      ),
    )
    .returning({ id: outbox.id });
  return stopped.length;
}

/** The member's email and the language of their latest ticket, for the answer. */
async function addressOf(
  tx: Writer,
  memberId: number,
): Promise<{ email: string; locale: string } | undefined> {
  const [row] = rowsOf<{ email: string; locale: string | null }>(
    await tx.execute(sql`
      select u.email, (select t.language from tickets t where t.customer_id = u.id order by t.id desc limit 1) as locale
      from users u where u.id = ${memberId} and u.erased_at is null`),
  );
  return row ? { email: row.email, locale: row.locale ?? DEFAULT_LOCALE } : undefined;
}

/**
 * Tells the member what became of their request. After an erasure their address is gone: the
 * answer goes to it before the erasure (the caller queues it first, ADR 0050).
 */
async function tellMember(
  tx: Writer,
  memberId: number,
  answer: {
    kind: string;
    outcome: 'done' | 'waiting' | 'declined';
    requestId?: number;
    forgetRecipient?: true;
  },
  now: Date,
): Promise<void> {
  const { requestId, ...params } = answer;
  const address = await addressOf(tx, memberId);
  if (!address) return;
  await enqueueMessages(
    tx,
    [
      {
        event: 'privacy.answered',
        ticketId: null,
        // No user id: the erasure that follows must not blank this row's address before it goes.
        recipientUserId: null,
        recipient: address.email,
        channel: 'email',
        template: 'privacyRequestAnswered',
        // A declined request's reason is read when the email is sent (ADR 0078).
        params: requestId === undefined ? params : { ...params, refs: { reason: `declined:${requestId}` } },
        locale: address.locale,
      },
    ],
    now,
  );
}

/** A member's request: recorded, due in PRIVACY_REQUEST_DAYS; a withdrawal is done at once. */
export async function fileRequest(
  db: AppDatabase,
  memberId: number,
  body: MemberRequestBody,
  now: Date,
): Promise<PrivacyRequest> {
  return db.transaction(async (tx) => {
    const immediate = body.kind === 'withdraw-consent';
    if (immediate) await withdrawConsent(tx, memberId);
    const [row] = await tx
      .insert(privacyRequests)
      .values({
        memberId,
        kind: body.kind,
        text: body.text ? body.text : null,
        status: immediate ? 'done' : 'open',
        createdAt: now,
        dueAt: new Date(now.getTime() + PRIVACY_REQUEST_DAYS * DAY_MS),
        decidedAt: immediate ? now : null,
      })
      .returning();
    if (immediate) await tellMember(tx, memberId, { kind: body.kind, outcome: 'done' }, now);
    return requestOf(row as RequestRow);
  });
}

export async function listRequests(
  db: AppDatabase,
  state: 'open' | 'all',
): Promise<{ requests: PrivacyRequest[]; total: number }> {
  const rows = await db
    .select()
    .from(privacyRequests)
    .where(state === 'open' ? inArray(privacyRequests.status, ['open', 'waiting']) : undefined)
    .orderBy(state === 'open' ? privacyRequests.dueAt : desc(privacyRequests.id), privacyRequests.id)
    .limit(500);
  return { requests: rows.map(requestOf), total: rows.length };
}

export type Decision = { request: PrivacyRequest } | { missing: true } | { decided: true };

/**
 * An admin executes an open request: an erasure erases the member (a ticket under appeal waits),
 * a correction is marked done (the admin corrected the data on the ticket or account screens).
 */
export async function executeRequest(
  db: AppDatabase,
  id: number,
  adminId: number,
  now: Date,
  files: UploadStore,
): Promise<Decision> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for('update');
    if (!row) return { missing: true as const };
    if (row.status !== 'open') return { decided: true as const };
    let status: 'done' | 'waiting' = 'done';
    if (row.kind === 'erasure') {
      const [pending] = rowsOf<{ waits: boolean }>(
        await tx.execute(sql`
          select exists (select 1 from tickets t join ticket_appeals a on a.ticket_id = t.id
            where t.customer_id = ${row.memberId} and t.erased_at is null and a.decided_at is null) as waits`),
      );
      status = pending?.waits ? 'waiting' : 'done';
      // Told first: the erasure removes the address the answer goes to.
      await tellMember(tx, row.memberId, { kind: row.kind, outcome: status, forgetRecipient: true }, now);
      await eraseMember(tx, row.memberId, { now, files, actorUserId: adminId });
    } else {
      if (row.kind === 'withdraw-consent') await withdrawConsent(tx, row.memberId);
      await tellMember(tx, row.memberId, { kind: row.kind, outcome: 'done' }, now);
    }
    const [updated] = await tx
      .update(privacyRequests)
      .set({ status, decidedAt: status === 'done' ? now : null, decidedBy: adminId })
      .where(eq(privacyRequests.id, id))
      .returning();
    return { request: requestOf(updated as RequestRow) };
  });
}

export async function declineRequest(
  db: AppDatabase,
  id: number,
  adminId: number,
  reason: string,
  now: Date,
): Promise<Decision> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for('update');
    if (!row) return { missing: true as const };
    if (row.status !== 'open') return { decided: true as const };
    const [updated] = await tx
      .update(privacyRequests)
      .set({ status: 'declined', decidedAt: now, decidedBy: adminId, declineReason: reason })
      .where(eq(privacyRequests.id, id))
      .returning();
    await tellMember(tx, row.memberId, { kind: row.kind, outcome: 'declined', requestId: row.id }, now);
    return { request: requestOf(updated as RequestRow) };
  });
}

const iso = (value: unknown) => new Date(value as string | Date).toISOString();

/**
 * Everything kept about the member, as JSON: their record, every ticket (with what they typed),
 * their own words on each, the names of their files, the messages sent to them and their
 * requests. Nothing of anyone else: staff replies and names are not part of it.
 */
export async function exportMember(
  db: AppDatabase,
  memberId: number,
  now: Date,
): Promise<MemberExport | undefined> {
  const [member] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, mobile: users.mobile })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.role, 'customer')));
  if (!member) return undefined;
  const ticketRows = rowsOf<{
    id: number;
    title: string;
    description: string;
    status: string;
    city: string;
    committee: string | null;
    name: string;
    email: string;
    mobile: string;
    phone_updates: boolean;
    created_at: string;
  }>(
    await db.execute(sql`
      select t.id, t.title, t.description, t.status, c.name as city, m.name as committee,
        coalesce(t.submitter_name, u.full_name) as name, coalesce(t.submitter_email, u.email) as email,
        coalesce(t.submitter_mobile, u.mobile) as mobile, t.phone_updates, t.created_at
      from tickets t join users u on u.id = t.customer_id join cities c on c.id = t.city_id
        left join committees m on m.id = t.committee_id
      where t.customer_id = ${memberId} order by t.id`),
  );
  const ids = ticketRows.map((row) => row.id);
  const list = ids.length
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;
  // The member's own words: their replies and reasons in the history, their rating comments.
  const words = rowsOf<{ ticket_id: number; kind: string; text: string; at: string }>(
    await db.execute(sql`
      select ticket_id, kind, text, created_at as at from ticket_comments
      where ticket_id in (${list}) and text is not null
        and (actor_id = ${memberId} or kind like 'member.%')
      union all
      select ticket_id, 'member.rated' as kind, comment as text, created_at as at from ticket_ratings
      where ticket_id in (${list}) and comment is not null
      order by at`),
  );
  const files = rowsOf<{ ticket_id: number; name: string; size_bytes: number; at: string }>(
    await db.execute(sql`
      select ticket_id, original_name as name, size_bytes, created_at as at from attachments
      where ticket_id in (${list}) order by id`),
  );
  const messages = rowsOf<{
    channel: string;
    recipient: string;
    event: string;
    ticket_id: number | null;
    status: string;
    sent_at: string | null;
  }>(
    await db.execute(sql`
      select o.channel, o.recipient, o.event, o.ticket_id, o.status, o.sent_at from outbox o
      where o.recipient <> '' and (o.recipient_user_id = ${memberId}
        or (o.ticket_id in (${list}) and (lower(o.recipient) = lower(${member.email}) or o.recipient = ${member.mobile}
          or o.recipient in (select coalesce(submitter_mobile, '') from tickets where id in (${list}))
          or lower(o.recipient) in (select lower(coalesce(submitter_email, '')) from tickets where id in (${list})))))
      order by o.id`),
  );
  const requests = await db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.memberId, memberId))
    .orderBy(privacyRequests.id);
  return {
    exportedAt: now.toISOString(),
    member,
    tickets: ticketRows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      status: row.status,
      city: row.city,
      committee: row.committee,
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      phoneUpdates: row.phone_updates,
      createdAt: iso(row.created_at),
      replies: words
        .filter((word) => word.ticket_id === row.id)
        .map((word) => ({ kind: word.kind, text: word.text, at: iso(word.at) })),
      files: files
        .filter((file) => file.ticket_id === row.id)
        .map((file) => ({ name: file.name, sizeBytes: Number(file.size_bytes), at: iso(file.at) })),
    })),
    messages: messages.map((message) => ({
      channel: message.channel,
      to: message.recipient,
      event: message.event,
      ticketId: message.ticket_id,
      status: message.status,
      sentAt: message.sent_at ? iso(message.sent_at) : null,
    })),
    requests: requests.map(requestOf),
  };
}
