import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { registerRateLimit } from './rateLimit';

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

/**
 * Security headers and the rate limiter (the global per-IP limit, on every answer including errors
 * and 404s, and the routes' own limits: plugins/rateLimit.ts).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Registered first: its headers are set before any later hook can fail the request.
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await registerRateLimit(app, config);
  // Behind nginx without TRUST_PROXY every request seems to come from nginx: one address for all
  // visitors, so every per-address limit counts them together (ADR 0054). Said at start, loudly.
  if (config.nodeEnv === 'production' && config.trustProxy === false) app.log.warn(TRUST_PROXY_UNSET);
}

export const TRUST_PROXY_UNSET =
  'TRUST_PROXY is not set: behind a proxy (nginx) every client seems to be the proxy, so per-address limits ' +
  'and logs count every visitor as one. Set TRUST_PROXY to the proxy addresses (api/README.md)';
