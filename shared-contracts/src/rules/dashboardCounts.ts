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

/** The four cards in order, with their titles (docs/product.md#dashboard). */
export const STAT_CARDS = [
  { key: 'total', title: 'Total Tickets' },
  { key: 'inReview', title: 'In Review Tickets' },
  { key: 'resolved', title: 'Resolved Tickets' },
  { key: 'rejected', title: 'Rejected Tickets' },
] as const satisfies readonly { key: keyof TicketStats; title: string }[];
