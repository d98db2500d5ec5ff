import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { type SQL, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { AppDatabase } from '../db/database';
import { rowsOf } from '../db/rows';

/** What @fastify/rate-limit's stores answer: the count in the window and the milliseconds left of it. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: RateLimitCount) => void;

/**
 * Where the one rate limiter counts: fixed windows per key. `giveBack` is the one thing
 * @fastify/rate-limit's store interface has no word for: a limit that counts only failures (the
 * sign-in) takes its slot first, like every limit, and returns it when the attempt succeeds
 * (ADR 0044).
 */
export interface RateLimitCounter {
  incr(key: string, windowMs: number): Promise<RateLimitCount>;
  /** Returns one slot of `key` (`restart`: the whole count: the key starts afresh). */
  giveBack(key: string, restart: boolean): Promise<void>;
}

/** Keys of the general rate limit, beside the route limits' own (`submit-ip:…`, `account:…`). */
export const GENERAL_PREFIX = 'rate:';

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
 * Counts in PostgreSQL (`login_throttle`, fixed windows), so every api instance behind nginx spends
 * the same budget: N instances no longer allow N times a limit. One atomic upsert per count, the
 * window restarting in the same statement, so parallel requests cannot slip past a limit.
 */
export function databaseCounter(db: AppDatabase): RateLimitCounter {
  return {
    async incr(key, windowMs) {
      const window = `${windowMs} milliseconds`;
      const expired = sql`login_throttle.window_start <= now() - ${window}::interval`;
      const [row] = rowsOf<CountRow>(
        await db.execute(sql`
        insert into login_throttle (key, window_start, count)
        select ${key}, now(), 1 from ${ASYNC_COMMIT}
        on conflict (key) do update set
          window_start = case when ${expired} then now() else login_throttle.window_start end,
          count = case when ${expired} then 1 else login_throttle.count + 1 end
        returning count,
          ceil(extract(epoch from (window_start + ${window}::interval - now())) * 1000) as ttl_ms`),
      );
      return { current: Number(row?.count ?? 1), ttl: Math.max(0, Number(row?.ttl_ms ?? windowMs)) };
    },
    async giveBack(key, restart) {
      await db.execute(
        restart
          ? sql`delete from login_throttle where key = ${key}`
          : sql`update login_throttle set count = greatest(count - 1, 0) where key = ${key}`,
      );
    },
  };
}

/** Increments and, on a window's first count, expires the key: one round trip, atomic in Redis. */
const REDIS_INCR = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if current == 1 or ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}`;
const REDIS_GIVE_BACK = `
  if ARGV[1] == '1' then return redis.call('DEL', KEYS[1]) end
  if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then return redis.call('DECR', KEYS[1]) end
  return 0`;

interface RedisWithLimits {
  helpdeskRateLimitIncr(key: string, windowMs: number): Promise<[number, number]>;
  helpdeskRateLimitGiveBack(key: string, restart: '0' | '1'): Promise<number>;
}

/** Counts in Redis under `nameSpace` (REDIS_URL): every instance shares them, each key expires with its window. */
export function redisCounter(redis: Redis, nameSpace: string): RateLimitCounter {
  redis.defineCommand('helpdeskRateLimitIncr', { numberOfKeys: 1, lua: REDIS_INCR });
  redis.defineCommand('helpdeskRateLimitGiveBack', { numberOfKeys: 1, lua: REDIS_GIVE_BACK });
  const commands = redis as unknown as RedisWithLimits;
  return {
    async incr(key, windowMs) {
      const [current, ttl] = await commands.helpdeskRateLimitIncr(nameSpace + key, windowMs);
      return { current: Number(current), ttl: Number(ttl) };
    },
    async giveBack(key, restart) {
      await commands.helpdeskRateLimitGiveBack(nameSpace + key, restart ? '1' : '0');
    },
  };
}

/** At most this many keys in memory (@fastify/rate-limit's own default): the oldest window goes first. */
const MEMORY_KEYS = 5000;

/**
 * Counts in this process (RATE_LIMIT_STORE=memory, the default on PGlite, which allows one process).
 * Only the general limit counts here: the route limits count in the database even then.
 */
export class MemoryCounter implements RateLimitCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  async incr(key: string, windowMs: number): Promise<RateLimitCount> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= MEMORY_KEYS) this.windows.delete(this.windows.keys().next().value as string);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }

  async giveBack(key: string, restart: boolean): Promise<void> {
    const window = this.windows.get(key);
    if (!window) return;
    if (restart) this.windows.delete(key);
    else window.count = Math.max(0, window.count - 1);
  }

  /** Forgets the windows that have ended. */
  prune(): void {
    const now = Date.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}

/**
 * The store @fastify/rate-limit counts in (its `store` option). The general limit counts in
 * `general` under `rate:` keys; every child (a route's `config.rateLimit`, `app.createRateLimit`)
 * counts in `routes`: a route's config under `rate:METHOD/url:`, a limiter of `app.routeLimit`
 * under the keys its keyGenerator names in full (`submit-ip:203.0.113.9`).
 */
export function rateLimitStore(general: RateLimitCounter, routes: RateLimitCounter) {
  return class HelpdeskRateLimitStore implements FastifyRateLimitStore {
    private counter = general;
    private prefix = GENERAL_PREFIX;

    incr(key: string, callback: Callback, timeWindow: number): void {
      this.counter.incr(this.prefix + key, timeWindow).then(
        (count) => callback(null, count),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): HelpdeskRateLimitStore {
      // At run time the plugin passes the merged settings, with the route (if any) under routeInfo.
      const { routeInfo } = routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } };
      const child = new HelpdeskRateLimitStore();
      child.counter = routes;
      child.prefix =
        typeof routeInfo?.url === 'string'
          ? `${GENERAL_PREFIX}${String(routeInfo.method)}${routeInfo.url}:`
          : '';
      return child;
    }
  };
}

/**
 * Drops the rows of windows that have ended, each key by its own limit's window (`windows`: key
 * prefix → milliseconds); rows of no known prefix (a limit since renamed) once the longest window
 * is over. One statement, run now and then by any instance.
 */
export async function pruneRateLimitRows(
  db: AppDatabase,
  windows: ReadonlyMap<string, number>,
): Promise<void> {
  if (windows.size === 0) return;
  const longest = Math.max(0, ...windows.values());
  const windowOf: SQL[] = [...windows].map(
    ([prefix, ms]) => sql`when starts_with(key, ${prefix}) then ${`${ms} milliseconds`}::interval`,
  );
  await db.execute(sql`
    delete from login_throttle
    where window_start <= now() - case ${sql.join(windowOf, sql` `)} else ${`${longest} milliseconds`}::interval end`);
}
