/**
 * Erasure by pseudonym (ADR 0050): a member's personal data goes from every place it lives, and
 * everything the association counts stays. The member's name becomes "Erased member {n}", their
 * email and mobile go, their own words (description, replies, reasons, rating comments, requests)
 * become "[erased]", their files are deleted from the store (after the commit), and the search
 * words, outbox rows, submit answers, member key and the audit rows' details and addresses that
 * could name them go too. Numbers, dates, statuses, stages, ratings, cities and committees are
 * not touched, so the counts, reports and league table read the same before and after.
 *
 * A ticket whose appeal is still open keeps its data until the appeal is decided: it is marked
 * (`erasure_requested_at`) and the tick finishes it (`finishWaitingErasures`). The member's own
 * record is pseudonymised once none of their tickets waits.
 *
 * Everything runs in the caller's transaction; the audit trail's rows are changed under the
 * transaction-local setting `helpdesk.erasure`, the one change its trigger allows (migration 0020).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterCommit } from '../../db/afterCommit';
import type { Writer } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { attachments, idempotencyKeys, tickets, users } from '../../db/schema';
import { recordAudit } from '../audit';
import type { StoredKind, UploadStore } from '../tickets/storage';

/** What a person's erased words become. */
export const ERASED_TEXT = '[erased]';

/**
 * What an erased ticket's message keeps of its parameters: the ids of a row written with
 * references (ADR 0078), which name nobody once the member is erased, without the private links;
 * nothing of a row written before them, which copied the words.
 */
const KEPT_PARAMS = sql.raw(
  `case when params ? 'refs' then params - 'shareUrl' - 'memberUrl' - 'outcomeUrl' else '{}'::jsonb end`,
);

/** The member's pseudonym. */
export const erasedName = (n: number) => `Erased member ${n}`;

/** The email an erased member record keeps (the column is required and unique): names no one. */
const erasedEmail = (n: number) => `erased-member-${n}@erased.invalid`;

export interface ErasureResult {
  /** Tickets erased now. */
  erased: number[];
  /** Tickets whose open appeal keeps them until it is decided. */
  waiting: number[];
  /** Whether the member's own record is now a pseudonym. */
  memberErased: boolean;
}

interface MemberTicket {
  id: number;
  title: string;
  submitter_name: string | null;
  submitter_email: string | null;
  submitter_mobile: string | null;
  erased_at: unknown;
  appeal_open: boolean;
}

/**
 * Erases member `memberId`: each of their tickets in `only` (default: all), except those under
 * an open appeal, which wait; their record too once nothing waits. `files` deletes the erased
 * tickets' files once the transaction commits.
 */
