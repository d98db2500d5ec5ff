/**
 * The scheduler (docs/architecture.md#time-and-service-levels, ADR 0033): a tick every minute in
 * every api instance. A tick
 *
 * 1. gives the stages carried over by migration 0010 their due times (on the chapter's calendar);
 * 2. acts on every open stage whose next alert time passed: the holder's reminder at 80 % of the
 *    stage's working time, the escalation to the next level at 100 % (the chapter's office bearer;
 *    for the office bearer's own stage, the association president), to the association president
 *    at 150 %. Each is a `stage_alerts` row, a history entry by the system and an email through
 *    the outbox, in one transaction.
 *
 * Once per tick across instances: each batch's transaction first takes a transaction-scoped
 * advisory lock without waiting (`pg_try_advisory_xact_lock`); an instance that does not get it
 * leaves the tick to the one that has it. Besides, the stages are claimed `FOR NO KEY UPDATE …
 * SKIP LOCKED` and `stage_alerts` is unique per (stage, level), inserted `ON CONFLICT DO
 * NOTHING`: a level whose row already exists writes nothing, so each acts once even when ticks
 * repeat or overlap. Every time compared is the api clock's.
 */
import { eq, sql } from 'drizzle-orm';
import {
  ALERT_LEVELS,
  type AlertLevel,
  alertRole,
  type ChainStage,
  type ChapterCalendar,
  localDate,
  type Role,
  SLA_HOURS_FIELD,
  type SlaStage,
  type TicketStatus,
  zoneOffset,
} from 'shared-contracts/contracts';
import type { AppDatabase, Transaction, Writer } from '../../db/database';
import { rowsOf, textArray } from '../../db/rows';
import { stageAlerts, ticketStages, tickets } from '../../db/schema';
import type { Clock } from '../clock';
import { recordHistory } from '../history/historyStore';
import { type JobLogger, PeriodicJob } from '../periodicJob';
import { type ChapterTime, chapterTime } from '../sla/settings';
import { recipientFor, stageTimes } from '../sla/stages';
import { closeSilentCases } from './closing';
import type { Notifier } from './notifications';

/** Any constant shared by every api instance: the advisory lock of a tick's batch. */
export const TICK_LOCK = 0x51a_71c;
/** How many stages one transaction of a tick handles. */
export const TICK_BATCH = 200;

export interface TickResult {
  /** Carried-over stages given their due times. */
  scheduled: number;
  /** Alerts written (reminders and escalations). */
  alerts: number;
  /** Whether another instance held the tick's lock, so this one left the work to it. */
  yielded: boolean;
  /** Cases closed: no rating within the chapter's window, or a low rating not appealed in 30 days. */
  closed: number;
}

/** `2026-12-08 17:00`: an instant as the chapter's clocks read it. */
export function chapterClock(instant: Date, calendar: ChapterCalendar): string {
  const wall = new Date(instant.getTime() + zoneOffset(instant.getTime(), calendar.timeZone));
  return `${localDate(instant, calendar.timeZone)} ${wall.toISOString().slice(11, 16)}`;
}

