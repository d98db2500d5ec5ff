/**
 * Time on a ticket (docs/architecture.md#time-and-service-levels): each chapter's
 * calendar, the SLA per stage (association defaults, chapter overrides), the stage log, interim
 * replies and absences.
 */
import * as z from 'zod/mini';
import { TEXT_LIMITS } from '../constants';
import { asName, dateTimeSchema, idSchema, isoDateSchema, requiredText } from './common';
import { roleSchema } from './role';
import { alertLevelSchema, type ChainStage, slaStageSchema } from './stages';
import { WORKFLOW_ACTIONS } from './tickets';

/** ISO weekdays: 1 is Monday, 7 is Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** `HH:MM` on a 24-hour clock. */
export const clockTimeSchema = z
  .string()
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be a time HH:MM between 00:00 and 23:59'));

/** An IANA time zone the runtime knows (`Asia/Kolkata`). */
export const timeZoneSchema = z.string().check(
  z.maxLength(64, 'Must be at most 64 characters'),
  z.refine((zone) => isTimeZone(zone), 'Must be an IANA time zone such as Asia/Kolkata'),
);

/** Whether the runtime knows `zone` as a time zone. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** One holiday of a chapter. */
export const holidaySchema = z.object({
  date: isoDateSchema,
  name: asName(requiredText(TEXT_LIMITS.name, 'Holiday name is required')),
});
export type Holiday = z.infer<typeof holidaySchema>;

/** The most holidays a chapter lists (a few years ahead). */
export const MAX_HOLIDAYS = 400;

