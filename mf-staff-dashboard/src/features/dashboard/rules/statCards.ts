import type { TicketStats } from 'shared-contracts';

/** The four cards in order, with their titles (docs/product.md#dashboard). */
export const STAT_CARDS = [
  { key: 'total', title: 'Total Tickets' },
  { key: 'inReview', title: 'In Review Tickets' },
  { key: 'resolved', title: 'Resolved Tickets' },
  { key: 'rejected', title: 'Rejected Tickets' },
] as const satisfies readonly { key: keyof TicketStats; title: string }[];