async function tryTickLock(tx: Transaction): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${TICK_LOCK}) as locked`),
  );
  return row?.locked === true;
}

interface DueStage {
  id: number;
  ticket_id: number;
  stage: SlaStage;
  holder_role: Role;
  holder_id: number | null;
  acting_for_id: number | null;
  acting_for_name: string | null;
  holder_name: string | null;
  due_at: Date | string;
  remind_at: Date | string;
  president_at: Date | string;
  city_id: number;
  observer_id: number | null;
  status: string;
  current_assignee: string | null;
  /** The ticket's title and city, for the email: read here, not again by the notifier. */
  title: string;
  city_name: string;
  done: string[] | string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The calendar and SLA of a chapter, read once per tick. */
async function timeOf(tx: Writer, cityId: number, chapters: Map<number, ChapterTime>): Promise<ChapterTime> {
  let time = chapters.get(cityId);
  if (!time) {
    time = await chapterTime(tx, cityId);
    chapters.set(cityId, time);
  }
  return time;
}

/**
 * Due times for up to TICK_BATCH stages opened without one (migration 0010, the demo data, the
 * benchmark's seed), counted from when they were entered on the chapter's calendar. Returns how
 * many it scheduled.
 */
export async function scheduleCarriedOverStages(
  tx: Writer,
  chapters: Map<number, ChapterTime> = new Map(),
): Promise<number> {
  const rows = rowsOf<{
    id: number;
    ticket_id: number;
    stage: SlaStage;
    entered_at: Date | string;
    city_id: number;
  }>(
    await tx.execute(sql`
      select s.id, s.ticket_id, s.stage, s.entered_at, t.city_id
      from ticket_stages s join tickets t on t.id = s.ticket_id
      where s.left_at is null and s.due_at is null
      order by s.id limit ${TICK_BATCH}
      for no key update of s skip locked`),
  );
  for (const row of rows) {
    const { calendar, sla } = await timeOf(tx, row.city_id, chapters);
    // Only stages of the chain are carried over without a due time (an appeal's opens with one).
    const minutes = sla[SLA_HOURS_FIELD[row.stage as ChainStage]] * 60;
    const times = stageTimes(asDate(row.entered_at), minutes, calendar);
    await tx
      .update(ticketStages)
      .set({ slaMinutes: minutes, firstDueAt: times.dueAt, ...times, nextAlertAt: times.remindAt })
      .where(eq(ticketStages.id, row.id));
    await tx
      .update(tickets)
      .set({ dueAt: times.dueAt, dueSoonAt: times.remindAt })
      .where(eq(tickets.id, row.ticket_id));
  }
  return rows.length;
}

export class SlaScheduler extends PeriodicJob<TickResult> {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly notifier: Notifier,
    log: JobLogger,
  ) {
    super(log, 'SLA tick failed');
  }

  /** One tick now. A tick already running in this process is joined, not doubled. */
  tick(): Promise<TickResult> {
    return this.runNow();
  }

  protected work(): Promise<TickResult> {
    return this.runTick();
  }

  private async runTick(): Promise<TickResult> {
    const now = this.clock.now();
    const result: TickResult = { scheduled: 0, alerts: 0, yielded: false, closed: 0 };
    const chapters = new Map<number, ChapterTime>();
    const finished =
      (await this.inBatches(
        (tx) => scheduleCarriedOverStages(tx, chapters),
        (scheduled) => {
          result.scheduled += scheduled;
          return scheduled >= TICK_BATCH;
        },
      )) &&
      (await this.inBatches(
        (tx) => this.alertDueStages(tx, now, chapters),
        (batch) => {
          result.alerts += batch.alerts;
          return batch.stages >= TICK_BATCH;
        },
      )) &&
      (await this.inBatches(
        (tx) => closeSilentCases(tx, now, TICK_BATCH),
        (closing) => {
          result.closed += closing.unrated + closing.noAppeal;
          return closing.unrated >= TICK_BATCH || closing.noAppeal >= TICK_BATCH;
        },
      ));
    if (!finished) return { ...result, yielded: true };
    if (result.scheduled || result.alerts || result.closed) this.log.info(result, 'SLA tick');
    return result;
  }

  /**
   * One step of the tick in batches, each its own transaction under the tick's lock, until
   * `take` (which counts the batch) says it was not full. False when another instance holds the
   * lock: this tick yields.
   */
  private async inBatches<T>(
    step: (tx: Transaction) => Promise<T>,
    take: (batch: T) => boolean,
  ): Promise<boolean> {
    for (;;) {
      const batch = await this.db.transaction(async (tx) => ((await tryTickLock(tx)) ? step(tx) : null));
      if (batch === null) return false;
      if (!take(batch)) return true;
    }
  }

  private async alertDueStages(
    tx: Transaction,
    now: Date,
    chapters: Map<number, ChapterTime>,
  ): Promise<{ stages: number; alerts: number }> {
    const rows = rowsOf<DueStage>(
      await tx.execute(sql`
        select s.id, s.ticket_id, s.stage, s.holder_role, s.holder_id, s.due_at, s.remind_at, s.president_at,
          h.full_name as holder_name, s.acting_for_id, af.full_name as acting_for_name,
          t.city_id, t.observer_id, t.status, t.current_assignee, t.title, c.name as city_name,
          (select array_agg(a.level) from stage_alerts a where a.stage_id = s.id) as done
        from ticket_stages s
        join tickets t on t.id = s.ticket_id
        join cities c on c.id = t.city_id
        left join users h on h.id = s.holder_id
        left join users af on af.id = s.acting_for_id
        where s.left_at is null and s.next_alert_at <= ${now.toISOString()}::timestamptz
        order by s.next_alert_at, s.id limit ${TICK_BATCH}
        for no key update of s, t skip locked`),
    );
    let alerts = 0;
    for (const row of rows) {
      const time = await timeOf(tx, row.city_id, chapters);
      const done = new Set(textArray(row.done));
      const at: Record<AlertLevel, Date> = {
        reminder: asDate(row.remind_at),
        'next-level': asDate(row.due_at),
        president: asDate(row.president_at),
      };
      // An appeal's stage is held by the Credai President, the top of the chain: the reminder at
      // 80 % of its 30 days is all there is (no level above to escalate to; ADR 0038).
      const levels = row.stage === 'appeal' ? (['reminder'] as const) : ALERT_LEVELS;
      for (const level of levels) {
        if (done.has(level) || at[level] > now) continue;
        if (await this.alert(tx, row, level, now, time.calendar)) alerts += 1;
        done.add(level);
      }
      const next = levels.filter((level) => !done.has(level)).map((level) => at[level])[0] ?? null;
      await tx.update(ticketStages).set({ nextAlertAt: next }).where(eq(ticketStages.id, row.id));
    }
    return { stages: rows.length, alerts };
  }

  /** Who a level goes to, before absences: the holder, the chapter's office bearer, or the association president. */
  private async targetOf(
    tx: Writer,
    row: DueStage,
    level: AlertLevel,
  ): Promise<{ role: Role; userId: number | null }> {
    const role = alertRole(row.stage, level);
    if (role === 'holder') return { role: row.holder_role, userId: row.holder_id };
    if (role === 'observer') {
      const [observer] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          select u.id from users u where u.is_active and u.role = 'observer'
            and (u.id = ${row.observer_id} or u.city_id = ${row.city_id})
          order by (u.id = ${row.observer_id}) desc nulls last, u.id limit 1`),
      );
      return { role, userId: observer?.id ?? null };
    }
    const [holder] = rowsOf<{ id: number }>(
      await tx.execute(sql`select id from users where is_active and role = ${role} order by id limit 1`),
    );
    return { role, userId: holder?.id ?? null };
  }

  /** One level on one stage: its row (or nothing when it exists), history entry and email. */
  private async alert(
    tx: Transaction,
    row: DueStage,
    level: AlertLevel,
    now: Date,
    calendar: ChapterCalendar,
  ): Promise<boolean> {
    const target = await this.targetOf(tx, row, level);
    const recipient =
      level === 'reminder'
        ? {
            id: row.holder_id,
            name: row.holder_name,
            actingForId: null,
            actingForName: row.acting_for_name,
          }
        : await recipientFor(tx, target.userId, localDate(now, calendar.timeZone));
    const inserted = await tx
      .insert(stageAlerts)
      .values({
        stageId: row.id,
        level,
        toRole: target.role,
        toId: recipient.id,
        actingForId: recipient.actingForId,
        at: now,
      })
      .onConflictDoNothing()
      .returning({ id: stageAlerts.id });
    if (inserted.length === 0) return false;
    const due = chapterClock(asDate(row.due_at), calendar);
    await recordHistory(tx, {
      ticketId: row.ticket_id,
      kind: level === 'reminder' ? 'stage.reminded' : 'stage.escalated',
      action: level === 'reminder' ? 'reminder' : 'escalation',
      actor: null,
      values: {
        stage: row.stage,
        due,
        role: target.role,
        userId: recipient.id,
        actingForId: level === 'reminder' ? row.acting_for_id : recipient.actingForId,
      },
      statusAfter: row.status as TicketStatus,
      assigneeAfter: row.current_assignee,
      // The member sees that their ticket was escalated; a reminder among staff is internal.
      visibility: level === 'reminder' ? 'internal' : 'public',
      at: now,
    });
    if (level !== 'reminder') {
      await tx.update(tickets).set({ escalation: level }).where(eq(tickets.id, row.ticket_id));
    }
    if (recipient.id != null) {
      await this.notifier.stageAlert(tx, {
        ticketId: row.ticket_id,
        city: row.city_name,
        level,
        toUserId: recipient.id,
        stage: row.stage,
        due,
        actingForId: level === 'reminder' ? row.acting_for_id : recipient.actingForId,
      });
    }
    return true;
  }
}
