/**
 * The league table's month-over-month movement and its drill into a chapter
 * (docs/product.md#reports).
 */
import type { Text } from 'shared-contracts';
import { type DayRange, monthOf, monthRange, presetRange, previousMonth } from './dateRange';
import { paramsOf, type ReportFilters } from './reportFilters';

export type Movement = 'up' | 'down' | 'same' | 'new' | 'unranked';

/** How a chapter moved since last month: up (a smaller rank), down, same, new (no rank last month). */
export function movementOf(
  rank: number | null,
  previousRank: number | null,
): { movement: Movement; places: number } {
  if (rank === null) return { movement: 'unranked', places: 0 };
  if (previousRank === null) return { movement: 'new', places: 0 };
  if (rank < previousRank) return { movement: 'up', places: previousRank - rank };
  if (rank > previousRank) return { movement: 'down', places: rank - previousRank };
  return { movement: 'same', places: 0 };
}

/** The words of a movement ('up 2 places'): what a screen reader says beside the arrow. */
export function movementText(rank: number | null, previousRank: number | null): Text {
  const { movement, places } = movementOf(rank, previousRank);
  return places > 0
    ? { key: `staffDashboard:reports.league.movement.${movement}`, values: { count: places } }
    : { key: `staffDashboard:reports.league.movement.${movement}` };
}

/**
 * The months the league offers, newest first: the current month and the `count - 1` before it.
 */
export function leagueMonths(today: Date, count: number): string[] {
  let month = monthOf(today);
  const months = [month];
  while (months.length < count) {
    month = previousMonth(month);
    months.push(month);
  }
  return months;
}

/**
 * The address of a chapter's drill: the reports of that chapter over the league's month (the
 * figures the row summed up, broken down by committee, status and stage, with the CSV of its
 * tickets). This month and last month keep their preset names, older months are a custom range.
 */
export function drillAddress(month: string, cityId: number, today: Date): string {
  const range = monthRange(month) ?? (presetRange('thisMonth', today) as DayRange);
  const preset =
    month === monthOf(today) ? 'thisMonth' : month === previousMonth(monthOf(today)) ? 'lastMonth' : 'custom';
  const filters: ReportFilters = {
    preset,
    ...range,
    city: cityId,
    committee: null,
    status: null,
    project: null,
  };
  const query = paramsOf(filters).toString();
  return `/reports?${query}`;
}
