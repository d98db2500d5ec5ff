/**
 * The member's last word (docs/architecture.md#the-members-last-word, ADR 0038): rating the
 * outcome, reopening, appealing to the Credai President, the president's decisions, the transfer
 * of a ticket, and the closing of cases. The shared table decides (`decide`); this file writes
 * what it decided, each step in one transaction with its public history entry and its messages.
 * The ticket's row is locked first (`FOR NO KEY UPDATE`), as every action locks it, so two
 * requests on one ticket take turns and the second is decided on what the first wrote.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  APPEAL_DECISION_DAYS,
  APPEAL_OUTCOME_OF,
  APPEAL_PAGE_SIZE,
  APPEAL_WINDOW_DAYS,
  type Appeal,
  type AppealDecisionRequest,
  type AppealListQuery,
  CLOSED_ACTION,
  DAY_MS,
  decide,
  errorMessage,
  type HistoryKind,
  type HistoryValues,
  LAST_WORD_REFUSALS,
  type LastWordAction,
  lastWordOf,
  type RatedOutcome,
  type RatingRequest,
  type Role,
  type Ticket,
  type TicketStatus,
  type TransferRequest,
  transferPlaces,
  type WorkflowTicket,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import {
  cities,
  committees,
  ticketAppeals,
  ticketRatings,
  ticketStages,
  tickets,
  ticketTransfers,
  users,
} from '../../db/schema';
import { HttpError, notFound } from '../../httpError';
import { type HistoryActor, recordHistory } from '../history/historyStore';
import type { Notifier } from '../outbox/notifications';
import { chapterTime } from '../sla/settings';
import { recipientFor, syncStage } from '../sla/stages';
import { type AccessActor, canStaffSee } from './access';
import { TICKET_NOT_FOUND } from './notFound';
import { chainOf } from './submit';
import { workflowSelection } from './workflowRow';

/** The ticket as the last word's rows read it, locked for the step's transaction. */
interface LastWordState extends WorkflowTicket {
  id: number;
  cityId: number;
  committeeId: number | null;
  committeeName: string | null;
  status: TicketStatus;
  currentAssignee: Ticket['currentAssignee'];
  version: number;
  customerId: number;
  customerName: string;
  appealRow: typeof ticketAppeals.$inferSelect | null;
}

async function readState(tx: Writer, id: number): Promise<LastWordState | undefined> {
  // The ticket's row first, locked, then what hangs off it.
  await tx.execute(sql`select id from tickets where id = ${id} for no key update`);
  const [row] = await tx
    .select({
      ...workflowSelection,
      committeeId: tickets.committeeId,
      committeeName: committees.name,
      outcomeAt: tickets.outcomeAt,
      closedAt: tickets.closedAt,
      reopenedAt: tickets.reopenedAt,
      customerId: tickets.customerId,
      customerName: sql<string>`coalesce(${tickets.submitterName}, ${users.fullName})`,
    })
    .from(tickets)
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .innerJoin(users, eq(users.id, tickets.customerId))
    .leftJoin(committees, eq(committees.id, tickets.committeeId))
    .where(eq(tickets.id, id));
  if (!row) return undefined;
  const ratings = await tx
    .select({ outcome: ticketRatings.outcome, stars: ticketRatings.stars })
    .from(ticketRatings)
    .where(eq(ticketRatings.ticketId, id));
  const [appealRow] = await tx.select().from(ticketAppeals).where(eq(ticketAppeals.ticketId, id));
  return {
    ...row,
    cityData: { name: row.city },
    ratings,
    appealRow: appealRow ?? null,
    appeal: appealRow ? { filedAt: appealRow.filedAt, decidedAt: appealRow.decidedAt } : null,
  };
}

/** A member's step in one transaction on the ticket's locked state (404 when there is no such ticket). */
async function onTicketState(
  db: AppDatabase,
  id: number,
  step: (tx: Writer, state: LastWordState) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await readState(tx, id);
    if (!state) throw notFound(TICKET_NOT_FOUND);
    await step(tx, state);
  });
}

/** A refusal of the table as the api answers it: the code of a last-word guard in `details[].code`. */
function refusal(decision: Extract<ReturnType<typeof decide>, { ok: false }>, path: string): HttpError {
  if (decision.code === 'text-required')
    return new HttpError(400, decision.reason, [{ path, message: decision.reason }]);
  return new HttpError(
    decision.httpStatus,
    decision.reason,
    decision.refusal ? [{ path, message: decision.reason, code: decision.refusal }] : undefined,
  );
}

