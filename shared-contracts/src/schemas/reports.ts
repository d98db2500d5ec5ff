/**
 * Reports and the chapter league table (docs/architecture.md#reports): the
 * filters, the summary, the time series, the CSV exports and the monthly league of chapters.
 * Days are calendar days in Asia/Kolkata (`REPORT_TIME_ZONE`); a range is `from`..`to`, both
 * included. A ticket belongs to a range by the day it was received (created).
 */
import * as z from 'zod/mini';
import { DAY_MS, TEXT_LIMITS } from '../constants';
import {
  coercedIdSchema,
  countSchema,
  dateTimeSchema,
  idSchema,
  isoDateSchema,
  optionalText,
} from './common';
import { intakeChannelSchema } from './intakeChannels';
import { dueFilterSchema, slaStageSchema } from './stages';
import { ticketStatusFilterSchema, ticketStatusSchema } from './tickets';

/** The zone whose calendar days, weeks and months the reports count in. */
export const REPORT_TIME_ZONE = 'Asia/Kolkata';

/** The longest range a report or an export covers, in days (five years). */
export const REPORT_MAX_DAYS = 1830;
/** A range without `from` covers this many days up to `to` (today when absent). */
export const REPORT_DEFAULT_DAYS = 30;

/** The periods of a time series: each starts on a day, a Monday or a month's 1st. */
export const REPORT_INTERVALS = ['day', 'week', 'month'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];
export const reportIntervalSchema = z.enum(REPORT_INTERVALS);
/** The most periods one time series answers (a range of days longer than this asks for weeks). */
export const REPORT_MAX_PERIODS = 400;

/** Stable codes of a refused filter (in `details[].code` of the 400). */
export const REPORT_ERROR_CODES = {
  rangeReversed: 'REPORT_RANGE_REVERSED',
  rangeTooLong: 'REPORT_RANGE_TOO_LONG',
  tooManyPeriods: 'REPORT_TOO_MANY_PERIODS',
  monthInFuture: 'REPORT_MONTH_IN_FUTURE',
} as const;

/** Whole days from `from` to `to` (ISO days, already valid), `to` included: 1 for the same day. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const rangeChecks = <T extends { from?: string | undefined; to?: string | undefined }>() => [
  z.refine<T>((query) => !query.from || !query.to || query.from <= query.to, {
    message: '`from` must not be after `to`',
    path: ['from'],
    params: { code: REPORT_ERROR_CODES.rangeReversed },
  }),
  z.refine<T>((query) => !query.from || !query.to || daysInRange(query.from, query.to) <= REPORT_MAX_DAYS, {
    message: `A range covers at most ${REPORT_MAX_DAYS} days`,
    path: ['to'],
    params: { code: REPORT_ERROR_CODES.rangeTooLong },
  }),
];

const reportFilterShape = {
  /** First day (Asia/Kolkata) of the range; absent: `REPORT_DEFAULT_DAYS` days up to `to`. */
  from: z.optional(isoDateSchema),
  /** Last day of the range, included; absent: today. */
  to: z.optional(isoDateSchema),
  /** A chapter's id. City roles always get their own city, whatever they pass. */
  city: z.optional(coercedIdSchema),
  /** A committee's id. */
  committee: z.optional(coercedIdSchema),
  /** A status, or `all` (the same as leaving it out). */
  status: z.optional(ticketStatusFilterSchema),
  /** A RERA project's id: only the tickets about it (ADR 0055). */
  projectId: z.optional(coercedIdSchema),
};

/** The filters of every report call: `from`, `to`, `city`, `committee`, `status`. */
export const reportFilterSchema = z.object(reportFilterShape).check(...rangeChecks());
export type ReportFilter = z.infer<typeof reportFilterSchema>;
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

/** GET /reports/timeseries query: the filters and the period (`day` when absent). */
export const reportTimeseriesQuerySchema = z
  .object({ ...reportFilterShape, interval: z.optional(reportIntervalSchema) })
  .check(...rangeChecks());
export type ReportTimeseriesQuery = z.infer<typeof reportTimeseriesQuerySchema>;
export type ReportTimeseriesQueryInput = z.input<typeof reportTimeseriesQuerySchema>;

/** What a CSV export holds: the tickets, or one table of the reports. */
export const REPORT_EXPORT_KINDS = [
  'tickets',
  'summary',
  'committees',
  'statuses',
  'stages',
  'league',
] as const;
export type ReportExportKind = (typeof REPORT_EXPORT_KINDS)[number];
export const reportExportKindSchema = z.enum(REPORT_EXPORT_KINDS);

