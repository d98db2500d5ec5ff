/**
 * The month's close (docs/league-table.md, ADR 0040), run by the scheduler's tick: once the month
 * is over (Asia/Kolkata, the api clock), last month's snapshots are frozen and each chapter's office
 * bearers (city president, convenor, office bearer) get its summary by email through the outbox.
 *
 * Once across instances and ticks: the transaction takes an advisory lock without waiting (an
 * instance that does not get it leaves the work to the one that has it), reads whether the month's
 * `report_month_mailings` row exists, and writes that row with the messages; its primary key is the
 * last guard. The emails go only in the first week of the month, so an api started for the first
 * time mid-month does not mail an old month; the snapshots are frozen whenever the tick finds them
 * missing.
 */
import { eq, sql } from 'drizzle-orm';
import { CITY_SCOPED_ROLES, localDate, REPORT_TIME_ZONE } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { chapterMonthSnapshots, reportMonthMailings } from '../../db/schema';
import { enqueueMessages, type NewMessage } from '../outbox/outboxStore';
import type { ParamRefs } from '../outbox/personalParams';
import { type JobLogger, PeriodicJob } from '../periodicJob';
import { currentMonth, freezeMonth, shiftMonth } from './league';

/** Any constant shared by every api instance: the advisory lock of the month's close. */
export const MONTHLY_LOCK = 0x4e9_0471;
/** The summary emails go out on days 1 to this of the month (a tick missed on the 1st still sends). */
export const MONTHLY_MAIL_DAYS = 7;

export interface MonthlyResult {
  month: string;
  /** Chapters whose snapshot this run wrote. */
  frozen: number;
  /** Summary emails queued by this run. */
  messages: number;
  /** Another instance held the lock. */
  yielded: boolean;
}

/**
 * Freezes last month and queues its summaries, once. Cheap when there is nothing to do: one read of
 * the month's mailing row.
 */
export async function closeMonth(db: AppDatabase, now: Date): Promise<MonthlyResult> {
  const month = shiftMonth(currentMonth(now), -1);
  const monthDay = `${month}-01`;
  const result: MonthlyResult = { month, frozen: 0, messages: 0, yielded: false };
  const [mailed] = await db
    .select({ month: reportMonthMailings.month })
    .from(reportMonthMailings)
    .where(eq(reportMonthMailings.month, monthDay));
  if (mailed) return result;
  const mailing = Number(localDate(now, REPORT_TIME_ZONE).slice(8, 10)) <= MONTHLY_MAIL_DAYS;
  const done = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${MONTHLY_LOCK}) as locked`),
    );
    if (lock?.locked !== true) return false;
    const [again] = await tx
      .select({ month: reportMonthMailings.month })
      .from(reportMonthMailings)
      .where(eq(reportMonthMailings.month, monthDay));
    if (again) return true;
    result.frozen = (await freezeMonth(tx, month, now)).length;
    if (!mailing) return true;
    const recipients = rowsOf<{
      user_id: number;
      email: string;
      city_name: string;
      received: number;
      resolved: number;
      rejected: number;
      open: number;
      backlog: number;
      league_index: number | null;
      rank: number | null;
      chapters: number;
    }>(
      await tx.execute(sql`
        select u.id as user_id, u.email, s.city_name, s.received, s.resolved, s.rejected, s.open,
               s.backlog, s.league_index, s.rank,
               (select count(*)::int from ${chapterMonthSnapshots} r where r.month = s.month and r.rank is not null) as chapters
        from ${chapterMonthSnapshots} s
        join users u on u.city_id = s.city_id
        where s.month = ${monthDay}::date and u.is_active
          and u.role in (${sql.join(
            // The chapter's office bearers: the roles of one city.
            CITY_SCOPED_ROLES.map((role) => sql`${role}`),
            sql`, `,
          )})
        order by s.city_id, u.id`),
    );
    const messages: NewMessage[] = recipients.map((row) => ({
      event: 'report.monthly',
      ticketId: null,
      recipientUserId: row.user_id,
      recipient: row.email,
      channel: 'email',
      template: 'reportMonthly',
      params: {
        // The office bearer's name is read when the email is sent (ADR 0078).
        refs: { name: `user:${row.user_id}` } satisfies ParamRefs,
        city: row.city_name,
        month,
        received: row.received,
        resolved: row.resolved,
        rejected: row.rejected,
        open: row.open,
        backlog: row.backlog,
        index: row.league_index,
        rank: row.rank,
        chapters: row.chapters,
      },
      // Staff messages are written in English, as every staff message; the catalogue has all three.
      locale: 'en',
    }));
    await enqueueMessages(tx, messages, now);
    await tx
      .insert(reportMonthMailings)
      .values({ month: monthDay, messages: messages.length, queuedAt: now });
    result.messages = messages.length;
    return true;
  });
  if (!done) return { ...result, yielded: true };
  return result;
}

/**
 * Runs `closeMonth` on the scheduler's beat (every tick of the SLA scheduler's interval, beside it):
 * almost always one read that finds the month's mailing row. Tests call `run()` themselves.
 */
export class MonthlyClose extends PeriodicJob<MonthlyResult> {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: { now(): Date },
    log: JobLogger,
  ) {
    super(log, 'monthly close failed');
  }

  /** One run now; a run already under way in this process is joined. */
  run(): Promise<MonthlyResult> {
    return this.runNow();
  }

  protected async work(): Promise<MonthlyResult> {
    const result = await closeMonth(this.db, this.clock.now());
    if (result.frozen || result.messages) this.log.info(result, 'month closed');
    return result;
  }
}
