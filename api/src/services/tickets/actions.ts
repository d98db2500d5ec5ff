/**
 * The review chain (docs/architecture.md#workflow, docs/workflow.md): the shared transition table decides
 * (`decide` of shared-contracts), this file writes what it decided. The actor's role and city come
 * from the signed-in user, never from the request. The change is a compare-and-set on the
 * ticket's `version` (`UPDATE … WHERE id = $1 AND version = $2`) in the same transaction as its
 * history entry: of two office bearers acting at once, one wins and the other gets 409.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  CHAIN_ACTION_KINDS,
  decide,
  isFinalStatus,
  STALE_REASON,
  type Ticket,
  type TicketAction,
  type TicketStatus,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { cities, tickets } from '../../db/schema';
import { HttpError, notFound } from '../../httpError';
import { type AuditActor, recordAudit } from '../audit';
import { recordHistory } from '../history/historyStore';
import type { Notifier } from '../outbox/notifications';
import { chapterTime } from '../sla/settings';
import { syncStage } from '../sla/stages';
import type { AccessActor } from './access';
import { actionForStatus } from './actionForStatus';
import { TICKET_NOT_FOUND } from './notFound';
import { outcomeLinkDays } from './outcomeLinks';
import { readTicket } from './ticketReader';
import { type WorkflowRow, workflowSelection } from './workflowRow';

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
}

/** Without a version from the caller, a ticket changed between read and write is decided again. */
const ATTEMPTS_WITHOUT_VERSION = 3;

async function readWorkflowRow(db: AppDatabase, id: number): Promise<WorkflowRow | undefined> {
  const [row] = await db
    .select(workflowSelection)
    .from(tickets)
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .where(eq(tickets.id, id));
  return row;
}

/**
 * Applies `request.action` to ticket `id` as `actor`, or throws the refusal of the table as an
 * HttpError: 404 for no such ticket, 403 for a role without the action or a ticket of another
 * city, 409 for a state that does not allow it or a stale version, 400 for a missing reason.
 * Returns the ticket as it is now, with its history and attachments.
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
  for (let attempt = 1; ; attempt += 1) {
    const row = await readWorkflowRow(db, id);
    if (!row) throw notFound(TICKET_NOT_FOUND);
    const decision = decide(
      { role: actor.role, city: actor.cityName, id: actor.id, name: actor.fullName },
      request.action,
      row,
      { comment: request.comment ?? '', version: request.version },
    );
    if (!decision.ok) {
      const details =
        decision.code === 'text-required' ? [{ path: 'comment', message: decision.reason }] : undefined;
      throw new HttpError(decision.httpStatus, decision.reason, details);
    }
    const { patch, history } = decision;
    // An approve's comment kept among staff: the chain's public entry gets the text it would have
    // without a comment, and the comment becomes an internal note beside it.
    const noteText =
      request.visibility === 'internal' && history.action === 'approve' && request.comment?.trim()
        ? request.comment.trim()
        : null;
    const publicText = noteText ? (plainText(actor, request.action, row) ?? history.text) : history.text;

    const written = await db.transaction(async (tx) => {
      // An outcome (resolved, rejected) starts the member's last word: its windows count from now.
      const outcome = isFinalStatus(patch.status);
      const updated = await tx
        .update(tickets)
        .set({
          ...patch,
          ...(outcome ? { outcomeAt: request.now } : {}),
          version: sql`${tickets.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(tickets.id, id), eq(tickets.version, row.version)))
        .returning({ id: tickets.id });
      if (updated.length === 0) return false;
      const entry = {
        ticketId: id,
        actor: { id: actor.id, role: actor.role },
        statusAfter: patch.status,
        assigneeAfter: patch.currentAssignee ?? row.currentAssignee ?? null,
      };
      await recordHistory(tx, {
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
      await syncStage(tx, {
        ticketId: id,
        now: request.now,
        by: { id: actor.id, name: actor.fullName },
        outcome: history.action,
      });
      await notifier?.actionTaken(tx, {
        ticketId: id,
        before: { status: row.status as TicketStatus, currentAssignee: row.currentAssignee ?? null },
        after: {
          status: (patch.status ?? row.status) as TicketStatus,
          currentAssignee: patch.currentAssignee ?? row.currentAssignee ?? null,
        },
        text: publicText,
        textIsPublic: true,
      });
      if (outcome && notifier) {
        const { sla } = await chapterTime(tx, row.cityId);
        await notifier.lastWord(tx, {
          ticketId: id,
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
          detail: { action: history.action, status: patch.status ?? row.status },
        });
      }
      return true;
    });
    if (written) {
      break;
    }
    // Someone changed the ticket after it was read. A caller who named the version they saw is
    // told (409); otherwise the action is decided again on the ticket as it is now.
    if (request.version !== undefined || attempt >= ATTEMPTS_WITHOUT_VERSION) {
      throw new HttpError(409, STALE_REASON);
    }
  }
  const ticket = await readTicket(db, id, { history: true, attachments: true });
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return ticket;
}

/** The chain entry's text of the action without a comment (`Approved by City President`). */
function plainText(actor: ActionActor, action: string, row: WorkflowRow): string | undefined {
  const decision = decide(
    { role: actor.role, city: actor.cityName, id: actor.id, name: actor.fullName },
    action,
    row,
    { comment: '' },
  );
  return decision.ok ? decision.history.text : undefined;
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
