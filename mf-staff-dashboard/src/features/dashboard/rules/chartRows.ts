import type { CityStats } from 'shared-contracts';

/** The chart bars of one city (the empty message shows when `total` is 0). */
export function chartRowsForCity(rows: readonly CityStats[], city: string | null | undefined): CityStats[] {
  if (!city) return [...rows];
  const wanted = city.trim().toLowerCase();
  return rows.filter((row) => row.city.toLowerCase() === wanted);
}
