import { type AssignableTicket, type AssignedPerson, assignedPeople } from 'shared-contracts';

/** docs/product.md#ticket-details-dialog dialog 'Assigned To': city president, convenor and observer present on the ticket. */
export function assignedTo(ticket: AssignableTicket): AssignedPerson[] {
  return assignedPeople(ticket, 'Observer');
}

/** The text when nobody is assigned. */
export const NO_ASSIGNEES = 'No users assigned yet';

/** docs/product.md#ticket-details-dialog dialog 'Currently With': the current assignee, or 'Pending Assignment'. */
export function currentlyWith(ticket: AssignableTicket): string {
  return ticket.currentAssignee?.trim() || 'Pending Assignment';
}

/** docs/product.md#ticket-details-dialog history: the actor of an entry, or 'System'. */
export function historyActor(entry: { actionBy?: string | null }): string {
  return entry.actionBy?.trim() || 'System';
}
