/**
 * The public ticket calls' limits per client address (submits; lookups by link and downloads),
 * counted in fixed windows in the `login_throttle` table like the sign-in limits, under their own
 * key prefixes (`submit-ip:`, `lookup-ip:`), so they hold across every api instance. Each request
 * takes its slot in one atomic upsert, so parallel requests cannot slip past the limit.
 */
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { type Clock, systemClock } from '../clock';
import type { ThrottleDecision } from '../loginThrottle';

export interface IpLimit {
  max: number;
  windowMs: number;
}

export class IpThrottle {
  constructor(
    private readonly db: AppDatabase,
    /** The key prefix, e.g. `submit-ip`. */
    private readonly prefix: string,
    private readonly limit: IpLimit,
    /** The windows are read on the api's clock. */
    private readonly clock: Clock = systemClock,
  ) {}

  /** Takes a slot for `ip` (or any other key of this limit: a ticket, an email's hash). */
  async reserve(ip: string): Promise<ThrottleDecision> {
    const key = `${this.prefix}:${ip}`;
    const window = `${this.limit.windowMs} milliseconds`;
    const now = sql`${this.clock.now().toISOString()}::timestamptz`;
    const expired = sql`login_throttle.window_start <= ${now} - ${window}::interval`;
    // Both drivers (node-postgres, PGlite) answer a raw statement with `{ rows }`.
    const result = (await this.db.execute(sql`
      insert into login_throttle (key, window_start, count)
      values (${key}, ${now}, 1)
      on conflict (key) do update set
        window_start = case when ${expired} then ${now} else login_throttle.window_start end,
        count = case when ${expired} then 1 else login_throttle.count + 1 end
      returning count,
        ceil(extract(epoch from (window_start + ${window}::interval - ${now})) * 1000) as retry_ms`)) as unknown as {
      rows: { count: number | string; retry_ms: number | string }[];
    };
    const [row] = result.rows;
    if (!row || Number(row.count) <= this.limit.max) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.retry_ms) / 1000)) };
  }

  /** Drops this limit's rows of windows that have ended. */
  async prune(): Promise<void> {
    const window = `${this.limit.windowMs} milliseconds`;
    const pattern = `${this.prefix}:%`;
    const now = sql`${this.clock.now().toISOString()}::timestamptz`;
    await this.db.execute(
      sql`delete from login_throttle where key like ${pattern} and window_start <= ${now} - ${window}::interval`,
    );
  }
}
