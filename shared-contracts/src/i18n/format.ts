/**
 * Dates, times and numbers as the page's language writes them (`Intl` in en-IN, hi-IN, mr-IN).
 * Every screen formats through these, so a switch to Marathi changes the digits and month names
 * with the words. Times are stored in UTC and shown in the device's time zone
 * (docs/architecture.md#data). A missing or unreadable time is shown as nothing, never 'Invalid Date'.
 */
import { currentLanguage, LANGUAGE_LOCALES, type Language } from './index';

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** One formatter per locale and style: building an `Intl` formatter is the slow part. */
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** The `Intl` locale of a language (the page's language by default). */
export function localeOf(language: Language = currentLanguage()): string {
  return LANGUAGE_LOCALES[language];
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const STYLES = {
  date: DATE,
  time: TIME,
  dateTime: { ...DATE, ...TIME },
  dateTimeSeconds: { ...DATE, ...TIME, second: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof STYLES;

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time in one of the styles: 'date' (27 Nov 2026), 'time' (02:35 pm), 'dateTime', 'dateTimeSeconds'. */
export function formatWhen(
  value: string | number | Date | null | undefined,
  style: DateStyle,
  language: Language = currentLanguage(),
): string {
  const date = toDate(value);
  if (!date) return '';
  const locale = localeOf(language);
  return cached(`${locale}|${style}`, () => new Intl.DateTimeFormat(locale, STYLES[style])).format(date);
}

/** The day of a time: '27 Nov 2026', '27 नव॰ 2026', '२७ नोव्हें, २०२६'. */
export function formatDate(value: string | number | Date | null | undefined, language?: Language): string {
  return formatWhen(value, 'date', language);
}

/** The hour and minute of a time: '02:35 pm', '०२:३५ PM'. */
export function formatTime(value: string | number | Date | null | undefined, language?: Language): string {
  return formatWhen(value, 'time', language);
}

/** The day and the time together, as the language joins them. */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  language?: Language,
): string {
  return formatWhen(value, 'dateTime', language);
}

/**
 * A calendar day `YYYY-MM-DD` (a holiday, an absence, an expected-by day): the day itself, never
 * shifted by a time zone. `weekday` adds the day's short name. '' for anything else.
 */
export function formatDay(
  day: string | null | undefined,
  weekday = false,
  language: Language = currentLanguage(),
): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return '';
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const date = new Date(Date.UTC(year, month, dayOfMonth));
  // Date.UTC rolls 2026-02-31 over into March: such a day is not a day.
  if (date.getUTCMonth() !== month || date.getUTCDate() !== dayOfMonth) return '';
  const locale = localeOf(language);
  return cached(
    `${locale}|day|${weekday}`,
    () =>
      new Intl.DateTimeFormat(locale, { ...DATE, ...(weekday ? { weekday: 'short' } : {}), timeZone: 'UTC' }),
  ).format(date);
}

/** A count or a measure: '12,34,567' in en-IN and hi-IN, '१२,३४,५६७' in mr-IN. */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions = {},
  language: Language = currentLanguage(),
): string {
  const locale = localeOf(language);
  return cached(`${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options)).format(
    value,
  );
}

/**
 * A calendar month `YYYY-MM` (a report's month, the league table's): 'Nov 2026', 'नव॰ 2026',
 * 'नोव्हें, २०२६'. '' for anything else.
 */
export function formatMonth(
  month: string | null | undefined,
  language: Language = currentLanguage(),
): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month ?? '');
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return '';
  const locale = localeOf(language);
  return cached(
    `${locale}|month`,
    () => new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }),
  ).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
