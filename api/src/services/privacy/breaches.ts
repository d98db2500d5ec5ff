/**
 * The breach register (ADR 0069). An admin records a breach: what happened, when, when it was
 * found, and whom it touches (the members of the tickets filed in a period, in one city or all).
 * Recording counts the affected members by a query over the tickets and drafts the notice to them
 * and the report to the Data Protection Board; an admin reviews both, and sending queues one
 * email per affected member and one to the Board through the outbox, in one transaction. The
 * register keeps every breach; none names a member (the members are found again at the send).
 */
import { and, desc, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Breach, BreachBody, SendBreachBody } from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { cities, privacyBreaches, tickets } from '../../db/schema';
import { DEFAULT_LOCALE, translate } from '../../i18n';
import { enqueueMessages, type NewMessage } from '../outbox/outboxStore';
import type { ParamRefs } from '../outbox/personalParams';

const DAY_MS = 86_400_000;
type BreachRow = typeof privacyBreaches.$inferSelect;

const day = (date: Date) => date.toISOString().slice(0, 10);

export function breachOf(row: BreachRow): Breach {
  return {
    id: row.id,
    what: row.what,
    occurredAt: row.occurredAt.toISOString(),
    foundAt: row.foundAt.toISOString(),
    cityId: row.cityId,
    ticketsFrom: day(row.ticketsFrom),
    ticketsTo: day(row.ticketsTo),
    affected: row.affected,
    memberNotice: row.memberNotice,
    boardReport: row.boardReport,
    boardEmail: row.boardEmail,
    status: row.status,
    recordedAt: row.recordedAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** The tickets a breach touches: filed in its period (whole UTC days), of its city or all; not erased. */
function touched(scope: { cityId: number | null; ticketsFrom: Date; ticketsTo: Date }): SQL | undefined {
  return and(
    gte(tickets.createdAt, scope.ticketsFrom),
    lt(tickets.createdAt, new Date(scope.ticketsTo.getTime() + DAY_MS)),
    scope.cityId === null ? undefined : eq(tickets.cityId, scope.cityId),
    isNull(tickets.erasedAt),
  );
}

/** The affected members, each once, with the address and language of their latest touched ticket. */
async function affectedMembers(
  db: Writer,
  scope: { cityId: number | null; ticketsFrom: Date; ticketsTo: Date },
): Promise<{ memberId: number; email: string; locale: string }[]> {
  return rowsOf<{ memberId: number; email: string; locale: string }>(
    await db.execute(sql`
      select distinct on (${tickets.customerId}) ${tickets.customerId} as "memberId",
        coalesce(${tickets.submitterEmail}, '') as email, ${tickets.language} as locale
      from ${tickets} where ${touched(scope)}
      order by ${tickets.customerId}, ${tickets.id} desc`),
  ).filter((row) => row.email !== '');
}

/** Records a breach and drafts its two texts (in English; the admin edits them before sending). */
export async function recordBreach(
  db: AppDatabase,
  body: BreachBody,
  adminId: number,
  now: Date,
): Promise<Breach> {
  return db.transaction(async (tx) => {
    const scope = {
      cityId: body.cityId ?? null,
      ticketsFrom: new Date(`${body.ticketsFrom}T00:00:00.000Z`),
      ticketsTo: new Date(`${body.ticketsTo}T00:00:00.000Z`),
    };
    const affected = (await affectedMembers(tx, scope)).length;
    const [city] = scope.cityId
      ? await tx.select({ name: cities.name }).from(cities).where(eq(cities.id, scope.cityId))
      : [];
    const params = {
      what: body.what,
      occurred: body.occurredAt.slice(0, 10),
      found: body.foundAt.slice(0, 10),
      from: body.ticketsFrom,
      to: body.ticketsTo,
      city: city?.name ?? translate(DEFAULT_LOCALE, 'privacy.breach.allCities'),
      affected,
    };
    const [row] = await tx
      .insert(privacyBreaches)
      .values({
        what: body.what,
        occurredAt: new Date(body.occurredAt),
        foundAt: new Date(body.foundAt),
        cityId: scope.cityId,
        ticketsFrom: scope.ticketsFrom,
        ticketsTo: scope.ticketsTo,
        affected,
        memberNotice: translate(DEFAULT_LOCALE, 'privacy.breach.memberDraft', params),
        boardReport: translate(DEFAULT_LOCALE, 'privacy.breach.boardDraft', params),
        recordedAt: now,
        recordedBy: adminId,
      })
      .returning();
    if (!row) throw new Error('insert returned no breach');
    return breachOf(row);
  });
}

/** The register, the newest found first. */
export async function listBreaches(db: AppDatabase): Promise<Breach[]> {
  const rows = await db
    .select()
    .from(privacyBreaches)
    .orderBy(desc(privacyBreaches.foundAt), desc(privacyBreaches.id));
  return rows.map(breachOf);
}

export type BreachSending = { missing: true } | { sent: true } | { breach: Breach; queued: number };

/**
 * Sends the reviewed texts: one email to each affected member (in the language of their ticket,
 * the notice quoted as the admin wrote it) and the report to the Board, in one transaction with
 * the register's row, so a breach is sent once.
 */
export async function sendBreach(
  db: AppDatabase,
  id: number,
  body: SendBreachBody,
  adminId: number,
  now: Date,
): Promise<BreachSending> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(privacyBreaches).where(eq(privacyBreaches.id, id)).for('update');
    if (!row) return { missing: true };
    if (row.status === 'sent') return { sent: true };
    const members = await affectedMembers(tx, row);
    const messages: NewMessage[] = members.map((member) => ({
      event: 'privacy.breach',
      ticketId: null,
      recipientUserId: member.memberId,
      recipient: member.email,
      channel: 'email',
      template: 'breachNoticeMember',
      // The reviewed texts are read from the register when the emails are sent (ADR 0078).
      params: { breachId: row.id, refs: { text: `breachNotice:${row.id}` } satisfies ParamRefs },
      locale: member.locale,
    }));
    messages.push({
      event: 'privacy.breach',
      ticketId: null,
      recipientUserId: null,
      recipient: body.boardEmail,
      channel: 'email',
      template: 'breachReportBoard',
      params: { breachId: row.id, refs: { text: `breachReport:${row.id}` } satisfies ParamRefs },
      locale: DEFAULT_LOCALE,
    });
    await enqueueMessages(tx, messages, now);
    const [sent] = await tx
      .update(privacyBreaches)
      .set({
        memberNotice: body.memberNotice,
        boardReport: body.boardReport,
        boardEmail: body.boardEmail,
        status: 'sent',
        sentAt: now,
        sentBy: adminId,
        affected: members.length,
      })
      .where(eq(privacyBreaches.id, id))
      .returning();
    if (!sent) throw new Error('update returned no breach');
    return { breach: breachOf(sent), queued: members.length };
  });
}
