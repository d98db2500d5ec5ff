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

// fastify's trustProxy: the proxies' addresses (X-Forwarded-For is believed only on connections from
// them), or true (believe it from anyone: refused in production, where a client could forge its
// address past every per-address limit). Checked here so a typo fails at boot, clearly.
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

/** `true`/`false` (also `1`/`0`, `yes`/`no`), for switches like HELPDESK_DEMO_DATA. */
const isTrue = (value: string | undefined) => value === 'true' || value === '1' || value === 'yes';
const optionalFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform(isTrue)
  .optional();
const flag = optionalFlag.default(false);

// HS256 needs a key at least as long as its output (RFC 7518 §3.2): 32 bytes.
const SECRET_MIN_BYTES = 32;
// Long enough is not random enough: `aaaa…`, `abcabc…` or a phrase a person picked can be guessed
// offline from one token. Random output (base64 or hex) has far more distinct characters than 12
// and never spells these words.
const SECRET_MIN_DISTINCT_CHARACTERS = 12;
const PLACEHOLDER_WORDS = /secret|password|changeme|change-me|helpdesk|example|default|qwerty|123456/i;

/** Why a secret is trivially weak, or undefined when it looks random. */
export function weakSecretReason(value: string): string | undefined {
  if (new Set(value).size < SECRET_MIN_DISTINCT_CHARACTERS) {
    return `has fewer than ${SECRET_MIN_DISTINCT_CHARACTERS} different characters`;
  }
  if (/^(.{1,16}?)\1+$/s.test(value)) return 'repeats a short pattern';
  if (PLACEHOLDER_WORDS.test(value)) return 'contains a placeholder word';
  return undefined;
}

const secret = z
  .string()
  .refine((value) => Buffer.byteLength(value, 'utf8') >= SECRET_MIN_BYTES, {
    error: `must be at least ${SECRET_MIN_BYTES} bytes long (e.g. the output of \`openssl rand -base64 48\`)`,
  })
  .optional();

