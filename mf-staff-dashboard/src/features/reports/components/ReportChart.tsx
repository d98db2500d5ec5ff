// Loaded on demand (see ChartPanel): @mantine/charts and recharts load on /reports only, after the
// page's first paint.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatNumber } from 'shared-contracts';

export interface ChartSeries {
  name: string;
  label: string;
  color: string;
}

export interface ReportChartProps {
  data: Record<string, string | number>[];
  /** The field naming each bar group (the period, the committee, the status, the stage). */
  dataKey: string;
  series: ChartSeries[];
  height: number;
  /** Bars across, names down the side: long names (committees) stay readable on a phone. */
  horizontal?: boolean;
  /** Values are shares from 0 to 1, shown as percentages. */
  percent?: boolean;
}

/** One report chart: bars of one or more series, numbers as the page's language writes them. */
export default function ReportChart({
  data,
  dataKey,
  series,
  height,
  horizontal,
  percent,
}: ReportChartProps) {
  return (
    <BarChart
      h={height}
      data={data}
      dataKey={dataKey}
      series={series}
      orientation={horizontal ? 'vertical' : 'horizontal'}
      withLegend={series.length > 1}
      legendProps={{
        verticalAlign: 'bottom',
        // The legend keeps the order of the series (recharts sorts it by label otherwise).
        itemSorter: (item) => series.findIndex((entry) => entry.name === item.dataKey),
      }}
      tickLine="none"
      gridAxis={horizontal ? 'x' : 'y'}
      valueFormatter={(value) =>
        percent ? formatNumber(value, { style: 'percent', maximumFractionDigits: 0 }) : formatNumber(value)
      }
      yAxisProps={horizontal ? { width: 120 } : { allowDecimals: false }}
      // A share is drawn on 0 to 100 %, whatever the largest value.
      xAxisProps={horizontal ? (percent ? { domain: [0, 1] } : { allowDecimals: false }) : undefined}
      maxBarWidth={32}
      // The table beside the chart has the same numbers for screen readers and the keyboard.
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
