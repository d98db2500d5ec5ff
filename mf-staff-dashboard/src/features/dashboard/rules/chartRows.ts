import type { CityStats } from 'shared-contracts';

/** The chart bars of one city (the empty message shows when `total` is 0). */
export function chartRowsForCity(rows: readonly CityStats[], city: string | null | undefined): CityStats[] {
  if (!city) return [...rows];
  const wanted = city.trim().toLowerCase();
  return rows.filter((row) => row.city.toLowerCase() === wanted);
}

/** docs/product.md#dashboard empty chart message. */
export function emptyChartMessage(city: string): string {
  return `No ticket data available for ${city}`;
}
