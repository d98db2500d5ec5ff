/**
 * Reads that may go to a streaming replica of the primary (DATABASE_REPLICA_URL, ADR 0077): the
 * reports, the CSV exports and the staff searches. Everything else reads and writes the primary.
 *
 * - Read-your-writes, on every api instance: before a read goes to the replica, the primary's
 *   flushed WAL position is taken (every transaction committed before the read was asked is below
 *   it) and the replica must have replayed up to it; otherwise the read goes to the primary. No
 *   state about users or sessions is kept in a process, so a write on one instance and a read on
 *   another still see each other.
 * - Lag: a probe every second compares the two positions. A replica that is unreachable, not a
 *   standby, or behind by more than `maxLagMs` takes no reads until it is back; /api/health says
 *   which.
 * - A read the replica fails for a reason of the replica (connection refused or cut, the server
 *   shutting down, a query cancelled by a conflict with recovery) runs again on the primary, so
 *   stopping the replica loses no request. An error of the statement itself is the caller's.
 */
import type { AppDatabase, Database, RunSql } from './database';

export type ReplicaState = 'off' | 'ok' | 'lagging' | 'down';

export interface ReplicaHealth {
  state: ReplicaState;
  /** How far the replica's replay is behind the primary (ms), when it answers. */
  lagMs: number | null;
}

/** Where one read runs. */
export interface ReadTarget {
  db: AppDatabase;
  runSql: RunSql;
  onReplica: boolean;
}

/** The api's clock (services/clock.ts has the one the app passes; db/ does not import services/). */
interface Clock {
  now(): Date;
}

interface JobLog {
  warn(object: unknown, message: string): void;
}

/** How often the probe measures the replica. */
export const PROBE_EVERY_MS = 1_000;

/** A WAL position (`16/B374D848`) as a number that orders like the position. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * Whether an error came from the replica being unusable rather than from the statement: no
 * SQLSTATE (a refused or cut connection, a timeout), class 08 (connection exception), class 57
 * (the server shutting down or restarting), 40001 on a standby (cancelled by recovery) and 25006
 * (a write reached a read-only server: it belongs on the primary).
 */
export function isReplicaFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return code.startsWith('08') || code.startsWith('57') || code === '40001' || code === '25006';
}

interface Sample {
  at: number;
  lsn: bigint;
}

export class ReplicaReads {
  private state: ReplicaState;
  private lagMs: number | null = null;
  /** The primary's flushed positions of the last probes, oldest first (a window of maxLagMs). */
  private samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;
  private readonly primaryTarget: ReadTarget;
  private readonly replicaTarget: ReadTarget | null;

  constructor(
    private readonly primary: Database,
    private readonly replica: Database | null,
    private readonly options: { maxLagMs: number; clock: Clock; log: JobLog },
  ) {
    this.state = replica ? 'down' : 'off'; // until the first probe has seen it answer
    this.primaryTarget = { db: primary.db, runSql: primary.runSql, onReplica: false };
    this.replicaTarget = replica
      ? { db: replica.db, runSql: this.replicaRunSql(replica.runSql), onReplica: true }
      : null;
  }

  health(): ReplicaHealth {
    return { state: this.state, lagMs: this.lagMs };
  }

  /**
   * Runs a read on the replica when it has every write committed so far and is healthy, else on
   * the primary; once more on the primary if the replica fails under it. `read` must only read.
   */
  async read<T>(read: (target: ReadTarget) => Promise<T>): Promise<T> {
    const target = await this.target();
    if (!target.onReplica) return read(target);
    try {
      return await read(target);
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.markDown(error);
      return read(this.primaryTarget);
    }
  }

