/**
 * The reports' numbers, computed by the database (docs/architecture.md#reports, ADR 0040): a few
 * aggregate statements over the tickets received in the range (`tickets_city_created_idx`,
 * `tickets_created_idx`), medians and 90th percentiles by `percentile_cont`, the service level per
 * stage from `ticket_stages`, received and resolved per day, week or month in Asia/Kolkata.
 */
import { type SQL, sql } from 'drizzle-orm';
import {
  INTAKE_CHANNELS,
  REPORT_ERROR_CODES,
  REPORT_MAX_PERIODS,
  REPORT_TIME_ZONE,
  type ReportCannedRow,
  type ReportChannelRow,
  type ReportCommitteeRow,
  type ReportCounts,
  type ReportDuration,
  type ReportInterval,
  type ReportLastWord,
  type ReportPoint,
  type ReportStageRow,
  type ReportStatusRow,
  type ReportSummary,
  type ReportTimeseries,
  SLA_STAGES,
  TICKET_STATUSES,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { rowsOf, textArray } from '../../db/rows';
import { HttpError } from '../../httpError';
import {
  addPastDue,
  PERCENTILE_SAMPLE_ABOVE,
  pastDueStatement,
  percentileWhere,
  ROLLUP_AGGREGATES,
  rollupAnswers,
  rollupReady,
  rollupWhere,
} from './rollup';
import { addDays, type ResolvedFilter, receivedWhere, ticketConditions } from './scope';

type Reader = Pick<AppDatabase, 'execute'>;

/** Hours rounded to the hundredth, or null. */
export function roundHours(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(Number(value) * 100) / 100;
}

/** `part / whole`, or null when there is nothing to divide by. */
export function share(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** Hours from `created_at` to `column` of `tickets t`, as a double. */
const hoursTo = (column: SQL) => sql`extract(epoch from (${column} - t.created_at))::float8 / 3600`;

/**
 * The aggregate columns every report shares (counts, first action, resolution, the members' last
 * word), for a statement over `tickets t`. Times: first action from receipt to the first staff
 * step; resolution from receipt to resolved, over the tickets resolved now. The last word
 * (docs/league-table.md, ADR 0038) from the ticket's own columns (migration 0016): `rated` the
 * tickets whose current outcome the member rated, `stars` their sum; `reopened_other` reopened and
 * not resolved now; `appealed_other` appealed and neither resolved nor rejected now (a remand sends
 * it back to review); both join the rates' bases.
 */
const COUNT_AGGREGATES = sql`
  count(*)::int as received,
  (count(*) filter (where t.status = 'resolved'))::int as resolved,
  (count(*) filter (where t.status = 'rejected'))::int as rejected,
  (count(*) filter (where t.first_action_at is not null))::int as first_count,
  (count(*) filter (where t.status = 'resolved' and t.finished_at is not null))::int as resolution_count,
  (count(*) filter (where (t.status = 'resolved' and t.resolved_stars is not null)
    or (t.status = 'rejected' and t.rejected_stars is not null)))::int as rated,
  coalesce(sum(case t.status when 'resolved' then t.resolved_stars when 'rejected' then t.rejected_stars end), 0)::int
    as stars,
  (count(*) filter (where t.reopened_at is not null))::int as reopened,
  (count(*) filter (where t.reopened_at is not null and t.status <> 'resolved'))::int as reopened_other,
  (count(*) filter (where t.appealed_at is not null))::int as appealed,
  (count(*) filter (where t.appealed_at is not null and t.status not in ('resolved', 'rejected')))::int
    as appealed_other`;

/** The medians and 90th percentiles of TICKET_AGGREGATES, which no sum kept per day can give. */
export const PERCENTILE_AGGREGATES = sql`
  percentile_cont(array[0.5, 0.9]) within group (order by ${hoursTo(sql`t.first_action_at`)})
    filter (where t.first_action_at is not null) as first_percentiles,
  percentile_cont(array[0.5, 0.9]) within group (order by ${hoursTo(sql`t.finished_at`)})
    filter (where t.status = 'resolved' and t.finished_at is not null) as resolution_percentiles`;

export const TICKET_AGGREGATES = sql`${COUNT_AGGREGATES}, ${PERCENTILE_AGGREGATES}`;

/** A row of TICKET_AGGREGATES; each `*_percentiles` is [median, 90th percentile] (one sort for both). */
export interface AggregateRow {
  received: number;
  resolved: number;
  rejected: number;
  first_count: number;
  first_percentiles: (number | string)[] | string | null;
  resolution_count: number;
  resolution_percentiles: (number | string)[] | string | null;
  rated: number;
  stars: number;
  reopened: number;
  reopened_other: number;
  appealed: number;
  appealed_other: number;
}

/** [median, 90th percentile] of a `*_percentiles` column (an array, or its text on a driver that leaves it so). */
export function percentilesOf(value: AggregateRow['first_percentiles']): [number | null, number | null] {
  if (value === null || value === undefined) return [null, null];
  const list = typeof value === 'string' ? textArray(value) : value;
  return [roundHours(list[0]), roundHours(list[1])];
}

export function countsOf(row: Pick<AggregateRow, 'received' | 'resolved' | 'rejected'>): ReportCounts {
  const received = Number(row.received);
  const resolved = Number(row.resolved);
  const rejected = Number(row.rejected);
  return { received, resolved, rejected, open: received - resolved - rejected };
}

function durations(row: AggregateRow): { firstAction: ReportDuration; resolution: ReportDuration } {
  const [firstMedian, firstP90] = percentilesOf(row.first_percentiles);
  const [resolutionMedian, resolutionP90] = percentilesOf(row.resolution_percentiles);
  return {
    firstAction: { count: Number(row.first_count), medianHours: firstMedian, p90Hours: firstP90 },
    resolution: {
      count: Number(row.resolution_count),
      medianHours: resolutionMedian,
      p90Hours: resolutionP90,
    },
  };
}

/**
 * The service level of each stage over the tickets of a statement on `tickets t`: a stage counts
 * once it finished (the ticket's `sla_met` and `sla_missed`, kept per stage by migration 0012's
 * trigger) or while it is open past its due time at `now` (the ticket's open `stage` and `due_at`);
 * it is within when it finished by its due time. Columns `met_N`, `missed_N` per position in
 * SLA_STAGES.
 */
export function stageColumns(now: Date): SQL {
  const at = now.toISOString();
  return sql.join(
    SLA_STAGES.map((stage, index) => {
      const position = sql.raw(String(index + 1));
      return sql`coalesce(sum(t.sla_met[${position}]), 0)::int as ${sql.raw(`met_${index + 1}`)},
        (coalesce(sum(t.sla_missed[${position}]), 0)
          + count(*) filter (where t.stage = ${stage} and t.due_at <= ${at}::timestamptz))::int
          as ${sql.raw(`missed_${index + 1}`)}`;
    }),
    sql`, `,
  );
}

/** The per-stage rows of a row with `stageColumns`. */
export function stageRowsOf(row: Record<string, unknown> | undefined): ReportStageRow[] {
  return SLA_STAGES.map((stage, index) => {
    const withinSla = Number(row?.[`met_${index + 1}`] ?? 0);
    const counted = withinSla + Number(row?.[`missed_${index + 1}`] ?? 0);
    return { stage, counted, withinSla, share: share(withinSla, counted) };
  });
}

/**
 * The members' last word over the tickets' counts (docs/league-table.md): `decided` the tickets
 * resolved or rejected now, each of whose outcome asked for a rating; `rated` those whose outcome
 * the member rated, `ratingAverage` their stars' mean (to the hundredth), `answerRate` rated ÷
 * decided; `reopenRate` reopened ÷ the tickets resolved now or reopened (only a resolution is
 * reopened); `appealRate` appealed ÷ the tickets decided now or appealed.
 */
export function lastWordOf(counts: ReportCounts, row: AggregateRow | undefined): ReportLastWord {
  const decided = counts.resolved + counts.rejected;
  const rated = Number(row?.rated ?? 0);
  const reopened = Number(row?.reopened ?? 0);
  const appealed = Number(row?.appealed ?? 0);
  return {
    decided,
    rated,
    ratingAverage: rated > 0 ? Math.round((Number(row?.stars ?? 0) / rated) * 100) / 100 : null,
    answerRate: share(rated, decided),
    reopened,
    reopenRate: share(reopened, counts.resolved + Number(row?.reopened_other ?? 0)),
    appealed,
    appealRate: share(appealed, decided + Number(row?.appealed_other ?? 0)),
  };
}

/** GET /reports/summary: from the day rollups when they answer the filter (ADR 0083), else from the tickets. */
export async function reportSummary(
  db: Reader,
  filter: ResolvedFilter,
  now: Date,
  /** Past this many tickets the percentiles are taken over a sample (`percentileWhere`). */
  sampleAbove = PERCENTILE_SAMPLE_ABOVE,
): Promise<ReportSummary> {
  const where = receivedWhere(filter);
  const fromRollup = rollupAnswers(filter) && (await rollupReady(db));
  // What is counted: rollup rows `r` (their sums of tickets) or the tickets `t` themselves.
  const column = (name: string) => sql.raw(`${fromRollup ? 'r' : 't'}.${name}`);
  const counted = (test?: SQL) => {
    const filtered = test ? sql` filter (where ${test})` : sql``;
    return fromRollup ? sql`coalesce(sum(r.received)${filtered}, 0)::int` : sql`(count(*)${filtered})::int`;
  };
  const source = fromRollup
    ? sql`ticket_report_days r where ${rollupWhere(filter)}`
    : sql`tickets t where ${where}`;
  // The counts by status ride on the aggregate's one pass (a filter each) instead of a scan of their own.
  const statusColumns = sql.join(
    TICKET_STATUSES.map(
      (status, index) =>
        sql`${counted(sql`${column('status')} = ${status}`)} as ${sql.raw(`status_${index}`)}`,
    ),
    sql`, `,
  );
  // The channels too (ADR 0066): `web` is a ticket without one (the public form).
  const channelColumns = sql.join(
    INTAKE_CHANNELS.map((channel, index) => {
      const test =
        channel === 'web'
          ? sql`${column('intake_channel')} is null`
          : sql`${column('intake_channel')} = ${channel}`;
      return sql`${counted(test)} as ${sql.raw(`channel_${index}`)}`;
    }),
    sql`, `,
  );
  const totalsRead = db.execute(
    fromRollup
      ? sql`select ${ROLLUP_AGGREGATES}, ${statusColumns}, ${channelColumns} from ${source}`
      : sql`select ${TICKET_AGGREGATES}, ${stageColumns(now)}, ${statusColumns}, ${channelColumns} from ${source}`,
  );
  const [totals, committees, canned, percentiles, pastDue] = await Promise.all([
    totalsRead,
    db.execute(sql`
      select ${column('committee_id')} as committee_id, c.name as committee_name, ${counted()} as received,
             ${counted(sql`${column('status')} = 'resolved'`)} as resolved,
             ${counted(sql`${column('status')} = 'rejected'`)} as rejected
      from ${fromRollup ? sql`ticket_report_days r` : sql`tickets t`} left join committees c on c.id = ${column('committee_id')}
      where ${fromRollup ? rollupWhere(filter) : where}
      group by ${column('committee_id')}, c.name
      ${fromRollup ? sql`having sum(r.received) > 0` : sql``}
      order by received desc, c.name nulls last`),
    cannedUses(db, filter),
    // The percentiles once the rollup has said how many tickets they are over.
    fromRollup
      ? totalsRead.then((result) => {
          const received = Number(rowsOf<{ received: number }>(result)[0]?.received ?? 0);
          return db.execute(
            sql`select ${PERCENTILE_AGGREGATES} from tickets t where ${percentileWhere(where, received, sampleAbove)}`,
          );
        })
      : null,
    fromRollup ? db.execute(pastDueStatement(where, now)) : null,
  ]);
  const [total] = rowsOf<AggregateRow & Record<string, unknown>>(totals);
  if (!total) throw new Error('an aggregate answered no row');
  if (percentiles && pastDue) {
    Object.assign(
      total,
      rowsOf<Pick<AggregateRow, 'first_percentiles' | 'resolution_percentiles'>>(percentiles)[0],
    );
    addPastDue(total, rowsOf<{ stage: string; n: number }>(pastDue));
  }
  const slaByStage = stageRowsOf(total);
  const counts = countsOf(total);
  const byCommittee: ReportCommitteeRow[] = rowsOf<{
    committee_id: number | null;
    committee_name: string | null;
    received: number;
    resolved: number;
    rejected: number;
  }>(committees).map((row) => ({
    committeeId: row.committee_id,
    committeeName: row.committee_name,
    ...countsOf(row),
  }));
  const byStatus: ReportStatusRow[] = TICKET_STATUSES.map((status, index) => ({
    status,
    count: Number(total[`status_${index}`] ?? 0),
  }));
  const byChannel: ReportChannelRow[] = INTAKE_CHANNELS.map((channel, index) => ({
    channel,
    count: Number(total[`channel_${index}`] ?? 0),
  }));
  return {
    range: filter.range,
    cityId: filter.cityId,
    counts,
    byCommittee,
    byStatus,
    ...durations(total),
    slaByStage,
    lastWord: lastWordOf(counts, total),
    byChannel,
    cannedResponses: canned,
  };
}

/** The canned answers most used in the range's replies (by the reply's day), in the chapter if one. */
async function cannedUses(db: Reader, filter: ResolvedFilter): Promise<ReportCannedRow[]> {
  const conditions = [
    sql`u.used_at >= ${filter.start.toISOString()}::timestamptz`,
    sql`u.used_at < ${filter.end.toISOString()}::timestamptz`,
    ...(filter.cityId === null ? [] : [sql`u.city_id = ${filter.cityId}`]),
  ];
  const rows = await db.execute(sql`
    select c.id, c.title_en as title, count(*)::int as uses
    from canned_response_uses u join canned_responses c on c.id = u.canned_response_id
    where ${sql.join(conditions, sql` and `)}
    group by c.id, c.title_en
    order by count(*) desc, c.title_en
    limit 10`);
  return rowsOf<{ id: number; title: string; uses: number }>(rows).map((row) => ({
    id: Number(row.id),
    title: row.title,
    uses: Number(row.uses),
  }));
}

/** The first day of the period `date` is in. */
export function periodStart(date: string, interval: ReportInterval): string {
  if (interval === 'day') return date;
  if (interval === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

function nextPeriod(period: string, interval: ReportInterval): string {
  if (interval === 'day') return addDays(period, 1);
  if (interval === 'week') return addDays(period, 7);
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** Every period of the range, in order. Refuses more than REPORT_MAX_PERIODS. */
export function periodsOf(from: string, to: string, interval: ReportInterval): string[] {
  const periods: string[] = [];
  for (let period = periodStart(from, interval); period <= to; period = nextPeriod(period, interval)) {
    periods.push(period);
    if (periods.length > REPORT_MAX_PERIODS) {
      throw new HttpError(400, 'Invalid query parameters', [
        {
          path: 'interval',
          message: `At most ${REPORT_MAX_PERIODS} periods: choose a longer interval`,
          code: REPORT_ERROR_CODES.tooManyPeriods,
        },
      ]);
    }
  }
  return periods;
}

/**
 * GET /reports/timeseries: tickets received per period (by the day they arrived) and resolved per
 * period (by the day they were resolved; those resolved now), with the chapter and committee
 * filters; a status filter other than `resolved` leaves no resolved ones.
 */
export async function reportTimeseries(
  db: Reader,
  filter: ResolvedFilter,
  interval: ReportInterval,
): Promise<ReportTimeseries> {
  const periods = periodsOf(filter.range.from, filter.range.to, interval);
  const unit = sql.raw(`'${interval}'`);
  const bucket = (column: SQL) =>
    sql`date_trunc(${unit}, ${column} at time zone ${REPORT_TIME_ZONE})::date::text`;
  const start = filter.start.toISOString();
  const end = filter.end.toISOString();
  const others = ticketConditions({ ...filter, status: null });
  const resolvedWanted = filter.status === null || filter.status === 'resolved';
  const fromRollup = rollupAnswers(filter) && (await rollupReady(db));
  const [received, resolved] = await Promise.all([
    db.execute(
      fromRollup
        ? sql`select date_trunc(${unit}, r.day::timestamp)::date::text as period, sum(r.received)::int as n
            from ticket_report_days r where ${rollupWhere(filter)} group by 1`
        : sql`select ${bucket(sql`t.created_at`)} as period, count(*)::int as n
            from tickets t where ${receivedWhere(filter)} group by 1`,
    ),
    !resolvedWanted
      ? Promise.resolve({ rows: [] })
      : fromRollup
        ? db.execute(sql`
            select date_trunc(${unit}, r.day::timestamp)::date::text as period, sum(r.n)::int as n
            from ticket_resolution_days r where ${rollupWhere({ ...filter, status: null })} group by 1`)
        : db.execute(sql`
            select ${bucket(sql`t.finished_at`)} as period, count(*)::int as n
            from tickets t
            where ${sql.join(
              [
                sql`t.finished_at >= ${start}::timestamptz`,
                sql`t.finished_at < ${end}::timestamptz`,
                sql`t.status = 'resolved'`,
                ...others,
              ],
              sql` and `,
            )}
            group by 1`),
  ]);
  const receivedBy = new Map(
    rowsOf<{ period: string; n: number }>(received).map((row) => [row.period, row.n]),
  );
  const resolvedBy = new Map(
    rowsOf<{ period: string; n: number }>(resolved).map((row) => [row.period, row.n]),
  );
  const points: ReportPoint[] = periods.map((period) => ({
    period,
    received: Number(receivedBy.get(period) ?? 0),
    resolved: Number(resolvedBy.get(period) ?? 0),
  }));
  return { range: filter.range, cityId: filter.cityId, interval, points };
}
