import type { Ticket } from 'shared-contracts';

/**
 * How many of a primary's duplicates an action with `applyToDuplicates` would take along (ADR
 * 0056): those whose status is the primary's. The api also compares the holder and the open
 * stage, in its transaction; what the dialog offers is the group as the staff member sees it.
 * A ticket with no duplicates (a duplicate itself, or an unlinked one) offers nothing: 0.
 */
export function duplicatesAtStage(ticket: Pick<Ticket, 'status' | 'links'>): number {
  return (ticket.links ?? []).filter((link) => link.role === 'duplicate' && link.status === ticket.status)
    .length;
}
