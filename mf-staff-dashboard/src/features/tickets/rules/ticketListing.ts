import { normaliseRole } from 'shared-contracts';

/** A ticket list call of docs/product.md#calls (see `API_PATHS.tickets`) or the list already on screen. */
export type ListingSource =
  | 'all'
  | 'cityPresidentPending'
  | 'cityPresidentAll'
  | 'convenorAssigned'
  | 'observerAssigned'
  | 'observerAll'
  | 'governorPending'
  | 'userOwn'
  | 'supplied';

export interface ListingPlan {
  source: ListingSource;
  /** The call to make when the first one fails (docs/product.md#roles: "falls back to all tickets"). */
  fallback: 'all' | null;
  /** For `supplied`: keep the tickets of this status from the list already loaded. */
  localStatus?: string;
  /** The list's city comes from the answer (convenor). */
  cityFromResponse: boolean;
  /** The city chart is locked to the user's city (city president). */
  cityLocked: boolean;
  /** A stored user is needed ('User not found' when there is none). */
  needsUser: boolean;
}

const plan = (source: ListingSource, extra: Partial<ListingPlan> = {}): ListingPlan => ({
  source,
  fallback: null,
  cityFromResponse: false,
  cityLocked: false,
  needsUser: false,
  ...extra,
});

/**
 * docs/product.md#ticket-listing-by-role: which call fills the ticket list panel for a role and the
 * active status filter ('all', 'in-review', 'approved', 'resolved', 'rejected').
 */
export function ticketListingPlan(
  role: string | null | undefined,
  statusFilter?: string | null,
): ListingPlan {
  const filter = statusFilter?.trim().toLowerCase() || 'all';
  const allOrInReview = filter === 'all' || filter === 'in-review';
  switch (normaliseRole(role)) {
    case 'citypresident':
      return plan(allOrInReview ? 'cityPresidentPending' : 'cityPresidentAll', {
        fallback: 'all',
        cityLocked: true,
      });
    case 'convenor':
      return plan('convenorAssigned', { fallback: 'all', cityFromResponse: true });
    case 'observer':
      if (allOrInReview) return plan('observerAssigned', { fallback: 'all' });
      if (filter === 'approved' || filter === 'resolved' || filter === 'rejected')
        return plan('supplied', { localStatus: filter, fallback: 'all' });
      return plan('observerAll', { fallback: 'all' });
    case 'governor':
      return plan('governorPending');
    case 'customer':
      return plan('userOwn', { needsUser: true });
    default:
      return plan('all');
  }
}