const MEMBER = { role: 'member', city: null } as const;

/** A public history entry of the step. */
async function addEntry<K extends HistoryKind>(
  tx: Writer,
  entry: {
    ticketId: number;
    kind: K;
    action: string;
    values?: HistoryValues<K>;
    words?: string | null;
    by: HistoryActor | null;
    status: TicketStatus;
    assignee: Ticket['currentAssignee'];
    at: Date;
  },
): Promise<void> {
  await recordHistory(tx, {
    ticketId: entry.ticketId,
    kind: entry.kind,
    action: entry.action,
    values: entry.values,
    words: entry.words,
    actor: entry.by,
    statusAfter: entry.status,
    assigneeAfter: entry.assignee ?? null,
    at: entry.at,
  });
}

/** The member, as the history names them. */
const memberBy = (state: LastWordState): HistoryActor => ({ id: state.customerId, role: 'customer' });

async function bumpVersion(tx: Writer, id: number, set: Partial<typeof tickets.$inferInsert> = {}) {
  await tx
    .update(tickets)
    .set({ ...set, version: sql`${tickets.version} + 1`, updatedAt: sql`now()` })
    .where(eq(tickets.id, id));
}

/** POST /tickets/{id}/rating: the member's stars on the current outcome (3 or more close the case). */
export async function rateTicket(db: AppDatabase, id: number, body: RatingRequest, now: Date): Promise<void> {
  await onTicketState(db, id, async (tx, state) => {
    const decision = decide(MEMBER, 'rate', state, { now, stars: body.stars });
    if (!decision.ok) throw refusal(decision, 'stars');
    const comment = body.comment?.trim() || null;
    const inserted = await tx
      .insert(ticketRatings)
      .values({
        ticketId: id,
        outcome: state.status as RatedOutcome,
        stars: body.stars,
        comment,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: ticketRatings.id });
    if (inserted.length === 0) {
      throw new HttpError(409, errorMessage('alreadyRated'), [
        { path: 'stars', message: errorMessage('alreadyRated'), code: LAST_WORD_REFUSALS.alreadyRated },
      ]);
    }
    const common = {
      ticketId: id,
      by: memberBy(state),
      status: state.status,
      assignee: state.currentAssignee,
      at: now,
    };
    await addEntry(tx, {
      ...common,
      kind: 'member.rated',
      action: 'rate',
      values: { stars: body.stars },
      words: comment,
    });
    if (decision.patch.closes) {
      await addEntry(tx, {
        ...common,
        by: null,
        kind: 'case.closed',
        action: CLOSED_ACTION,
        values: { cause: 'rated' },
      });
    }
    await bumpVersion(tx, id, decision.patch.closes ? { closedAt: now } : {});
  });
}

/** A member's step that gives a reason (reopen, appeal); the routes register both alike. */
export type MemberReasonStep = (
  db: AppDatabase,
  id: number,
  reason: string,
  now: Date,
  notifier: Notifier,
) => Promise<void>;

/** POST /tickets/{id}/reopen: back to the stage that resolved it, on a new clock, once. */
export const reopenTicket: MemberReasonStep = async (db, id, reason, now, notifier) => {
  await onTicketState(db, id, async (tx, state) => {
    const { sla } = await chapterTime(tx, state.cityId);
    const decision = decide(MEMBER, 'reopen', state, {
      comment: reason,
      now,
      reopenWindowDays: sla.reopenWindowDays,
    });
    if (!decision.ok) throw refusal(decision, 'reason');
    const { closes: _closes, ...patch } = decision.patch;
    const text = reason.trim();
    await bumpVersion(tx, id, { ...patch, reopenedAt: now, reopenReason: text, outcomeAt: null });
    await addEntry(tx, {
      ticketId: id,
      by: memberBy(state),
      kind: 'member.reopened',
      action: 'reopen',
      words: text,
      status: patch.status,
      assignee: patch.currentAssignee ?? state.currentAssignee,
      at: now,
    });
    const holder = await syncStage(tx, { ticketId: id, now, by: null, outcome: 'reopen' });
    await notifier.lastWord(tx, {
      ticketId: id,
      event: 'ticket.reopened',
      staff: [{ userId: holder?.id ?? null, template: 'ticketReopenedStaff', params: { quote: text } }],
    });
  });
};

