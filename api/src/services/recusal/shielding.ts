/**
 * Shielded identity (ADR 0049): a member who asked to be kept from the chapter is "Member 7F3A"
 * to every staff user but the association president and admins, on every answer that carries
 * the ticket: details, lists, history, exports, emails to staff. The member's own views and the
 * messages to the member are unchanged.
 */
import { randomBytes } from 'node:crypto';
import type { Role, Ticket, TicketComment, TicketCustomer } from 'shared-contracts/contracts';

/** The roles that see a shielded member as they are (and may unmask, audited). */
export const IDENTITY_ROLES: readonly Role[] = ['admin', 'credaipresident'];

/** Whether this staff role sees shielded members' identities. */
export function seesIdentity(actor: { role: Role } | null | undefined): boolean {
  return actor != null && IDENTITY_ROLES.includes(actor.role);
}

/**
 * A new ticket's alias: four hexadecimal digits drawn at random and stored with the ticket, so it
 * is the same on every screen and export and says nothing of the member (not derived from a name,
 * an email or an id that another answer shows).
 */
export function newMemberAlias(): string {
  return `Member ${randomBytes(2).toString('hex').toUpperCase()}`;
}

/** The alias a shielded ticket answers with (a ticket from before aliases gets one from its id). */
export function aliasOf(row: { id: number; memberAlias: string | null }): string {
  return row.memberAlias ?? `Member ${(row.id % 0x10000).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The member as chapter staff see a shielded ticket's: the alias, no id, email or mobile. */
export function shieldedCustomer(alias: string): TicketCustomer {
  return { fullName: alias, shielded: true, alias };
}

/** A history entry with the member's name as its actor replaced by the alias. */
export function shieldedEntry(entry: TicketComment, alias: string): TicketComment {
  return entry.actorRole === 'customer' ? { ...entry, actionBy: alias } : entry;
}

/** A ticket answer as chapter staff see it when it is shielded. */
export function shieldTicket(ticket: Ticket, alias: string): Ticket {
  return {
    ...ticket,
    customer: shieldedCustomer(alias),
    ...(ticket.comments ? { comments: ticket.comments.map((entry) => shieldedEntry(entry, alias)) } : {}),
  };
}
