import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';

/** What @fastify/rate-limit's stores answer: the count in the window and the milliseconds left of it. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: RateLimitCount) => void;

/** Keys of the general rate limit in `login_throttle`, beside the sign-in and ticket limits' own. */
const KEY_PREFIX = 'rate:';

/**
 * Every request runs this upsert, and from one address every upsert waits for the row lock of the
 * one before it, held until its commit. A counter may lose its last fraction of a second in a
 * server crash, so this transaction commits without waiting for the WAL flush (`synchronous_commit
 * = off`, set for this statement's transaction only: the FROM item makes it one round trip). The
 * list benchmark went from 189 to about 690 req/s on one address (bench/README.md).
 */
export const ASYNC_COMMIT = sql`(select set_config('synchronous_commit', 'off', true)) as async_commit`;

interface CountRow {
  count: number | string;
  ttl_ms: number | string;
}

/**
 * The general rate limit counted in PostgreSQL (`login_throttle`, fixed windows), so every api
 * instance behind nginx spends the same per-address budget: N instances no longer allow N times
 * RATE_LIMIT_MAX. One atomic upsert per request; the window restarts in the same statement.
 */
export function databaseRateLimitStore(db: AppDatabase) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin constructs the store with its settings; a child is constructed with its key prefix.
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : KEY_PREFIX;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const window = `${timeWindow} milliseconds`;
      const expired = sql`login_throttle.window_start <= now() - ${window}::interval`;
      // Both drivers (node-postgres, PGlite) answer a raw statement with `{ rows }`.
      (
        db.execute(sql`
          insert into login_throttle (key, window_start, count)
          select ${this.prefix + key}, now(), 1 from ${ASYNC_COMMIT}
          on conflict (key) do update set
            window_start = case when ${expired} then now() else login_throttle.window_start end,
            count = case when ${expired} then 1 else login_throttle.count + 1 end
          returning count,
            ceil(extract(epoch from (window_start + ${window}::interval - now())) * 1000) as ttl_ms`) as Promise<unknown>
      ).then(
        (result) => {
          const row = (result as { rows: CountRow[] }).rows[0];
          callback(null, {
            current: Number(row?.count ?? 1),
            ttl: Math.max(0, Number(row?.ttl_ms ?? timeWindow)),
          });
        },
        (error: Error) => callback(error),
      );
    }

    /** A route with limits of its own counts apart from the global limit. */
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): DatabaseRateLimitStore {
      // At run time the plugin passes the route's merged settings, with the route under routeInfo.
      const { routeInfo } = routeOptions as unknown as { routeInfo?: { method: string; url: string } };
      const route = routeInfo ?? routeOptions;
      return new DatabaseRateLimitStore(`${this.prefix}${String(route.method)}${route.url}:`);
    }
  };
}

/** Drops the general rate limit's rows of windows that have ended (any instance, now and then). */
export async function pruneRateLimitRows(db: AppDatabase, windowMs: number): Promise<void> {
  await db.execute(sql`
    delete from login_throttle
    where key like ${`${KEY_PREFIX}%`} and window_start <= now() - ${`${windowMs} milliseconds`}::interval`);
}
