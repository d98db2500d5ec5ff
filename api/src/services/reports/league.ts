/**
 * The chapter league table (docs/league-table.md, ADR 0040). For each chapter and month: the
 * tickets received that month and what became of them, the times to first action and resolution,
 * the share of stages within their time, the members' last word, the backlog (open tickets
 * received more than 21 days before the month's end), a composite index and its rank.
 *
 * A month that is over is computed once and stored in `chapter_month_snapshots`
 * (`ON CONFLICT DO NOTHING`; a trigger refuses any UPDATE), so its rows never change however the
 * tickets change later. The current month is computed live and stored nowhere.
 */
import { sql } from 'drizzle-orm';
import {
  DAY_MS,
  LEAGUE_BACKLOG_DAYS,
  LEAGUE_SPEED_LIMIT_HOURS,
  LEAGUE_WEIGHTS,
  type LeagueResponse,
  type LeagueRow,
  type LeagueWeightName,
  localDate,
  REPORT_ERROR_CODES,
  REPORT_TIME_ZONE,
} from 'shared-contracts/contracts';
import { type AppDatabase, readsTogether, type Transaction } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { chapterMonthSnapshots } from '../../db/schema';
import { HttpError } from '../../httpError';
import {
  addPastDue,
  inSample,
  PERCENTILE_SAMPLE_ABOVE,
  pastDueStatement,
  ROLLUP_AGGREGATES,
  rollupReady,
} from './rollup';
import { dayStartsAt } from './scope';
import {
  type AggregateRow,
  countsOf,
  lastWordOf,
  PERCENTILE_AGGREGATES,
  percentilesOf,
  share,
  stageColumns,
  stageRowsOf,
  TICKET_AGGREGATES,
} from './summary';

type Reader = Pick<AppDatabase, 'execute'>;

/** The first month a league may be asked for. */
export const FIRST_LEAGUE_MONTH = '2000-01';

/** The current month (`YYYY-MM`) in Asia/Kolkata. */
export function currentMonth(now: Date): string {
  return localDate(now, REPORT_TIME_ZONE).slice(0, 7);
}

/** The month before or after `month` (`YYYY-MM`). */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + by, 1)).toISOString().slice(0, 7);
}

/** [start, end) of a month in Asia/Kolkata. */
export function monthBounds(month: string): { start: Date; end: Date } {
  return { start: dayStartsAt(`${month}-01`), end: dayStartsAt(`${shiftMonth(month, 1)}-01`) };
}

/** A chapter's indicators before the index is worked out. */
export type LeagueIndicators = Omit<LeagueRow, 'index' | 'rank' | 'previousRank'>;

/**
 * The composite index (0 to 100): each part a score from 0 (worst) to 1 (best), weighted by
 * LEAGUE_WEIGHTS; a part without data (no stage counted, no ticket decided, no rating…) drops out
 * and the weights of the others are scaled up to the whole. Null when no part has data.
 */
export function leagueIndex(row: LeagueIndicators): number | null {
  const decided = row.counts.resolved + row.counts.rejected;
  const scores: Record<LeagueWeightName, number | null> = {
    withinSla: row.withinSlaShare,
    decided: share(decided, row.counts.received),
    speed:
      row.resolutionMedianHours === null
        ? null
        : Math.max(0, 1 - row.resolutionMedianHours / LEAGUE_SPEED_LIMIT_HOURS),
    // The backlog against the month's intake: none scores 1, as many as were received (or more) 0.
    backlog:
      row.counts.received + row.backlog === 0
        ? null
        : Math.max(0, 1 - row.backlog / Math.max(row.counts.received, 1)),
    rating: row.ratingAverage === null ? null : (row.ratingAverage - 1) / 4,
    reopen: row.reopenRate === null ? null : 1 - row.reopenRate,
    appeal: row.appealRate === null ? null : 1 - row.appealRate,
  };
  let weighted = 0;
  let weights = 0;
  for (const [name, weight] of Object.entries(LEAGUE_WEIGHTS) as [LeagueWeightName, number][]) {
    const score = scores[name];
    if (score === null) continue;
    weighted += score * weight;
    weights += weight;
  }
  if (weights === 0) return null;
  return Math.round((weighted / weights) * 1000) / 10;
}

