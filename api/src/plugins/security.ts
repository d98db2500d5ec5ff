import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/** Security headers and the global per-IP rate limit, on every answer including errors and 404s. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Registered first: its headers are set before any later hook can fail the request.
  await app.register(helmet, {
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
  });
  // Kept in memory per instance: N instances allow N times the limit. A store shared by all
  // instances (PostgreSQL or Redis) replaces it when per-account limits arrive.
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
  });
}
