/**
 * The workflow of docs/architecture.md#workflow as data, and `decide`, the one function that interprets it.
 * The api enforces with `decide`; the details dialog shows the buttons `dialogActions` derives
 * from it, so the server's checks and the client's buttons cannot drift.
 */

import { english, MESSAGES } from '../i18n/text';
import { normaliseRole } from '../rules/normaliseRole';
import { isFinalStatus, normaliseStatus } from '../rules/ticketStatus';
import { isRole, type Role } from '../schemas/role';
import { type Assignee, TICKET_ACTIONS, type TicketAction, type TicketStatus } from '../schemas/tickets';
import { actionHistoryText } from './historyText';

/** Who acts: the role (from the token on the server), their city name, optionally id and name. */
export interface WorkflowActor {
  role: string;
  /** The actor's city name; null when they have none. City-scoped roles act only in their city. */
  city: string | null;
  id?: number;
  name?: string;
}

/** The fields of a ticket the workflow reads. */
export interface WorkflowTicket {
  status?: string | null;
  city?: string | null;
  cityData?: { name?: string | null } | null;
  adminStatus?: string | null;
  cityPresidentStatus?: string | null;
  convenorStatus?: string | null;
  observerStatus?: string | null;
  observerId?: number | null;
  observer?: { fullName?: string | null } | null;
  resolutionMethod?: string | null;
  version?: number;
}

/** The fields an accepted action changes. */
export interface TicketPatch {
  status: TicketStatus;
  currentAssignee?: Assignee;
  adminStatus?: TicketStatus;
  cityPresidentStatus?: TicketStatus;
  convenorStatus?: TicketStatus;
  observerStatus?: TicketStatus;
  rejectionReason?: string;
  resolutionMethod?: string;
}

/** A condition a transition needs, each with the reason given when it does not hold. */
export type Guard =
  | 'openForApproval'
  | 'notApprovedYet'
  | 'notFinal'
  | 'approvedByChain'
  | 'notAwaitingObserver'
  | 'openForReview'
  | 'textRequired';

export const GUARD_REASONS: Record<Exclude<Guard, 'textRequired'>, string> = {
  openForApproval: 'Only a pending or in-review ticket can be approved',
  notApprovedYet: 'This ticket has already been approved',
  notFinal: 'This ticket is already resolved or rejected',
  approvedByChain: 'This ticket has not been approved by the Admin or City President yet',
  notAwaitingObserver: "This ticket is awaiting the Office Bearer's final approval",
  openForReview: 'Only a pending or approved ticket can be moved to review',
};

export const TEXT_REQUIRED_REASONS: Partial<Record<TicketAction, string>> = {
  reject: MESSAGES.rejectionReasonRequired,
  resolve: MESSAGES.resolutionReasonRequired,
};

export const OTHER_CITY_REASON = MESSAGES.otherCity;
export const STALE_REASON = MESSAGES.stale;
export const UNAUTHORIZED_ROLE_REASON = MESSAGES.unauthorizedRole;

interface EffectContext {
  actor: Role;
  ticket: WorkflowTicket;
  text: string;
}

export interface Transition {
  actors: readonly Role[];
  action: TicketAction;
  guards: readonly Guard[];
  /** The "allowed when" column of docs/architecture.md#workflow, for people and docs. */
  when: string;
  /** The "effect" column of docs/architecture.md#workflow. */
  effect: string;
  apply: (context: EffectContext) => TicketPatch;
}

/** The roles that act only on tickets of their own city. */
export const CITY_SCOPED_ROLES: readonly Role[] = ['citypresident', 'convenor', 'observer'];

/** Each actor's own status field (reject sets it to rejected). */
const OWN_STATUS_FIELD: Partial<Record<Role, keyof TicketPatch>> = {
  admin: 'adminStatus',
  citypresident: 'cityPresidentStatus',
  convenor: 'convenorStatus',
  observer: 'observerStatus',
};

/** The patch with the actor's own status field set too, when the actor has one (the governor has none). */
function withOwnStatus(patch: TicketPatch, actor: Role, value: TicketStatus): TicketPatch {
  const own = OWN_STATUS_FIELD[actor];
  return own ? { ...patch, [own]: value } : patch;
}

function hasObserver(ticket: WorkflowTicket): boolean {
  return ticket.observerId != null || Boolean(ticket.observer?.fullName?.trim());
}