/** Ranks by index, best first (equal indexes share a rank: 1, 2, 2, 4); unscored rows last, unranked. */
export function rankRows<T extends { index: number | null; cityName: string }>(
  rows: T[],
): (T & { rank: number | null })[] {
  const sorted = [...rows].sort(
    (a, b) =>
      (b.index ?? Number.NEGATIVE_INFINITY) - (a.index ?? Number.NEGATIVE_INFINITY) ||
      a.cityName.localeCompare(b.cityName, 'en'),
  );
  return sorted.map((row, position) => {
    if (row.index === null) return { ...row, rank: null };
    const first = sorted.findIndex((other) => other.index === row.index);
    return { ...row, rank: (first === -1 ? position : first) + 1 };
  });
}

/** Every chapter's indicators for `month`, as of `asOf` (the month's end, or now for the current month). */
export async function computeMonth(
  db: Reader,
  month: string,
  asOf: Date,
  /** Past this many tickets a chapter's percentiles are taken over a sample (`percentileWhere`). */
  sampleAbove = PERCENTILE_SAMPLE_ABOVE,
): Promise<LeagueIndicators[]> {
  const { start, end } = monthBounds(month);
  const at = (asOf < end ? asOf : end).toISOString();
  const backlogBefore = new Date(Math.min(asOf.getTime(), end.getTime()) - LEAGUE_BACKLOG_DAYS * DAY_MS);
  const inMonth = sql`t.created_at >= ${start.toISOString()}::timestamptz and t.created_at < ${end.toISOString()}::timestamptz`;
  // The Asia/Kolkata day the backlog's bound falls on.
  const backlogDay = localDate(backlogBefore, REPORT_TIME_ZONE);
  // The sums from the day rollups when they are whole (ADR 0083), the medians and the open stages
  // past due at `at` from the tickets; else everything from the tickets.
  const fromRollup = await rollupReady(db);
  const none = async () => null;
  let totalsRead: Promise<unknown> | undefined;
  const readTotals = () => {
    totalsRead ??= db.execute(
      fromRollup
        ? sql`select r.city_id, ${ROLLUP_AGGREGATES} from ticket_report_days r
            where r.day >= ${`${month}-01`}::date and r.day < ${`${shiftMonth(month, 1)}-01`}::date
            group by r.city_id`
        : sql`select t.city_id, ${TICKET_AGGREGATES}, ${stageColumns(new Date(at))}
            from tickets t where ${inMonth} group by t.city_id`,
    );
    return totalsRead;
  };
  // Side by side on the pool; in sequence when freezing a month inside a transaction.
  const [cities, totals, backlog, percentiles, pastDue] = await readsTogether(db, [
    () => db.execute(sql`select id, name from cities order by id`),
    readTotals,
    // Open at `at` and received before `at` − 21 days: still open now, or finished only after `at`
    // (index of finished ones). Still open: the rollups' received less finished of the days before
    // that day, and that day's part from the tickets (partial index of open tickets); without the
    // rollups, every open ticket from that index.
    () =>
      db.execute(sql`
      select city_id, sum(n)::int as n from (
        ${
          fromRollup
            ? sql`select r.city_id, sum(r.received - r.finished_count) as n from ticket_report_days r
                where r.day < ${backlogDay}::date group by r.city_id
                union all
                select t.city_id, count(*) as n from tickets t
                where t.finished_at is null and t.created_at >= ${dayStartsAt(backlogDay).toISOString()}::timestamptz
                  and t.created_at < ${backlogBefore.toISOString()}::timestamptz
                group by t.city_id`
            : sql`select t.city_id, count(*) as n from tickets t
                where t.finished_at is null and t.created_at < ${backlogBefore.toISOString()}::timestamptz
                group by t.city_id`
        }
        union all
        select t.city_id, count(*) as n from tickets t
        where t.finished_at > ${at}::timestamptz and t.created_at < ${backlogBefore.toISOString()}::timestamptz
        group by t.city_id
      ) b group by city_id`),
    // Each chapter's percentiles once the rollup has said how many tickets each has: the chapters
    // past the sample's bound over the sample, the others over all their tickets.
    fromRollup
      ? async () => {
          const received = rowsOf<{ city_id: number; received: number }>(await readTotals());
          const withTickets = received.filter((row) => Number(row.received) > 0);
          const sampled = withTickets
            .filter((row) => Number(row.received) > sampleAbove)
            .map((row) => row.city_id);
          const whole = withTickets
            .filter((row) => Number(row.received) <= sampleAbove)
            .map((row) => row.city_id);
          const inList = (ids: number[]) =>
            ids.length
              ? sql`t.city_id in (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )})`
              : sql`false`;
          return db.execute(sql`
            select t.city_id, ${PERCENTILE_AGGREGATES} from tickets t
            where ${inMonth} and ${inList(whole)} group by t.city_id
            union all
            select t.city_id, ${PERCENTILE_AGGREGATES} from tickets t
            where ${inSample(sql`${inMonth} and ${inList(sampled)}`)}
            group by t.city_id`);
        }
      : none,
    fromRollup ? () => db.execute(pastDueStatement(inMonth, new Date(at), sql`t.city_id`)) : none,
  ]);
  if (percentiles && pastDue) {
    const totalRows = rowsOf<Record<string, unknown> & { city_id: number }>(totals);
    const byCity = new Map(totalRows.map((row) => [row.city_id, row]));
    for (const row of rowsOf<Record<string, unknown> & { city_id: number }>(percentiles)) {
      const total = byCity.get(row.city_id);
      if (total) Object.assign(total, row);
    }
    const pastDueRows = rowsOf<{ key: number; stage: string; n: number }>(pastDue);
    for (const total of totalRows) {
      addPastDue(
        total,
        pastDueRows.filter((row) => row.key === total.city_id),
      );
    }
  }
  const totalBy = new Map(
    rowsOf<AggregateRow & Record<string, unknown> & { city_id: number }>(totals).map((row) => [
      row.city_id,
      row,
    ]),
  );
  const backlogBy = new Map(
    rowsOf<{ city_id: number; n: number }>(backlog).map((row) => [row.city_id, row.n]),
  );
  return rowsOf<{ id: number; name: string }>(cities).map((city) => {
    const total = totalBy.get(city.id);
    const counts = countsOf(total ?? { received: 0, resolved: 0, rejected: 0 });
    const stages = stageRowsOf(total);
    const withinSla = stages.reduce((sum, row) => sum + row.withinSla, 0);
    const counted = stages.reduce((sum, row) => sum + row.counted, 0);
    const lastWord = lastWordOf(counts, total);
    return {
      cityId: city.id,
      cityName: city.name,
      counts,
      backlog: Number(backlogBy.get(city.id) ?? 0),
      firstActionMedianHours: percentilesOf(total?.first_percentiles ?? null)[0],
      resolutionMedianHours: percentilesOf(total?.resolution_percentiles ?? null)[0],
      resolutionP90Hours: percentilesOf(total?.resolution_percentiles ?? null)[1],
      withinSlaShare: share(withinSla, counted),
      ratingAverage: lastWord.ratingAverage,
      answerRate: lastWord.answerRate,
      reopenRate: lastWord.reopenRate,
      appealRate: lastWord.appealRate,
    };
  });
}

