import {
  type AssignableTicket,
  type AssignedPerson,
  assignedPeople,
  displayedAssignee,
  isResolved,
  type Text,
} from 'shared-contracts';

/**
 * docs/product.md#ticket-detail-screen detail screen: the current-status message (its key) and,
 * while open, who has the ticket ('Your ticket is currently being handled by {{assignee}}.').
 */
export function currentStatusMessage(ticket: AssignableTicket): { key: string; assignee?: Text } {
  return isResolved(ticket.status)
    ? { key: 'ticketDetail.currentStatus.resolved' }
    : {
        key: 'ticketDetail.currentStatus.handledBy',
        assignee: displayedAssignee(ticket.status, ticket.currentAssignee),
      };
}

/** docs/product.md#ticket-detail-screen detail screen: the assignee badge is green when resolved, else info. */
export function currentAssigneeBadgeColor(status: string | null | undefined): 'green' | 'cyan' {
  return isResolved(status) ? 'green' : 'cyan';
}

/** docs/product.md#ticket-detail-screen Ticket Assignment Details: the committee name, or null ('Not assigned'). */
export function committeeName(ticket: AssignableTicket): string | null {
  return ticket.committee?.name?.trim() || null;
}

/** docs/product.md#ticket-detail-screen Ticket Assignment Details: the city name, or the city value. */
export function cityName(ticket: AssignableTicket): string {
  return ticket.cityData?.name?.trim() || ticket.city?.trim() || '';
}

/** docs/product.md#ticket-detail-screen Ticket Assignment Details: the named people (the observer as Office Bearer). */
export function assignmentPeople(ticket: AssignableTicket): AssignedPerson[] {
  return assignedPeople(ticket, 'officeBearer');
}

/** docs/product.md#ticket-detail-screen detail screen: the member's email, or null ('Not provided'). */
export function providedEmail(email: string | null | undefined): string | null {
  return email?.trim() || null;
}
