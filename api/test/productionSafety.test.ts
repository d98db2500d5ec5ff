import { sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { BOOTSTRAP_SECRET_HEADER } from '../src/routes/auth';
import { bearer, buildDemoApp, login, newUser, TEST_SECRET, tokenFor } from './support/session';
import {
  APP_TIMEOUT_MS,
  buildProductionTestApp,
  buildTestApp,
  type CapturedLogs,
  captureLogs,
} from './support/testApp';
import { databaseKinds, type TestDatabase, useTestDatabase } from './support/testDatabase';

const BOOTSTRAP_SECRET = 'bootstrap-Zq8#Lw2@Vn5!Rk7$Tx4%Hj6^Mp9&Bd3';

const buildProductionApp = (database: TestDatabase, env: Record<string, string> = {}) =>
  buildProductionTestApp(database, { HELPDESK_SECRET: TEST_SECRET, ...env });

const firstAdmin = {
  fullName: 'Asha Rao',
  email: 'asha.rao@example.org',
  password: 'Str0ng@Passphrase',
};

describe.each(databaseKinds)('production safety on %s', (kind) => {
  const database = useTestDatabase(kind);

  describe('client addresses', () => {
    let app: App;

    beforeAll(async () => {
      app = await buildTestApp(database(), {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_MAX: '2',
        RATE_LIMIT_WINDOW_MS: '60000',
      });
    }, APP_TIMEOUT_MS);
    afterAll(() => app?.close());

    const health = (remoteAddress: string, forwardedFor: string) =>
      app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });

    it('ignores X-Forwarded-For from an address that is not a configured proxy', async () => {
      // A new forged address on every request: were it believed, each would start a fresh count.
      expect((await health('203.0.113.20', '198.51.100.1')).statusCode).toBe(200);
      expect((await health('203.0.113.20', '198.51.100.2')).statusCode).toBe(200);

      expect((await health('203.0.113.20', '198.51.100.3')).statusCode).toBe(429);
    });

    it('counts each client behind the configured proxy on its own', async () => {
      for (const client of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
        expect((await health('127.0.0.1', client)).statusCode).toBe(200);
        expect((await health('127.0.0.1', client)).statusCode).toBe(200);
      }

      expect((await health('127.0.0.1', '192.0.2.1')).statusCode).toBe(429);
    });
  });

  describe('sign-in throttling', () => {
    let app: App;

    beforeAll(async () => {
      app = await buildDemoApp(database(), {
        LOGIN_MAX_PER_ACCOUNT: '5',
        LOGIN_MAX_PER_IP: '20',
        LOGIN_WINDOW_MS: '900000',
      });
    }, APP_TIMEOUT_MS);
    afterAll(() => app?.close());

    it("slows the guessing address down and never locks the account's owner out", async () => {
      for (let attempt = 1; attempt <= 6; attempt++) {
        await login(app, 'admin@helpdesk.demo', `Wrong@${attempt}`, '203.0.113.66');
      }
      expect((await login(app, 'admin@helpdesk.demo', undefined, '203.0.113.66')).statusCode).toBe(429);

      const owner = await login(app, 'admin@helpdesk.demo', undefined, '198.51.100.23');

      expect(owner.statusCode).toBe(200);
    });
  });

  describe('the first admin in production', () => {
    const empty = useTestDatabase(kind); // no users: the demo data of the other blocks has an admin
    it(
      'is gone without HELPDESK_BOOTSTRAP_SECRET: 404 before the body is read',
      async () => {
        const app = await buildProductionApp(empty());
        try {
          const response = await app.inject({
            method: 'POST',
            url: '/api/auth/register-admin',
            payload: firstAdmin,
          });

          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ error: 'Not found', details: [] });
          expect((await login(app, firstAdmin.email, firstAdmin.password)).statusCode).toBe(401);
        } finally {
          await app.close();
        }
      },
      APP_TIMEOUT_MS,
    );

    it(
      'needs the bootstrap secret, works once with it, and is gone once an admin exists',
      async () => {
        const app = await buildProductionApp(empty(), { HELPDESK_BOOTSTRAP_SECRET: BOOTSTRAP_SECRET });
        const register = (secret: string | undefined, body: object = firstAdmin) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/register-admin',
            payload: body,
            headers: secret === undefined ? {} : { [BOOTSTRAP_SECRET_HEADER]: secret },
          });
        try {
          expect((await register(undefined)).statusCode).toBe(403);
          expect((await register(`${BOOTSTRAP_SECRET}x`)).statusCode).toBe(403);

          expect((await register(BOOTSTRAP_SECRET)).statusCode).toBe(201);

          const again = await register(BOOTSTRAP_SECRET, { ...firstAdmin, email: 'mallory@example.org' });
          expect(again.statusCode).toBe(404);
          expect(again.json()).toEqual({ error: 'Not found', details: [] });
          expect((await login(app, firstAdmin.email, firstAdmin.password)).statusCode).toBe(200);
        } finally {
          await app.close();
        }
      },
      APP_TIMEOUT_MS,
    );
  });

  describe('the OpenAPI page', () => {
    it(
      'is off in production unless API_DOCS=true',
      async () => {
        const off = await buildProductionApp(database());
        try {
          expect((await off.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
          expect((await off.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
        } finally {
          await off.close();
        }
        const on = await buildProductionApp(database(), { API_DOCS: 'true' });
        try {
          expect((await on.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
        } finally {
          await on.close();
        }
      },
      APP_TIMEOUT_MS,
    );
  });

  describe('logs of a failing statement', () => {
    let app: App;
    let logs: CapturedLogs;

    beforeAll(async () => {
      logs = captureLogs();
      app = await buildDemoApp(database(), {}, logs);
    }, APP_TIMEOUT_MS);
    afterAll(() => app?.close());

    it('name no parameter of the statement: no email, mobile or password hash', async () => {
      const adminToken = await tokenFor(app, 'admin@helpdesk.demo');
      // Every new user row now breaks a constraint the api does not know: an unexpected failure.
      await app.db.execute(sql`alter table users add constraint refuse_new_rows check (false) not valid`);
      const user = newUser({ mobile: '9123456780' });
      try {
        const response = await app.inject({
          method: 'POST',
          url: '/api/admin/users/new',
          headers: bearer(adminToken),
          payload: user,
        });

        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ error: 'Internal server error', details: [] });
      } finally {
        await app.db.execute(sql`alter table users drop constraint refuse_new_rows`);
      }
      const failure = logs.lines.find((line) => line.msg === 'request failed');
      expect(failure).toBeDefined();
      // What failed is still there to find: the constraint and its SQLSTATE.
      expect(JSON.stringify(failure)).toContain('refuse_new_rows');
      const everything = JSON.stringify(logs.lines);
      expect(everything).not.toContain(user.email);
      expect(everything).not.toContain(user.mobile);
      expect(everything).not.toContain('$argon2');
      expect(everything).not.toContain(user.password);
    });
  });
});

/**
 * Two api instances share the general rate limit: on PostgreSQL (the default with DATABASE_URL)
 * and on Redis (REDIS_URL; TEST_REDIS_URL in the tests), so N instances behind nginx do not allow N times RATE_LIMIT_MAX.
 */
function sharesTheRateLimit(
  store: 'database' | 'redis',
  databases: [() => TestDatabase, () => TestDatabase],
) {
  let first: App;
  let second: App;
  // Each run counts under its own address, so reruns against one Redis start from nothing.
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

  beforeAll(async () => {
    const env = {
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW_MS: '60000',
      RATE_LIMIT_STORE: store,
      ...(store === 'redis' ? { REDIS_URL: process.env.TEST_REDIS_URL ?? '' } : {}),
    };
    first = await buildTestApp(databases[0](), env);
    second = await buildTestApp(databases[1](), env);
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('counts the requests made on every instance', async () => {
    const call = (app: App) => app.inject({ method: 'GET', url: '/api/health', remoteAddress: address });
    expect((await call(first)).statusCode).toBe(200);
    expect((await call(second)).statusCode).toBe(200);
    expect((await call(first)).statusCode).toBe(200);

    const limited = await call(second);

    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(first)).statusCode).toBe(429);
  });
}

// Two instances on one PostgreSQL (PGlite allows one process per database).
(databaseKinds.includes('postgres') ? describe : describe.skip)(
  'the general rate limit in PostgreSQL, across two instances',
  () => {
    const database = useTestDatabase('postgres');
    sharesTheRateLimit('database', [database, database]);
  },
);

// Redis is the only thing the two instances share here: each has a database of its own.
// TEST_REDIS_URL, not REDIS_URL: the api processes other tests start inherit the environment, and
// must keep their own in-process or database counters. CI sets it when a Redis server answers.
(process.env.TEST_REDIS_URL ? describe : describe.skip)(
  'the general rate limit in Redis, across two instances',
  () => {
    sharesTheRateLimit('redis', [useTestDatabase('pglite'), useTestDatabase('pglite')]);
  },
);
