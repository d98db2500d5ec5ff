/**
 * The reports' day rollups (ADR 0083): `ticket_report_days` holds, per Asia/Kolkata day of receipt,
 * chapter, committee, status and channel, the sums the reports add up over those tickets, kept by a
 * statement trigger on `tickets` (migration 0030), and `ticket_resolution_days` the tickets resolved
 * now per day of their resolution (the time series' second line). The reports read them instead of
 * every ticket of their range once they are whole; the medians and the open stages past due (which
 * move with `now`) are still read from the tickets, through partial indexes this module builds (the
 * medians of a large range over a fixed sample of them).
 *
 * A database that held tickets when migration 0030 ran is filled one day at a time by
 * `ReportRollupBuilder`, each day in a transaction of its own that holds the tickets against writes
 * for that day's aggregate only; until the last day is built the reports read the tickets.
 */
import { type SQL, sql } from 'drizzle-orm';
import { SLA_STAGES } from 'shared-contracts/contracts';
import type { AppDatabase, DatabaseKind } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { type JobLogger, PeriodicJob } from '../periodicJob';
import type { ResolvedFilter } from './scope';

type Reader = Pick<AppDatabase, 'execute'>;

/** Any constant shared by every api instance: the advisory lock of the rollup's build. */
export const ROLLUP_BUILD_LOCK = 0x4e9_0482;

/** Whether every day's rollup rows are built (one read of a one-row table). */
export async function rollupReady(db: Reader): Promise<boolean> {
  const [state] = rowsOf<{ ready: boolean }>(
    await db.execute(sql`select next_day is null as ready from ticket_report_days_build`),
  );
  return state?.ready === true;
}

/** Whether a report with this filter can read the rollup: it has no project filter (not a dimension). */
export function rollupAnswers(filter: Pick<ResolvedFilter, 'projectId'>): boolean {
  return filter.projectId == null;
}

