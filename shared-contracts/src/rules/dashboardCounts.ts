import type { TicketStats } from '../schemas/tickets';
import { normaliseStatus } from './ticketStatus';

/**
 * docs/product.md#dashboard, docs/product.md#ticket-states: the four stat cards. In Review counts only the exact status 'in-review' (not
 * approved, and not a differently spelled 'In-Review'); resolved and rejected compare in any case.
 */
export function dashboardCounts(tickets: readonly { status?: string | null }[]): TicketStats {
  let inReview = 0;
  let resolved = 0;
  let rejected = 0;
  for (const { status } of tickets) {
    if (status === 'in-review') inReview += 1;
    const normalised = normaliseStatus(status);
    if (normalised === 'resolved') resolved += 1;
    else if (normalised === 'rejected') rejected += 1;
  }
  return { total: tickets.length, inReview, resolved, rejected };
}