  /** The target of a read asked now (see read; a stream's statements each fall back on their own). */
  async target(): Promise<ReadTarget> {
    if (!this.replica || !this.replicaTarget || this.state !== 'ok') return this.primaryTarget;
    try {
      const [fence] = await this.primary.runSql<{ lsn: string }>({
        text: 'select pg_current_wal_flush_lsn()::text as lsn',
        values: [],
        prepare: true,
      });
      const [replayed] = await this.replica.runSql<{ lsn: string | null }>({
        text: 'select pg_last_wal_replay_lsn()::text as lsn',
        values: [],
        prepare: true,
      });
      if (fence && replayed?.lsn && lsnValue(replayed.lsn) >= lsnValue(fence.lsn)) return this.replicaTarget;
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.markDown(error);
    }
    return this.primaryTarget;
  }

  /** Probes now and then every PROBE_EVERY_MS until stopped. */
  async start(): Promise<void> {
    if (!this.replica || this.timer) return;
    await this.probe().catch((error) => this.options.log.warn({ err: error }, 'replica probe failed'));
    this.timer = setInterval(() => {
      this.probe().catch((error) => this.options.log.warn({ err: error }, 'replica probe failed'));
    }, PROBE_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.probing;
  }

  /** One measurement of the replica; joined when one is under way. */
  probe(): Promise<void> {
    this.probing ??= this.measure().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  private async measure(): Promise<void> {
    const replica = this.replica;
    if (!replica) return;
    const at = this.options.clock.now().getTime();
    // The primary's position first: a replica that has replayed it is caught up to `at`.
    const [primary] = await this.primary.runSql<{ lsn: string }>({
      text: 'select pg_current_wal_flush_lsn()::text as lsn',
      values: [],
      prepare: true,
    });
    if (!primary) return;
    this.samples.push({ at, lsn: lsnValue(primary.lsn) });
    const oldest = at - this.options.maxLagMs * 2;
    while (this.samples.length > 1 && (this.samples[0]?.at ?? at) < oldest) this.samples.shift();

    let replayed: bigint;
    try {
      const [row] = await replica.runSql<{ recovery: boolean; lsn: string | null }>({
        text: 'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as lsn',
        values: [],
      });
      if (!row?.recovery || !row.lsn) {
        this.setState('down', null, 'the replica is not a standby in recovery');
        return;
      }
      replayed = lsnValue(row.lsn);
    } catch (error) {
      this.markDown(error);
      return;
    }
    // The newest probe whose position the replica has replayed: it is caught up to that moment.
    let caughtUpTo: number | null = null;
    for (const sample of this.samples) if (sample.lsn <= replayed) caughtUpTo = sample.at;
    const now = this.options.clock.now().getTime();
    if (caughtUpTo === null) {
      // Behind even the oldest remembered probe: at least that far behind.
      const oldestAt = this.samples[0]?.at ?? now;
      this.setState('lagging', now - oldestAt, 'the replica lags past REPLICA_MAX_LAG_MS');
      return;
    }
    const lag = caughtUpTo === at ? 0 : now - caughtUpTo;
    this.setState(
      lag > this.options.maxLagMs ? 'lagging' : 'ok',
      lag,
      'the replica lags past REPLICA_MAX_LAG_MS',
    );
  }

  private markDown(error: unknown): void {
    if (this.state !== 'down')
      this.options.log.warn({ err: error }, 'replica unusable: reads go to the primary');
    this.state = 'down';
    this.lagMs = null;
  }

  private setState(state: ReplicaState, lagMs: number | null, why: string): void {
    if (state !== this.state && state !== 'ok')
      this.options.log.warn({ lagMs }, `${why}: reads go to the primary`);
    this.state = state;
    this.lagMs = lagMs;
  }

  /** The replica's statements, each run again on the primary if the replica fails under it. */
  private replicaRunSql(replicaRunSql: RunSql): RunSql {
    return async (statement) => {
      if (this.state !== 'ok') return this.primary.runSql(statement);
      try {
        return await replicaRunSql(statement);
      } catch (error) {
        if (!isReplicaFailure(error)) throw error;
        this.markDown(error);
        return this.primary.runSql(statement);
      }
    };
  }
}
