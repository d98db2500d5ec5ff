/**
 * The personal data's scheduled work (ADR 0051), on the scheduler's beat in every api instance:
 *
 * 1. erasures that waited for an appeal: once the appeal is decided, the ticket is erased;
 * 2. retention: a ticket closed more than RETENTION_YEARS ago first gets a notice to its member
 *    (an email through the outbox; `retention_notice_at` records when), and is erased once that
 *    notice is at least RETENTION_NOTICE_HOURS (48) old.
 *
 * Once across instances: each batch's transaction takes its own advisory lock without waiting
 * (an instance that does not get it leaves the run to the one that has it), and claims its tickets
 * `FOR UPDATE SKIP LOCKED`; a ticket erased or noticed already matches no more. Every time is the
 * api clock's.
 */
import { sql } from 'drizzle-orm';
import type { AppDatabase, Transaction } from '../../db/database';
import { rowsOf } from '../../db/rows';
import type { Clock } from '../clock';
import { enqueueMessages } from '../outbox/outboxStore';
import { type JobLogger, PeriodicJob } from '../periodicJob';
import type { UploadStore } from '../tickets/storage';
import { eraseMember, finishWaitingErasures } from './erasure';

/** Any constant shared by every api instance, other than the SLA tick's. */
export const PRIVACY_LOCK = 0x0d_0d_0a_c7;
/** Tickets one transaction handles. */
export const PRIVACY_BATCH = 100;
/** The notice goes at least this long before the erasure. */
export const RETENTION_NOTICE_HOURS = 48;

export interface PrivacyRunResult {
  /** Tickets erased after their appeal ended. */
  afterAppeal: number;
  /** Retention notices queued. */
  noticed: number;
  /** Tickets erased by retention. */
  retained: number;
  /** Whether another instance held the lock. */
  yielded: boolean;
}

async function tryLock(tx: Transaction): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${PRIVACY_LOCK}) as locked`),
  );
  return row?.locked === true;
}

/** `now - years`, as PostgreSQL counts calendar years. */
const cutoffOf = (now: Date, years: number) =>
  sql`${now.toISOString()}::timestamptz - make_interval(years => ${years})`;

/** Queues the notice of up to `limit` tickets past the window that have none yet. */
export async function queueRetentionNotices(
  tx: Transaction,
  now: Date,
  years: number,
  limit: number,
): Promise<number> {
  const due = rowsOf<{ id: number; email: string; language: string }>(
    await tx.execute(sql`
      select t.id, coalesce(nullif(t.submitter_email, ''), u.email) as email, t.language
      from tickets t join users u on u.id = t.customer_id
      where t.closed_at is not null and t.erased_at is null and t.retention_notice_at is null
        and t.closed_at < ${cutoffOf(now, years)}
      order by t.closed_at, t.id limit ${limit}
      for update of t skip locked`),
  );
  if (due.length === 0) return 0;
  const eraseOn = new Date(now.getTime() + RETENTION_NOTICE_HOURS * 3_600_000).toISOString().slice(0, 10);
  await enqueueMessages(
    tx,
    due.map((row) => ({
      event: 'privacy.retention_notice' as const,
      ticketId: row.id,
      recipientUserId: null,
      recipient: row.email,
      channel: 'email' as const,
      template: 'retentionNotice',
      params: { ticketId: row.id, years, date: eraseOn },
      locale: row.language,
    })),
    now,
  );
  const list = sql.join(
    due.map((row) => sql`${row.id}`),
    sql`, `,
  );
  await tx.execute(
    sql`update tickets set retention_notice_at = ${now.toISOString()}::timestamptz where id in (${list})`,
  );
  return due.length;
}

/** Erases up to `limit` tickets past the window whose notice is at least 48 hours old. */
export async function eraseRetained(
  tx: Transaction,
  now: Date,
  years: number,
  files: UploadStore,
  limit: number,
): Promise<number> {
  const due = rowsOf<{ id: number; customer_id: number }>(
    await tx.execute(sql`
      select t.id, t.customer_id from tickets t
      where t.closed_at is not null and t.erased_at is null and t.closed_at < ${cutoffOf(now, years)}
        and t.retention_notice_at <= ${now.toISOString()}::timestamptz - make_interval(hours => ${RETENTION_NOTICE_HOURS})
        and not exists (select 1 from ticket_appeals a where a.ticket_id = t.id and a.decided_at is null)
      order by t.closed_at, t.id limit ${limit}
      for update of t skip locked`),
  );
  let erased = 0;
  const byMember = new Map<number, number[]>();
  for (const row of due) byMember.set(row.customer_id, [...(byMember.get(row.customer_id) ?? []), row.id]);
  for (const [memberId, only] of byMember) {
    erased += (await eraseMember(tx, memberId, { now, files, only })).erased.length;
  }
  return erased;
}

export class PrivacyJob extends PeriodicJob<PrivacyRunResult> {
  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly files: UploadStore,
    private readonly retentionYears: number,
    log: JobLogger,
  ) {
    super(log, 'personal data run failed');
  }

  /** One run now (tests call it; the timer calls it every tick). */
  run(): Promise<PrivacyRunResult> {
    return this.runNow();
  }

  protected async work(): Promise<PrivacyRunResult> {
    const now = this.clock.now();
    const result: PrivacyRunResult = { afterAppeal: 0, noticed: 0, retained: 0, yielded: false };
    const steps: [keyof Omit<PrivacyRunResult, 'yielded'>, (tx: Transaction) => Promise<number>][] = [
      ['afterAppeal', (tx) => finishWaitingErasures(tx, now, this.files, PRIVACY_BATCH)],
      ['retained', (tx) => eraseRetained(tx, now, this.retentionYears, this.files, PRIVACY_BATCH)],
      ['noticed', (tx) => queueRetentionNotices(tx, now, this.retentionYears, PRIVACY_BATCH)],
    ];
    for (const [name, step] of steps) {
      for (;;) {
        const done = await this.db.transaction(async (tx) => ((await tryLock(tx)) ? step(tx) : null));
        if (done === null) return { ...result, yielded: true };
        result[name] += done;
        if (done < PRIVACY_BATCH) break;
      }
    }
    if (result.afterAppeal || result.noticed || result.retained) this.log.info(result, 'personal data run');
    return result;
  }
}
