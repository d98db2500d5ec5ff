import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { databaseRateLimitStore, pruneRateLimitRows } from '../services/rateLimitStore';

const PRUNE_EVERY_MS = 10 * 60_000;

const HELMET_OPTIONS: FastifyHelmetOptions = {
  global: true,
  // The api answers JSON only: nothing in it may load, run or be framed.
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' }, // the same rule for browsers that predate frame-ancestors
};

/**
 * The headers helmet sets with HELMET_OPTIONS, worked out once by a throwaway Fastify instance:
 * they are the same on every answer, and @fastify/helmet built them again (CSP text included) on
 * every request, ~6 % of the CPU of a stats call (bench/README.md). The docs page still sets its
 * own CSP over them (plugins/docs.ts), as it did over helmet's.
 */
async function helmetHeaders(): Promise<[string, string | string[]][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', (_request, reply) => {
    reply.send(reply.raw.getHeaders());
  });
  try {
    const set = (await probe.inject({ method: 'GET', url: '/' })).json() as Record<string, string | string[]>;
    const entries = Object.entries(set);
    if (!entries.some(([name]) => name === 'content-security-policy')) {
      throw new Error('helmet set no content-security-policy');
    }
    return entries;
  } finally {
    await probe.close();
  }
}

/** Security headers and the global per-IP rate limit, on every answer including errors and 404s. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Registered first: its headers are set before any later hook can fail the request.
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // A store that fails (PostgreSQL restarting) lets the request through: the route then answers
    // for itself (503 with Retry-After when it needs the database, /api/health its own body).
    skipOnError: true,
    ...(await sharedRateLimitStore(app, config)),
  });
}

/**
 * Where the general rate limit counts (RATE_LIMIT_STORE): Redis or PostgreSQL, shared by every
 * instance, or this process's memory (the embedded database allows one process anyway).
 */
async function sharedRateLimitStore(app: FastifyInstance, config: Config) {
  const { store, windowMs } = config.rateLimit;
  if (store === 'redis' && config.redisUrl) {
    // Fail fast instead of queueing requests behind a Redis that does not answer.
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    redis.on('error', (error) => app.log.warn({ err: error }, 'the rate limit store (Redis) failed'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis.quit();
    });
    return { redis, nameSpace: 'helpdesk-rate-limit:' };
  }
  if (store === 'database') {
    const pruner = setInterval(() => {
      pruneRateLimitRows(app.db, windowMs).catch((error) =>
        app.log.warn({ err: error }, 'pruning the rate limit rows failed'),
      );
    }, PRUNE_EVERY_MS);
    pruner.unref();
    app.addHook('onClose', async () => clearInterval(pruner));
    return { store: databaseRateLimitStore(app.db) };
  }
  return {};
}
