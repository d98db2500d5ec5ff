/** The Credai President's decision on an appeal (ADR 0038), in one transaction with its history entry and messages. */
import { and, eq, isNull } from 'drizzle-orm';
import {
  APPEAL_OUTCOME_OF,
  type Appeal,
  type AppealDecisionRequest,
  decide,
  type LastWordAction,
  type Role,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { ticketAppeals, ticketStages } from '../../db/schema';
import { notFound } from '../../httpError';
import { syncStage } from '../sla/stages';
import { appealsOf } from '../tickets/lastWordView';
import { addEntry, bumpVersion, readState, refusal } from './lastWordState';
import type { Notifier } from './notifications';

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
    const decided = await addEntry(tx, {
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
        params: { outcome: APPEAL_OUTCOME_OF[body.outcome] },
        refs: { reason: `words:${decided}` },
      },
      staff: closes
        ? []
        : [
            {
              userId: holder?.id ?? null,
              template: 'appealRemandedStaff',
              params: {},
              refs: { reason: `words:${decided}`, quote: `appeal:${appealId}` },
            },
          ],
    });
    return state.id;
  });
  const decided = await appealsOf(db, [ticketId]);
  return decided.get(ticketId) as Appeal;
}
