import { RING_THRESHOLDS } from 'shared-contracts';

export type RingColor = 'red-orange' | 'yellow' | 'green';

/** docs/product.md#dashboard: red-orange below 30, yellow from 30 to below 70, green from 70 up. */
export function ringColor(percentage: number): RingColor {
  if (percentage < RING_THRESHOLDS.low) return 'red-orange';
  if (percentage < RING_THRESHOLDS.high) return 'yellow';
  return 'green';
}

/** The Mantine colour of each ring colour. */
export const RING_COLOR_VALUES: Record<RingColor, string> = {
  'red-orange': 'orange.7',
  yellow: 'yellow.5',
  green: 'green.6',
};
