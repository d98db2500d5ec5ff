/**
 * The workflow of docs/architecture.md#workflow as data, and `decide`, the one function that interprets it.
 * The api enforces with `decide`; the details dialog shows the buttons `dialogActions` derives
 * from it, so the server's checks and the client's buttons cannot drift.
 */

import { DAY_MS } from '../constants';
import { english, MESSAGES } from '../i18n/text';
import { normaliseRole } from '../rules/normaliseRole';
import { isFinalStatus, normaliseStatus } from '../rules/ticketStatus';
import {
  APPEAL_WINDOW_DAYS,
  CLOSING_STARS,
  LAST_WORD_REFUSALS,
  type LastWord,
  type LastWordRefusal,
  type LastWordRefusalKey,
} from '../schemas/lastWord';
import { CITY_SCOPED_ROLES, isRole, type Role } from '../schemas/role';
import {
  type Assignee,
  TICKET_ACTIONS,
  type TicketAction,
  type TicketStatus,
  type WorkflowAction,
} from '../schemas/tickets';
import { actionHistoryText } from './historyEvents';

/** The member, acting by the ticket's key (docs/architecture.md#the-members-last-word): not a role of a user. */
export const MEMBER_ACTOR = 'member';
/** Who a row of the table names: a role, or the member. */
export type WorkflowActorRole = Role | typeof MEMBER_ACTOR;

function isActorRole(value: string): value is WorkflowActorRole {
  return value === MEMBER_ACTOR || isRole(value);
}

/** A time as the api or a ticket answer gives it. */
type Instant = string | Date;
const instant = (value: Instant | null | undefined): number | null =>
  value == null ? null : new Date(value).getTime();

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
  /** The member's last word (docs/architecture.md#the-members-last-word). */
  /** When the case was closed; a closed case takes no rating, reopening or appeal. */
  closedAt?: Instant | null;
  /** When the ticket reached its current outcome (resolved or rejected). */
  outcomeAt?: Instant | null;
  /** The member's ratings, one per outcome at most. */
  ratings?: readonly { outcome: string; stars: number }[] | null;
  /** When the member reopened it (once per ticket). */
  reopenedAt?: Instant | null;
  /** The member's appeal (once per ticket). */
  appeal?: { filedAt: Instant; decidedAt?: Instant | null } | null;
}

/** The fields an accepted action changes. */
export interface TicketPatch {
  status: TicketStatus;
  currentAssignee?: Assignee;
  adminStatus?: TicketStatus | null;
  cityPresidentStatus?: TicketStatus | null;
  convenorStatus?: TicketStatus | null;
  observerStatus?: TicketStatus | null;
  rejectionReason?: string;
  resolutionMethod?: string;
  /** The action closes the case (`closedAt` becomes now): a good rating, an appeal upheld or dismissed. */
  closes?: boolean;
}

/** A condition a transition needs, each with the reason given when it does not hold. */
export type Guard =
  | 'openForApproval'
  | 'notApprovedYet'
  | 'notFinal'
  | 'approvedByChain'
  | 'notAwaitingObserver'
  | 'openForReview'
  | 'textRequired'
  // The member's last word (docs/architecture.md#the-members-last-word).
  | 'notClosed'
  | 'hasOutcome'
  | 'notRatedThisOutcome'
  | 'resolvedWithoutAppeal'
  | 'notReopened'
  | 'withinReopenWindow'
  | 'notAppealed'
  | 'appealable'
  | 'withinAppealWindow'
  | 'appealUndecided';

/** The guards of the last word, each with the stable code of its refusal (`details[].code`). */
export const GUARD_CODES: Partial<Record<Guard, LastWordRefusalKey>> = {
  notClosed: 'caseClosed',
  hasOutcome: 'ratingNotOpen',
  notRatedThisOutcome: 'alreadyRated',
  resolvedWithoutAppeal: 'reopenNotAllowed',
  notReopened: 'alreadyReopened',
  withinReopenWindow: 'reopenWindowClosed',
  notAppealed: 'alreadyAppealed',
  appealable: 'appealNotAllowed',
  withinAppealWindow: 'appealWindowClosed',
  appealUndecided: 'appealAlreadyDecided',
};

