/**
 * The review chain (docs/architecture.md#workflow, docs/workflow.md): the shared transition table decides
 * (`decide` of shared-contracts), this file writes what it decided. The actor's role and city come
 * from the signed-in user, never from the request. The ticket is read locked, in the transaction
 * that writes the change and its history entry: of two office bearers acting at once, the second
 * waits and is decided on what the first wrote (409 when they named the version they saw).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  actionHistoryText,
  CHAIN_ACTION_KINDS,
  type ChainStage,
  decide,
  english,
  isFinalStatus,
  MESSAGES,
  type Role,
  STAGE_HOLDER_ROLE,
  type Ticket,
  type TicketAction,
  type TicketStatus,
} from 'shared-contracts/contracts';
import type { AppDatabase, Transaction } from '../../db/database';
import { ticketLinks, tickets } from '../../db/schema';
import { HttpError, notFound } from '../../httpError';
import { type AuditActor, recordAudit } from '../audit';
import { recordHistory } from '../history/historyStore';
import { isRecused } from '../recusal/interests';
import { seesIdentity } from '../recusal/shielding';
import { chapterTime } from '../sla/settings';
import { moveStage } from '../sla/stages';
import type { AccessActor } from '../tickets/access';
import { actionForStatus } from '../tickets/actionForStatus';
import { TICKET_NOT_FOUND } from '../tickets/notFound';
import { outcomeLinkDays } from '../tickets/outcomeLinks';
import { readTicketForChange, ticketAnswer } from '../tickets/ticketReader';
import { factsOf, type Notifier } from './notifications';

/** Who acts: the signed-in user as the workflow needs them. */
export interface ActionActor extends AccessActor {
  fullName: string;
  cityName: string | null;
}

export interface ActionRequest {
  action: string;
  /** The rejection reason or resolution text (optional for approve and review). */
  comment?: string;
  /** The ticket version the caller loaded; a different one is refused with 409. */
  version?: number;
  /**
   * Who may read an approve's comment: the member too (`public`, the default) or staff only
   * (`internal`: the chain's entry stays public with its plain text, the comment is a note beside
   * it). Reasons and resolutions are always public.
   */
  visibility?: 'public' | 'internal';
  /** The api clock's now: the stage the ticket leaves closes, and the next opens, then. */
  now: Date;
  /**
   * The actor holds the ticket's open stage in another's place (a recusal passed it to them, ADR
   * 0048): the table decides as the stage's role, in the ticket's city; anyone else gets 403.
   */
  asHolder?: boolean;
  /** The same step on every duplicate of this primary that is at the same stage (ADR 0056). */
  applyToDuplicates?: boolean;
}

/**
 * Applies `request.action` to ticket `id` as `actor`, or throws the refusal of the table as an
 * HttpError: 404 for no such ticket, 403 for a role without the action or a ticket of another
 * city, 409 for a state that does not allow it or a stale version, 400 for a missing reason.
 * Returns the ticket as it is now, with its history and attachments.
 *
 * One unit of work: the ticket is read once, locked (`readTicketForChange`), and that read is
 * what the table decides on, what the stage log moves from, what the messages say and the answer
 * (with what the change wrote applied); the worker is woken when it commits (db/afterCommit.ts).
 */
export async function actOnTicket(
  db: AppDatabase,
  actor: ActionActor,
  id: number,
  request: ActionRequest,
  notifier?: Notifier,
  /** Who acted, for the audit trail: its row is written in the action's transaction. */
  auditActor?: AuditActor,
): Promise<Ticket> {
  const after = await db.transaction(async (tx) => {
    const done = await applyAction(tx, actor, id, request, notifier, auditActor);
    // The same step on the primary's duplicates that were at the same stage (ADR 0056), in this
    // transaction: each locked after the primary, in id order, with its own history, stage log
    // and messages to its own member. A refusal on any of them refuses the whole step.
    if (request.applyToDuplicates) {
      for (const duplicateId of await duplicatesAtStage(tx, id, done.before)) {
        await applyAction(tx, actor, duplicateId, { ...request, version: undefined }, notifier, auditActor);
      }
    }
    return done.after;
  });
  // The answer is the ticket as this actor reads it (as GET /api/tickets/{id} answers them): whom
  // it is against, and a shielded member as their alias to chapter staff (ADR 0049).
  return ticketAnswer(db, after, {
    history: true,
    attachments: true,
    concern: true,
    shield: !seesIdentity(actor),
  });
}

