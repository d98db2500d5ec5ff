/**
 * The outbox worker (ADR 0026): in every api process, claims due messages (SKIP LOCKED, a lease),
 * sends each through its channel outside any transaction, and marks it: sent; or the next attempt
 * after a delay doubling from OUTBOX_RETRY_BASE_MS; or failed once that delay would pass
 * OUTBOX_MAX_BACKOFF_MS (24 h) or the refusal is permanent; or held when its channel is not
 * configured. At least once: a crash after the send and before the mark sends again, with the
 * same outbox id as the message's identity. Every time it compares comes from the clock service.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { MessageChannel } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import type { Clock } from '../clock';
import { type Channel, PermanentSendError } from './channels/channel';
import { claimDue, markAttemptFailed, markHeld, markSent, type OutboxRow, releaseClaim } from './outboxStore';
import { withPersonalParams } from './personalParams';
import { openParams } from './sealedParams';

export interface WorkerSettings {
  /** How often an idle worker looks for due messages. */
  pollMs: number;
  /** How long a claimed message is this worker's before another may take it. */
  leaseMs: number;
  /** Messages claimed at once. */
  batchSize: number;
  /** Messages sent at once within a batch. */
  concurrency: number;
  /** The first retry's delay; each next one doubles. */
  retryBaseMs: number;
  /** The longest delay: a message whose next delay would be longer fails. */
  maxBackoffMs: number;
}

/** The delay before the next attempt after `attempts` failed ones, or null when it is time to give up. */
export function nextDelayMs(
  attempts: number,
  settings: Pick<WorkerSettings, 'retryBaseMs' | 'maxBackoffMs'>,
) {
  const delay = settings.retryBaseMs * 2 ** Math.max(0, attempts - 1);
  return delay > settings.maxBackoffMs ? null : delay;
}

/** A test hook: what the worker does right after claiming (the fault suite kills the process there). */
export type AfterClaimHook = (rows: OutboxRow[]) => void | Promise<void>;

/**
 * Completes a message just before it is sent (the member link of /track); null means there is
 * nothing to send (an address without a member): the row is settled as sent with that note.
 */
export type PrepareMessage = (row: OutboxRow) => Promise<OutboxRow | null>;

/** The note on a /track row whose address has no member. */
export const NOTHING_TO_SEND = 'no member has this address: nothing was sent';

export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private wakeRequested = false;

  constructor(
    private readonly db: AppDatabase,
    private readonly clock: Clock,
    private readonly channels: Record<MessageChannel, Channel>,
    private readonly settings: WorkerSettings,
    private readonly log: FastifyBaseLogger,
    private readonly prepare: Partial<Record<string, PrepareMessage>> = {},
    private readonly afterClaim?: AfterClaimHook,
  ) {}

  /** Starts polling. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for due messages now (after a commit that wrote some), instead of at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the batch in hand to be marked. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.loop().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    let full = false;
    try {
      this.wakeRequested = false;
      full = (await this.runOnce()) >= this.settings.batchSize;
    } catch (error) {
      this.log.warn({ err: error }, 'the outbox worker could not claim messages (will try again)');
    }
    this.schedule(full || this.wakeRequested ? 0 : this.settings.pollMs);
  }

  /** Claims one batch of due messages and settles each; returns how many it claimed. */
  async runOnce(): Promise<number> {
    const rows = await claimDue(this.db, this.clock.now(), this.settings.leaseMs, this.settings.batchSize);
    if (rows.length === 0) return 0;
    await this.afterClaim?.(rows);
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const row = rows[next++];
        if (!row) continue;
        // The batch shares one lease: behind slow sends (a server answering at its timeouts), the
        // last rows would be sent after their lease ran out, when another instance may have claimed
        // and sent them too. A row with less than half its lease left goes back unsent instead.
        if (this.leaseLeftMs(row) < this.settings.leaseMs / 2) await this.giveBack(row);
        else await this.deliver(row);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.settings.concurrency, rows.length) }, lane));
    return rows.length;
  }

  private leaseLeftMs(row: OutboxRow): number {
    return (row.lockedUntil?.getTime() ?? 0) - this.clock.now().getTime();
  }

  private async giveBack(row: OutboxRow): Promise<void> {
    try {
      await releaseClaim(this.db, row);
    } catch (error) {
      // Its lease runs out instead: the row is claimed again then.
      this.log.warn({ err: error, outboxId: row.id }, 'could not give back an outbox message');
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const channel = this.channels[row.channel];
    try {
      if (!channel?.configured) {
        await markHeld(this.db, row, channel?.heldReason ?? `no ${row.channel} channel`);
        return;
      }
      let ready: OutboxRow | null = row;
      let providerMessageId: string | null = null;
      try {
        const prepare = this.prepare[row.event];
        // The private links were sealed at rest (ADR 0052): opened for this send only; the personal
        // data is read from where it lives, by the ids the row names (ADR 0078).
        const opened = await withPersonalParams(this.db, { ...row, params: openParams(row.params) });
        ready = prepare ? await prepare(opened) : opened;
        if (ready) providerMessageId = (await channel.send(ready))?.providerMessageId ?? null;
      } catch (error) {
        await this.failed(row, error);
        return;
      }
      const note = ready ? null : NOTHING_TO_SEND;
      if (!(await markSent(this.db, row, this.clock.now(), note, providerMessageId))) {
        this.log.warn({ outboxId: row.id }, 'an outbox message was sent after its lease ran out');
      }
    } catch (error) {
      // The database failed while marking: the lease runs out and the message is sent again.
      this.log.error({ err: error, outboxId: row.id }, 'could not mark an outbox message');
    }
  }

  private async failed(row: OutboxRow, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const delay = error instanceof PermanentSendError ? null : nextDelayMs(row.attempts, this.settings);
    const nextAttemptAt = delay === null ? null : new Date(this.clock.now().getTime() + delay);
    await markAttemptFailed(this.db, row, reason.slice(0, 1000), nextAttemptAt);
    this.log.warn(
      { outboxId: row.id, channel: row.channel, attempts: row.attempts, err: error, failed: delay === null },
      delay === null ? 'an outbox message failed for good' : 'an outbox message will be sent again later',
    );
  }
}
