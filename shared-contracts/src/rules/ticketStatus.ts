import { TICKET_STATUSES, type TicketStatus } from '../schemas/tickets';

/**
 * docs/product.md#ticket-states: statuses are compared in mixed case and an empty one is `pending`. An unknown status
 * is kept (lowercased) so a screen can still show it; `isTicketStatus` tells the two apart.
 */
export function normaliseStatus(status: string | null | undefined): string {
  const trimmed = status?.trim().toLowerCase();
  return trimmed ? trimmed : 'pending';
}

export function isTicketStatus(status: string): status is TicketStatus {
  return (TICKET_STATUSES as readonly string[]).includes(status);
}

const LABELS: Record<TicketStatus, string> = {
  pending: 'Pending',
  'in-review': 'In Review',
  approved: 'Approved',
  resolved: 'Resolved',
  rejected: 'Rejected',
};

/** The status as the list, badges and filters name it (Pending, In Review, Approved, …). */
export function statusLabel(status: string | null | undefined): string {
  const normalised = normaliseStatus(status);
  return isTicketStatus(normalised) ? LABELS[normalised] : normalised;
}

/** Resolved and rejected are final (docs/architecture.md#workflow). */
export function isFinalStatus(status: string | null | undefined): boolean {
  const normalised = normaliseStatus(status);
  return normalised === 'resolved' || normalised === 'rejected';
}

/** docs/product.md#ticket-states: the public views name only Resolved; any other status is "in progress". */
export function isResolved(status: string | null | undefined): boolean {
  return normaliseStatus(status) === 'resolved';
}
