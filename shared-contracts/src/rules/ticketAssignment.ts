import { displayedAssignee } from './displayedAssignee';
import { isResolved } from './ticketStatus';

interface AssignableTicket {
  status?: string | null;
  currentAssignee?: string | null;
  city?: string | null;
  cityData?: { name?: string | null } | null;
  committee?: { name?: string | null } | null;
  cityPresident?: { fullName?: string | null } | null;
  convenor?: { fullName?: string | null } | null;
  observer?: { fullName?: string | null } | null;
}

export interface AssignedPerson {
  label: 'City President' | 'Convenor' | 'Observer' | 'Office Bearer';
  fullName: string;
}

function people(ticket: AssignableTicket, observerLabel: AssignedPerson['label']): AssignedPerson[] {
  const list: AssignedPerson[] = [];
  const add = (label: AssignedPerson['label'], fullName: string | null | undefined) => {
    if (fullName?.trim()) list.push({ label, fullName: fullName.trim() });
  };
  add('City President', ticket.cityPresident?.fullName);
  add('Convenor', ticket.convenor?.fullName);
  add(observerLabel, ticket.observer?.fullName);
  return list;
}

/** docs/product.md#ticket-details-dialog dialog 'Assigned To': city president, convenor and observer present on the ticket. */
export function assignedTo(ticket: AssignableTicket): AssignedPerson[] {
  return people(ticket, 'Observer');
}

/** The text when nobody is assigned. */
export const NO_ASSIGNEES = 'No users assigned yet';

/** docs/product.md#ticket-details-dialog dialog 'Currently With': the current assignee, or 'Pending Assignment'. */
export function currentlyWith(ticket: AssignableTicket): string {
  return ticket.currentAssignee?.trim() || 'Pending Assignment';
}

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
  return people(ticket, 'Office Bearer');
}

/** docs/product.md#ticket-detail-screen detail screen: the member's email, or 'Not provided'. */
export function emailOrNotProvided(email: string | null | undefined): string {
  return email?.trim() || 'Not provided';
}

/** docs/product.md#ticket-details-dialog history: the actor of an entry, or 'System'. */
export function historyActor(entry: { actionBy?: string | null }): string {
  return entry.actionBy?.trim() || 'System';
}

/** docs/product.md#submit-flow: the city president field when the lookup found none or failed. */
export function cityPresidentFieldText(
  lookup:
    | { state: 'loading' }
    | { state: 'found'; fullName: string | null }
    | { state: 'failed' }
    | { state: 'empty' },
): string {
  switch (lookup.state) {
    case 'loading':
      return 'Loading...';
    case 'failed':
      return 'Not available';
    case 'empty':
      return '';
    default:
      return lookup.fullName?.trim() || 'Not assigned';
  }
}
