import { normaliseRole } from 'shared-contracts';

/** docs/product.md#dashboard: which title the city chart panel has by role (texts: `chart.titles`). */
const TITLES: Record<string, string> = {
  citypresident: 'cityOwn',
  convenor: 'cityOwn',
  governor: 'awaitingReview',
  observer: 'assigned',
  admin: 'byCity',
  credaipresident: 'byCity',
};

/** The catalogue key of the chart panel's title for a role. */
export function chartTitle(role: string | null | undefined): string {
  return `chart.titles.${TITLES[normaliseRole(role)] ?? 'yours'}`;
}