export async function eraseMember(
  tx: Writer,
  memberId: number,
  options: { now: Date; files: UploadStore; only?: number[]; actorUserId?: number | null },
): Promise<ErasureResult> {
  const { now, files } = options;
  const [member] = await tx
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      mobile: users.mobile,
      erasedAt: users.erasedAt,
    })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.role, 'customer')));
  if (!member) return { erased: [], waiting: [], memberErased: false };
  await tx.execute(sql`select set_config('helpdesk.erasure', 'on', true)`);

  const mine = rowsOf<MemberTicket>(
    await tx.execute(sql`
      select t.id, t.title, t.submitter_name, t.submitter_email, t.submitter_mobile, t.erased_at,
        exists (select 1 from ticket_appeals a where a.ticket_id = t.id and a.decided_at is null) as appeal_open
      from tickets t where t.customer_id = ${memberId} order by t.id for update of t`),
  );
  const chosen = mine.filter((t) => t.erased_at === null && (!options.only || options.only.includes(t.id)));
  const waiting = chosen.filter((t) => t.appeal_open).map((t) => t.id);
  const erasable = chosen.filter((t) => !t.appeal_open);
  const stillPersonal = mine.filter((t) => t.erased_at === null && !erasable.some((e) => e.id === t.id));
  const memberErased = member.erasedAt === null && stillPersonal.length === 0;

  // The strings that could name the member anywhere: their record's and every ticket's.
  const names = new Set<string>();
  const contacts = new Set<string>();
  for (const value of [member.fullName, ...mine.map((t) => t.submitter_name)]) {
    if (value && value.trim().length >= 2 && member.erasedAt === null) names.add(value.trim());
  }
  for (const value of [
    member.email,
    member.mobile,
    ...mine.flatMap((t) => [t.submitter_email, t.submitter_mobile]),
  ]) {
    if (value && value.trim().length >= 4 && !value.endsWith('@erased.invalid')) contacts.add(value.trim());
  }

  const pseudonym = erasedName(await pseudonymNumber(tx, memberId));
  const ids = erasable.map((t) => t.id);

  if (waiting.length > 0) {
    await tx
      .update(tickets)
      .set({ erasureRequestedAt: now })
      .where(and(inArray(tickets.id, waiting), isNull(tickets.erasureRequestedAt)));
  }
  if (memberErased) {
    const n = Number(pseudonym.replace(/\D+/g, ''));
    await tx
      .update(users)
      .set({
        fullName: pseudonym,
        email: erasedEmail(n),
        mobile: '',
        accessKeyHash: null,
        accessKeyExpiresAt: null,
        isActive: false,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, memberId));
  }
  if (ids.length > 0) await eraseTickets(tx, ids, memberId, pseudonym, now, files);
  await scrubEverywhere(tx, ids, memberId, pseudonym, [...names], [...contacts], memberErased);
  // The search words of every ticket of the member: the erased ones under the pseudonym.
  await rebuildWords(tx, memberId, [...names, pseudonym]);
  if (ids.length > 0 || memberErased) {
    await recordAudit(tx, {
      actor: {
        userId: options.actorUserId ?? null,
        role: options.actorUserId ? 'admin' : null,
        key: null,
        address: null,
      },
      action: 'member.erase',
      targetType: 'user',
      targetId: memberId,
      detail: { tickets: ids, waiting, member: memberErased },
    });
  }
  return { erased: ids, waiting, memberErased };
}