export const DEFAULT_DEMO_PASSWORD = 'Demo@12345';

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
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// connection URL' })
      .optional(),
    REPLICA_MAX_LAG_MS: wholeNumber(100, 3_600_000).default(5_000),
    DATA_DIR: z.string().default(path.join(repoDir, 'data')),
    UPLOAD_DIR: z.string().optional(),
    BODY_LIMIT_BYTES: wholeNumber(1).default(MIB),
    RATE_LIMIT_MAX: wholeNumber(1).default(300),
    RATE_LIMIT_WINDOW_MS: wholeNumber(1).default(60_000),
    /** Requests one API token may make per RATE_LIMIT_WINDOW_MS (ADR 0063). */
    API_TOKEN_RATE_LIMIT_MAX: wholeNumber(1).default(600),
    /** Hosts or addresses webhooks may reach although private or loopback (comma-separated; ADR 0064). */
    WEBHOOK_ALLOWED_HOSTS: z.string().default(''),
    /** A PEM file of certificate authorities webhook receivers may use besides the system's (ADR 0064). */
    WEBHOOK_CA_FILE: z.string().optional(),
    TRUST_PROXY: trustProxy,
    RATE_LIMIT_STORE: z.enum(['memory', 'database', 'redis']).optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })
      .optional(),
    API_DOCS: optionalFlag,
    HELPDESK_BOOTSTRAP_SECRET: z
      .string()
      .min(SECRET_MIN_BYTES, { error: `must be at least ${SECRET_MIN_BYTES} characters long` })
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HELPDESK_SECRET: secret,
    TOKEN_TTL_SECONDS: wholeNumber(60, 30 * 24 * 3600).default(8 * 3600),
    SESSION_IDLE_MINUTES: wholeNumber(1, 365 * 24 * 60).default(60),
    SESSION_MAX_HOURS: wholeNumber(1, 10 * 365 * 24).default(8),
    LOGIN_MAX_PER_ACCOUNT: wholeNumber(1).default(5),
    LOGIN_MAX_PER_IP: wholeNumber(1).default(20),
    LOGIN_WINDOW_MS: wholeNumber(1000).default(15 * 60_000),
    SUBMIT_MAX_PER_IP: wholeNumber(1).default(20),
    SUBMIT_WINDOW_MS: wholeNumber(1000).default(60 * 60_000),
    SUBMIT_EMAILS_PER_ADDRESS: wholeNumber(1).default(5),
    LOOKUP_MAX_PER_IP: wholeNumber(1).default(300),
    LOOKUP_WINDOW_MS: wholeNumber(1000).default(15 * 60_000),
    UPLOAD_MAX_BYTES: wholeNumber(1, 1024 * MIB).default(20 * MIB),
    UPLOAD_SWEEP_GRACE_MS: wholeNumber(0).default(60 * 60_000),
    HELPDESK_DEMO_DATA: flag,
    DEMO_PASSWORD: z
      .string()
      .min(8, { error: 'must be at least 8 characters' })
      .default(DEFAULT_DEMO_PASSWORD),
    HELPDESK_DEMO_TICKETS: wholeNumber(0, 100_000).optional(),
    PUBLIC_URL: z
      .string()
      .regex(/^https?:\/\/[^/?#]+\/?$/, {
        error: "must be the site's origin, e.g. https://helpdesk.example.org",
      })
      .default('http://localhost:8080'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
      .optional(),
    MAIL_FROM: z.string().default('Help Desk <helpdesk@localhost>'),
    REPLY_ADDRESS: z
      .string()
      .regex(/^(?:[^<>]*<)?[A-Za-z0-9._%-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}>?$/, {
        error: 'must be an email address without a + tag, e.g. help@example.org',
      })
      .optional(),
    IMAP_URL: z
      .string()
      .regex(/^imaps?:\/\/[^/]+/, {
        error: 'must be an imap:// or imaps:// URL, e.g. imaps://user:password@host/INBOX',
      })
      .optional(),
    IMAP_PROCESSED_FOLDER: z.string().min(1).default('Processed'),
    IMAP_POLL_MS: wholeNumber(100).default(60_000),
    OUTBOX_WORKER: optionalFlag,
    SLA_SCHEDULER: optionalFlag,
    SLA_TICK_MS: wholeNumber(1_000).default(60_000),
    RETENTION_YEARS: wholeNumber(1, 100).default(3),
    OUTBOX_BENCH_WITHOUT_ROWS: optionalFlag,
    OUTBOX_POLL_MS: wholeNumber(10).default(1_000),
    OUTBOX_LEASE_MS: wholeNumber(1_000).default(120_000),
    OUTBOX_BATCH: wholeNumber(1, 1_000).default(20),
    OUTBOX_CONCURRENCY: wholeNumber(1, 100).default(4),
    OUTBOX_RETRY_BASE_MS: wholeNumber(1).default(30_000),
    OUTBOX_MAX_BACKOFF_MS: wholeNumber(1).default(24 * 3600_000),
    SMS_PROVIDER: z.enum(['msg91']).optional(),
    SMS_AUTH_KEY: z.string().optional(),
    SMS_SENDER_ID: z.string().optional(),
    SMS_API_URL: z.string().url().default('https://control.msg91.com/api/v5/flow'),
    SMS_TEMPLATES: z.string().optional(),
    WHATSAPP_TOKEN: z.string().optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
    WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
    WHATSAPP_TEMPLATES: z.string().optional(),
    WHATSAPP_LANGUAGE: z.string().default('en'),
    WHATSAPP_APP_SECRET: z
      .string()
      .min(16, { error: 'must be the Meta app secret (at least 16 characters)' })
      .optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    SMS_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    PHONE_COUNTRY_CODE: z
      .string()
      .regex(/^\d{1,3}$/, { error: 'must be 1 to 3 digits' })
      .default('91'),
    REPLY_MAX_PER_TICKET: wholeNumber(1).default(30),
    REPLY_MAX_PER_IP: wholeNumber(1).default(60),
    REPLY_WINDOW_MS: wholeNumber(1000).default(60 * 60_000),
    MEMBER_LINK_MAX_PER_IP: wholeNumber(1).default(10),
    MEMBER_LINK_MAX_PER_EMAIL: wholeNumber(1).default(3),
    MEMBER_LINK_WINDOW_MS: wholeNumber(1000).default(60 * 60_000),
  })
  .transform((env) => {
    const dataDir = path.resolve(env.DATA_DIR);
    return {
      nodeEnv: env.NODE_ENV,
      host: env.HOST,
      port: env.PORT,
      databaseUrl: env.DATABASE_URL,
      databasePoolMax: env.DATABASE_POOL_MAX,
      /** A streaming replica of DATABASE_URL for reports, exports and searches (ADR 0077). */
      replica: env.DATABASE_REPLICA_URL
        ? { url: env.DATABASE_REPLICA_URL, maxLagMs: env.REPLICA_MAX_LAG_MS }
        : undefined,
      dataDir,
      uploadDir: env.UPLOAD_DIR ? path.resolve(env.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
      bodyLimitBytes: env.BODY_LIMIT_BYTES,
      rateLimit: {
        max: env.RATE_LIMIT_MAX,
        windowMs: env.RATE_LIMIT_WINDOW_MS,
        apiTokenMax: env.API_TOKEN_RATE_LIMIT_MAX,
        // Shared by every instance unless there can be only one (PGlite: one process per folder).
        store: env.RATE_LIMIT_STORE ?? (env.REDIS_URL ? 'redis' : env.DATABASE_URL ? 'database' : 'memory'),
      },
      redisUrl: env.REDIS_URL,
      trustProxy: env.TRUST_PROXY,
      /** The OpenAPI document and its page: on unless turned off, off in production unless turned on. */
      apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
      /** The one-time secret POST /api/auth/register-admin needs in production (unset: the call is gone). */
      bootstrapSecret: env.HELPDESK_BOOTSTRAP_SECRET,
      logLevel: env.LOG_LEVEL,
      /** Unset outside production: the api then generates one and keeps it in its database. */
      tokenSecret: env.HELPDESK_SECRET,
      tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
      /** No-script submits naming one email address per day (the emails they cause, ADR 0054). */
      submitEmailsPerAddress: env.SUBMIT_EMAILS_PER_ADDRESS,
      /** A session unused this long is over, and any session this long after sign-in (ADR 0053). */
      sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
      sessionMaxHours: env.SESSION_MAX_HOURS,
      loginLimit: {
        maxPerAccount: env.LOGIN_MAX_PER_ACCOUNT,
        maxPerIp: env.LOGIN_MAX_PER_IP,
        windowMs: env.LOGIN_WINDOW_MS,
      },
      /** `tickets`: how many demo tickets the demo data gets (unset: the default of demoTickets.ts). */
      demoData: {
        enabled: env.HELPDESK_DEMO_DATA,
        password: env.DEMO_PASSWORD,
        tickets: env.HELPDESK_DEMO_TICKETS,
      },
      /** Public ticket calls per client address: submits, and lookups by link and downloads. */
      submitLimit: { max: env.SUBMIT_MAX_PER_IP, windowMs: env.SUBMIT_WINDOW_MS },
      lookupLimit: { max: env.LOOKUP_MAX_PER_IP, windowMs: env.LOOKUP_WINDOW_MS },
      /** Largest attachment (docs/product.md#constants: 20 MB); a larger one gets 413. */
      uploadMaxBytes: env.UPLOAD_MAX_BYTES,
      /** Files left by a crash are removed once this old (other instances may be mid-upload). */
      uploadSweepGraceMs: env.UPLOAD_SWEEP_GRACE_MS,
      /** The site's origin, for the links in the messages (the api never sees it otherwise). */
      publicUrl: env.PUBLIC_URL.replace(/\/+$/, ''),
      webhookCaFile: env.WEBHOOK_CA_FILE,
      webhookAllowedHosts: env.WEBHOOK_ALLOWED_HOSTS.split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
      mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
      /**
       * Replies by email (ADR 0059): the reply address every member email about a ticket carries
       * (tagged per ticket), and the mailbox it is read from (none: replies go by the ticket's page).
       */
      replyAddress: env.REPLY_ADDRESS,
      imap: env.IMAP_URL
        ? { url: env.IMAP_URL, processedFolder: env.IMAP_PROCESSED_FOLDER, pollMs: env.IMAP_POLL_MS }
        : undefined,
      /**
       * The SLA scheduler (docs/architecture.md#time-and-service-levels): whether this process ticks
       * (on unless turned off; off by default under NODE_ENV=test, where tests tick by hand) and how often.
       */
      scheduler: { enabled: env.SLA_SCHEDULER ?? env.NODE_ENV !== 'test', tickMs: env.SLA_TICK_MS },
      /** Years after a ticket closed that its personal data is erased, after a notice (ADR 0051). */
      retentionYears: env.RETENTION_YEARS,
      outbox: {
        /** Whether this process sends messages (on unless turned off; rows are written either way). */
        worker: env.OUTBOX_WORKER ?? true,
        /** Benchmarks only (bench/outbox.mjs): write no rows, to measure what they cost. */
        benchWithoutRows: env.OUTBOX_BENCH_WITHOUT_ROWS ?? false,
        pollMs: env.OUTBOX_POLL_MS,
        leaseMs: env.OUTBOX_LEASE_MS,
        batchSize: env.OUTBOX_BATCH,
        concurrency: env.OUTBOX_CONCURRENCY,
        retryBaseMs: env.OUTBOX_RETRY_BASE_MS,
        maxBackoffMs: env.OUTBOX_MAX_BACKOFF_MS,
      },
      sms:
        env.SMS_PROVIDER && env.SMS_AUTH_KEY
          ? {
              provider: env.SMS_PROVIDER,
              authKey: env.SMS_AUTH_KEY,
              senderId: env.SMS_SENDER_ID,
              apiUrl: env.SMS_API_URL,
              templates: templateMap(env.SMS_TEMPLATES),
            }
          : undefined,
      whatsapp:
        env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID
          ? {
              token: env.WHATSAPP_TOKEN,
              phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
              apiUrl: env.WHATSAPP_API_URL,
              templates: templateMap(env.WHATSAPP_TEMPLATES),
              language: env.WHATSAPP_LANGUAGE,
            }
          : undefined,
      phoneCountryCode: env.PHONE_COUNTRY_CODE,
      /** The secrets the providers sign their webhooks with (ADR 0060); unset: that webhook does not exist. */
      phoneWebhooks: {
        whatsapp: { appSecret: env.WHATSAPP_APP_SECRET, verifyToken: env.WHATSAPP_VERIFY_TOKEN },
        sms: { webhookSecret: env.SMS_WEBHOOK_SECRET },
      },
      /** Replies per ticket and per client address (POST /tickets/{id}/replies). */
      replyLimit: {
        maxPerTicket: env.REPLY_MAX_PER_TICKET,
        maxPerIp: env.REPLY_MAX_PER_IP,
        windowMs: env.REPLY_WINDOW_MS,
      },
      /** Member links asked for by email (POST /members/links), per client address and per address. */
      memberLinkLimit: {
        maxPerIp: env.MEMBER_LINK_MAX_PER_IP,
        maxPerEmail: env.MEMBER_LINK_MAX_PER_EMAIL,
        windowMs: env.MEMBER_LINK_WINDOW_MS,
      },
    };
  });

export type Config = z.output<typeof envSchema>;

/**
 * `SMS_TEMPLATES` / `WHATSAPP_TEMPLATES`: `template=providerId` pairs separated by commas, e.g.
 * `ticketSubmittedMember=1207161234567890123,ticketStatusChanged=1207161234567890124` (the DLT
 * template ids registered with the SMS gateway, or the approved WhatsApp template names).
 */
function templateMap(value: string | undefined): Record<string, string> {
  const map: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const [name, id] = pair.split('=').map((part) => part.trim());
    if (name && id) map[name] = id;
  }
  return map;
}

