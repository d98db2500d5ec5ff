/**
 * The due badge of a ticket row and card (docs/architecture.md#time-and-service-levels): how long is
 * left, or how long it is overdue, in the chapter's working time, as a catalogue key (ADR 0014).
 */
import { commonText, type Text } from '../i18n/text';
import { DEFAULT_CALENDAR } from '../schemas/sla';
import { type WorkingCalendar, workingDayMinutes, workingTimeBetween } from './workingTime';

/** Whether a stage is past due, past its reminder point (due soon), or neither. */
export type DueTone = 'overdue' | 'soon' | 'onTime';

function instant(value: Date | string): number {
  return typeof value === 'string' ? Date.parse(value) : value.getTime();
}

/**
 * The tone of a due time at `now`: overdue from `dueAt` on; soon from `dueSoonAt` (the 80 %
 * reminder point the api sends) until then; null when there is no due time.
 */
export function dueTone(
  dueAt: Date | string | null | undefined,
  now: Date,
  dueSoonAt?: Date | string | null,
): DueTone | null {
  if (dueAt == null) return null;
  const at = now.getTime();
  if (at >= instant(dueAt)) return 'overdue';
  if (dueSoonAt != null && at >= instant(dueSoonAt)) return 'soon';
  return 'onTime';
}

/**
 * "Due in 2 days", "Due in 3 hours", "Due within the hour", "Overdue by 3 days", "Overdue by 1
 * hour", "Overdue" (less than a working hour past), in whole working days and hours of the
 * calendar (the chapter's; the default calendar when not known). Null without a due time.
 * Keys: `common:due.*`, plural by `count`.
 */
export function dueLabel(
  dueAt: Date | string | null | undefined,
  now: Date,
  calendar: WorkingCalendar = DEFAULT_CALENDAR,
): Text | null {
  if (dueAt == null) return null;
  const due = new Date(instant(dueAt));
  const overdue = now.getTime() >= due.getTime();
  const minutes = Math.abs(workingTimeBetween(now, due, calendar));
  const days = Math.floor(minutes / workingDayMinutes(calendar));
  const hours = Math.floor(minutes / 60);
  if (days >= 1) return commonText(overdue ? 'due.overdueDays' : 'due.inDays', { count: days });
  if (hours >= 1) return commonText(overdue ? 'due.overdueHours' : 'due.inHours', { count: hours });
  return commonText(overdue ? 'due.overdue' : 'due.withinHour');
}