/** docs/architecture.md#workflow, row by row. */
export const TRANSITIONS: readonly Transition[] = [
  {
    actors: ['citypresident'],
    action: 'approve',
    guards: ['openForApproval', 'notApprovedYet'],
    when: 'status pending or in-review; neither admin nor city president approved yet',
    effect: 'status approved, cityPresidentStatus approved, assignee Convenor',
    apply: () => ({ status: 'approved', cityPresidentStatus: 'approved', currentAssignee: 'Convenor' }),
  },
  {
    actors: ['admin'],
    action: 'approve',
    guards: ['openForApproval', 'notApprovedYet'],
    when: 'status pending or in-review; neither admin nor city president approved yet',
    effect: 'status in-review, adminStatus approved, assignee Convenor',
    apply: () => ({ status: 'in-review', adminStatus: 'approved', currentAssignee: 'Convenor' }),
  },
  {
    actors: ['admin', 'citypresident'],
    action: 'resolve',
    guards: ['notFinal', 'textRequired'],
    when: 'not final; resolution text non-blank',
    effect: 'status resolved, assignee Completed',
    apply: ({ text }) => ({ status: 'resolved', currentAssignee: 'Completed', resolutionMethod: text }),
  },
  {
    actors: ['convenor'],
    action: 'resolve',
    guards: ['notFinal', 'approvedByChain', 'notAwaitingObserver', 'textRequired'],
    when: 'not final; ticket approved (by admin or city president); not already resolved by the convenor',
    effect:
      "observer on the ticket: status in-review, convenorStatus resolved, assignee Observer (awaiting the office bearer's final approval); else status resolved",
    apply: ({ ticket, text }) =>
      hasObserver(ticket) && normaliseStatus(ticket.observerStatus) !== 'approved'
        ? {
            status: 'in-review',
            convenorStatus: 'resolved',
            currentAssignee: 'Observer',
            resolutionMethod: text,
          }
        : {
            status: 'resolved',
            convenorStatus: 'resolved',
            currentAssignee: 'Completed',
            resolutionMethod: text,
          },
  },
  {
    actors: ['observer'],
    action: 'resolve',
    guards: ['notFinal', 'approvedByChain', 'textRequired'],
    when: 'not final; ticket approved',
    effect: 'the final approval: status resolved, observerStatus approved',
    apply: ({ ticket, text }) => ({
      status: 'resolved',
      observerStatus: 'approved',
      currentAssignee: 'Completed',
      resolutionMethod: ticket.resolutionMethod?.trim() || text,
    }),
  },
  {
    actors: ['admin', 'citypresident', 'convenor', 'observer'],
    action: 'reject',
    guards: ['notFinal', 'textRequired'],
    when: 'not final; reason non-blank',
    effect: 'status rejected, own status field rejected',
    apply: ({ actor, text }) =>
      withOwnStatus({ status: 'rejected', rejectionReason: text }, actor, 'rejected'),
  },
  {
    actors: ['convenor', 'observer', 'governor'],
    action: 'review',
    guards: ['openForReview'],
    when: 'status pending or approved',
    effect: 'status in-review (convenor and observer: own status field in-review)',
    apply: ({ actor }) => withOwnStatus({ status: 'in-review' }, actor, 'in-review'),
  },
];

/** The transition an actor may use for an action, if any. */
export function transitionFor(role: string, action: string): Transition | undefined {
  const normalised = normaliseRole(role);
  return TRANSITIONS.find(
    (transition) =>
      transition.action === action && (transition.actors as readonly string[]).includes(normalised),
  );
}

function guardHolds(guard: Exclude<Guard, 'textRequired'>, ticket: WorkflowTicket): boolean {
  const status = normaliseStatus(ticket.status);
  switch (guard) {
    case 'openForApproval':
      return status === 'pending' || status === 'in-review';
    case 'notApprovedYet':
      return (
        normaliseStatus(ticket.adminStatus) !== 'approved' &&
        normaliseStatus(ticket.cityPresidentStatus) !== 'approved'
      );
    case 'notFinal':
      return !isFinalStatus(status);
    case 'approvedByChain':
      return (
        normaliseStatus(ticket.adminStatus) === 'approved' ||
        normaliseStatus(ticket.cityPresidentStatus) === 'approved'
      );
    case 'notAwaitingObserver':
      return normaliseStatus(ticket.convenorStatus) !== 'resolved';
    case 'openForReview':
      return status === 'pending' || status === 'approved';
  }
}

