import type { TicketStats } from 'shared-contracts';

/** The four cards in order, with the catalogue keys of their titles (docs/product.md#dashboard). */
export const STAT_CARDS = [
  { key: 'total', title: 'dashboard.cards.total' },
  { key: 'inReview', title: 'dashboard.cards.inReview' },
  { key: 'resolved', title: 'dashboard.cards.resolved' },
  { key: 'rejected', title: 'dashboard.cards.rejected' },
] as const satisfies readonly { key: keyof TicketStats; title: string }[];