/** The member's number n: the one their first erasure took, else a new one. */
async function pseudonymNumber(tx: Writer, memberId: number): Promise<number> {
  const [known] = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select coalesce(
        (select submitter_name from tickets where customer_id = ${memberId} and erased_at is not null limit 1),
        (select full_name from users where id = ${memberId} and erased_at is not null)) as name`),
  );
  const n = /^Erased member (\d+)$/.exec(known?.name ?? '')?.[1];
  if (n) return Number(n);
  const [next] = rowsOf<{ n: string | number }>(
    await tx.execute(sql`select nextval('erased_member_seq') as n`),
  );
  return Number(next?.n);
}

async function eraseTickets(
  tx: Writer,
  ids: number[],
  memberId: number,
  pseudonym: string,
  now: Date,
  files: UploadStore,
): Promise<void> {
  const stored = await tx
    .select({ kind: attachments.kind, storedName: attachments.storedName })
    .from(attachments)
    .where(inArray(attachments.ticketId, ids));
  await tx.delete(attachments).where(inArray(attachments.ticketId, ids));
  afterCommit(tx, () => {
    for (const file of stored) void files.remove(file.kind as StoredKind, file.storedName).catch(() => {});
  });
  await tx.delete(idempotencyKeys).where(inArray(idempotencyKeys.ticketId, ids));
  // The member's words become "[erased]"; the share link stays (it shows the ticket without them).
  await tx
    .update(tickets)
    .set({
      title: ERASED_TEXT,
      description: ERASED_TEXT,
      submitterName: pseudonym,
      submitterEmail: '',
      submitterMobile: '',
      reopenReason: sql`case when ${tickets.reopenReason} is null then null else ${ERASED_TEXT} end`,
      attachmentPath: null,
      photoPath: null,
      phoneUpdates: false,
      erasedAt: now,
      erasureRequestedAt: null,
    })
    .where(inArray(tickets.id, ids));
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`
    update ticket_comments set
      text = case when text is null then null else ${ERASED_TEXT} end,
      -- Named by the pseudonym, not by id: the member's record keeps its name while a ticket
      -- under appeal waits.
      action_by = ${pseudonym},
      actor_id = null
    where ticket_id in (${list})
      and (actor_id = ${memberId} or lower(coalesce(actor_role, '')) = 'customer' or kind like 'member.%')`);
  await tx.execute(
    sql`update ticket_ratings set comment = ${ERASED_TEXT} where ticket_id in (${list}) and comment is not null`,
  );
  await tx.execute(sql`update ticket_appeals set reason = ${ERASED_TEXT} where ticket_id in (${list})`);
  // Messages about these tickets: what was not sent yet is not sent. A row that names its personal
  // data by reference (ADR 0078) keeps its ids, without its links; one that copied it keeps nothing.
  await tx.execute(sql`
    update outbox set params = ${KEPT_PARAMS},
      status = case when status in ('queued', 'held') then 'failed' else status end,
      last_error = case when status in ('queued', 'held') then 'erased' else last_error end,
      locked_until = null
    where ticket_id in (${list})`);
  await tx.execute(sql`
    update audit_log set client_address = null
    where target_type = 'ticket' and target_id in (${list}) and actor_key is not null`);
  await tx.execute(sql`
    update audit_log set detail = (detail::jsonb - 'file')::text
    where target_type = 'ticket' and target_id in (${list})
      and detail is not null and jsonb_typeof(detail::jsonb -> 'file') = 'string'`);
}

/** Replaces each of `needles` in `table.column` (of `where`'s rows) with `by`. */
async function replaceIn(
  tx: Writer,
  table: string,
  column: string,
  where: ReturnType<typeof sql>,
  needles: string[],
  by: string,
): Promise<void> {
  for (const needle of needles) {
    await tx.execute(sql`
      update ${sql.identifier(table)} set ${sql.identifier(column)} = replace(${sql.identifier(column)}, ${needle}, ${by})
      where ${where} and strpos(${sql.identifier(column)}, ${needle}) > 0`);
  }
}

/**
 * Where staff or the system may have written the member's name or contacts (a reply that greets
 * them, a reason, a message's address): replaced with the pseudonym, or removed.
 */
async function scrubEverywhere(
  tx: Writer,
  ids: number[],
  memberId: number,
  pseudonym: string,
  names: string[],
  contacts: string[],
  memberErased: boolean,
): Promise<void> {
  const list =
    ids.length > 0
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`null`;
  const onTickets = sql`ticket_id in (${list})`;
  for (const [needles, by] of [
    [names, pseudonym],
    [contacts, ''],
  ] as const) {
    if (needles.length === 0) continue;
    await replaceIn(tx, 'tickets', 'rejection_reason', sql`id in (${list})`, needles, by);
    await replaceIn(tx, 'tickets', 'resolution_method', sql`id in (${list})`, needles, by);
    await replaceIn(tx, 'ticket_comments', 'text', onTickets, needles, by);
    await replaceIn(tx, 'ticket_appeals', 'decision_reason', onTickets, needles, by);
    await replaceIn(tx, 'ticket_transfers', 'reason', onTickets, needles, by);
    await replaceIn(
      tx,
      'stage_extensions',
      'reason',
      sql`stage_id in (select id from ticket_stages where ${onTickets})`,
      needles,
      by,
    );
    await replaceIn(tx, 'privacy_requests', 'decline_reason', sql`member_id = ${memberId}`, needles, by);
  }
  // The member's own requests are their words too (a correction they asked for).
  if (memberErased) {
    await tx.execute(sql`
      update privacy_requests set text = case when text is null then null else ${ERASED_TEXT} end
      where member_id = ${memberId}`);
  }
  // Messages that went (or were to go) to the member's address, with or without a ticket (a
  // /track request is written before anyone knows whose address it is).
  if (contacts.length > 0 || memberErased) {
    const addresses = sql.join(
      contacts.map((value) => sql`${value.toLowerCase()}`),
      sql`, `,
    );
    const toMember = sql`(${memberErased ? sql`recipient_user_id = ${memberId}` : sql`false`}
      ${contacts.length > 0 ? sql`or lower(recipient) in (${addresses})` : sql``})`;
    await tx.execute(sql`
      update outbox set recipient = '', params = ${KEPT_PARAMS},
        status = case when status in ('queued', 'held') then 'failed' else status end,
        last_error = case when status in ('queued', 'held') then 'erased' else null end,
        locked_until = null
      where ${toMember} and (${memberErased ? sql`true` : sql`ticket_id in (${list})`})
        and not (params ? 'forgetRecipient' and status in ('queued', 'held'))`);
  }
  if (memberErased) {
    await tx.execute(sql`
      update audit_log set client_address = null
      where (target_type = 'user' and target_id = ${memberId} and actor_key is not null)
         or actor_key like ${`member:${memberId}:%`}`);
  }
}

/**
 * The search words of the member's tickets, written again: each erased ticket's from its title
 * and the pseudonym, the others' from their title and the member's name. The rows to replace are
 * found by the index (word, created_at, ticket_id), through every name the rows may hold.
 */
async function rebuildWords(tx: Writer, memberId: number, names: string[]): Promise<void> {
  const everyName = names.join(' ');
  await tx.execute(sql`
    delete from ticket_words w using tickets t, users u
    where t.customer_id = ${memberId} and u.id = t.customer_id
      and w.created_at = t.created_at and w.ticket_id = t.id
      and w.word = any(tsvector_to_array(ticket_search_words(t.title || ' ' || ${ERASED_TEXT},
        u.full_name || ' ' || ${everyName})))`);
  await tx.execute(sql`
    insert into ticket_words (word, created_at, ticket_id, city_id, status)
    select w, t.created_at, t.id, t.city_id, t.status
    from tickets t join users u on u.id = t.customer_id,
      unnest(tsvector_to_array(ticket_search_words(t.title,
        case when t.erased_at is not null then t.submitter_name else u.full_name end))) as w
    where t.customer_id = ${memberId}`);
}

/**
 * The tick's part: the tickets whose erasure waited for an appeal that is now decided. Returns
 * how many it erased.
 */
export async function finishWaitingErasures(
  tx: Writer,
  now: Date,
  files: UploadStore,
  limit: number,
): Promise<number> {
  const due = rowsOf<{ id: number; customer_id: number }>(
    await tx.execute(sql`
      select t.id, t.customer_id from tickets t
      where t.erasure_requested_at is not null and t.erased_at is null
        and not exists (select 1 from ticket_appeals a where a.ticket_id = t.id and a.decided_at is null)
      order by t.id limit ${limit}
      for update of t skip locked`),
  );
  const byMember = new Map<number, number[]>();
  for (const row of due) byMember.set(row.customer_id, [...(byMember.get(row.customer_id) ?? []), row.id]);
  let erased = 0;
  for (const [memberId, only] of byMember) {
    const result = await eraseMember(tx, memberId, { now, files, only });
    erased += result.erased.length;
    await tx.execute(sql`
      update privacy_requests set status = 'done', decided_at = ${now.toISOString()}::timestamptz
      where member_id = ${memberId} and kind = 'erasure' and status = 'waiting'
        and not exists (select 1 from tickets t where t.customer_id = ${memberId}
          and t.erasure_requested_at is not null and t.erased_at is null)`);
  }
  return erased;
}