/** `YYYY-MM`: a calendar month in Asia/Kolkata. */
export const reportMonthSchema = z
  .string()
  .check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month YYYY-MM'));

/**
 * GET /reports/export.csv query: `kind` and the filters. `tickets` also takes the ticket list's
 * `q` and `due`; `league` takes `month` (the current month when absent) and ignores the rest.
 */
export const reportExportQuerySchema = z
  .object({
    ...reportFilterShape,
    kind: reportExportKindSchema,
    q: z.optional(optionalText(TEXT_LIMITS.search)),
    due: z.optional(dueFilterSchema),
    month: z.optional(reportMonthSchema),
  })
  .check(...rangeChecks());
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;
export type ReportExportQueryInput = z.input<typeof reportExportQuerySchema>;

/** The range a report covered, after the defaults. */
export const reportRangeSchema = z.object({ from: isoDateSchema, to: isoDateSchema });
export type ReportRange = z.infer<typeof reportRangeSchema>;

/** A share from 0 to 1, or null when there was nothing to divide by. */
const shareSchema = z.nullable(z.number().check(z.gte(0), z.lte(1)));
/** Hours (with fractions), or null when no ticket got there. */
const hoursSchema = z.nullable(z.number().check(z.gte(0)));

/** The four counts of a set of tickets: received (all of them), and how many are resolved, rejected, still open. */
export const reportCountsSchema = z.object({
  received: countSchema,
  resolved: countSchema,
  rejected: countSchema,
  open: countSchema,
});
export type ReportCounts = z.infer<typeof reportCountsSchema>;

/** Median and 90th percentile of a duration in hours, over `count` tickets. */
export const reportDurationSchema = z.object({
  count: countSchema,
  medianHours: hoursSchema,
  p90Hours: hoursSchema,
});
export type ReportDuration = z.infer<typeof reportDurationSchema>;

/** One committee's counts (`committeeId` null: tickets without a committee). */
export const reportCommitteeRowSchema = z.extend(reportCountsSchema, {
  committeeId: z.nullable(idSchema),
  committeeName: z.nullable(z.string()),
});
export type ReportCommitteeRow = z.infer<typeof reportCommitteeRowSchema>;

/** How many of the tickets are in each status now. */
export const reportStatusRowSchema = z.object({ status: ticketStatusSchema, count: countSchema });
export type ReportStatusRow = z.infer<typeof reportStatusRowSchema>;

/** How many of the tickets reached the association by each channel (ADR 0066), every channel listed. */
export const reportChannelRowSchema = z.object({ channel: intakeChannelSchema, count: countSchema });
export type ReportChannelRow = z.infer<typeof reportChannelRowSchema>;

/** A canned answer and the replies sent with it in the range and chapter (ADR 0065). */
export const reportCannedRowSchema = z.object({ id: idSchema, title: z.string(), uses: countSchema });
export type ReportCannedRow = z.infer<typeof reportCannedRowSchema>;

/**
 * One stage's service level: `counted` stages of the tickets that were finished, or are still open
 * past their due time; `withinSla` of them finished by their due time; `share` = withinSla / counted.
 */
export const reportStageRowSchema = z.object({
  stage: slaStageSchema,
  counted: countSchema,
  withinSla: countSchema,
  share: shareSchema,
});
export type ReportStageRow = z.infer<typeof reportStageRowSchema>;

/**
 * The member's last word (docs/league-table.md): `decided` the tickets resolved or rejected now;
 * `rated` those whose current outcome was rated, `ratingAverage` their stars' mean (1 to 5),
 * `answerRate` rated / decided; `reopenRate` reopened / (resolved now or reopened); `appealRate`
 * appealed / (decided now or appealed). Null where there is nothing to divide by.
 */
export const reportLastWordSchema = z.object({
  decided: countSchema,
  rated: countSchema,
  ratingAverage: z.nullable(z.number().check(z.gte(1), z.lte(5))),
  answerRate: shareSchema,
  reopened: countSchema,
  reopenRate: shareSchema,
  appealed: countSchema,
  appealRate: shareSchema,
});
export type ReportLastWord = z.infer<typeof reportLastWordSchema>;

/**
 * GET /reports/summary answer. `cityId`: the chapter the numbers cover (a city role's own city,
 * or the `city` asked for), null for every chapter. `firstAction`: from receipt to the first
 * staff step (an action, reply or note); `resolution`: from receipt to resolved, over resolved tickets.
 */
