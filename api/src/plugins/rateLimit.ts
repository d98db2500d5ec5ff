import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import {
  databaseCounter,
  GENERAL_PREFIX,
  MemoryCounter,
  pruneRateLimitRows,
  type RateLimitCounter,
  rateLimitStore,
  redisCounter,
} from '../services/rateLimitStore';

/** The answer of a route's limit: go ahead, or wait this many seconds. */
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A limit of a route's own, counted by the one rate limiter in its shared store. */
export interface RouteLimiter {
  /** Counts the request against the limit (under the key the limit takes from it). */
  take(request: FastifyRequest): Promise<LimitDecision>;
  /**
   * Gives the request's slot back (`restart`: the whole count), for a limit that counts only
   * failures: the sign-in takes its slots before verifying and returns them on success (ADR 0044).
   */
  giveBack(request: FastifyRequest, options?: { restart?: boolean }): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A limit of `max` requests per `windowMs` for a route, keyed `name:` + `keyOf(request)` (default:
     * the client address): `app.createRateLimit` in the rate limit's store, so every instance shares it.
     * Checked where the route chooses (before the body is read, or once it knows the ticket or the
     * email), as many limits as it needs; the global per-address limit still applies.
     */
    routeLimiter(
      name: string,
      limit: { max: number; windowMs: number },
      keyOf?: (request: FastifyRequest) => string,
    ): RouteLimiter;
  }
}

const PRUNE_EVERY_MS = 10 * 60_000;

/** The client address a limit counts: an IPv6 address by its /64, as the general limit does. */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * The one rate limiter (@fastify/rate-limit): the general per-address limit on every route (404s
 * included), and the routes' own limits (`app.routeLimiter`: sign-in, submit, lookups, replies,
 * member links), all in one store (RATE_LIMIT_STORE, ADR 0020 and 0044), pruned by one timer.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const { general, routes } = await counters(app, config);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // A store that fails (PostgreSQL restarting) lets the request through: the route then answers
    // for itself (503 with Retry-After when it needs the database, /api/health its own body).
    skipOnError: true,
    store: rateLimitStore(general, routes),
  });

  /** Each key prefix and its window, for the pruning. */
  const windows = new Map<string, number>([[GENERAL_PREFIX, config.rateLimit.windowMs]]);
  app.decorate('routeLimiter', (name, { max, windowMs }, keyOf = clientAddress): RouteLimiter => {
    const prefix = `${name}:`;
    const known = windows.get(prefix);
    if (prefix === GENERAL_PREFIX || (known !== undefined && known !== windowMs)) {
      throw new Error(`the rate limit "${name}" is taken`);
    }
    windows.set(prefix, windowMs);
    const keyFor = (request: FastifyRequest) => prefix + keyOf(request);
    const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: keyFor });
    return {
      async take(request) {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return { allowed: true };
        return { allowed: false, retryAfterSeconds: Math.max(1, result.ttlInSeconds) };
      },
      async giveBack(request, options) {
        try {
          await routes.giveBack(keyFor(request), options?.restart === true);
        } catch (error) {
          // As skipOnError: the slot stays taken until its window ends.
          request.log.warn({ err: error }, 'giving back a rate limit slot failed');
        }
      },
    };
  });

  const pruner = setInterval(() => {
    if (general instanceof MemoryCounter) general.prune();
    // Also with Redis: rows a former store left in the table go once their window is over.
    pruneRateLimitRows(app.db, windows).catch((error) =>
      app.log.warn({ err: error }, 'pruning the rate limit rows failed'),
    );
  }, PRUNE_EVERY_MS);
  pruner.unref();
  app.addHook('onClose', async () => clearInterval(pruner));
}

/**
 * Where the limits count (RATE_LIMIT_STORE): Redis or PostgreSQL, shared by every instance; with
 * `memory` (the default on PGlite, which allows one process) the general limit counts in this
 * process and the routes' own limits still in the database.
 */
async function counters(
  app: FastifyInstance,
  config: Config,
): Promise<{ general: RateLimitCounter; routes: RateLimitCounter }> {
  const { store } = config.rateLimit;
  if (store === 'redis' && config.redisUrl) {
    // Fail fast instead of queueing requests behind a Redis that does not answer.
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', (error) => app.log.warn({ err: error }, 'the rate limit store (Redis) failed'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
    const counter = redisCounter(redis, 'helpdesk-rate-limit:');
    return { general: counter, routes: counter };
  }
  const database = databaseCounter(app.db);
  return { general: store === 'database' ? database : new MemoryCounter(), routes: database };
}