/** Indicators, index and rank of every chapter for `month` as of `asOf`. */
export async function rankedMonth(db: Reader, month: string, asOf: Date) {
  const indicators = await computeMonth(db, month, asOf);
  return rankRows(indicators.map((row) => ({ ...row, index: leagueIndex(row) })));
}

type SnapshotRow = typeof chapterMonthSnapshots.$inferSelect;

/** The indicators a snapshot stores under the names the league's rows give them. */
const STORED_INDICATORS = [
  'backlog',
  'firstActionMedianHours',
  'resolutionMedianHours',
  'resolutionP90Hours',
  'withinSlaShare',
  'ratingAverage',
  'answerRate',
  'reopenRate',
  'appealRate',
] as const;
type StoredIndicator = (typeof STORED_INDICATORS)[number];

function storedIndicators<Row extends Pick<SnapshotRow, StoredIndicator>>(
  row: Row,
): Pick<Row, StoredIndicator> {
  return Object.fromEntries(STORED_INDICATORS.map((name) => [name, row[name]])) as Pick<Row, StoredIndicator>;
}

function fromSnapshot(row: SnapshotRow): Omit<LeagueRow, 'previousRank'> {
  return {
    cityId: row.cityId,
    cityName: row.cityName,
    counts: { received: row.received, resolved: row.resolved, rejected: row.rejected, open: row.open },
    ...storedIndicators(row),
    index: row.leagueIndex,
    rank: row.rank,
  };
}