export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

export interface LoadConfigOptions {
  /**
   * The server: in production it refuses to start without a strong HELPDESK_SECRET (it signs
   * tokens) and on the embedded database. Commands that only touch the database (create-admin)
   * pass false.
   */
  isServer?: boolean;
}

/** Reads the api's settings from environment variables (see api/README.md), or throws ConfigError. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { isServer = true }: LoadConfigOptions = {},
): Config {
  // An empty variable (`DATABASE_URL=` in a compose file) means "not set", not "set to nothing".
  const setVariables = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(setVariables);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const production = setVariables.NODE_ENV === 'production';
  const productionSecret = setVariables.HELPDESK_SECRET;
  if (isServer && production && !productionSecret) {
    problems.push(
      '  HELPDESK_SECRET: is required when NODE_ENV=production: it signs the sign-in tokens. Set it to a ' +
        'random value of at least 32 bytes, the same on every api instance (e.g. `openssl rand -base64 48`)',
    );
  }
  const weakness =
    isServer && production && productionSecret ? weakSecretReason(productionSecret) : undefined;
  if (weakness && Buffer.byteLength(productionSecret ?? '', 'utf8') >= SECRET_MIN_BYTES) {
    problems.push(
      `  HELPDESK_SECRET: is trivially weak (it ${weakness}): anyone who guesses it can sign tokens. Use a ` +
        'random value (e.g. `openssl rand -base64 48`)',
    );
  }
  if (isServer && production && !setVariables.DATABASE_URL) {
    problems.push(
      '  DATABASE_URL: is required when NODE_ENV=production: the embedded database (PGlite) does not ' +
        'survive a power cut and allows one api process. Point it at PostgreSQL',
    );
  }
  if (setVariables.DATABASE_REPLICA_URL && !setVariables.DATABASE_URL) {
    problems.push(
      '  DATABASE_REPLICA_URL: needs DATABASE_URL: a replica reads for a PostgreSQL primary, not for PGlite',
    );
  }
  if (production && setVariables.TRUST_PROXY === 'true') {
    problems.push(
      '  TRUST_PROXY: must not be true when NODE_ENV=production: any client could then forge its address ' +
        'in X-Forwarded-For and walk around every per-address limit. List the proxies instead (e.g. 127.0.0.1)',
    );
  }
  if (setVariables.IMAP_URL && !setVariables.REPLY_ADDRESS) {
    problems.push(
      '  IMAP_URL: needs REPLY_ADDRESS, the address the mailbox receives (e.g. help@example.org): the replies ' +
        'are recognised by its tagged forms',
    );
  }
  if (setVariables.RATE_LIMIT_STORE === 'redis' && !setVariables.REDIS_URL) {
    problems.push('  RATE_LIMIT_STORE: redis needs REDIS_URL');
  }
  if (setVariables.RATE_LIMIT_STORE === 'database' && !setVariables.DATABASE_URL) {
    problems.push(
      '  RATE_LIMIT_STORE: database needs DATABASE_URL (the embedded database has one process: use memory)',
    );
  }
  if (production && isTrue(setVariables.HELPDESK_DEMO_DATA)) {
    problems.push(
      '  HELPDESK_DEMO_DATA: must not be true when NODE_ENV=production: the demo accounts share a published ' +
        'password. Create the first admin with the create-admin command instead (api/README.md, "The first admin")',
    );
  }
  if (production && isTrue(setVariables.OUTBOX_BENCH_WITHOUT_ROWS)) {
    problems.push(
      '  OUTBOX_BENCH_WITHOUT_ROWS: must not be true when NODE_ENV=production: no notification would be written (it is for bench/outbox.mjs)',
    );
  }
  if (result.success && problems.length === 0) return result.data;
  throw new ConfigError(
    `Invalid environment variables:\n${problems.join('\n')}\nSee api/README.md for each variable and its default.`,
  );
}
