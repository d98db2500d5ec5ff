import { useQuery } from '@tanstack/react-query';
import { type CityStats, cityStatsQuery } from 'shared-contracts';

/**
 * GET /tickets/stats/cities: one row per city of the tickets the caller may see, counted by the
 * database. The chart draws it; the list panel's 'Filter by city' offers its cities.
 */
export function useCityStats() {
  return useQuery(cityStatsQuery());
}

/** The cities present in the tickets, sorted, for 'Filter by city'. */
export function citiesOf(rows: readonly CityStats[] | undefined): string[] {
  return [...new Set((rows ?? []).map((row) => row.city))].sort((a, b) => a.localeCompare(b));
}