export const GUARD_REASONS: Record<Exclude<Guard, 'textRequired'>, string> = {
  openForApproval: 'Only a pending or in-review ticket can be approved',
  notApprovedYet: 'This ticket has already been approved',
  notFinal: 'This ticket is already resolved or rejected',
  approvedByChain: 'This ticket has not been approved by the Admin or City President yet',
  notAwaitingObserver: "This ticket is awaiting the Office Bearer's final approval",
  openForReview: 'Only a pending or approved ticket can be moved to review',
  notClosed: MESSAGES.caseClosed,
  hasOutcome: MESSAGES.ratingNotOpen,
  notRatedThisOutcome: MESSAGES.alreadyRated,
  resolvedWithoutAppeal: MESSAGES.reopenNotAllowed,
  notReopened: MESSAGES.alreadyReopened,
  withinReopenWindow: MESSAGES.reopenWindowClosed,
  notAppealed: MESSAGES.alreadyAppealed,
  appealable: MESSAGES.appealNotAllowed,
  withinAppealWindow: MESSAGES.appealWindowClosed,
  appealUndecided: MESSAGES.appealAlreadyDecided,
};

export const TEXT_REQUIRED_REASONS: Partial<Record<WorkflowAction, string>> = {
  reject: MESSAGES.rejectionReasonRequired,
  resolve: MESSAGES.resolutionReasonRequired,
  reopen: MESSAGES.reasonRequired,
  appeal: MESSAGES.reasonRequired,
  'appeal.uphold': MESSAGES.reasonRequired,
  'appeal.remand': MESSAGES.reasonRequired,
  'appeal.dismiss': MESSAGES.reasonRequired,
  transfer: MESSAGES.reasonRequired,
};

export const OTHER_CITY_REASON = MESSAGES.otherCity;
export const STALE_REASON = MESSAGES.stale;
export const UNAUTHORIZED_ROLE_REASON = MESSAGES.unauthorizedRole;

interface EffectContext {
  actor: WorkflowActorRole;
  ticket: WorkflowTicket;
  text: string;
  /** A rating's stars. */
  stars?: number;
}

export interface Transition {
  actors: readonly WorkflowActorRole[];
  action: WorkflowAction;
  guards: readonly Guard[];
  /** The "allowed when" column of docs/architecture.md#workflow, for people and docs. */
  when: string;
  /** The "effect" column of docs/architecture.md#workflow. */
  effect: string;
  apply: (context: EffectContext) => TicketPatch;
}

/** The roles that act only on tickets of their own city (defined with the roles). */
export { CITY_SCOPED_ROLES };

/** Each actor's own status field (reject sets it to rejected). */
const OWN_STATUS_FIELD: Partial<Record<WorkflowActorRole, keyof TicketPatch>> = {
  admin: 'adminStatus',
  citypresident: 'cityPresidentStatus',
  convenor: 'convenorStatus',
  observer: 'observerStatus',
};

/** The patch with the actor's own status field set too, when the actor has one (the governor has none). */
function withOwnStatus(patch: TicketPatch, actor: WorkflowActorRole, value: TicketStatus): TicketPatch {
  const own = OWN_STATUS_FIELD[actor];
  return own ? { ...patch, [own]: value } : patch;
}

function hasObserver(ticket: WorkflowTicket): boolean {
  return ticket.observerId != null || Boolean(ticket.observer?.fullName?.trim());
}

/** The ticket's status as an outcome it keeps (an appeal or a rating leaves it as it is). */
function unchanged(ticket: WorkflowTicket): TicketPatch {
  return { status: normaliseStatus(ticket.status) as TicketStatus };
}

/**
 * A reopened ticket goes back to the stage that resolved it: the office bearer's final approval,
 * else the convenor's resolution, else the city president's review (a resolve by the admin or the
 * city president), each on the status that stage has in the table above.
 */