export const reportSummarySchema = z.object({
  range: reportRangeSchema,
  cityId: z.nullable(idSchema),
  counts: reportCountsSchema,
  byCommittee: z.array(reportCommitteeRowSchema),
  byStatus: z.array(reportStatusRowSchema),
  firstAction: reportDurationSchema,
  resolution: reportDurationSchema,
  slaByStage: z.array(reportStageRowSchema),
  lastWord: reportLastWordSchema,
  /** The tickets by how they reached the association (ADR 0066). */
  byChannel: z.optional(z.array(reportChannelRowSchema)),
  /**
   * The canned answers replies were sent with in the range (by the day of the reply), most used
   * first, at most 10; the chapter filter applies, the committee and status filters do not.
   */
  cannedResponses: z.optional(z.array(reportCannedRowSchema)),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** One period of a time series: it starts on `period` (a day); tickets received and resolved in it. */
export const reportPointSchema = z.object({
  period: isoDateSchema,
  received: countSchema,
  resolved: countSchema,
});
export type ReportPoint = z.infer<typeof reportPointSchema>;

/** GET /reports/timeseries answer: every period of the range, empty ones with zeros. */
export const reportTimeseriesSchema = z.object({
  range: reportRangeSchema,
  cityId: z.nullable(idSchema),
  interval: reportIntervalSchema,
  points: z.array(reportPointSchema),
});
export type ReportTimeseries = z.infer<typeof reportTimeseriesSchema>;

/** GET /reports/league query: the month (the current one when absent). */
export const leagueQuerySchema = z.object({ month: z.optional(reportMonthSchema) });
export type LeagueQuery = z.infer<typeof leagueQuerySchema>;

/**
 * The composite index's parts (docs/league-table.md, ADR 0040): each a score from 0 (worst) to 1 (best) times
 * its weight; a part without data drops out and the others are scaled up to the full 100.
 */
export const LEAGUE_WEIGHTS = {
  withinSla: 0.3,
  decided: 0.2,
  speed: 0.1,
  backlog: 0.15,
  rating: 0.15,
  reopen: 0.05,
  appeal: 0.05,
} as const;
export type LeagueWeightName = keyof typeof LEAGUE_WEIGHTS;
/** Days after which an open ticket counts in the backlog. */
export const LEAGUE_BACKLOG_DAYS = 21;
/** The median resolution time (hours) that scores 0 for speed; 0 hours scores 1. */
export const LEAGUE_SPEED_LIMIT_HOURS = 240;

/**
 * One chapter's row of a month: the month's received tickets and what became of them, the backlog
 * (open tickets received more than 21 days before the month's end, or now for the current month),
 * the composite `index` (0 to 100, null when the chapter had nothing to score), its `rank`
 * (1 is best, equal indexes share a rank; null without index) and last month's `previousRank`.
 */
export const leagueRowSchema = z.object({
  cityId: idSchema,
  cityName: z.string(),
  counts: reportCountsSchema,
  backlog: countSchema,
  firstActionMedianHours: hoursSchema,
  resolutionMedianHours: hoursSchema,
  resolutionP90Hours: hoursSchema,
  withinSlaShare: shareSchema,
  ratingAverage: z.nullable(z.number().check(z.gte(1), z.lte(5))),
  answerRate: shareSchema,
  reopenRate: shareSchema,
  appealRate: shareSchema,
  index: z.nullable(z.number().check(z.gte(0), z.lte(100))),
  rank: z.nullable(z.number().check(z.int(), z.positive())),
  previousRank: z.nullable(z.number().check(z.int(), z.positive())),
});
export type LeagueRow = z.infer<typeof leagueRowSchema>;

/**
 * GET /reports/league answer: every chapter's row, best first. `final`: the month is over and its
 * rows are frozen (they never change again); false for the current month, computed live.
 */
export const leagueResponseSchema = z.object({
  month: reportMonthSchema,
  final: z.boolean(),
  computedAt: dateTimeSchema,
  weights: z.object({
    withinSla: z.number(),
    decided: z.number(),
    speed: z.number(),
    backlog: z.number(),
    rating: z.number(),
    reopen: z.number(),
    appeal: z.number(),
  }),
  rows: z.array(leagueRowSchema),
});
export type LeagueResponse = z.infer<typeof leagueResponseSchema>;