/** The duplicates of a primary whose status, holder and open stage are what the primary's were. */
async function duplicatesAtStage(
  tx: Transaction,
  primaryId: number,
  before: { status: string; currentAssignee: string | null; stage: string | null },
): Promise<number[]> {
  const rows = await tx
    .select({ id: ticketLinks.ticketId })
    .from(ticketLinks)
    .innerJoin(tickets, eq(tickets.id, ticketLinks.ticketId))
    .where(
      and(
        eq(ticketLinks.otherId, primaryId),
        eq(ticketLinks.kind, 'duplicate'),
        eq(tickets.status, before.status as TicketStatus),
        sql`${tickets.currentAssignee} is not distinct from ${before.currentAssignee}`,
        sql`${tickets.stage} is not distinct from ${before.stage}`,
      ),
    )
    .orderBy(ticketLinks.ticketId);
  return rows.map((row) => row.id);
}

/** One ticket's step, in the caller's transaction: what `actOnTicket` says, for one ticket. */
async function applyAction(
  tx: Transaction,
  actor: ActionActor,
  id: number,
  request: ActionRequest,
  notifier?: Notifier,
  auditActor?: AuditActor,
) {
  const row = await readTicketForChange(tx, id);
  // Passed over on it: the ticket does not exist for them (ADR 0048).
  if (!row || (await isRecused(tx, id, actor.id))) throw notFound(TICKET_NOT_FOUND);
  const state = { ...row, city: row.cityName };
  const acting = request.asHolder ? holderRoleOf(actor, row) : { role: actor.role, city: actor.cityName };
  const decision = decide(
    { role: acting.role, city: acting.city, id: actor.id, name: actor.fullName },
    request.action,
    state,
    { comment: request.comment ?? '', version: request.version },
  );
  if (!decision.ok) {
    const details =
      decision.code === 'text-required' ? [{ path: 'comment', message: decision.reason }] : undefined;
    throw new HttpError(decision.httpStatus, decision.reason, details);
  }
  const { patch, history } = decision;
  // An approve's comment kept among staff: the chain's public entry is the step alone, and the
  // comment becomes an internal note beside it.
  const noteText =
    request.visibility === 'internal' && history.action === 'approve' && request.comment?.trim()
      ? request.comment.trim()
      : null;
  // The member's status email then quotes the step alone (`Approved by City President`).
  const publicText = noteText ? english(actionHistoryText('approve', acting.role)) : history.text;
  // An outcome (resolved, rejected) starts the member's last word: its windows count from now.
  const outcome = isFinalStatus(patch.status);
  const [written] = await tx
    .update(tickets)
    .set({
      ...patch,
      ...(outcome ? { outcomeAt: request.now } : {}),
      version: sql`${tickets.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(tickets.id, id))
    .returning({ version: tickets.version, updatedAt: tickets.updatedAt });
  if (!written) throw notFound(TICKET_NOT_FOUND);
  const status = (patch.status ?? row.status) as TicketStatus;
  const currentAssignee = patch.currentAssignee ?? row.currentAssignee ?? null;
  const entry = {
    ticketId: id,
    actor: { id: actor.id, role: acting.role },
    statusAfter: patch.status,
    assigneeAfter: currentAssignee,
  };
  const chainEntry = await recordHistory(tx, {
    ...entry,
    kind: CHAIN_ACTION_KINDS[history.action as TicketAction],
    action: history.action,
    words: noteText ? null : request.comment,
  });
  if (noteText) {
    await recordHistory(tx, {
      ...entry,
      kind: 'staff.noted',
      action: 'note',
      words: noteText,
      visibility: 'internal',
    });
  }
  // The stage log moves in this transaction: the hand-off below goes to the new stage's holder
  // (their stand-in while they are away).
  const moved = await moveStage(
    tx,
    { ticketId: id, now: request.now, by: { id: actor.id, name: actor.fullName }, outcome: history.action },
    { ...row, status, currentAssignee },
  );
  const ticket = factsOf({
    ...row,
    city: row.cityName,
    memberId: row.customerId,
    mobile: row.customerMobile,
  });
  await notifier?.actionTaken(tx, {
    ticketId: id,
    ticket,
    before: { status: row.status as TicketStatus, currentAssignee: row.currentAssignee ?? null },
    after: { status, currentAssignee },
    // The words the member reads are the chain entry's, read when the email is sent (ADR 0078).
    textEventId: chainEntry.text ? chainEntry.id : null,
    text: publicText,
  });
  if (outcome && notifier) {
    const { sla } = await chapterTime(tx, row.cityId);
    await notifier.lastWord(tx, {
      ticketId: id,
      ticket,
      event: 'rating.requested',
      member: {
        template: 'ratingRequested',
        params: { status: patch.status, days: sla.ratingWindowDays },
      },
      // The email's button opens this ticket's page until its last-word windows end (ADR 0042).
      outcomeLink: { at: request.now, days: outcomeLinkDays(sla.ratingWindowDays) },
    });
  }
  if (auditActor) {
    await recordAudit(tx, {
      actor: auditActor,
      action: 'ticket.action',
      targetType: 'ticket',
      targetId: id,
      detail: { action: history.action, status },
    });
  }
  return {
    before: { status: row.status, currentAssignee: row.currentAssignee ?? null, stage: row.stage },
    after: { ...row, ...patch, ...moved.fields, status, currentAssignee, ...written },
  };
}

/**
 * The role and city the holder of the ticket's open stage acts in: the stage's role in the
 * ticket's city, when the ticket names the actor as that stage's holder; else 403.
 */
function holderRoleOf(
  actor: ActionActor,
  row: {
    stage: string | null;
    cityName: string;
    cityPresidentId: number | null;
    convenorId: number | null;
    observerId: number | null;
  },
): { role: Role; city: string } {
  const holders: Partial<Record<string, number | null>> = {
    review: row.cityPresidentId,
    resolution: row.convenorId,
    approval: row.observerId,
  };
  const stage = row.stage as ChainStage | null;
  if (!stage || !(stage in holders) || holders[stage] !== actor.id) {
    throw new HttpError(403, MESSAGES.unauthorizedRole);
  }
  return { role: STAGE_HOLDER_ROLE[stage], city: row.cityName };
}

/**
 * PATCH /tickets/{id}/status: the target status as the action that leads there (docs/product.md#ticket-states Action
 * names: approved → approve, rejected → reject, resolved → resolve, in-review → review), through
 * the same table. No action leads back to pending (409).
 */
export function changeTicketStatus(
  db: AppDatabase,
  actor: ActionActor,
  id: number,
  body: {
    status: TicketStatus;
    comment?: string;
    version?: number;
    visibility?: 'public' | 'internal';
    now: Date;
  },
  notifier?: Notifier,
  auditActor?: AuditActor,
): Promise<Ticket> {
  const action = actionForStatus(body.status);
  if (!action) {
    return Promise.reject(new HttpError(409, 'No action moves a ticket back to pending'));
  }
  return actOnTicket(
    db,
    actor,
    id,
    { action, comment: body.comment, version: body.version, visibility: body.visibility, now: body.now },
    notifier,
    auditActor,
  );
}
