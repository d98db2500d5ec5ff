import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { repoDir } from './paths';
import { StartupError } from './startupError';

const MIB = 1024 * 1024;

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

// proxy-addr (used by fastify) also understands these names for address ranges.
const namedProxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  const [address = '', prefix] = entry.split('/');
  return (
    namedProxyRanges.has(entry) || (isIP(address) !== 0 && (prefix === undefined || /^\d+$/.test(prefix)))
  );
}

// fastify's trustProxy: true (believe X-Forwarded-For from anyone: only when the api is reachable
// through the proxy alone) or the proxies' addresses. Checked here so a typo fails at boot, clearly.
const trustProxy = z
  .string()
  .transform((value, ctx): boolean | string => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (value.split(',').every((entry) => isProxyAddress(entry.trim()))) return value;
    ctx.addIssue({
      code: 'custom',
      message: 'must be true, false, or comma-separated proxy addresses or CIDR ranges (e.g. 127.0.0.1)',
    });
    return z.NEVER;
  })
  .default(false);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: wholeNumber(0, 65535).default(4000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// connection URL' })
      .optional(),
    DATABASE_POOL_MAX: wholeNumber(1, 1000).default(10),
    DATA_DIR: z.string().default(path.join(repoDir, 'data')),
    UPLOAD_DIR: z.string().optional(),
    BODY_LIMIT_BYTES: wholeNumber(1).default(MIB),
    RATE_LIMIT_MAX: wholeNumber(1).default(300),
    RATE_LIMIT_WINDOW_MS: wholeNumber(1).default(60_000),
    TRUST_PROXY: trustProxy,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => {
    const dataDir = path.resolve(env.DATA_DIR);
    return {
      nodeEnv: env.NODE_ENV,
      host: env.HOST,
      port: env.PORT,
      databaseUrl: env.DATABASE_URL,
      databasePoolMax: env.DATABASE_POOL_MAX,
      dataDir,
      uploadDir: env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
      trustProxy: env.TRUST_PROXY,
      logLevel: env.LOG_LEVEL,
    };
  });

export type Config = z.output<typeof envSchema>;

export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

/** Reads the api's settings from environment variables (see api/README.md), or throws ConfigError. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=` in a compose file) means "not set", not "set to nothing".
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(setVariables);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(
    `Invalid environment variables:\n${problems.join('\n')}\nSee api/README.md for each variable and its default.`,
  );
}
