/** A local calendar day as `YYYY-MM-DD`. */
export function toIsoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * docs/product.md#calls GET /tickets/all: dates are YYYY-MM-DD and the end date is the day after the start
 * date (the range is `[startDate, endDate)`).
 */
export function dayRange(day: string): { startDate: string; endDate: string } {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return { startDate: day, endDate: next.toISOString().slice(0, 10) };
}

/** The local creation day of an ISO time, or null when it is not a time. */
export function creationDay(createdAt: string | null | undefined): string | null {
  if (!createdAt) return null;
  const time = new Date(createdAt);
  return Number.isNaN(time.getTime()) ? null : toIsoDay(time);
}
