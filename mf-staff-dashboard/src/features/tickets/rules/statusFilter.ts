/**
 * The status filter buttons of the list panel (docs/product.md#ticket-list-panel), in order, with
 * the catalogue keys of their labels.
 */
export const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'list.statuses.all' },
  { value: 'in-review', label: 'list.statuses.inReview' },
  { value: 'approved', label: 'list.statuses.approved' },
  { value: 'resolved', label: 'list.statuses.resolved' },
  { value: 'rejected', label: 'list.statuses.rejected' },
] as const;