export function reopenPatch(ticket: WorkflowTicket): TicketPatch {
  if (normaliseStatus(ticket.observerStatus) === 'approved')
    return { status: 'in-review', currentAssignee: 'Observer', observerStatus: 'in-review' };
  if (normaliseStatus(ticket.convenorStatus) === 'resolved')
    return { status: 'approved', currentAssignee: 'Convenor', convenorStatus: 'in-review' };
  return { status: 'in-review', currentAssignee: 'CityPresident' };
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
  {
    actors: [MEMBER_ACTOR],
    action: 'rate',
    guards: ['notClosed', 'hasOutcome', 'notRatedThisOutcome'],
    when: 'resolved or rejected, no appeal open; case not closed; this outcome not rated yet',
    effect: `stars 1 to 5, comment optional; ${CLOSING_STARS} or more closes the case, fewer offers an appeal`,
    apply: ({ ticket, stars }) => ({ ...unchanged(ticket), closes: (stars ?? 0) >= CLOSING_STARS }),
  },
  {
    actors: [MEMBER_ACTOR],
    action: 'reopen',
    guards: ['notClosed', 'resolvedWithoutAppeal', 'notReopened', 'withinReopenWindow', 'textRequired'],
    when: "resolved, not appealed; case not closed; never reopened; within the chapter's reopen window; reason non-blank",
    effect:
      'back to the stage that resolved it on a new clock: Office Bearer (in-review), else Convenor (approved), else City President (in-review)',
    apply: ({ ticket }) => reopenPatch(ticket),
  },
  {
    actors: [MEMBER_ACTOR],
    action: 'appeal',
    guards: ['notAppealed', 'notClosed', 'appealable', 'withinAppealWindow', 'textRequired'],
    when: `never appealed; case not closed; rejected, or resolved and rated ${CLOSING_STARS - 1} or fewer; within ${APPEAL_WINDOW_DAYS} days of the outcome; reason non-blank`,
    effect: `status unchanged; the association president's appeal stage opens, due ${APPEAL_WINDOW_DAYS} days later`,
    apply: ({ ticket }) => unchanged(ticket),
  },
  {
    actors: ['credaipresident'],
    action: 'appeal.uphold',
    guards: ['appealUndecided', 'textRequired'],
    when: 'appeal not decided; reason non-blank',
    effect: 'the outcome stands: case closed, final',
    apply: ({ ticket }) => ({ ...unchanged(ticket), closes: true }),
  },
  {
    actors: ['credaipresident'],
    action: 'appeal.remand',
    guards: ['appealUndecided', 'textRequired'],
    when: 'appeal not decided; reason non-blank',
    effect: "status in-review, assignee CityPresident on a new clock; the history quotes the member's appeal",
    apply: () => ({ status: 'in-review', currentAssignee: 'CityPresident' }),
  },
  {
    actors: ['credaipresident'],
    action: 'appeal.dismiss',
    guards: ['appealUndecided', 'textRequired'],
    when: 'appeal not decided; reason non-blank',
    effect: 'case closed with the reasons',
    apply: ({ ticket }) => ({ ...unchanged(ticket), closes: true }),
  },
  {
    actors: ['admin', 'citypresident'],
    action: 'transfer',
    guards: ['notFinal', 'textRequired'],
    when: 'not final; reason non-blank; another city and/or committee',
    effect:
      "the new city's chain as at submit: status pending, step statuses cleared, assignee CityPresident on a new clock",
    apply: () => ({
      status: 'pending',
      currentAssignee: 'CityPresident',
      adminStatus: null,
      cityPresidentStatus: null,
      convenorStatus: null,
      observerStatus: null,
    }),
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

/** The member's rating of the ticket's current outcome, if any. */
function currentRating(ticket: WorkflowTicket) {
  const status = normaliseStatus(ticket.status);
  return ticket.ratings?.find((rating) => normaliseStatus(rating.outcome) === status) ?? null;
}

/** The end of a window of `days` calendar days after the outcome, or null without an outcome time. */
export function windowEnd(ticket: WorkflowTicket, days: number): Date | null {
  const from = instant(ticket.outcomeAt);
  return from == null ? null : new Date(from + days * DAY_MS);
}

/** Whether `now` is within `days` of the outcome (no clock given: the window counts as closed). */
function withinDays(ticket: WorkflowTicket, days: number, now: Date | undefined): boolean {
  const end = windowEnd(ticket, days);
  return end != null && now != null && now.getTime() <= end.getTime();
}

function guardHolds(
  guard: Exclude<Guard, 'textRequired'>,
  ticket: WorkflowTicket,
  options: DecideOptions,
): boolean {
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
    case 'notClosed':
      return ticket.closedAt == null;
    case 'hasOutcome':
      return isFinalStatus(status) && (ticket.appeal == null || ticket.appeal.decidedAt != null);
    case 'notRatedThisOutcome':
      return currentRating(ticket) == null;
    case 'resolvedWithoutAppeal':
      return status === 'resolved' && ticket.appeal == null;
    case 'notReopened':
      return ticket.reopenedAt == null;
    case 'withinReopenWindow':
      return withinDays(ticket, options.reopenWindowDays ?? 0, options.now);
    case 'notAppealed':
      return ticket.appeal == null;
    case 'appealable': {
      const rating = currentRating(ticket);
      return (
        status === 'rejected' || (status === 'resolved' && rating != null && rating.stars < CLOSING_STARS)
      );
    }
    case 'withinAppealWindow':
      return withinDays(ticket, APPEAL_WINDOW_DAYS, options.now);
    case 'appealUndecided':
      return ticket.appeal != null && ticket.appeal.decidedAt == null;
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
      /** The history entry to append in the same transaction (the api words a last-word entry itself). */
      history: { action: WorkflowAction; text: string };
    }
  | {
      ok: false;
      code: RefusalCode;
      /** The HTTP status the api answers with. */
      httpStatus: 400 | 403 | 409;
      reason: string;
      /** The stable code of a last-word refusal (LAST_WORD_REFUSALS), for `details[].code`. */
      refusal?: LastWordRefusal;
    };

export interface DecideOptions {
  /**
   * The rejection reason or resolution text. Leave it out to ask only whether the action is
   * available (the dialog's buttons); the api always passes the request's comment.
   */
  comment?: string;
  /** The ticket version the caller saw; a different current version is refused as stale. */
  version?: number;
  /** The api clock's now, for the windows of the last word (absent: every window counts as closed). */
  now?: Date;
  /** The chapter's reopen window in calendar days (the api reads it from the chapter's settings). */
  reopenWindowDays?: number;
  /** A rating's stars. */
  stars?: number;
}

function refuse(code: RefusalCode, reason: string, refusal?: LastWordRefusal): Decision {
  const httpStatus =
    code === 'text-required' ? 400 : code === 'unauthorized-role' || code === 'other-city' ? 403 : 409;
  return refusal ? { ok: false, code, httpStatus, reason, refusal } : { ok: false, code, httpStatus, reason };
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
  if (!transition || !isActorRole(role)) return refuse('unauthorized-role', UNAUTHORIZED_ROLE_REASON);
  if ((CITY_SCOPED_ROLES as readonly string[]).includes(role) && !sameCity(actor, ticket))
    return refuse('other-city', OTHER_CITY_REASON);
  if (options.version !== undefined && ticket.version !== undefined && options.version !== ticket.version)
    return refuse('stale', STALE_REASON);
  for (const guard of transition.guards) {
    if (guard !== 'textRequired' && !guardHolds(guard, ticket, options)) {
      const key = GUARD_CODES[guard];
      return refuse('not-allowed', GUARD_REASONS[guard], key && LAST_WORD_REFUSALS[key]);
    }
  }
  const text = options.comment?.trim() ?? '';
  if (options.comment !== undefined && transition.guards.includes('textRequired') && !text)
    return refuse('text-required', TEXT_REQUIRED_REASONS[transition.action] as string);
  const chainAction = TICKET_ACTIONS.find((known) => known === transition.action);
  return {
    ok: true,
    transition,
    patch: transition.apply({ actor: role, ticket, text, stars: options.stars }),
    history: {
      action: transition.action,
      text: text || (chainAction && isRole(role) ? english(actionHistoryText(chainAction, role)) : ''),
    },
  };
}

/** The chapter's windows and the clock, as `lastWordOf` needs them. */
export interface LastWordClock {
  now: Date;
  reopenWindowDays: number;
}

/**
 * docs/architecture.md#the-members-last-word: what the member may do now, from the same table the
 * api enforces and the api's clock, with each open window's end.
 */
export function lastWordOf(ticket: WorkflowTicket, clock: LastWordClock): LastWord {
  const member = { role: MEMBER_ACTOR, city: null };
  const options = { now: clock.now, reopenWindowDays: clock.reopenWindowDays };
  const canReopen = decide(member, 'reopen', ticket, options).ok;
  const canAppeal = decide(member, 'appeal', ticket, options).ok;
  // An open window always has an end: the guards above hold only with an outcome time.
  const reopenEnd = windowEnd(ticket, clock.reopenWindowDays);
  const appealEnd = windowEnd(ticket, APPEAL_WINDOW_DAYS);
  return {
    canRate: decide(member, 'rate', ticket, options).ok,
    canReopen,
    reopenUntil: canReopen && reopenEnd ? reopenEnd.toISOString() : null,
    canAppeal,
    appealUntil: canAppeal && appealEnd ? appealEnd.toISOString() : null,
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
