/**
 * Who may see which ticket (docs/architecture.md#workflow, docs/architecture.md#security-decisions): one decision for the private ticket calls, the
 * attachment downloads and every staff listing, so a list never shows a ticket that its details
 * call would refuse.
 *
 * - admin, credaipresident: every ticket;
 * - governor: every ticket (the governor reviews pending and in-review tickets of all cities);
 * - citypresident, convenor, observer: the tickets of their own city (none without a city);
 * - customer: only their own tickets (not a staff scope: see `canUserSee`).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { ALL_CITIES_ROLES, CITY_SCOPED_ROLES, type Role } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { tickets, users } from '../../db/schema';
import { seesIdentity } from '../recusal/shielding';
import { secretMatches } from './keys';
import { LIVE_MEMBER_KEY_HASH } from './linkKeys';
import type { OutcomeLinks } from './outcomeLinks';

/** The caller as the access decision needs them (a `UserRecord` fits). */
export interface AccessActor {
  id: number;
  role: Role;
  cityId: number | null;
}

/** The fields of a ticket row the decision reads (a `tickets` row or a `Ticket` answer fits). */
export interface AccessTicket {
  cityId?: number | null;
  cityData?: { id?: number | null } | null;
  customerId?: number | null;
  customer?: { id?: number | null } | null;
  /** Who a recusal passed over on the ticket (ADR 0048): it does not exist for them. */
  recusedIds?: readonly number[] | null;
}

/** What a staff member may see: everything, one city, or nothing. */
export type StaffScope = { kind: 'all' } | { kind: 'city'; cityId: number } | { kind: 'none' };

export function staffScope(actor: AccessActor): StaffScope {
  if (ALL_CITIES_ROLES.includes(actor.role)) return { kind: 'all' };
  if (CITY_SCOPED_ROLES.includes(actor.role) && actor.cityId !== null)
    return { kind: 'city', cityId: actor.cityId };
  return { kind: 'none' };
}

/**
 * Whether a staff member sees members' contact details in full (staff who may see a ticket do:
 * docs/architecture.md#security-decisions): the lists show them, and `q` finds a member by their
 * email or mobile.
 */
export function seesContactDetails(actor: AccessActor): boolean {
  return staffScope(actor).kind !== 'none';
}

/** Whether the role is staff (every role but customer). */
export function isStaff(actor: AccessActor): boolean {
  return actor.role !== 'customer';
}

function cityIdOf(ticket: AccessTicket): number | null {
  return ticket.cityId ?? ticket.cityData?.id ?? null;
}

function customerIdOf(ticket: AccessTicket): number | null {
  return ticket.customerId ?? ticket.customer?.id ?? null;
}

/** Whether a staff member may see this ticket (staff see contact details in full). */
export function canStaffSee(actor: AccessActor, ticket: AccessTicket): boolean {
  if (ticket.recusedIds?.includes(actor.id)) return false;
  const scope = staffScope(actor);
  if (scope.kind === 'all') return true;
  if (scope.kind === 'city') return cityIdOf(ticket) === scope.cityId;
  return false;
}

/** Whether a signed-in user may see this ticket: staff by their scope, a member their own. */
export function canUserSee(actor: AccessActor, ticket: AccessTicket): boolean {
  if (canStaffSee(actor, ticket)) return true;
  const customerId = customerIdOf(ticket);
  return customerId !== null && customerId === actor.id;
}

/**
 * The scope as a condition on `tickets` for list and count queries: undefined for every ticket,
 * `tickets.city_id = …` for one city, and a condition that matches nothing otherwise.
 */
export function staffScopeWhere(actor: AccessActor): SQL | undefined {
  const scope = staffScope(actor);
  if (scope.kind === 'all') return undefined;
  // A city's staff never list what a recusal passed them over on (ADR 0048).
  if (scope.kind === 'city') return and(eq(tickets.cityId, scope.cityId), notRecusedWhere(actor.id));
  return sql`false`;
}

/** The tickets a recusal did not pass this user over on, as a condition on `tickets`. */
export function notRecusedWhere(userId: number): SQL {
  return sql`not exists (select 1 from ticket_recusals r where r.ticket_id = ${tickets.id} and r.user_id = ${userId})`;
}

// ---------------------------------------------------------------------------------------------
// Private reads (GET /tickets/{id}, /tickets/user/{id}, attachment downloads): a signed-in user
// by their scope, or the secret of a private link in `X-Access-Key` (docs/architecture.md#security-decisions).

/** Who is asking: the signed-in user (if their token is valid) and the key they present. */
export interface Viewer {
  actor: AccessActor | null;
  accessKey: string | null;
  /**
   * What checks an outcome link's key (outcomeLinks.ts); without it no outcome key opens anything.
   * Set for every request of the private calls (publicAccess.ts `lookupViewer`).
   */
  outcomeLinks?: Pick<OutcomeLinks, 'opens'>;
}

/** What the decision reads of a ticket: its scope and the hashes of the keys that open it. */
export interface TicketGate {
  id: number;
  cityId: number;
  customerId: number;
  /** sha256 of the ticket's share secret. */
  viewKeyHash: string | null;
  /** sha256 of its member's secret while it is live (a member key opens the member's tickets too). */
  memberKeyHash: string | null;
  /** Who a recusal passed over on it (ADR 0048). */
  recusedIds: number[];
  /** The member asked to be kept from the chapter (ADR 0049). */
  shieldIdentity: boolean;
}