/** The Credai President who holds appeals (the longest-serving active one). */
async function associationPresident(tx: Writer): Promise<number | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'credaipresident'), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * POST /tickets/{id}/appeal: to the Credai President, once, within 30 days of the outcome. The
 * appeal's own 30-day clock is an `appeal` stage in the stage log (ADR 0038): the holder's
 * reminder at 80 % comes from the scheduler like every stage's.
 */
export const appealTicket: MemberReasonStep = async (db, id, reason, now, notifier) => {
  await onTicketState(db, id, async (tx, state) => {
    const decision = decide(MEMBER, 'appeal', state, { comment: reason, now });
    if (!decision.ok) throw refusal(decision, 'reason');
    const text = reason.trim();
    const dueAt = new Date(now.getTime() + APPEAL_DECISION_DAYS * DAY_MS);
    const inserted = await tx
      .insert(ticketAppeals)
      .values({ ticketId: id, reason: text, filedAt: now, dueAt })
      .onConflictDoNothing()
      .returning({ id: ticketAppeals.id });
    if (inserted.length === 0) {
      throw new HttpError(409, errorMessage('alreadyAppealed'), [
        {
          path: 'reason',
          message: errorMessage('alreadyAppealed'),
          code: LAST_WORD_REFUSALS.alreadyAppealed,
        },
      ]);
    }
    const president = await recipientFor(tx, await associationPresident(tx), now.toISOString().slice(0, 10));
    // The chain's stage (none: the ticket is resolved or rejected) stays as it is; the appeal's
    // stage is not copied onto the ticket, so the lists' due filters keep to the chain.
    await tx.insert(ticketStages).values({
      ticketId: id,
      stage: 'appeal',
      holderRole: 'credaipresident',
      holderId: president.id,
      actingForId: president.actingForId,
      enteredAt: now,
      slaMinutes: APPEAL_DECISION_DAYS * 24 * 60,
      firstDueAt: dueAt,
      dueAt,
      remindAt: new Date(now.getTime() + APPEAL_DECISION_DAYS * DAY_MS * 0.8),
      presidentAt: dueAt,
      nextAlertAt: new Date(now.getTime() + APPEAL_DECISION_DAYS * DAY_MS * 0.8),
    });
    await bumpVersion(tx, id);
    await addEntry(tx, {
      ticketId: id,
      by: memberBy(state),
      kind: 'member.appealed',
      action: 'appeal',
      words: text,
      status: state.status,
      assignee: state.currentAssignee,
      at: now,
    });
    await notifier.lastWord(tx, {
      ticketId: id,
      event: 'appeal.filed',
      staff: [
        {
          userId: president.id,
          template: 'appealFiledStaff',
          params: { reason: text, due: dueAt.toISOString().slice(0, 10) },
        },
      ],
    });
  });
};

const appealSelection = {
  id: ticketAppeals.id,
  ticketId: ticketAppeals.ticketId,
  title: tickets.title,
  city: cities.name,
  committee: committees.name,
  memberName: sql<string>`coalesce(${tickets.submitterName}, ${users.fullName})`,
  reason: ticketAppeals.reason,
  filedAt: ticketAppeals.filedAt,
  dueAt: ticketAppeals.dueAt,
  outcome: ticketAppeals.outcome,
  decisionReason: ticketAppeals.decisionReason,
  decidedAt: ticketAppeals.decidedAt,
};

type AppealRow = {
  id: number;
  ticketId: number;
  title: string;
  city: string | null;
  committee: string | null;
  memberName: string | null;
  reason: string;
  filedAt: Date;
  dueAt: Date;
  outcome: Appeal['outcome'];
  decisionReason: string | null;
  decidedAt: Date | null;
};

