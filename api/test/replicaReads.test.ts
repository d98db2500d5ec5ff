/**
 * Where reads go with a replica (ADR 0077), against two scripted servers: the positions each
 * answers decide the replica's state and each read's target. The real replication, stopped under
 * load, is api/faults/replica.test.ts.
 */
import type { AppDatabase, Database, SqlStatement } from '../src/db/database';
import { isReplicaFailure, lsnValue, ReplicaReads } from '../src/db/replicaReads';

/** A server whose answers a test sets: the WAL position, recovery, or a failure. */
class ScriptedServer {
  lsn = '0/1000';
  recovery = true;
  failure: Error | null = null;
  readonly statements: string[] = [];
  readonly db = { name: 'drizzle' } as unknown as AppDatabase;

  database(): Database {
    return {
      kind: 'postgres',
      db: this.db,
      runSql: async <Row>({ text }: SqlStatement) => {
        this.statements.push(text);
        if (this.failure) throw this.failure;
        if (text.includes('pg_is_in_recovery')) return [{ recovery: this.recovery, lsn: this.lsn }] as Row[];
        if (text.includes('_lsn()')) return [{ lsn: this.lsn }] as Row[];
        return [{ from: this }] as Row[];
      },
      ping: async () => undefined,
      close: async () => undefined,
    };
  }

  /** Statements other than the position checks (the reads themselves). */
  reads(): string[] {
    return this.statements.filter((text) => !text.includes('_lsn()'));
  }
}

function connectionRefused(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
}

function setup(maxLagMs = 5_000) {
  const primary = new ScriptedServer();
  const replica = new ScriptedServer();
  let now = Date.parse('2026-11-29T10:00:00Z');
  const warnings: string[] = [];
  const reads = new ReplicaReads(primary.database(), replica.database(), {
    maxLagMs,
    clock: { now: () => new Date(now) },
    log: { warn: (_object, message) => warnings.push(message) },
  });
  return { primary, replica, reads, warnings, advance: (ms: number) => (now += ms) };
}

const read = { text: 'select 1', values: [] };

describe('WAL positions and replica failures', () => {
  it('orders positions by both halves', () => {
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0')).toBeGreaterThan(lsnValue('0/FFFFFFFF'));
    expect(() => lsnValue('garbage')).toThrow('not a WAL position');
  });

  it('tells the replica being unusable from a statement that is wrong', () => {
    expect(isReplicaFailure(connectionRefused())).toBe(true);
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['08006', '57P01', '40001', '25006']) {
      expect(isReplicaFailure(Object.assign(new Error(code), { code }))).toBe(true);
    }
    expect(isReplicaFailure(Object.assign(new Error('bad'), { code: '22P02' }))).toBe(false);
    expect(isReplicaFailure('not an error')).toBe(false);
  });
});

describe('ReplicaReads', () => {
  it('is off without a replica and sends everything to the primary', async () => {
    const primary = new ScriptedServer();
    const reads = new ReplicaReads(primary.database(), null, {
      maxLagMs: 5_000,
      clock: { now: () => new Date() },
      log: { warn: () => undefined },
    });
    await reads.start();
    expect(reads.health()).toEqual({ state: 'off', lagMs: null });
    expect((await reads.target()).onReplica).toBe(false);
    expect(primary.statements).toEqual([]);
    await reads.stop();
  });

  it('is down until a probe has seen the replica answer, then ok', async () => {
    const { reads } = setup();
    expect(reads.health().state).toBe('down');
    expect((await reads.target()).onReplica).toBe(false);
    await reads.probe();
    expect(reads.health()).toEqual({ state: 'ok', lagMs: 0 });
  });

  it('reads the replica only when it has replayed every write committed before the read', async () => {
    const { primary, replica, reads } = setup();
    await reads.probe();
    const onReplica = await reads.target();
    expect(onReplica.onReplica).toBe(true);
    expect(onReplica.db).toBe(replica.db);

    primary.lsn = '0/2000'; // a write the replica has not replayed yet
    const target = await reads.target();
    expect(target.onReplica).toBe(false);
    expect(target.db).toBe(primary.db);

    replica.lsn = '0/2000';
    expect((await reads.target()).onReplica).toBe(true);
  });

  it('measures the lag against the probes it remembers and stops reading a replica past the bound', async () => {
    const { primary, replica, reads, advance, warnings } = setup(5_000);
    await reads.probe();
    primary.lsn = '0/2000';
    advance(1_000);
    await reads.probe(); // caught up to the first probe, one second ago
    expect(reads.health()).toEqual({ state: 'ok', lagMs: 1_000 });

    primary.lsn = '0/3000';
    advance(5_000);
    await reads.probe(); // still at the first probe's position: 6 s behind
    expect(reads.health()).toEqual({ state: 'lagging', lagMs: 6_000 });
    expect((await reads.target()).onReplica).toBe(false);
    expect(warnings).toContain('the replica lags past REPLICA_MAX_LAG_MS: reads go to the primary');

    advance(20_000);
    await reads.probe(); // the first probes are forgotten: behind everything remembered
    expect(reads.health().state).toBe('lagging');

    replica.lsn = '0/3000';
    await reads.probe();
    expect(reads.health()).toEqual({ state: 'ok', lagMs: 0 });
  });

  it('is down when the replica does not answer or is not a standby', async () => {
    const { replica, reads } = setup();
    replica.failure = connectionRefused();
    await reads.probe();
    expect(reads.health()).toEqual({ state: 'down', lagMs: null });

    replica.failure = null;
    replica.recovery = false; // promoted: it is another primary now
    await reads.probe();
    expect(reads.health()).toEqual({ state: 'down', lagMs: null });
  });

  it('runs a read again on the primary when the replica fails under it, and marks it down', async () => {
    const { primary, replica, reads } = setup();
    await reads.probe();
    let tries = 0;
    const answer = await reads.read(async (target) => {
      tries++;
      if (target.onReplica) throw connectionRefused();
      return target.db;
    });
    expect(answer).toBe(primary.db);
    expect(tries).toBe(2);
    expect(reads.health().state).toBe('down');
    expect(replica.reads()).toEqual([]);
  });

  it('leaves a wrong statement to its caller', async () => {
    const { reads } = setup();
    await reads.probe();
    const wrong = Object.assign(new Error('invalid input syntax'), { code: '22P02' });
    await expect(
      reads.read(async () => {
        throw wrong;
      }),
    ).rejects.toBe(wrong);
    expect(reads.health().state).toBe('ok');
  });

  it('falls back statement by statement: a stream started on the replica ends on the primary', async () => {
    const { primary, replica, reads } = setup();
    await reads.probe();
    const { runSql } = await reads.target();
    expect(await runSql(read)).toEqual([{ from: replica }]);

    replica.failure = connectionRefused();
    expect(await runSql(read)).toEqual([{ from: primary }]);
    expect(reads.health().state).toBe('down');
    // Down: the next statements go straight to the primary.
    replica.failure = null;
    expect(await runSql(read)).toEqual([{ from: primary }]);
    expect(replica.reads()).toEqual(['select 1', 'select 1']);

    replica.failure = Object.assign(new Error('bad'), { code: '22P02' });
    await reads.probe(); // a failing probe query counts as the replica failing
    expect(reads.health().state).toBe('down');
  });

  it('goes to the primary when the position check itself fails on the replica', async () => {
    const { replica, reads } = setup();
    await reads.probe();
    replica.failure = connectionRefused();
    expect((await reads.target()).onReplica).toBe(false);
    expect(reads.health().state).toBe('down');
  });
});