function sameCity(actor: WorkflowActor, ticket: WorkflowTicket): boolean {
  const actorCity = actor.city?.trim().toLowerCase();
  if (!actorCity) return false;
  const names = [ticket.cityData?.name, ticket.city]
    .map((name) => name?.trim().toLowerCase())
    .filter(Boolean);
  return names.includes(actorCity);
}

export type RefusalCode = 'unauthorized-role' | 'other-city' | 'stale' | 'not-allowed' | 'text-required';

export type Decision =
  | {
      ok: true;
      transition: Transition;
      patch: TicketPatch;
      /** The history entry to append in the same transaction. */
      history: { action: TicketAction; text: string };
    }
  | {
      ok: false;
      code: RefusalCode;
      /** The HTTP status the api answers with. */
      httpStatus: 400 | 403 | 409;
      reason: string;
    };

export interface DecideOptions {
  /**
   * The rejection reason or resolution text. Leave it out to ask only whether the action is
   * available (the dialog's buttons); the api always passes the request's comment.
   */
  comment?: string;
  /** The ticket version the caller saw; a different current version is refused as stale. */
  version?: number;
}

function refuse(code: RefusalCode, reason: string): Decision {
  const httpStatus =
    code === 'text-required' ? 400 : code === 'unauthorized-role' || code === 'other-city' ? 403 : 409;
  return { ok: false, code, httpStatus, reason };
}

/**
 * docs/architecture.md#workflow: may `actor` do `action` on `ticket`? Yes: the fields to change and the history
 * entry. No: why, with the HTTP status. Checks run in order: role, city, version, state, text.
 */
export function decide(
  actor: WorkflowActor,
  action: string,
  ticket: WorkflowTicket,
  options: DecideOptions = {},
): Decision {
  const role = normaliseRole(actor.role);
  const transition = transitionFor(role, action);
  if (!transition || !isRole(role)) return refuse('unauthorized-role', UNAUTHORIZED_ROLE_REASON);
  if (CITY_SCOPED_ROLES.includes(role) && !sameCity(actor, ticket))
    return refuse('other-city', OTHER_CITY_REASON);
  if (options.version !== undefined && ticket.version !== undefined && options.version !== ticket.version)
    return refuse('stale', STALE_REASON);
  for (const guard of transition.guards) {
    if (guard !== 'textRequired' && !guardHolds(guard, ticket))
      return refuse('not-allowed', GUARD_REASONS[guard]);
  }
  const text = options.comment?.trim() ?? '';
  if (options.comment !== undefined && transition.guards.includes('textRequired') && !text)
    return refuse('text-required', TEXT_REQUIRED_REASONS[transition.action] as string);
  return {
    ok: true,
    transition,
    patch: transition.apply({ actor: role, ticket, text }),
    history: {
      action: transition.action,
      text: text || english(actionHistoryText(transition.action, role)),
    },
  };
}

/** Every action the actor may take on the ticket now (text requirements aside). */
export function allowedActions(actor: WorkflowActor, ticket: WorkflowTicket): TicketAction[] {
  return TICKET_ACTIONS.filter((action) => decide(actor, action, ticket).ok);
}

/** The actions the details dialog offers as buttons (docs/product.md#screens: Approve, Reject, Resolve). */
export const DIALOG_ACTIONS: readonly TicketAction[] = ['approve', 'reject', 'resolve'];

/** The dialog's buttons for this actor and ticket, from the same table the api enforces. */
export function dialogActions(actor: WorkflowActor, ticket: WorkflowTicket): TicketAction[] {
  return allowedActions(actor, ticket).filter((action) => DIALOG_ACTIONS.includes(action));
}

/**
 * docs/product.md#status-after-an-action: the status the list shows after `actor`
 * did `action` (approve by admin in-review, by others approved; reject rejected; resolve resolved
 * unless the office bearer's approval is still needed; review in-review), or null when refused.
 */
export function statusAfterAction(
  actor: WorkflowActor,
  action: string,
  ticket: WorkflowTicket,
): TicketStatus | null {
  const decision = decide(actor, action, ticket);
  return decision.ok ? decision.patch.status : null;
}

/** The ticket as it reads after the patch (for an optimistic list update). */
export function applyPatch<T extends WorkflowTicket>(ticket: T, patch: TicketPatch): T {
  return { ...ticket, ...patch };
}