/**
 * `audience`: who the answer is for. `member`: a key holder or the member signed in, whose answers
 * are built by the allowlist of memberView.ts (no internal entries); `staff`: staff in scope.
 */
export type Audience = 'staff' | 'member';

/**
 * How the viewer got in: their token, the ticket's share key, its member's key, or the outcome link
 * of its rating email (the audit trail names it).
 */
export type AccessVia = 'user' | 'share' | 'member' | 'outcome';

export type AccessDecision =
  | { allowed: false }
  | {
      allowed: true;
      maskContact: boolean;
      /** Staff who see a shielded member only as its alias (ADR 0049). */
      shield?: boolean;
      audience: Audience;
      via: AccessVia;
      /** An outcome key's expiry (seconds): how the audit trail names a key that has no stored hash. */
      outcomeExpiresAt?: number;
    };

const DENIED: AccessDecision = { allowed: false };

/** What a gate reads, from `tickets` joined with its customer in `users`. */
export const TICKET_GATE_COLUMNS = {
  id: tickets.id,
  cityId: tickets.cityId,
  customerId: tickets.customerId,
  viewKeyHash: tickets.viewKeyHash,
  memberKeyHash: LIVE_MEMBER_KEY_HASH,
  recusedIds: sql<number[]>`array(select r.user_id from ticket_recusals r where r.ticket_id = ${tickets.id})`,
  shieldIdentity: tickets.shieldIdentity,
};

/** The gate of a ticket, or undefined when there is no such ticket. */
export async function findTicketGate(db: AppDatabase, id: number): Promise<TicketGate | undefined> {
  const [gate] = await db
    .select(TICKET_GATE_COLUMNS)
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.customerId))
    .where(eq(tickets.id, id));
  return gate;
}

/** Checked against when there is no ticket, so that case does the outcome key's work too. */
const NO_TICKET = { id: 0, viewKeyHash: null };

/**
 * Whether the viewer may read the ticket, and whether its contact details are masked. A signed-in
 * user who may see it (staff in scope, the member themselves) sees them in full; a link viewer
 * (the ticket's key, its member's key, or the outcome key of this ticket) sees them masked. Every
 * key is always checked, against stand-ins when there is no ticket, so a missing ticket and a
 * wrong key take as long; an expired or tampered outcome key is a wrong key.
 */
export function decideTicketAccess(viewer: Viewer, gate: TicketGate | undefined): AccessDecision {
  const byTicketKey = secretMatches(viewer.accessKey, gate?.viewKeyHash);
  const byMemberKey = secretMatches(viewer.accessKey, gate?.memberKeyHash);
  const outcomeExpiresAt = viewer.outcomeLinks?.opens(gate ?? NO_TICKET, viewer.accessKey) ?? null;
  if (!gate) return DENIED;
  if (viewer.actor && canStaffSee(viewer.actor, gate))
    return {
      allowed: true,
      maskContact: false,
      shield: gate.shieldIdentity && !seesIdentity(viewer.actor),
      audience: 'staff',
      via: 'user',
    };
  if (viewer.actor && canUserSee(viewer.actor, gate))
    return { allowed: true, maskContact: false, audience: 'member', via: 'user' };
  if (byTicketKey) return { allowed: true, maskContact: true, audience: 'member', via: 'share' };
  if (byMemberKey) return { allowed: true, maskContact: true, audience: 'member', via: 'member' };
  if (outcomeExpiresAt !== null)
    return { allowed: true, maskContact: true, audience: 'member', via: 'outcome', outcomeExpiresAt };
  return DENIED;
}

/** What the decision reads of a member. */
export interface MemberGate {
  id: number;
  accessKeyHash: string | null;
}

export async function findMemberGate(db: AppDatabase, userId: number): Promise<MemberGate | undefined> {
  const [gate] = await db
    .select({ id: users.id, accessKeyHash: LIVE_MEMBER_KEY_HASH })
    .from(users)
    .where(eq(users.id, userId));
  return gate;
}

/**
 * Which of a member's tickets the viewer may list: all of them (the member signed in, their key,
 * staff who see every city), those of one city (city-scoped staff), or none (refused). Only the
 * member's own key opens the list: a ticket's key does not.
 */
export type MemberListDecision =
  | { allowed: false }
  | { allowed: true; maskContact: boolean; where: SQL | undefined; audience: Audience };

/**
 * A member's list as staff see it: their scope, and no shielded ticket for staff who do not see
 * identities (its alias beside the member's name would undo the shield, ADR 0049).
 */
function staffMemberWhere(actor: AccessActor): SQL | undefined {
  const scope = staffScopeWhere(actor);
  return seesIdentity(actor) ? scope : and(scope, eq(tickets.shieldIdentity, false));
}

export function decideMemberAccess(viewer: Viewer, gate: MemberGate | undefined): MemberListDecision {
  const byKey = secretMatches(viewer.accessKey, gate?.accessKeyHash);
  if (!gate) return { allowed: false };
  const { actor } = viewer;
  if (actor && actor.id === gate.id)
    return { allowed: true, maskContact: false, where: undefined, audience: 'member' };
  if (actor && staffScope(actor).kind !== 'none') {
    return { allowed: true, maskContact: false, where: staffMemberWhere(actor), audience: 'staff' };
  }
  if (byKey) return { allowed: true, maskContact: true, where: undefined, audience: 'member' };
  return { allowed: false };
}