/** Minutes since midnight of an `HH:MM` (already validated). */
export function clockMinutes(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** A chapter's working calendar: working weekdays, one span of working hours, its zone, holidays. */
export const chapterCalendarSchema = z
  .object({
    workingDays: z.array(z.union(WEEKDAYS.map((day) => z.literal(day)))).check(
      z.minLength(1, 'At least one working day is needed'),
      z.maxLength(7),
      z.refine((days) => new Set(days).size === days.length, 'Each day at most once'),
    ),
    workdayStart: clockTimeSchema,
    workdayEnd: clockTimeSchema,
    timeZone: timeZoneSchema,
    holidays: z.array(holidaySchema).check(
      z.maxLength(MAX_HOLIDAYS, `At most ${MAX_HOLIDAYS} holidays`),
      z.refine((days) => new Set(days.map((day) => day.date)).size === days.length, 'Each date at most once'),
    ),
  })
  .check(
    z.refine((calendar) => clockMinutes(calendar.workdayStart) < clockMinutes(calendar.workdayEnd), {
      message: 'The working day must end after it starts',
      path: ['workdayEnd'],
    }),
  );
export type ChapterCalendar = z.infer<typeof chapterCalendarSchema>;

/** The calendar of a chapter without one of its own: Monday to Saturday, 10:00 to 18:00, India. */
export const DEFAULT_CALENDAR: ChapterCalendar = {
  workingDays: [1, 2, 3, 4, 5, 6],
  workdayStart: '10:00',
  workdayEnd: '18:00',
  timeZone: 'Asia/Kolkata',
  holidays: [],
};

/** GET and PUT /cities/{id}/calendar answer. */
export const chapterCalendarResponseSchema = z.object({
  cityId: idSchema,
  calendar: chapterCalendarSchema,
});
export type ChapterCalendarResponse = z.infer<typeof chapterCalendarResponseSchema>;

/** A stage's time in working hours (up to a year of 8-hour days). */
export const slaHoursSchema = z.number().check(z.int(), z.gte(1), z.lte(2920));
export const maxExtensionsSchema = z.number().check(z.int(), z.gte(0), z.lte(10));
export const maxExtraDaysSchema = z.number().check(z.int(), z.gte(0), z.lte(365));
/** A window of the member's last word in calendar days (rating, reopening): 1 to 90. */
export const windowDaysSchema = z.number().check(z.int(), z.gte(1), z.lte(90));

/**
 * The SLA settings: working hours per stage, and how far interim replies may push a stage
 * (extensions per stage, extra calendar days per stage in total).
 */
export const slaSettingsSchema = z.object({
  reviewHours: slaHoursSchema,
  resolutionHours: slaHoursSchema,
  approvalHours: slaHoursSchema,
  maxExtensions: maxExtensionsSchema,
  maxExtraDays: maxExtraDaysSchema,
  /**
   * The member's last word (ADR 0038): calendar days after the outcome within which the member
   * rates it (silence past it closes the case), and within which a resolved ticket may be
   * reopened. Absent: the defaults (7 and 5).
   */
  ratingWindowDays: z.optional(windowDaysSchema),
  reopenWindowDays: z.optional(windowDaysSchema),
});
export type SlaSettings = z.infer<typeof slaSettingsSchema>;

/** The association's defaults before an admin changes them. */
export const DEFAULT_SLA: Required<SlaSettings> = {
  reviewHours: 16,
  resolutionHours: 80,
  approvalHours: 16,
  maxExtensions: 2,
  maxExtraDays: 21,
  ratingWindowDays: 7,
  reopenWindowDays: 5,
};

/** The settings field of each stage's working hours (the appeal runs on calendar days instead). */
export const SLA_HOURS_FIELD: Record<ChainStage, 'reviewHours' | 'resolutionHours' | 'approvalHours'> = {
  review: 'reviewHours',
  resolution: 'resolutionHours',
  approval: 'approvalHours',
};

/** GET and PUT /sla: the association's defaults. */
export const slaDefaultsResponseSchema = z.object({ sla: slaSettingsSchema });
export type SlaDefaultsResponse = z.infer<typeof slaDefaultsResponseSchema>;

/** A chapter's overrides: each field null (or absent) uses the association's default. */
export const slaOverridesSchema = z.object({
  reviewHours: z.nullish(slaHoursSchema),
  resolutionHours: z.nullish(slaHoursSchema),
  approvalHours: z.nullish(slaHoursSchema),
  maxExtensions: z.nullish(maxExtensionsSchema),
  maxExtraDays: z.nullish(maxExtraDaysSchema),
  ratingWindowDays: z.nullish(windowDaysSchema),
  reopenWindowDays: z.nullish(windowDaysSchema),
});
export type SlaOverrides = z.infer<typeof slaOverridesSchema>;

/** GET and PUT /cities/{id}/sla answer: the overrides and what applies with them. */
export const chapterSlaResponseSchema = z.object({
  cityId: idSchema,
  overrides: slaOverridesSchema,
  effective: slaSettingsSchema,
});
export type ChapterSlaResponse = z.infer<typeof chapterSlaResponseSchema>;

/** The settings a chapter works with: each override, else the default (else the product's default). */
export function effectiveSla(
  defaults: SlaSettings,
  overrides: SlaOverrides | null | undefined,
): Required<SlaSettings> {
  return {
    reviewHours: overrides?.reviewHours ?? defaults.reviewHours,
    resolutionHours: overrides?.resolutionHours ?? defaults.resolutionHours,
    approvalHours: overrides?.approvalHours ?? defaults.approvalHours,
    maxExtensions: overrides?.maxExtensions ?? defaults.maxExtensions,
    maxExtraDays: overrides?.maxExtraDays ?? defaults.maxExtraDays,
    ratingWindowDays:
      overrides?.ratingWindowDays ?? defaults.ratingWindowDays ?? DEFAULT_SLA.ratingWindowDays,
    reopenWindowDays:
      overrides?.reopenWindowDays ?? defaults.reopenWindowDays ?? DEFAULT_SLA.reopenWindowDays,
  };
}

/** POST /tickets/{id}/interim-reply body: why it takes longer, and the day it is expected by (chapter's zone). */
export const interimReplySchema = z.object({
  reason: requiredText(TEXT_LIMITS.comment, 'A reason is required', { multiLine: true }),
  expectedBy: isoDateSchema,
});
export type InterimReply = z.infer<typeof interimReplySchema>;

/** One interim reply on a stage. `dueAt`: the stage's due time it set (the end of `expectedBy`'s working hours). */
export const stageExtensionSchema = z.object({
  reason: z.string(),
  expectedBy: isoDateSchema,
  dueAt: dateTimeSchema,
  createdAt: dateTimeSchema,
  /** Who wrote it (staff view only). */
  byName: z.nullish(z.string()),
});
export type StageExtension = z.infer<typeof stageExtensionSchema>;

/** One time the scheduler acted on a stage. `toName` and `actingFor` are the staff view only. */
export const stageAlertSchema = z.object({
  level: alertLevelSchema,
  at: dateTimeSchema,
  toRole: roleSchema,
  toName: z.nullish(z.string()),
  actingFor: z.nullish(z.string()),
});
export type StageAlert = z.infer<typeof stageAlertSchema>;

/** How a stage ended: the workflow action that closed it (an appeal's decision, a transfer too). */
export const stageOutcomeSchema = z.enum(WORKFLOW_ACTIONS);

/**
 * One stage of a ticket's chain (`ticket_stages`). Staff get the holder's name; the member's view
 * (through the ticket's key) has `holderName`, `toName`, `byName` and `actingFor` null.
 * `dueAt` is null only while a stage carried over from before the stage log waits for its due time
 * (the scheduler's first tick sets it).
 */
export const ticketStageSchema = z.object({
  id: idSchema,
  stage: slaStageSchema,
  holderRole: roleSchema,
  holderName: z.nullish(z.string()),
  /** The absent holder a stand-in holds the stage for. */
  actingFor: z.nullish(z.string()),
  enteredAt: dateTimeSchema,
  dueAt: z.nullish(dateTimeSchema),
  leftAt: z.nullish(dateTimeSchema),
  /** Who closed it (staff view only). */
  leftBy: z.nullish(z.string()),
  outcome: z.nullish(stageOutcomeSchema),
  alerts: z.array(stageAlertSchema),
  extensions: z.array(stageExtensionSchema),
});
export type TicketStage = z.infer<typeof ticketStageSchema>;

/** GET /tickets/{id}/stages answer: oldest first. */
export const ticketStagesResponseSchema = z.object({ stages: z.array(ticketStageSchema) });
export type TicketStagesResponse = z.infer<typeof ticketStagesResponseSchema>;

/** POST /tickets/{id}/interim-reply answer: the stage as it is now. */
export const interimReplyResponseSchema = z.object({ stage: ticketStageSchema });
export type InterimReplyResponse = z.infer<typeof interimReplyResponseSchema>;

/** POST /users/me/absence body: away on the days `from` to `to` (both included, chapter's zone). */
export const absenceRequestSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema, standInId: idSchema })
  .check(
    z.refine((absence) => absence.from <= absence.to, {
      message: 'The last day must not be before the first',
      path: ['to'],
    }),
  );
