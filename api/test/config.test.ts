import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { repoDir } from '../src/paths';

const SECRET = 'k7Qm2vX9pL4tR8wZ1cN6bH3jF5dS0aYe';

describe('loadConfig', () => {
  it('has a default for everything but DATABASE_URL', () => {
    expect(loadConfig({})).toEqual({
      nodeEnv: 'development',
      host: '127.0.0.1',
      port: 4000,
      databaseUrl: undefined,
      databasePoolMax: 10,
      dataDir: path.join(repoDir, 'data'),
      uploadDir: path.join(repoDir, 'data', 'uploads'),
      bodyLimitBytes: 1024 * 1024,
      rateLimit: { max: 300, windowMs: 60_000, store: 'memory', apiTokenMax: 600 },
      redisUrl: undefined,
      trustProxy: false,
      apiDocs: true,
      bootstrapSecret: undefined,
      logLevel: 'info',
      tokenSecret: undefined,
      tokenTtlSeconds: 8 * 3600,
      sessionIdleMinutes: 60,
      sessionMaxHours: 8,
      submitEmailsPerAddress: 5,
      loginLimit: { maxPerAccount: 5, maxPerIp: 20, windowMs: 15 * 60_000 },
      demoData: { enabled: false, password: 'Demo@12345' },
      submitLimit: { max: 20, windowMs: 60 * 60_000 },
      lookupLimit: { max: 300, windowMs: 15 * 60_000 },
      uploadMaxBytes: 20 * 1024 * 1024,
      uploadSweepGraceMs: 60 * 60_000,
      publicUrl: 'http://localhost:8080',
      mail: { smtpUrl: undefined, from: 'Help Desk <helpdesk@localhost>' },
      scheduler: { enabled: true, tickMs: 60_000 },
      outbox: {
        worker: true,
        benchWithoutRows: false,
        pollMs: 1_000,
        leaseMs: 120_000,
        batchSize: 20,
        concurrency: 4,
        retryBaseMs: 30_000,
        maxBackoffMs: 24 * 3600_000,
      },
      sms: undefined,
      whatsapp: undefined,
      phoneCountryCode: '91',
      phoneWebhooks: { whatsapp: {}, sms: {} },
      webhookAllowedHosts: [],
      replyLimit: { maxPerTicket: 30, maxPerIp: 60, windowMs: 60 * 60_000 },
      memberLinkLimit: { maxPerIp: 10, maxPerEmail: 3, windowMs: 60 * 60_000 },
      retentionYears: 3,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '8081',
      DATABASE_URL: 'postgres://helpdesk@db:5432/helpdesk',
      DATABASE_POOL_MAX: '20',
      DATA_DIR: '/srv/helpdesk',
      UPLOAD_DIR: '/mnt/shared/uploads',
      BODY_LIMIT_BYTES: '2048',
      RATE_LIMIT_MAX: '50',
      RATE_LIMIT_WINDOW_MS: '1000',
      TRUST_PROXY: '127.0.0.1,10.0.0.0/8',
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'redis://127.0.0.1:6379',
      API_DOCS: 'true',
      HELPDESK_BOOTSTRAP_SECRET: 'bootstrap-Zq8#Lw2@Vn5!Rk7$Tx4%Hj6^Mp9&Bd3',
      LOG_LEVEL: 'warn',
      HELPDESK_SECRET: SECRET,
      TOKEN_TTL_SECONDS: '3600',
      SESSION_IDLE_MINUTES: '20',
      SESSION_MAX_HOURS: '12',
      SUBMIT_EMAILS_PER_ADDRESS: '3',
      LOGIN_MAX_PER_ACCOUNT: '3',
      LOGIN_MAX_PER_IP: '50',
      LOGIN_WINDOW_MS: '600000',
      HELPDESK_DEMO_DATA: 'false',
      DEMO_PASSWORD: 'Another@Demo1',
      SUBMIT_MAX_PER_IP: '5',
      SUBMIT_WINDOW_MS: '120000',
      LOOKUP_MAX_PER_IP: '40',
      LOOKUP_WINDOW_MS: '60000',
      UPLOAD_MAX_BYTES: '1048576',
      UPLOAD_SWEEP_GRACE_MS: '0',
      PUBLIC_URL: 'https://helpdesk.example.org/',
      SMTP_URL: 'smtps://mailer:pass@smtp.example.org:465',
      MAIL_FROM: 'Help Desk <help@example.org>',
      REPLY_ADDRESS: 'help@example.org',
      IMAP_URL: 'imaps://help%40example.org:secret@imap.example.org/INBOX',
      IMAP_PROCESSED_FOLDER: 'Done',
      IMAP_POLL_MS: '30000',
      OUTBOX_WORKER: 'false',
      SLA_SCHEDULER: 'false',
      SLA_TICK_MS: '30000',
      OUTBOX_POLL_MS: '500',
      OUTBOX_LEASE_MS: '60000',
      OUTBOX_BATCH: '50',
      OUTBOX_CONCURRENCY: '8',
      OUTBOX_RETRY_BASE_MS: '10000',
      OUTBOX_MAX_BACKOFF_MS: '3600000',
      SMS_PROVIDER: 'msg91',
      SMS_AUTH_KEY: 'msg91-key',
      SMS_SENDER_ID: 'HLPDSK',
      SMS_TEMPLATES: 'ticketSubmittedMember=1207161234567890123, ticketStatusChanged=1207161234567890124',
      WHATSAPP_TOKEN: 'wa-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
      WHATSAPP_TEMPLATES: 'ticketStatusChanged=helpdesk_status',
      WHATSAPP_LANGUAGE: 'en_US',
      WHATSAPP_APP_SECRET: 'meta-app-secret-0123456789',
      WHATSAPP_VERIFY_TOKEN: 'verify-token-0123456789',
      SMS_WEBHOOK_SECRET: 'sms-webhook-secret-0123456789',
      PHONE_COUNTRY_CODE: '91',
      REPLY_MAX_PER_TICKET: '10',
      REPLY_MAX_PER_IP: '20',
      REPLY_WINDOW_MS: '60000',
      MEMBER_LINK_MAX_PER_IP: '4',
      MEMBER_LINK_MAX_PER_EMAIL: '2',
      MEMBER_LINK_WINDOW_MS: '120000',
      RETENTION_YEARS: '5',
    });

    expect(config).toEqual({
      nodeEnv: 'production',
      host: '0.0.0.0',
      port: 8081,
      databaseUrl: 'postgres://helpdesk@db:5432/helpdesk',
      databasePoolMax: 20,
      dataDir: '/srv/helpdesk',
      uploadDir: '/mnt/shared/uploads',
      bodyLimitBytes: 2048,
      rateLimit: { max: 50, windowMs: 1000, store: 'redis', apiTokenMax: 600 },
      redisUrl: 'redis://127.0.0.1:6379',
      apiDocs: true,
      bootstrapSecret: 'bootstrap-Zq8#Lw2@Vn5!Rk7$Tx4%Hj6^Mp9&Bd3',
      trustProxy: '127.0.0.1,10.0.0.0/8',
      logLevel: 'warn',
      tokenSecret: SECRET,
      tokenTtlSeconds: 3600,
      sessionIdleMinutes: 20,
      sessionMaxHours: 12,
      submitEmailsPerAddress: 3,
      loginLimit: { maxPerAccount: 3, maxPerIp: 50, windowMs: 600_000 },
      demoData: { enabled: false, password: 'Another@Demo1' },
      submitLimit: { max: 5, windowMs: 120_000 },
      lookupLimit: { max: 40, windowMs: 60_000 },
      uploadMaxBytes: 1024 * 1024,
      uploadSweepGraceMs: 0,
      publicUrl: 'https://helpdesk.example.org',
      mail: { smtpUrl: 'smtps://mailer:pass@smtp.example.org:465', from: 'Help Desk <help@example.org>' },
      replyAddress: 'help@example.org',
      imap: {
        url: 'imaps://help%40example.org:secret@imap.example.org/INBOX',
        processedFolder: 'Done',
        pollMs: 30_000,
      },
      scheduler: { enabled: false, tickMs: 30_000 },
      outbox: {
        worker: false,
        benchWithoutRows: false,
        pollMs: 500,
        leaseMs: 60_000,
        batchSize: 50,
        concurrency: 8,
        retryBaseMs: 10_000,
        maxBackoffMs: 3_600_000,
      },
      sms: {
        provider: 'msg91',
        authKey: 'msg91-key',
        senderId: 'HLPDSK',
        apiUrl: 'https://control.msg91.com/api/v5/flow',
        templates: {
          ticketSubmittedMember: '1207161234567890123',
          ticketStatusChanged: '1207161234567890124',
        },
      },
      whatsapp: {
        token: 'wa-token',
        phoneNumberId: '1234567890',
        apiUrl: 'https://graph.facebook.com/v21.0',
        templates: { ticketStatusChanged: 'helpdesk_status' },
        language: 'en_US',
      },
      phoneCountryCode: '91',
      phoneWebhooks: {
        whatsapp: { appSecret: 'meta-app-secret-0123456789', verifyToken: 'verify-token-0123456789' },
        sms: { webhookSecret: 'sms-webhook-secret-0123456789' },
      },
      webhookAllowedHosts: [],
      replyLimit: { maxPerTicket: 10, maxPerIp: 20, windowMs: 60_000 },
      memberLinkLimit: { maxPerIp: 4, maxPerEmail: 2, windowMs: 120_000 },
      retentionYears: 5,
    });
  });

  it('puts uploads under DATA_DIR unless UPLOAD_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/helpdesk' }).uploadDir).toBe('/srv/helpdesk/uploads');
  });

  it('reads a replica for a PostgreSQL primary only', () => {
    expect(loadConfig({}).replica).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/hd', DATABASE_REPLICA_URL: 'postgres://replica/hd' }).replica,
    ).toEqual({ url: 'postgres://replica/hd', maxLagMs: 5_000 });
    expect(
      loadConfig({
        DATABASE_URL: 'postgres://db/hd',
        DATABASE_REPLICA_URL: 'postgres://replica/hd',
        REPLICA_MAX_LAG_MS: '800',
      }).replica?.maxLagMs,
    ).toBe(800);
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica/hd' })).toThrow(
      'DATABASE_REPLICA_URL: needs DATABASE_URL',
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/hd', DATABASE_REPLICA_URL: 'mysql://x' })).toThrow(
      'DATABASE_REPLICA_URL: must be a postgres:// or postgresql:// connection URL',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 4000 });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['loopback', 'loopback'],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it('names every wrong variable and what it must be', () => {
    const load = () =>
      loadConfig({ PORT: '70000', NODE_ENV: 'staging', DATABASE_URL: 'mysql://x', TRUST_PROXY: '2' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      [
        'Invalid environment variables:',
        '  NODE_ENV: Invalid option: expected one of "development"|"production"|"test"',
        '  PORT: must be a whole number from 0 to 65535',
        '  DATABASE_URL: must be a postgres:// or postgresql:// connection URL',
        '  TRUST_PROXY: must be true, false, or comma-separated proxy addresses or CIDR ranges (e.g. 127.0.0.1)',
        'See api/README.md for each variable and its default.',
      ].join('\n'),
    );
  });

  it('refuses to run in production without HELPDESK_SECRET, saying what to set', () => {
    const load = () => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/helpdesk' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(
      'HELPDESK_SECRET: is required when NODE_ENV=production: it signs the sign-in tokens. Set it to a ' +
        'random value of at least 32 bytes, the same on every api instance (e.g. `openssl rand -base64 48`)',
    );
  });

  it('lets commands that sign no tokens run in production without HELPDESK_SECRET', () => {
    const config = loadConfig({ NODE_ENV: 'production' }, { isServer: false });

    expect(config.tokenSecret).toBeUndefined();
  });

  it('accepts a production setup with a secret and PostgreSQL: shared rate limit, no OpenAPI page', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HELPDESK_SECRET: SECRET,
      DATABASE_URL: 'postgres://db/hd',
    });

    expect(config.tokenSecret).toBe(SECRET);
    expect(config.rateLimit.store).toBe('database');
    expect(config.apiDocs).toBe(false);
  });

  it("refuses the benchmark's switch that writes no outbox rows in production, and reads it elsewhere", () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        HELPDESK_SECRET: SECRET,
        DATABASE_URL: 'postgres://db/hd',
        OUTBOX_BENCH_WITHOUT_ROWS: 'true',
      }),
    ).toThrow('OUTBOX_BENCH_WITHOUT_ROWS: must not be true when NODE_ENV=production');
    expect(loadConfig({ OUTBOX_BENCH_WITHOUT_ROWS: 'true' }).outbox.benchWithoutRows).toBe(true);
  });

  it('refuses to run in production on the embedded database', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HELPDESK_SECRET: SECRET })).toThrow(
      'DATABASE_URL: is required when NODE_ENV=production: the embedded database (PGlite) does not survive',
    );
  });

  it.each([
    ['one repeated character', 'a'.repeat(48), 'has fewer than 12 different characters'],
    ['a repeated pattern', 'Ab3$Cd5%Ef7&'.repeat(4), 'repeats a short pattern'],
    ['a placeholder', 'please-Change-Me-to-a-Long-Random-Value-2026!', 'contains a placeholder word'],
  ])('refuses a trivially weak secret in production: %s', (_what, weak, reason) => {
    const load = () =>
      loadConfig({ NODE_ENV: 'production', HELPDESK_SECRET: weak, DATABASE_URL: 'postgres://db/hd' });

    expect(load).toThrow(`HELPDESK_SECRET: is trivially weak (it ${reason})`);
  });

  it('refuses TRUST_PROXY=true in production, where any client could forge its address', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        HELPDESK_SECRET: SECRET,
        DATABASE_URL: 'postgres://db/hd',
        TRUST_PROXY: 'true',
      }),
    ).toThrow('TRUST_PROXY: must not be true when NODE_ENV=production');
  });

  it.each([
    [{ REDIS_URL: 'redis://127.0.0.1:6379' }, 'redis'],
    [{ DATABASE_URL: 'postgres://db/hd' }, 'database'],
    [{ DATABASE_URL: 'postgres://db/hd', RATE_LIMIT_STORE: 'memory' }, 'memory'],
  ])('counts the general rate limit where every instance sees it (%j)', (env, store) => {
    expect(loadConfig(env).rateLimit.store).toBe(store);
  });

  it('refuses a shared rate limit store that is not configured', () => {
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow(
      'RATE_LIMIT_STORE: redis needs REDIS_URL',
    );
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'database' })).toThrow(
      'RATE_LIMIT_STORE: database needs DATABASE_URL',
    );
  });

  it('refuses a secret shorter than 32 bytes', () => {
    expect(() => loadConfig({ HELPDESK_SECRET: 'too-short' })).toThrow(
      'HELPDESK_SECRET: must be at least 32 bytes long',
    );
  });

  it('refuses demo data in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        HELPDESK_SECRET: SECRET,
        DATABASE_URL: 'postgres://db/hd',
        HELPDESK_DEMO_DATA: 'true',
      }),
    ).toThrow('HELPDESK_DEMO_DATA: must not be true when NODE_ENV=production');
  });

  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
  ])('reads HELPDESK_DEMO_DATA=%s', (value, expected) => {
    expect(loadConfig({ HELPDESK_DEMO_DATA: value }).demoData.enabled).toBe(expected);
  });

  it.each([
    ['LOGIN_MAX_PER_ACCOUNT', '0'],
    ['LOGIN_MAX_PER_IP', 'many'],
    ['TOKEN_TTL_SECONDS', '5'],
    ['HELPDESK_DEMO_DATA', 'maybe'],
    ['DEMO_PASSWORD', 'short'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(`  ${name}: `);
  });
});
