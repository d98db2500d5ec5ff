/**
 * The report's date range (docs/product.md#reports): a preset named in the address, or two days
 * the user picked. Days are local calendar days `YYYY-MM-DD`, both ends included. Quarters and
 * years are calendar ones (January-March is the first quarter), as the monthly league is.
 */

export const RANGE_PRESETS = [
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'lastQuarter',
  'thisYear',
  'custom',
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export interface DayRange {
  from: string;
  to: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A local date as the day `YYYY-MM-DD`. */
export function dayOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear()).padStart(4, '0')}-${month}-${day}`;
}

/** Whether a text is a real calendar day (2026-02-30 is not). */
export function isDay(value: string | null | undefined): value is string {
  const match = DAY.exec(value ?? '');
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(year, month, day);
  return date.getFullYear() === year && date.getMonth() === month && date.getDate() === day;
}

/** The first and last day of the months `[firstMonth, firstMonth + months)` of a year (months roll over). */
function monthsRange(year: number, firstMonth: number, months: number): DayRange {
  return {
    from: dayOf(new Date(year, firstMonth, 1)),
    // Day 0 of the month after the range is its last day.
    to: dayOf(new Date(year, firstMonth + months, 0)),
  };
}

/** The days a preset covers on `today` (a local date); null for 'custom'. */
export function presetRange(preset: RangePreset, today: Date): DayRange | null {
  const year = today.getFullYear();
  const month = today.getMonth();
  const quarterStart = month - (month % 3);
  switch (preset) {
    case 'thisMonth':
      return monthsRange(year, month, 1);
    case 'lastMonth':
      return monthsRange(year, month - 1, 1);
    case 'thisQuarter':
      return monthsRange(year, quarterStart, 3);
    case 'lastQuarter':
      return monthsRange(year, quarterStart - 3, 3);
    case 'thisYear':
      return monthsRange(year, 0, 12);
    default:
      return null;
  }
}

/** The month `YYYY-MM` of a local date. */
export function monthOf(date: Date): string {
  return dayOf(date).slice(0, 7);
}

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  return monthOf(new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 1));
}

/** The days of a month `YYYY-MM`, or null when it is not one. */
export function monthRange(month: string | null | undefined): DayRange | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month ?? '');
  if (!match) return null;
  const number = Number(match[2]);
  if (number < 1 || number > 12) return null;
  return monthsRange(Number(match[1]), number - 1, 1);
}