export type AbsenceRequest = z.infer<typeof absenceRequestSchema>;

/** Somebody who can stand in. */
export const standInSchema = z.object({
  id: idSchema,
  fullName: z.string(),
  role: roleSchema,
  city: z.nullish(z.string()),
});
export type StandIn = z.infer<typeof standInSchema>;

/** A set absence. */
export const absenceSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  standIn: standInSchema,
});
export type Absence = z.infer<typeof absenceSchema>;

/** GET, POST and DELETE /users/me/absence answer: the caller's absence, or null when none is set. */
export const absenceResponseSchema = z.object({ absence: z.nullable(absenceSchema) });
export type AbsenceResponse = z.infer<typeof absenceResponseSchema>;

/** GET /users/me/stand-ins answer: who the caller may name as stand-in. */
export const standInsResponseSchema = z.object({ users: z.array(standInSchema) });
export type StandInsResponse = z.infer<typeof standInsResponseSchema>;

/** The stable codes of an interim reply's refusals (422, in `details[].code`). */
export const INTERIM_REPLY_REFUSALS = {
  /** The stage already had its `maxExtensions` interim replies. */
  tooManyExtensions: 'SLA_TOO_MANY_EXTENSIONS',
  /** The new date would push the stage more than `maxExtraDays` past its first due time. */
  tooManyExtraDays: 'SLA_TOO_MANY_EXTRA_DAYS',
  /** The new date is not later than the stage's current due time (or is past). */
  expectedByTooEarly: 'SLA_EXPECTED_BY_TOO_EARLY',
  /** The ticket has no open stage (closed, or carried over without a due time yet). */
  noOpenStage: 'SLA_NO_OPEN_STAGE',
} as const;
export type InterimReplyRefusal = (typeof INTERIM_REPLY_REFUSALS)[keyof typeof INTERIM_REPLY_REFUSALS];
