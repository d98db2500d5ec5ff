// Loaded on demand (see CityChartPanel): @mantine/charts and recharts stay out of the first paint.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { type CityStats, formatNumber } from 'shared-contracts';

export interface CityBarChartProps {
  rows: readonly CityStats[];
  height: number;
  /** Series labels in the order total, pending, resolved, rejected. */
  labels: { total: string; pending: string; resolved: string; rejected: string };
}

/** docs/product.md#dashboard bars: Total Tickets, Pending, Resolved, Rejected, with fixed colours. */
export const SERIES_COLORS = {
  total: 'blue.6',
  pending: 'yellow.6',
  resolved: 'green.7',
  rejected: 'red.7',
} as const;

const ORDER = ['total', 'pending', 'resolved', 'rejected'] as const;

export default function CityBarChart({ rows, height, labels }: CityBarChartProps) {
  return (
    <BarChart
      h={height}
      data={rows.map((row) => ({ ...row }))}
      dataKey="city"
      withLegend
      legendProps={{
        verticalAlign: 'bottom',
        // The legend keeps the order of the bars (recharts sorts it by label otherwise).
        itemSorter: (item) => ORDER.indexOf(item.dataKey as (typeof ORDER)[number]),
      }}
      tickLine="y"
      // Axis and tooltip numbers as the page's language writes them (Devanagari digits in Marathi).
      valueFormatter={(value) => formatNumber(value)}
      maxBarWidth={36}
      // The panel beside the chart has the same numbers as a table for screen readers, so the
      // drawing itself takes no keyboard focus.
      barChartProps={{ accessibilityLayer: false }}
      series={ORDER.map((name) => ({
        name,
        label: labels[name],
        color: SERIES_COLORS[name],
      }))}
    />
  );
}
