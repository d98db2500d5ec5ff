/**
 * Working time on a chapter's calendar (docs/architecture.md#time-and-service-levels): the api
 * computes due times with it and the screens say how long is left with it, so both count alike.
 * Pure: every function takes the time it works from; nothing reads the machine's clock.
 */
import { DAY_MS } from '../constants';
import { type ChapterCalendar, clockMinutes } from '../schemas/sla';

const MINUTE = 60_000;
/** How far the counting looks for working time before giving up (a calendar of holidays only). */
export const MAX_SEARCH_DAYS = 3_660;

/** The part of a calendar working time reads (holidays by date only). */
export type WorkingCalendar = Pick<
  ChapterCalendar,
  'workingDays' | 'workdayStart' | 'workdayEnd' | 'timeZone'
> & {
  holidays: ReadonlyArray<{ date: string }>;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall-clock reading of `instant` in `timeZone`, as if it were UTC (milliseconds dropped). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year as number,
    (parts.month as number) - 1,
    parts.day as number,
    parts.hour as number,
    parts.minute as number,
    parts.second as number,
  );
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds (Asia/Kolkata: 5 h 30). */
export function zoneOffset(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(whole, timeZone) - whole;
}

/** The calendar day (`YYYY-MM-DD`) of `instant` in `timeZone`. */
export function localDate(instant: Date | number, timeZone: string): string {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  return new Date(wallClock(at, timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a wall clock in `timeZone` reads `minutes` after midnight of `date`. A reading a
 * daylight-saving change skips is taken with the offset before the change.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  const first = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(first, timeZone);
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function previousDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a `YYYY-MM-DD`: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

function holidaySet(calendar: WorkingCalendar): ReadonlySet<string> {
  return new Set(calendar.holidays.map((holiday) => holiday.date));
}

/** Whether `date` is a working day of the calendar (a working weekday that is not a holiday). */
export function isWorkingDay(
  date: string,
  calendar: WorkingCalendar,
  holidays = holidaySet(calendar),
): boolean {
  return (calendar.workingDays as readonly number[]).includes(isoWeekday(date)) && !holidays.has(date);
}

/** The working hours of `date` as instants, or null on a day off. */
function workingSpan(
  date: string,
  calendar: WorkingCalendar,
  holidays: ReadonlySet<string>,
): { start: number; end: number } | null {
  if (!isWorkingDay(date, calendar, holidays)) return null;
  return {
    start: zonedInstant(date, clockMinutes(calendar.workdayStart), calendar.timeZone),
    end: zonedInstant(date, clockMinutes(calendar.workdayEnd), calendar.timeZone),
  };
}

/** The working minutes of one full working day of the calendar (10:00–18:00: 480). */
export function workingDayMinutes(calendar: WorkingCalendar): number {
  return clockMinutes(calendar.workdayEnd) - clockMinutes(calendar.workdayStart);
}

/**
 * The instant `minutes` of working time after `start` (before it when negative). A stage entered
 * outside working hours starts counting at the next working hour; 0 minutes is `start` itself.
 * Throws when the calendar has no working time within ten years (only holidays).
 */
export function addWorkingTime(start: Date, minutes: number, calendar: WorkingCalendar): Date {
  if (minutes === 0) return new Date(start.getTime());
  const holidays = holidaySet(calendar);
  const forward = minutes > 0;
  let remaining = Math.abs(minutes) * MINUTE;
  const cursor = start.getTime();
  let date = localDate(cursor, calendar.timeZone);
  for (let day = 0; day < MAX_SEARCH_DAYS; day += 1) {
    const span = workingSpan(date, calendar, holidays);
    if (span) {
      if (forward) {
        const from = Math.max(cursor, span.start);
        const available = span.end - from;
        if (available > 0) {
          if (remaining <= available) return new Date(from + remaining);
          remaining -= available;
        }
      } else {
        const to = Math.min(cursor, span.end);
        const available = to - span.start;
        if (available > 0) {
          if (remaining <= available) return new Date(to - remaining);
          remaining -= available;
        }
      }
    }
    date = forward ? nextDate(date) : previousDate(date);
  }
  throw new Error('The calendar has no working time within ten years');
}

/**
 * The working minutes between `from` and `to` (negative when `to` is earlier), counted on the
 * calendar's working days and hours. A span longer than ten years counts its first ten.
 */
export function workingTimeBetween(from: Date, to: Date, calendar: WorkingCalendar): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b < a) return -workingTimeBetween(to, from, calendar);
  const holidays = holidaySet(calendar);
  let total = 0;
  let date = localDate(a, calendar.timeZone);
  const last = localDate(b, calendar.timeZone);
  for (let day = 0; day < MAX_SEARCH_DAYS; day += 1) {
    const span = workingSpan(date, calendar, holidays);
    if (span) total += Math.max(0, Math.min(b, span.end) - Math.max(a, span.start));
    if (date === last) break;
    date = nextDate(date);
  }
  return total / MINUTE;
}

/**
 * The instant a promised day (`YYYY-MM-DD`) ends for the chapter: the end of its working hours
 * on that date in the chapter's zone (the time an interim reply's expected date stands for).
 */
export function endOfWorkingDay(date: string, calendar: WorkingCalendar): Date {
  return new Date(zonedInstant(date, clockMinutes(calendar.workdayEnd), calendar.timeZone));
}