function toAppeal(row: AppealRow): Appeal {
  return {
    id: row.id,
    ticketId: row.ticketId,
    ticketNumber: `#${row.ticketId}`,
    title: row.title,
    city: row.city,
    committee: row.committee,
    memberName: row.memberName,
    reason: row.reason,
    filedAt: row.filedAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    outcome: row.outcome ?? null,
    decisionReason: row.decisionReason,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

function appealQuery(db: Writer) {
  return db
    .select(appealSelection)
    .from(ticketAppeals)
    .innerJoin(tickets, eq(tickets.id, ticketAppeals.ticketId))
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .innerJoin(users, eq(users.id, tickets.customerId))
    .leftJoin(committees, eq(committees.id, tickets.committeeId));
}

/** GET /appeals: the open ones by due time, or the decided ones newest first; one page. */
export async function listAppeals(
  db: AppDatabase,
  query: AppealListQuery,
): Promise<{ appeals: Appeal[]; total: number }> {
  const decided = query.state === 'decided';
  const where = decided ? isNotNull(ticketAppeals.decidedAt) : isNull(ticketAppeals.decidedAt);
  const order = decided
    ? [desc(ticketAppeals.decidedAt), desc(ticketAppeals.id)]
    : [asc(ticketAppeals.dueAt), asc(ticketAppeals.id)];
  const offset = ((query.page ?? 1) - 1) * APPEAL_PAGE_SIZE;
  const [rows, [counted]] = await Promise.all([
    appealQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(APPEAL_PAGE_SIZE)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(ticketAppeals).where(where),
  ]);
  return { appeals: rows.map(toAppeal), total: counted?.n ?? 0 };
}

/** The appeals of these tickets, by ticket (for the ticket answers). */
export async function appealsOf(db: AppDatabase, ticketIds: number[]): Promise<Map<number, Appeal>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await appealQuery(db).where(inArray(ticketAppeals.ticketId, ticketIds));
  return new Map(rows.map((row) => [row.ticketId, toAppeal(row)] as const));
}

/**
 * POST /appeals/{id}/decision (Credai President): uphold (closed, final), remand (back to the
 * city president with the appeal's text, on a new clock), dismiss (closed with the reasons).
 */
export async function decideAppeal(
  db: AppDatabase,
  actor: { id: number; fullName: string; role: Role },
  appealId: number,
  body: AppealDecisionRequest,
  now: Date,
  notifier: Notifier,
): Promise<Appeal> {
  const ticketId = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ticketId: ticketAppeals.ticketId })
      .from(ticketAppeals)
      .where(eq(ticketAppeals.id, appealId));
    if (!found) throw notFound('Appeal not found');
    const state = await readState(tx, found.ticketId);
    const appeal = state?.appealRow;
    if (!state || !appeal) throw notFound('Appeal not found');
    const action = `appeal.${body.outcome}` as LastWordAction;
    const decision = decide({ role: actor.role, city: null }, action, state, { comment: body.reason, now });
    if (!decision.ok) throw refusal(decision, 'outcome');
    const reason = body.reason.trim();
    const { closes, ...patch } = decision.patch;
    await tx
      .update(ticketAppeals)
      .set({
        decidedAt: now,
        outcome: APPEAL_OUTCOME_OF[body.outcome],
        decisionReason: reason,
        decidedBy: actor.id,
      })
      .where(eq(ticketAppeals.id, appealId));
    await tx
      .update(ticketStages)
      .set({ leftAt: now, leftById: actor.id, leftBy: actor.fullName, outcome: action, nextAlertAt: null })
      .where(
        and(
          eq(ticketStages.ticketId, state.id),
          eq(ticketStages.stage, 'appeal'),
          isNull(ticketStages.leftAt),
        ),
      );
    await bumpVersion(tx, state.id, {
      ...patch,
      ...(closes ? { closedAt: now } : { outcomeAt: null }),
    });
    await addEntry(tx, {
      ticketId: state.id,
      by: { id: actor.id, role: actor.role },
      ...(body.outcome === 'remand'
        ? { kind: 'appeal.remanded' as const, values: { appealId } }
        : { kind: body.outcome === 'uphold' ? ('appeal.upheld' as const) : ('appeal.dismissed' as const) }),
      action,
      words: reason,
      status: patch.status,
      assignee: patch.currentAssignee ?? state.currentAssignee,
      at: now,
    });
    const holder = closes ? null : await syncStage(tx, { ticketId: state.id, now, by: null, outcome: null });
    await notifier.lastWord(tx, {
      ticketId: state.id,
      event: 'appeal.decided',
      member: {
        template: 'appealDecidedMember',
        params: { outcome: APPEAL_OUTCOME_OF[body.outcome], reason },
      },
      staff: closes
        ? []
        : [
            {
              userId: holder?.id ?? null,
              template: 'appealRemandedStaff',
              params: { reason, quote: appeal.reason },
            },
          ],
    });
    return state.id;
  });
  const decided = await appealsOf(db, [ticketId]);
  return decided.get(ticketId) as Appeal;
}

/** Who transfers: admin, or the city president of the ticket's city (the table checks the city). */
export interface TransferActor extends AccessActor {
  fullName: string;
  cityName: string | null;
}

