/**
 * The one rate limiter's store (services/rateLimitStore.ts, ADR 0044): the counts every limit keeps,
 * the slot the sign-in gives back, and the one pruning of the table; in PostgreSQL (and PGlite) and,
 * when TEST_REDIS_URL is set, in Redis, where the sign-in limits then count as well.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { App } from '../src/app';
import {
  databaseCounter,
  pruneRateLimitRows,
  type RateLimitCounter,
  redisCounter,
} from '../src/services/rateLimitStore';
import { buildDemoApp, login } from './support/session';
import { APP_TIMEOUT_MS, buildTestApp } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

/** What every counter does, whatever keeps it. */
function countsInFixedWindows(counter: () => RateLimitCounter, unique: () => string) {
  it('counts a key in its window, and starts it again once the window is over', async () => {
    const key = `test-ip:${unique()}`;
    expect(await counter().incr(key, 60_000)).toEqual({ current: 1, ttl: expect.any(Number) });
    const second = await counter().incr(key, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(58_000);
    expect(second.ttl).toBeLessThanOrEqual(60_000);

    const short = `test-ip:${unique()}`;
    await counter().incr(short, 300);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await counter().incr(short, 300)).current).toBe(1);
  });

  it('gives a slot back, or the whole count, and never goes below nothing', async () => {
    const key = `test-account:${unique()}`;
    for (let n = 0; n < 3; n++) await counter().incr(key, 60_000);
    await counter().giveBack(key, false);
    expect((await counter().incr(key, 60_000)).current).toBe(3);
    await counter().giveBack(key, true);
    expect((await counter().incr(key, 60_000)).current).toBe(1);
    await counter().giveBack(key, false);
    await counter().giveBack(key, false);
    expect((await counter().incr(key, 60_000)).current).toBe(1);
    await counter().giveBack(`test-account:${unique()}`, false); // a key never counted
  });
}

describe.each(databaseKinds)('the rate limit store on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let counter: RateLimitCounter;

  beforeAll(async () => {
    app = await buildTestApp(database());
    counter = databaseCounter(app.db);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  countsInFixedWindows(
    () => counter,
    () => randomBytes(6).toString('hex'),
  );

  it('prunes each key by the window of its own limit, and keys of no known limit by the longest', async () => {
    await app.db.execute(sql`delete from login_throttle`);
    await app.db.execute(sql`
      insert into login_throttle (key, window_start, count) values
        ('rate:203.0.113.1', now() - interval '2 minutes', 5),
        ('rate:203.0.113.2', now() - interval '10 seconds', 5),
        ('submit-ip:203.0.113.1', now() - interval '2 minutes', 1),
        ('submit-ip:203.0.113.2', now() - interval '2 hours', 1),
        ('retired:203.0.113.1', now() - interval '30 minutes', 1),
        ('retired:203.0.113.2', now() - interval '2 hours', 1)`);

    await pruneRateLimitRows(
      app.db,
      new Map([
        ['rate:', 60_000],
        ['submit-ip:', 3_600_000],
      ]),
    );

    const rows = (await app.db.execute(sql`select key from login_throttle order by key`)) as unknown as {
      rows: { key: string }[];
    };
    expect(rows.rows.map((row) => row.key)).toEqual([
      'rate:203.0.113.2',
      'retired:203.0.113.1',
      'submit-ip:203.0.113.1',
    ]);
  });
});

// TEST_REDIS_URL, not REDIS_URL: see productionSafety.test.ts.
(process.env.TEST_REDIS_URL ? describe : describe.skip)('the rate limit store in Redis', () => {
  let redis: Redis;
  const nameSpace = `helpdesk-rate-limit-test-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    redis = new Redis(process.env.TEST_REDIS_URL ?? '', { lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    const keys = await redis.keys(`${nameSpace}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  countsInFixedWindows(
    () => redisCounter(redis, nameSpace),
    () => randomBytes(6).toString('hex'),
  );

  describe('the sign-in limits, counted in Redis by two instances', () => {
    const databases = [useTestDatabase('pglite'), useTestDatabase('pglite')];
    const apps: App[] = [];
    // Each run counts under its own addresses, so reruns against one Redis start from nothing.
    const address = (last: number) =>
      `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${last}`;

    beforeAll(async () => {
      for (const database of databases) {
        apps.push(
          await buildDemoApp(database(), {
            LOGIN_MAX_PER_ACCOUNT: '3',
            LOGIN_MAX_PER_IP: '20',
            RATE_LIMIT_STORE: 'redis',
            REDIS_URL: process.env.TEST_REDIS_URL ?? '',
          }),
        );
      }
    }, APP_TIMEOUT_MS);
    afterAll(async () => {
      for (const app of apps) await app.close();
    });

    it('counts the failures made on either instance, and a success starts the account afresh', async () => {
      const [first, second] = apps as [App, App];
      const guesser = address(1);
      for (let attempt = 1; attempt <= 2; attempt++) {
        const instance = attempt % 2 ? first : second;
        expect(
          (await login(instance, 'pune.convenor@helpdesk.demo', 'Wrong@12345', guesser)).statusCode,
        ).toBe(401);
      }
      expect((await login(second, 'pune.convenor@helpdesk.demo', undefined, guesser)).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 3; attempt++) {
        const instance = attempt % 2 ? first : second;
        expect(
          (await login(instance, 'pune.convenor@helpdesk.demo', 'Wrong@12345', guesser)).statusCode,
        ).toBe(401);
      }

      const limited = await login(first, 'pune.convenor@helpdesk.demo', undefined, guesser);

      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login(second, 'pune.convenor@helpdesk.demo', undefined, address(2))).statusCode).toBe(
        200,
      );
    });
  });
});
