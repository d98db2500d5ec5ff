import { useQuery } from '@tanstack/react-query';
import { type CityStats, cityStatsQuery } from 'shared-contracts';

/**
 * GET /tickets/stats/cities: one row per city of the tickets the caller may see (of one project's
 * when `projectId` is given), counted by the database. The chart draws it; the list panel's
 * 'Filter by city' offers the cities of every ticket.
 */
export function useCityStats(projectId: number | null = null) {
  return useQuery(cityStatsQuery(projectId));
}

/** The cities present in the tickets, sorted, for 'Filter by city'. */
export function citiesOf(rows: readonly CityStats[] | undefined): string[] {
  return [...new Set((rows ?? []).map((row) => row.city))].sort((a, b) => a.localeCompare(b));
}
