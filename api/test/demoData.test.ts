import { count, ne } from 'drizzle-orm';
import type { App } from '../src/app';
import { cities, committees, users } from '../src/db/schema';
import { buildDemoApp, DEMO_ACCOUNTS, login, TEST_SECRET } from './support/session';
import { APP_TIMEOUT_MS, buildTestApp } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

async function counts(app: App) {
  // Staff accounts: the demo tickets' members (role customer) are counted by tickets-listing.test.ts.
  const [userCount] = await app.db.select({ n: count() }).from(users).where(ne(users.role, 'customer'));
  const [cityCount] = await app.db.select({ n: count() }).from(cities);
  const [committeeCount] = await app.db.select({ n: count() }).from(committees);
  return { users: userCount?.n, cities: cityCount?.n, committees: committeeCount?.n };
}

describe.each(databaseKinds)('demo data on %s', (kind) => {
  describe('on a fresh database', () => {
    const database = useTestDatabase(kind);

    it(
      'seeds every demo account once, and not again on the next start',
      async () => {
        const first = await buildDemoApp(database());
        const seeded = await counts(first);
        await first.close();

        expect(seeded.users).toBe(Object.keys(DEMO_ACCOUNTS).length);
        expect(seeded.cities).toBeGreaterThanOrEqual(5);
        expect(seeded.committees).toBeGreaterThanOrEqual(8);

        const second = await buildDemoApp(database());
        try {
          expect(await counts(second)).toEqual(seeded);
        } finally {
          await second.close();
        }
      },
      APP_TIMEOUT_MS,
    );
  });

  describe('with DEMO_PASSWORD', () => {
    const database = useTestDatabase(kind);

    it(
      'gives the demo accounts that password instead',
      async () => {
        const app = await buildDemoApp(database(), { DEMO_PASSWORD: 'Other@Demo99' });
        try {
          expect((await login(app, 'admin@helpdesk.demo', 'Other@Demo99')).statusCode).toBe(200);
          expect((await login(app, 'admin@helpdesk.demo', 'Demo@12345')).statusCode).toBe(401);
        } finally {
          await app.close();
        }
      },
      APP_TIMEOUT_MS,
    );
  });

  describe('on a database that already has users', () => {
    const database = useTestDatabase(kind);

    it(
      'adds nothing',
      async () => {
        const plain = await buildTestApp(database(), { HELPDESK_SECRET: TEST_SECRET });
        await plain.inject({
          method: 'POST',
          url: '/api/auth/register-admin',
          payload: { fullName: 'Asha Rao', email: 'asha@example.com', password: 'FirstAdmin@1' },
        });
        await plain.close();

        const demo = await buildDemoApp(database());
        try {
          expect(await counts(demo)).toEqual({ users: 1, cities: 0, committees: 0 });
          expect((await login(demo, 'admin@helpdesk.demo')).statusCode).toBe(401);
        } finally {
          await demo.close();
        }
      },
      APP_TIMEOUT_MS,
    );
  });
});
