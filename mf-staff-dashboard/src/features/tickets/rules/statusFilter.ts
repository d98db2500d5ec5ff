/** The status filter buttons of the list panel (docs/product.md#screens), in order. */
export const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'in-review', label: 'In Review' },
  { value: 'approved', label: 'Approved' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