/**
 * Stores the snapshot of a month that is over, once: the rows already there stay as they are
 * (`ON CONFLICT DO NOTHING`). Returns the chapters whose rows this call wrote.
 */
export async function freezeMonth(
  db: AppDatabase | Transaction,
  month: string,
  now: Date,
): Promise<number[]> {
  const { end } = monthBounds(month);
  if (now < end) throw new Error(`month ${month} is not over`);
  const rows = await rankedMonth(db, month, end);
  if (rows.length === 0) return [];
  const written = await db
    .insert(chapterMonthSnapshots)
    .values(
      rows.map((row) => ({
        cityId: row.cityId,
        month: `${month}-01`,
        cityName: row.cityName,
        received: row.counts.received,
        resolved: row.counts.resolved,
        rejected: row.counts.rejected,
        open: row.counts.open,
        ...storedIndicators(row),
        leagueIndex: row.index,
        rank: row.rank,
        computedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ cityId: chapterMonthSnapshots.cityId });
  return written.map((row) => row.cityId);
}

/** The stored rows of a month that is over, freezing it first when a chapter's row is missing. */
async function frozenMonth(db: AppDatabase, month: string, now: Date): Promise<SnapshotRow[]> {
  const read = () =>
    db
      .select()
      .from(chapterMonthSnapshots)
      .where(sql`${chapterMonthSnapshots.month} = ${`${month}-01`}::date`);
  const [stored, [cities]] = await Promise.all([
    read(),
    db.execute(sql`select count(*)::int as n from cities`).then((result) => rowsOf<{ n: number }>(result)),
  ]);
  if (stored.length >= Number(cities?.n ?? 0) && stored.length > 0) return stored;
  await freezeMonth(db, month, now);
  return read();
}

/** Refuses a month after the current one, or before FIRST_LEAGUE_MONTH. */
export function checkMonth(month: string, now: Date): void {
  if (month > currentMonth(now)) {
    throw new HttpError(400, 'Invalid query parameters', [
      { path: 'month', message: 'The month has not begun yet', code: REPORT_ERROR_CODES.monthInFuture },
    ]);
  }
  if (month < FIRST_LEAGUE_MONTH) {
    throw new HttpError(400, 'Invalid query parameters', [
      { path: 'month', message: `The league starts in ${FIRST_LEAGUE_MONTH}` },
    ]);
  }
}

/**
 * GET /reports/league: every chapter's row of `month` (the current month when absent), best first,
 * with last month's rank beside it. A month that is over is read from (or first written to) the
 * snapshots and is `final`; the current month is computed now.
 */
export async function league(db: AppDatabase, month: string | undefined, now: Date): Promise<LeagueResponse> {
  const wanted = month ?? currentMonth(now);
  checkMonth(wanted, now);
  const final = wanted < currentMonth(now);
  const previousMonth = shiftMonth(wanted, -1);
  const [current, previous] = await Promise.all([
    final
      ? frozenMonth(db, wanted, now).then((stored) => ({
          rows: stored.map(fromSnapshot),
          computedAt: stored[0]?.computedAt ?? now,
        }))
      : rankedMonth(db, wanted, now).then((rows) => ({ rows, computedAt: now })),
    previousMonth >= FIRST_LEAGUE_MONTH ? frozenMonth(db, previousMonth, now) : Promise.resolve([]),
  ]);
  const previousRank = new Map(previous.map((row) => [row.cityId, row.rank]));
  const ordered = [...current.rows].sort(
    (a, b) =>
      (a.rank ?? Number.POSITIVE_INFINITY) - (b.rank ?? Number.POSITIVE_INFINITY) ||
      a.cityName.localeCompare(b.cityName, 'en'),
  );
  const computedAt = current.computedAt;
  return {
    month: wanted,
    final,
    computedAt: computedAt.toISOString(),
    weights: { ...LEAGUE_WEIGHTS },
    rows: ordered.map((row) => ({ ...row, previousRank: previousRank.get(row.cityId) ?? null })),
  };
}
