/**
 * The chapters admin's forms as plain values (ADR 0014): what the fields hold as text, how they
 * become the calls' bodies, and which catalogue key names each field's problem. The shared
 * schemas check the result once more before anything is sent.
 */
import {
  type ChapterCalendar,
  chapterCalendarSchema,
  clockMinutes,
  type Holiday,
  holidaySchema,
  type SlaOverrides,
  type SlaSettings,
  slaOverridesSchema,
  slaSettingsSchema,
  type Weekday,
} from 'shared-contracts';

/** The SLA fields in the order the forms show them. */
export const SLA_FIELDS = [
  'reviewHours',
  'resolutionHours',
  'approvalHours',
  'maxExtensions',
  'maxExtraDays',
  'ratingWindowDays',
  'reopenWindowDays',
] as const;
export type SlaField = (typeof SLA_FIELDS)[number];

/** The bounds of each field (the shared schema's), and the catalogue key of its problem. */
const BOUNDS: Record<SlaField, { min: number; max: number; error: string }> = {
  reviewHours: { min: 1, max: 2920, error: 'chapters.sla.hoursInvalid' },
  resolutionHours: { min: 1, max: 2920, error: 'chapters.sla.hoursInvalid' },
  approvalHours: { min: 1, max: 2920, error: 'chapters.sla.hoursInvalid' },
  maxExtensions: { min: 0, max: 10, error: 'chapters.sla.extensionsInvalid' },
  maxExtraDays: { min: 0, max: 365, error: 'chapters.sla.extraDaysInvalid' },
  ratingWindowDays: { min: 1, max: 90, error: 'chapters.sla.windowInvalid' },
  reopenWindowDays: { min: 1, max: 90, error: 'chapters.sla.windowInvalid' },
};

export type SlaFormValues = Record<SlaField, string>;
export type FormErrors<K extends string> = Partial<Record<K, string>>;
type Parsed<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FormErrors<K> };

/** A whole number typed in a field, or NaN when it is not one. */
function wholeNumber(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function checkField(field: SlaField, text: string): number | string {
  const value = wholeNumber(text);
  const { min, max, error } = BOUNDS[field];
  return Number.isInteger(value) && value >= min && value <= max ? value : error;
}

/** The fields of settings (the defaults form starts from the api's values). */
export function slaFormValues(settings: Partial<Record<SlaField, number | null | undefined>>): SlaFormValues {
  const values = {} as SlaFormValues;
  for (const field of SLA_FIELDS) values[field] = settings[field] == null ? '' : String(settings[field]);
  return values;
}

/** The association's defaults: every field is needed. */
export function parseSlaDefaults(values: SlaFormValues): Parsed<SlaSettings, SlaField> {
  const errors: FormErrors<SlaField> = {};
  const data: Record<string, number> = {};
  for (const field of SLA_FIELDS) {
    const checked = checkField(field, values[field]);
    if (typeof checked === 'string') errors[field] = checked;
    else data[field] = checked;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: slaSettingsSchema.parse(data) };
}

/** A chapter's overrides: a blank field is null (the association's default applies). */
export function parseSlaOverrides(values: SlaFormValues): Parsed<SlaOverrides, SlaField> {
  const errors: FormErrors<SlaField> = {};
  const data: Record<string, number | null> = {};
  for (const field of SLA_FIELDS) {
    if (values[field].trim() === '') {
      data[field] = null;
      continue;
    }
    const checked = checkField(field, values[field]);
    if (typeof checked === 'string') errors[field] = checked;
    else data[field] = checked;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, data: slaOverridesSchema.parse(data) };
}

/** Working days Monday (1) to Sunday (7), as the week is shown. */
export const WEEK: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

export type CalendarField = 'workingDays' | 'workdayStart' | 'workdayEnd' | 'timeZone';
export interface CalendarFormValues {
  workingDays: string[];
  workdayStart: string;
  workdayEnd: string;
  timeZone: string;
  holidays: Holiday[];
}

/** The form's values of a calendar (the days as the checkboxes' strings). */
export function calendarFormValues(calendar: ChapterCalendar): CalendarFormValues {
  return {
    workingDays: calendar.workingDays.map(String),
    workdayStart: calendar.workdayStart,
    workdayEnd: calendar.workdayEnd,
    timeZone: calendar.timeZone,
    holidays: [...calendar.holidays],
  };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The calendar to PUT: days sorted, holidays by date; each field's problem as a catalogue key. */
export function parseCalendar(values: CalendarFormValues): Parsed<ChapterCalendar, CalendarField> {
  const errors: FormErrors<CalendarField> = {};
  const workingDays = WEEK.filter((day) => values.workingDays.includes(String(day)));
  if (workingDays.length === 0) errors.workingDays = 'chapters.calendar.noWorkingDay';
  if (!TIME.test(values.workdayStart)) errors.workdayStart = 'chapters.calendar.timeInvalid';
  if (!TIME.test(values.workdayEnd)) errors.workdayEnd = 'chapters.calendar.timeInvalid';
  else if (
    TIME.test(values.workdayStart) &&
    clockMinutes(values.workdayEnd) <= clockMinutes(values.workdayStart)
  ) {
    errors.workdayEnd = 'chapters.calendar.endBeforeStart';
  }
  const calendar = {
    workingDays,
    workdayStart: values.workdayStart,
    workdayEnd: values.workdayEnd,
    timeZone: values.timeZone.trim(),
    holidays: [...values.holidays].sort((a, b) => a.date.localeCompare(b.date)),
  };
  if (!errors.workdayStart && !errors.workdayEnd && !errors.workingDays) {
    const checked = chapterCalendarSchema.safeParse(calendar);
    if (!checked.success) errors.timeZone = 'chapters.calendar.zoneInvalid';
    else return { ok: true, data: checked.data };
  }
  return { ok: false, errors };
}

export type HolidayField = 'date' | 'name';

/** A holiday to add: a date not listed yet and a name. */
export function parseHoliday(
  date: string,
  name: string,
  holidays: readonly Holiday[],
): Parsed<Holiday, HolidayField> {
  const errors: FormErrors<HolidayField> = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.date = 'chapters.calendar.holidayDateRequired';
  else if (holidays.some((holiday) => holiday.date === date)) errors.date = 'chapters.calendar.holidayTwice';
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (trimmed === '') errors.name = 'chapters.calendar.holidayNameRequired';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The shared schema's limits (length, control characters) stay the authority.
  const checked = holidaySchema.safeParse({ date, name: trimmed });
  return checked.success
    ? { ok: true, data: checked.data }
    : { ok: false, errors: { name: 'chapters.calendar.holidayNameInvalid' } };
}
