import {
  type AssignableTicket,
  type AssignedPerson,
  assignedPeople,
  displayedAssignee,
  isResolved,
} from 'shared-contracts';

/** docs/product.md#ticket-detail-screen detail screen: the current-status message. */
export function currentStatusMessage(ticket: AssignableTicket): string {
  return isResolved(ticket.status)
    ? 'This ticket has been successfully resolved.'
    : `Your ticket is currently being handled by ${displayedAssignee(ticket.status, ticket.currentAssignee)}.`;
}

/** docs/product.md#ticket-detail-screen detail screen: the assignee badge is green when resolved, else info. */
export function currentAssigneeBadgeColor(status: string | null | undefined): 'green' | 'cyan' {
  return isResolved(status) ? 'green' : 'cyan';
}

/** docs/product.md#ticket-detail-screen Ticket Assignment Details: the committee name or 'Not assigned'. */
export function committeeName(ticket: AssignableTicket): string {
  return ticket.committee?.name?.trim() || 'Not assigned';
}

/** docs/product.md#ticket-detail-screen Ticket Assignment Details: the city name, or the city value. */
export function cityName(ticket: AssignableTicket): string {
  return ticket.cityData?.name?.trim() || ticket.city?.trim() || '';
}

/** docs/product.md#ticket-detail-screen Ticket Assignment Details: the named people (the observer as Office Bearer). */
export function assignmentPeople(ticket: AssignableTicket): AssignedPerson[] {
  return assignedPeople(ticket, 'Office Bearer');
}

/** docs/product.md#ticket-detail-screen detail screen: the member's email, or 'Not provided'. */
export function emailOrNotProvided(email: string | null | undefined): string {
  return email?.trim() || 'Not provided';
}
