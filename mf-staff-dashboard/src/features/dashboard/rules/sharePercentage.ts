/** docs/product.md#dashboard stat cards: the share of the total, rounded; 0 when the total is 0. */
export function sharePercentage(count: number, total: number): number {
  if (!total || total <= 0) return 0;
  return Math.round((count / total) * 100);
}