/**
 * POST /tickets/{id}/transfer: to another city and/or committee; the new city's chain as at
 * submit, a fresh stage clock; the old city's lists no longer hold it.
 */
export async function transferTicket(
  db: AppDatabase,
  actor: TransferActor,
  id: number,
  body: TransferRequest,
  now: Date,
  notifier: Notifier,
): Promise<void> {
  await db.transaction(async (tx) => {
    const state = await readState(tx, id);
    if (!state || !canStaffSee(actor, { cityId: state.cityId })) throw notFound(TICKET_NOT_FOUND);
    const decision = decide({ role: actor.role, city: actor.cityName }, 'transfer', state, {
      comment: body.reason,
      version: body.version,
    });
    if (!decision.ok) throw refusal(decision, 'reason');
    const [city] = await tx
      .select({ id: cities.id, name: cities.name, convenorId: cities.convenorId })
      .from(cities)
      .where(eq(cities.id, body.cityId));
    if (!city)
      throw new HttpError(422, errorMessage('cityNotFound'), [
        { path: 'cityId', message: errorMessage('cityNotFound') },
      ]);
    const [committee] = await tx
      .select({ id: committees.id, name: committees.name })
      .from(committees)
      .where(eq(committees.id, body.committeeId));
    if (!committee) {
      throw new HttpError(422, errorMessage('committeeNotFound'), [
        { path: 'committeeId', message: errorMessage('committeeNotFound') },
      ]);
    }
    if (city.id === state.cityId && committee.id === state.committeeId) {
      throw new HttpError(422, errorMessage('transferSamePlace'), [
        {
          path: 'cityId',
          message: errorMessage('transferSamePlace'),
          code: LAST_WORD_REFUSALS.transferSamePlace,
        },
      ]);
    }
    const { from, to } = transferPlaces(
      {
        city: state.cityData?.name ?? '',
        committee: state.committeeName,
        cityId: state.cityId,
        committeeId: state.committeeId,
      },
      { city: city.name, committee: committee.name, cityId: city.id, committeeId: committee.id },
    );
    const reason = body.reason.trim();
    const chain = await chainOf(tx, city);
    const { closes: _closes, ...patch } = decision.patch;
    await bumpVersion(tx, id, {
      ...patch,
      cityId: city.id,
      committeeId: committee.id,
      ...chain,
      escalation: null,
    });
    await tx.insert(ticketTransfers).values({
      ticketId: id,
      fromCityId: state.cityId,
      toCityId: city.id,
      fromCommitteeId: state.committeeId,
      toCommitteeId: committee.id,
      reason,
      byId: actor.id,
      byName: actor.fullName,
      at: now,
    });
    await addEntry(tx, {
      ticketId: id,
      by: { id: actor.id, role: actor.role },
      kind: 'ticket.transferred',
      action: 'transfer',
      values: {
        fromCityId: state.cityId,
        toCityId: city.id,
        fromCommitteeId: state.committeeId,
        toCommitteeId: committee.id,
      },
      words: reason,
      status: patch.status,
      assignee: patch.currentAssignee ?? null,
      at: now,
    });
    // A fresh clock: the open stage closes as transferred and the new city's review opens.
    await tx
      .update(ticketStages)
      .set({
        leftAt: now,
        leftById: actor.id,
        leftBy: actor.fullName,
        outcome: 'transfer',
        nextAlertAt: null,
      })
      .where(and(eq(ticketStages.ticketId, id), isNull(ticketStages.leftAt)));
    const holder = await syncStage(tx, { ticketId: id, now, by: null, outcome: null });
    const params = { from, to, reason };
    await notifier.lastWord(tx, {
      ticketId: id,
      event: 'ticket.transferred',
      member: { template: 'ticketTransferredMember', params },
      staff: [{ userId: holder?.id ?? chain.cityPresidentId, template: 'ticketTransferredStaff', params }],
    });
  });
}

/**
 * The rating, appeal and what the member may do, for the ticket answers: `lastWord` only when
 * `clock` is given (the member's view).
 */