/** The rollup rows (alias `r`) of the filter's range of days, chapter, committee and status. */
export function rollupWhere(filter: ResolvedFilter): SQL {
  const conditions = [sql`r.day >= ${filter.range.from}::date`, sql`r.day <= ${filter.range.to}::date`];
  if (filter.cityId !== null) conditions.push(sql`r.city_id = ${filter.cityId}`);
  if (filter.committeeId !== null) conditions.push(sql`r.committee_id = ${filter.committeeId}`);
  if (filter.status !== null) conditions.push(sql`r.status = ${filter.status}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The columns of TICKET_AGGREGATES (but the percentiles) and of `stageColumns` (but the open stages
 * past due), summed over rollup rows `r`, under the same names.
 */
export const ROLLUP_AGGREGATES = sql.join(
  [
    sql`coalesce(sum(r.received), 0)::int as received`,
    sql`coalesce(sum(r.received) filter (where r.status = 'resolved'), 0)::int as resolved`,
    sql`coalesce(sum(r.received) filter (where r.status = 'rejected'), 0)::int as rejected`,
    sql`coalesce(sum(r.first_count), 0)::int as first_count`,
    sql`coalesce(sum(r.finished_count) filter (where r.status = 'resolved'), 0)::int as resolution_count`,
    sql`coalesce(sum(r.rated), 0)::int as rated`,
    sql`coalesce(sum(r.stars), 0)::int as stars`,
    sql`coalesce(sum(r.reopened), 0)::int as reopened`,
    sql`coalesce(sum(r.reopened) filter (where r.status <> 'resolved'), 0)::int as reopened_other`,
    sql`coalesce(sum(r.appealed), 0)::int as appealed`,
    sql`coalesce(sum(r.appealed) filter (where r.status not in ('resolved', 'rejected')), 0)::int as appealed_other`,
    ...SLA_STAGES.flatMap((_, index) => [
      sql.raw(`coalesce(sum(r.met_${index + 1}), 0)::int as met_${index + 1}`),
      sql.raw(`coalesce(sum(r.missed_${index + 1}), 0)::int as missed_${index + 1}`),
    ]),
  ],
  sql`, `,
);

/**
 * The tickets of `where` (on `tickets t`) whose open stage is past its due time at `now`, per stage
 * (column `stage`, `n`), grouped further by `by` when given (a column of `t`). Read from the partial
 * indexes of open stages (migration 0030).
 */
export function pastDueStatement(where: SQL, now: Date, by?: SQL): SQL {
  return sql`select ${by ? sql`${by} as key, ` : sql``}t.stage, count(*)::int as n from tickets t
    where ${where} and t.stage is not null and t.due_at <= ${now.toISOString()}::timestamptz
    group by ${by ? sql`${by}, ` : sql``}t.stage`;
}

/** Adds the open stages past due (rows of `pastDueStatement`) to the `missed_N` columns of `row`. */
export function addPastDue(row: Record<string, unknown>, pastDue: { stage: string; n: number }[]): void {
  for (const { stage, n } of pastDue) {
    const position = (SLA_STAGES as readonly string[]).indexOf(stage);
    if (position === -1) continue;
    const column = `missed_${position + 1}`;
    row[column] = Number(row[column] ?? 0) + Number(n);
  }
}

/** Above this many tickets a report's medians and 90th percentiles are taken over a fixed sample. */
export const PERCENTILE_SAMPLE_ABOVE = 20_000;
/** The sample: the tickets whose number is a multiple of this (the partial indexes `tickets_sample_*`). */
const PERCENTILE_SAMPLE_EVERY = 16;
const SAMPLED = sql.raw(`(t.id % ${PERCENTILE_SAMPLE_EVERY}) = 0`);

/**
 * Which of `where`'s tickets (alias `t`) the medians and 90th percentiles are taken over: all of
 * them up to `sampleAbove`, beyond it one in PERCENTILE_SAMPLE_EVERY by ticket number (ADR 0083):
 * at least 1,250 values, the median's rank within 1.4 % of the tickets (one standard error,
 * √(p(1−p)/n); 0.2 % for a year of a large chapter, 75,000 values), and reading them no longer
 * grows past 1/16 of the range.
 */
export function percentileWhere(where: SQL, received: number, sampleAbove = PERCENTILE_SAMPLE_ABOVE): SQL {
  return received > sampleAbove ? inSample(where) : where;
}

/** `where`'s tickets (alias `t`) of the percentiles' sample. */
export function inSample(where: SQL): SQL {
  return sql`${where} and ${SAMPLED}`;
}

/**
 * The partial indexes the reports read beside the rollups, built by the api (CONCURRENTLY on
 * PostgreSQL), not by migration 0030, whose transaction would hold the tickets against writes while
 * it read every ticket: the tickets with an open stage (`pastDueStatement`) and the sample of the
 * percentiles (`percentileWhere`), each by chapter and by time.
 */
export const REPORT_INDEXES = [
  {
    name: 'tickets_open_stage_city_idx',
    on: '"tickets" ("city_id", "created_at") INCLUDE ("stage", "due_at", "committee_id", "status")',
    where: '"stage" is not null',
  },
  {
    name: 'tickets_open_stage_created_idx',
    on: '"tickets" ("created_at") INCLUDE ("city_id", "stage", "due_at", "committee_id", "status")',
    where: '"stage" is not null',
  },
  {
    name: 'tickets_sample_city_idx',
    on: '"tickets" ("city_id", "created_at") INCLUDE ("status", "committee_id", "first_action_at", "finished_at")',
    where: `("id" % ${PERCENTILE_SAMPLE_EVERY}) = 0`,
  },
  {
    name: 'tickets_sample_created_idx',
    on: '"tickets" ("created_at") INCLUDE ("city_id", "status", "committee_id", "first_action_at", "finished_at")',
    where: `("id" % ${PERCENTILE_SAMPLE_EVERY}) = 0`,
  },
] as const;

/**
 * Builds the indexes of REPORT_INDEXES that are missing, and again one that a build cut short left
 * invalid. Returns the names built.
 */
export async function ensureReportIndexes(db: Reader, kind: DatabaseKind): Promise<string[]> {
  const names = REPORT_INDEXES.map((index) => index.name);
  const present = new Map(
    rowsOf<{ name: string; valid: boolean }>(
      await db.execute(sql`select c.relname as name, i.indisvalid as valid
        from pg_class c join pg_index i on i.indexrelid = c.oid
        where c.relname in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})`),
    ).map((row) => [row.name, row.valid]),
  );
  // PGlite is one process: nothing writes beside the build, and it has no CONCURRENTLY to offer.
  const concurrently = kind === 'postgres' ? ' concurrently' : '';
  const built: string[] = [];
  for (const index of REPORT_INDEXES) {
    const valid = present.get(index.name);
    if (valid === true) continue;
    if (valid === false) await db.execute(sql.raw(`drop index${concurrently} if exists "${index.name}"`));
    await db.execute(
      sql.raw(
        `create index${concurrently} if not exists "${index.name}" on ${index.on} where ${index.where}`,
      ),
    );
    built.push(index.name);
  }
  return built;
}

export interface RollupBuildResult {
  /** Indexes built by this run (REPORT_INDEXES). */
  indexes: string[];
  /** Days built by this run. */
  days: number;
  /** Every day is built. */
  ready: boolean;
  /** Another instance is building. */
  yielded: boolean;
}

/** Builds the next unbuilt day, in a transaction of its own. */
async function buildNextDay(db: AppDatabase): Promise<'built' | 'ready' | 'busy'> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_BUILD_LOCK}) as locked`),
    );
    if (lock?.locked !== true) return 'busy';
    const [state] = rowsOf<{ next_day: string | null }>(
      await tx.execute(sql`select next_day::text as next_day from ticket_report_days_build`),
    );
    if (!state?.next_day) return 'ready';
    await tx.execute(sql`select ticket_report_days_build_day(${state.next_day}::date)`);
    return 'built';
  });
}

/**
 * Builds the reports' indexes when missing, then every day not yet built (one transaction a
 * day), unless another instance is at it.
 */
export async function buildRollup(db: AppDatabase, kind: DatabaseKind): Promise<RollupBuildResult> {
  const indexes = await ensureReportIndexes(db, kind);
  let days = 0;
  for (;;) {
    const step = await buildNextDay(db);
    if (step === 'busy') return { indexes, days, ready: false, yielded: true };
    if (step === 'ready') return { indexes, days, ready: true, yielded: false };
    days += 1;
  }
}

/**
 * Runs `buildRollup` on the scheduler's beat: once the rollup is whole, one read of its state a
 * minute. Tests call `run()` themselves.
 */
export class ReportRollupBuilder extends PeriodicJob<RollupBuildResult> {
  constructor(
    private readonly db: AppDatabase,
    private readonly kind: DatabaseKind,
    log: JobLogger,
  ) {
    super(log, 'report rollup build failed');
  }

  run(): Promise<RollupBuildResult> {
    return this.runNow();
  }

  protected async work(): Promise<RollupBuildResult> {
    const result = await buildRollup(this.db, this.kind);
    if (result.days > 0 || result.indexes.length > 0) this.log.info(result, 'report rollup built');
    return result;
  }
}
