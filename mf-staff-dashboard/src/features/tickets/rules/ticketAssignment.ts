import { type AssignableTicket, type AssignedPerson, assignedPeople, type Translate } from 'shared-contracts';

/** docs/product.md#ticket-details-dialog dialog 'Assigned To': city president, convenor and observer present on the ticket. */
export function assignedTo(ticket: AssignableTicket): AssignedPerson[] {
  return assignedPeople(ticket, 'observer');
}

/** The key of the text when nobody is assigned ('No users assigned yet'). */
export const NO_ASSIGNEES = 'details.noAssignees';

/**
 * docs/product.md#ticket-details-dialog dialog 'Currently With': the current assignee, or the key
 * of 'Pending Assignment'.
 */
export function currentlyWith(ticket: AssignableTicket): { name: string } | { key: string } {
  const name = ticket.currentAssignee?.trim();
  return name ? { name } : { key: 'details.pendingAssignment' };
}

/** docs/product.md#ticket-details-dialog history: the actor of an entry, or the key of 'System'. */
export function historyActor(entry: { actionBy?: string | null }): { name: string } | { key: string } {
  const name = entry.actionBy?.trim();
  return name ? { name } : { key: 'details.system' };
}

/** A name as it is, or the text of a key. */
export function named(t: Translate, value: { name: string } | { key: string }): string {
  return 'name' in value ? value.name : String(t(value.key));
}
