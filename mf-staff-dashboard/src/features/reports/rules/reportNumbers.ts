/**
 * How the report's numbers read (docs/product.md#reports): durations in hours up to two days and
 * in days beyond, shares as whole percentages, a dash where the api has nothing to show (null).
 * Digits through the shared formatter, so Marathi shows Devanagari digits.
 */
import { daysInRange, formatNumber, type ReportInterval, type Text } from 'shared-contracts';

/** The staff dashboard's own catalogue keys, as Text. */
const own = (key: string, values?: Record<string, string | number>): Text =>
  values ? { key: `staffDashboard:${key}`, values } : { key: `staffDashboard:${key}` };

/** A duration of `hours`: '5.5 h', '3.2 days', or 'no data'. */
export function durationText(hours: number | null): Text {
  if (hours === null) return own('reports.noData');
  if (hours < 48) return own('reports.hours', { value: formatNumber(hours, { maximumFractionDigits: 1 }) });
  return own('reports.days', { value: formatNumber(hours / 24, { maximumFractionDigits: 1 }) });
}

/** A share from 0 to 1 as '83%', or '–' when there was nothing to divide by. */
export function shareText(share: number | null): string {
  return share === null ? '–' : formatNumber(share, { style: 'percent', maximumFractionDigits: 0 });
}

/** An average rating as '4.3', or '–'. */
export function ratingText(rating: number | null): string {
  return rating === null ? '–' : formatNumber(rating, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** Bytes as '12.5 kB' or '3.1 MB'. */
export function sizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? formatNumber(bytes / 1024, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 })
    : formatNumber(bytes / (1024 * 1024), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

/**
 * The periods of the over-time chart for a range: days up to six weeks, weeks up to about half a
 * year, months beyond, so a chart never has more than some 30 bars to read.
 */
export function intervalFor(from: string, to: string): ReportInterval {
  const days = daysInRange(from, to);
  if (days <= 45) return 'day';
  if (days <= 200) return 'week';
  return 'month';
}
