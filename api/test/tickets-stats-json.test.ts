/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { eq, sql } from 'drizzle-orm';
import { API_PATHS, cityStatsResponseSchema, ticketStatsSchema } from 'shared-contracts/contracts';
import { z } from 'zod';
import type { App } from '../src/app';
import { cities, tickets, users } from '../src/db/schema';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { insertTicket } from './support/staffTicketFixtures';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

/**
 * The dashboard's counts are JSON written by the database (stats.ts, as the lists: listing.ts,
 * ADR 0007). It must be the very text the zod serializer wrote before, with the counts read
 * straight from the tickets.
 */
describe.each(databaseKinds)('stats answers written by the database on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  const tokens: Record<string, string> = {};
  // Quotes, a backslash and non-ASCII text, which the statement must escape as JSON does (a
  // newline or any other control character is refused by the query's schema).
  const ODD_CITY = 'Zoë "Quotes" \\ Back\\slash — मराठी 🏠';

  beforeAll(async () => {
    app = await buildDemoApp(database());
    // A city whose name JSON has to escape, with tickets in several statuses.
    await app.db.insert(cities).values({ name: ODD_CITY });
    await insertTicket(app, { city: ODD_CITY, state: 'rejected' });
    await insertTicket(app, { city: ODD_CITY });
    await insertTicket(app, { city: 'Mumbai', state: 'resolved' });
    await insertTicket(app, { city: 'Pune', state: 'cityPresidentApproved' });
    for (const email of ['admin@helpdesk.demo', 'pune.president@helpdesk.demo', 'governor@helpdesk.demo']) {
      tokens[email] = await tokenFor(app, email);
    }
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const get = (path: string, email: string, query: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url: `/api${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`,
      headers: bearer(tokens[email] as string),
    });

  /** The counts per city and status, from the tickets themselves (not the counts tables). */
  const countRows = () =>
    app.db
      .select({ city: cities.name, status: tickets.status, n: sql<number>`count(*)::int` })
      .from(tickets)
      .innerJoin(cities, eq(cities.id, tickets.cityId))
      .groupBy(cities.name, tickets.status);

  const CASES: [string, Record<string, string>][] = [
    ['admin@helpdesk.demo', {}],
    ['admin@helpdesk.demo', { city: ODD_CITY }],
    ['admin@helpdesk.demo', { city: 'Nowhere' }],
    ['pune.president@helpdesk.demo', {}],
    ['pune.president@helpdesk.demo', { city: 'Mumbai' }],
    ['governor@helpdesk.demo', { city: 'mumbai' }],
  ];

  it.each(CASES)(
    '%s %j: the text the zod serializer wrote, the counts of the tickets',
    async (email, query) => {
      const rows = await countRows();
      const me = email === 'pune.president@helpdesk.demo' ? 'pune' : undefined;
      const wanted = query.city?.toLowerCase();
      const seen = rows.filter(
        (row) =>
          (!me || row.city.toLowerCase() === me) &&
          (wanted === undefined || row.city.toLowerCase() === wanted),
      );
      const sum = (keep: (status: string) => boolean, list = seen) =>
        list.filter((row) => keep(row.status)).reduce((total, row) => total + row.n, 0);

      const stats = await get(API_PATHS.tickets.stats, email, query);
      expect(stats.statusCode).toBe(200);
      expect(stats.headers['content-type']).toBe('application/json; charset=utf-8');
      const cards = {
        total: sum(() => true),
        inReview: sum((status) => status === 'in-review'),
        resolved: sum((status) => status === 'resolved'),
        rejected: sum((status) => status === 'rejected'),
      };
      expect(stats.body).toBe(JSON.stringify(z.encode(ticketStatsSchema, cards)));

      const chart = await get(API_PATHS.tickets.cityStats, email, query);
      expect(chart.statusCode).toBe(200);
      expect(chart.headers['content-type']).toBe('application/json; charset=utf-8');
      // In the order PostgreSQL sorts the names (the answer's order before, `order by` the name).
      const names = (chart.json() as { city: string }[]).map((bar) => bar.city);
      expect([...names].sort()).toEqual([...new Set(seen.map((row) => row.city))].sort());
      const bars = names.map((city) => {
        const ofCity = seen.filter((row) => row.city === city);
        return {
          city,
          total: sum(() => true, ofCity),
          pending: sum((status) => status === 'pending' || status === 'in-review', ofCity),
          resolved: sum((status) => status === 'resolved', ofCity),
          rejected: sum((status) => status === 'rejected', ofCity),
        };
      });
      expect(chart.body).toBe(JSON.stringify(z.encode(cityStatsResponseSchema, bars)));
    },
  );

  it('reads the user behind the token in the same statement: a revoked session gets 401, not counts', async () => {
    const president = await tokenFor(app, 'nagpur.president@helpdesk.demo');
    const get2 = (path: string) =>
      app.inject({ method: 'GET', url: `/api${path}`, headers: bearer(president) });
    expect((await get2(API_PATHS.tickets.stats)).statusCode).toBe(200);
    await app.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, 'nagpur.president@helpdesk.demo'));
    for (const path of [API_PATHS.tickets.stats, API_PATHS.tickets.cityStats]) {
      const answer = await get2(path);
      expect([path, answer.statusCode, answer.json()]).toEqual([
        path,
        401,
        { error: 'Your session is no longer valid: sign in again', details: [] },
      ]);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
  });
});
