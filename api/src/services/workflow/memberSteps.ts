/**
 * The member's own steps of the last word (docs/architecture.md#the-members-last-word, ADR 0038):
 * rating the outcome, reopening it, appealing to the Credai President. The shared table decides
 * (`decide`); each step is one transaction with its public history entry and its messages.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  APPEAL_DECISION_DAYS,
  CLOSED_ACTION,
  DAY_MS,
  decide,
  errorMessage,
  LAST_WORD_REFUSALS,
  type RatedOutcome,
  type RatingRequest,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { ticketAppeals, ticketRatings, ticketStages, users } from '../../db/schema';
import { HttpError } from '../../httpError';
import { chapterTime } from '../sla/settings';
import { recipientFor, syncStage } from '../sla/stages';
import { addEntry, bumpVersion, MEMBER, memberBy, onTicketState, refusal } from './lastWordState';
import type { Notifier } from './notifications';

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
    const reopened = await addEntry(tx, {
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
      staff: [
        {
          userId: holder?.id ?? null,
          template: 'ticketReopenedStaff',
          params: {},
          refs: { quote: `words:${reopened}` },
        },
      ],
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
          params: { due: dueAt.toISOString().slice(0, 10) },
          refs: { reason: `appeal:${inserted[0]?.id ?? 0}` },
        },
      ],
    });
  });
};
