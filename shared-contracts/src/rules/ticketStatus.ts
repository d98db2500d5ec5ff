import { commonText, type Text } from '../i18n/text';
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

/** The status as the list, badges and filters name it (Pending, In Review, …); an unknown one as it is. */
export function statusLabel(status: string | null | undefined): Text {
  const normalised = normaliseStatus(status);
  return isTicketStatus(normalised)
    ? commonText(`status.${normalised}`)
    : commonText('status.other', { status: normalised });
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
