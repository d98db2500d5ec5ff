/**
 * Who reads which reports, and the filters as SQL (docs/architecture.md#reports): admin and the
 * association president every chapter; a city president, convenor or office bearer only their own
 * chapter, whatever `city` they pass; anyone else nothing (403). Days are Asia/Kolkata calendar
 * days; a range `from`..`to` includes both ends and is turned into instants here.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  CITY_SCOPED_ROLES,
  DAY_MS,
  daysInRange,
  localDate,
  REPORT_DEFAULT_DAYS,
  REPORT_ERROR_CODES,
  REPORT_MAX_DAYS,
  REPORT_TIME_ZONE,
  type ReportFilter,
  type ReportRange,
  type Role,
  zonedInstant,
} from 'shared-contracts/contracts';
import { HttpError } from '../../httpError';

/** The roles that read reports. */
export const REPORT_ROLES: readonly Role[] = ['admin', 'credaipresident', ...CITY_SCOPED_ROLES];
/** The roles that read the league table of every chapter. */
export const LEAGUE_ROLES = ['admin', 'credaipresident'] as const satisfies readonly Role[];

export interface ReportActor {
  role: Role;
  cityId: number | null;
}

/** `date` plus `days` (may be negative), as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant an Asia/Kolkata calendar day starts. */
export function dayStartsAt(date: string): Date {
  return new Date(zonedInstant(date, 0, REPORT_TIME_ZONE));
}

/** A report's filters once scope and defaults are applied. */
export interface ResolvedFilter {
  range: ReportRange;
  /** [start, end): the range's instants. */
  start: Date;
  end: Date;
  /** The one chapter the numbers cover (the city role's own, or the one asked for); null: all. */
  cityId: number | null;
  committeeId: number | null;
  /** Only the tickets about this project (ADR 0055); absent or null: any. */
  projectId?: number | null;
  status: string | null;
}

function badRange(path: string, message: string, code: string): HttpError {
  return new HttpError(400, 'Invalid query parameters', [{ path, message, code }]);
}

/** The chapter a caller's report covers: a city role's own city, whatever they asked. */
export function scopedCity(actor: ReportActor, asked: number | undefined): number | null {
  if (CITY_SCOPED_ROLES.includes(actor.role)) {
    if (actor.cityId === null) throw new HttpError(403, 'You do not have access to reports');
    return actor.cityId;
  }
  return asked ?? null;
}

/**
 * Applies the scope and the defaults (`to` today, `from` REPORT_DEFAULT_DAYS days before `to`) and
 * checks the range again: a default can make it reversed or too long.
 */
export function resolveFilter(actor: ReportActor, filter: ReportFilter, now: Date): ResolvedFilter {
  const to = filter.to ?? localDate(now, REPORT_TIME_ZONE);
  const from = filter.from ?? addDays(to, -(REPORT_DEFAULT_DAYS - 1));
  if (from > to) throw badRange('from', '`from` must not be after `to`', REPORT_ERROR_CODES.rangeReversed);
  if (daysInRange(from, to) > REPORT_MAX_DAYS) {
    throw badRange('to', `A range covers at most ${REPORT_MAX_DAYS} days`, REPORT_ERROR_CODES.rangeTooLong);
  }
  return {
    range: { from, to },
    start: dayStartsAt(from),
    end: dayStartsAt(addDays(to, 1)),
    cityId: scopedCity(actor, filter.city),
    committeeId: filter.committee ?? null,
    projectId: filter.projectId ?? null,
    status: filter.status && filter.status !== 'all' ? filter.status : null,
  };
}

/** The filters on `tickets t` apart from the time range (chapter, committee, status). */
export function ticketConditions(filter: ResolvedFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.cityId !== null) conditions.push(sql`t.city_id = ${filter.cityId}`);
  if (filter.committeeId !== null) conditions.push(sql`t.committee_id = ${filter.committeeId}`);
  if (filter.projectId != null) conditions.push(sql`t.project_id = ${filter.projectId}`);
  if (filter.status !== null) conditions.push(sql`t.status = ${filter.status}`);
  return conditions;
}

/** Every condition of the tickets received in the range, as one WHERE on `tickets t`. */
export function receivedWhere(filter: ResolvedFilter): SQL {
  return sql.join(
    [
      sql`t.created_at >= ${filter.start.toISOString()}::timestamptz`,
      sql`t.created_at < ${filter.end.toISOString()}::timestamptz`,
      ...ticketConditions(filter),
    ],
    sql` and `,
  );
}