export async function withLastWord(db: AppDatabase, ticket: Ticket, clock?: { now: Date }): Promise<Ticket> {
  const ratings = await db
    .select({
      outcome: ticketRatings.outcome,
      stars: ticketRatings.stars,
      comment: ticketRatings.comment,
      ratedAt: ticketRatings.createdAt,
    })
    .from(ticketRatings)
    .where(eq(ticketRatings.ticketId, ticket.id));
  const current = ratings.find((row) => row.outcome === ticket.status) ?? null;
  const appeal = (await appealsOf(db, [ticket.id])).get(ticket.id) ?? null;
  const enriched: Ticket = {
    ...ticket,
    rating: current
      ? { stars: current.stars, comment: current.comment, ratedAt: current.ratedAt.toISOString() }
      : null,
    appeal,
  };
  if (!clock) return enriched;
  const [row] = await db
    .select({ outcomeAt: tickets.outcomeAt, cityId: tickets.cityId })
    .from(tickets)
    .where(eq(tickets.id, ticket.id));
  const { sla } = await chapterTime(db, row?.cityId ?? 0);
  const lastWord = lastWordOf(
    {
      ...ticket,
      outcomeAt: row?.outcomeAt ?? null,
      ratings,
      appeal: appeal ? { filedAt: appeal.filedAt, decidedAt: appeal.decidedAt } : null,
    },
    { now: clock.now, reopenWindowDays: sla.reopenWindowDays },
  );
  return { ...enriched, lastWord };
}

export interface ClosingResult {
  unrated: number;
  noAppeal: number;
}

/** The chapter's rating window of ticket `t`: its override, else the association's, else 7 days. */
const RATING_DAYS = `coalesce(
  (select (cs.sla->>'ratingWindowDays')::int from chapter_settings cs where cs.city_id = t.city_id),
  (select (d.settings->>'ratingWindowDays')::int from sla_defaults d where d.id = 1),
  7)`;

/**
 * The scheduler's closing of cases (ADR 0038), in the tick's transaction: an outcome without a
 * rating or an appeal for the chapter's `ratingWindowDays`, and a rating of 2 or fewer without an
 * appeal for 30 days, up to `limit` of each, the oldest outcomes first (the tick calls again while
 * a batch is full: a database with years of decided tickets, or a tick missed for days, is worked
 * off in short transactions, not one that locks every ticket it closes). Each is one
 * `UPDATE … WHERE closed_at IS NULL … RETURNING`: a ticket closed already (by another instance's
 * tick, or an earlier one) matches no more, so its history entry is written once; one a member is
 * rating right now (its row locked) waits for the next batch.
 */
export async function closeSilentCases(tx: Writer, now: Date, limit: number): Promise<ClosingResult> {
  const at = now.toISOString();
  const open = `t.closed_at is null and t.status in ('resolved', 'rejected') and t.outcome_at is not null
    and not exists (select 1 from ticket_appeals a where a.ticket_id = t.id)`;
  type Closed = {
    id: number;
    status: TicketStatus;
    current_assignee: Ticket['currentAssignee'];
    days: number;
  };
  /** Closes up to `limit` open outcomes matching `rating` whose window of `days` is over. */
  const close = async (rating: string, days: string): Promise<Closed[]> =>
    (
      (await tx.execute(sql`
        update tickets t set closed_at = ${at}::timestamptz, version = t.version + 1, updated_at = now()
        where t.id in (
          select t.id from tickets t
          where ${sql.raw(open)} and ${sql.raw(rating)}
            and t.outcome_at + make_interval(days => ${sql.raw(days)}) <= ${at}::timestamptz
          order by t.outcome_at, t.id limit ${limit} for update skip locked)
        returning t.id, t.status, t.current_assignee, ${sql.raw(days)} as days`)) as unknown as {
        rows: Closed[];
      }
    ).rows;
  const unrated = await close(
    'not exists (select 1 from ticket_ratings r where r.ticket_id = t.id and r.outcome = t.status)',
    RATING_DAYS,
  );
  const noAppeal = await close(
    'exists (select 1 from ticket_ratings r where r.ticket_id = t.id and r.outcome = t.status and r.stars < 3)',
    `${APPEAL_WINDOW_DAYS}::int`,
  );
  for (const [rows, kind] of [
    [unrated, 'unrated'],
    [noAppeal, 'noAppeal'],
  ] as const) {
    for (const row of rows) {
      await addEntry(tx, {
        ticketId: row.id,
        by: null,
        kind: 'case.closed',
        action: CLOSED_ACTION,
        values: { cause: kind, days: Number(row.days) },
        status: row.status,
        assignee: row.current_assignee,
        at: now,
      });
    }
  }
  return { unrated: unrated.length, noAppeal: noAppeal.length };
}
