import { normaliseRole } from 'shared-contracts';

/**
 * docs/product.md#ticket-list-panel title by role and active status filter (`in-review` is the In Review
 * filter; any other value, `all` included, is "otherwise").
 */
export function ticketListTitle(role: string | null | undefined, statusFilter?: string | null): string {
  const inReview = statusFilter?.trim().toLowerCase() === 'in-review';
  switch (normaliseRole(role)) {
    case 'admin':
      return 'Admin Ticket Management';
    case 'citypresident':
      return inReview ? 'In Review Tickets for Review' : 'All City Tickets';
    case 'convenor':
      return 'Assigned Tickets for Convenor';
    case 'observer':
      return inReview ? 'Tickets Awaiting Observer Review' : 'All Office Bearer Tickets';
    default:
      return 'Ticket Management';
  }
}
