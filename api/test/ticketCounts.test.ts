/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { eq, sql } from 'drizzle-orm';
import { API_PATHS } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { cities, tickets } from '../src/db/schema';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { insertTicket, type TicketState } from './support/staffTicketFixtures';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const DAY_MS = 86_400_000;

const NARROWINGS: Record<string, string>[] = [
  {},
  { status: 'pending' },
  { city: 'Pune', status: 'resolved' },
  { city: 'Mumbai' },
];

/**
 * ADR 0007: list totals and the dashboard's counts add up ticket_counts and ticket_day_counts,
 * which triggers keep. These tests compare both with the tickets themselves: after inserts,
 * status and city changes, moves in time and deletes, and for list totals over ranges of days
 * that start and end inside a day, in several time zones.
 */
describe.each(databaseKinds)('ticket counts on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let admin: string;

  beforeAll(async () => {
    app = await buildDemoApp(database());
    // Tickets on the days around 2026-03-10, close to midnight UTC and to midnight at UTC+5:30.
    const states: TicketState[] = [
      'pending',
      'resolved',
      'rejected',
      'reviewedPending',
      'cityPresidentApproved',
    ];
    let n = 0;
    for (let day = 0; day < 6; day++) {
      for (const hour of [0.25, 5.4, 12, 18.6, 23.9]) {
        n += 1;
        await insertTicket(app, {
          city: n % 3 === 0 ? 'Mumbai' : 'Pune',
          state: states[n % states.length],
          title: `Counted ticket ${n}`,
          createdAt: new Date(Date.parse('2026-03-07T00:00:00Z') + day * DAY_MS + hour * 3_600_000),
        });
      }
    }
    admin = await tokenFor(app, 'admin@helpdesk.demo');
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  /** The counts tables against a count of the tickets: equal, zeros aside. */
  async function expectCountsExact() {
    const byRows = async (query: ReturnType<typeof sql>) =>
      ((await app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows.map((row) =>
        JSON.stringify(row),
      );
    expect(
      await byRows(sql`select city_id, status, n from ticket_counts where n <> 0 order by 1, 2`),
    ).toEqual(
      await byRows(sql`select city_id, status, count(*)::int as n from tickets group by 1, 2 order by 1, 2`),
    );
    expect(
      await byRows(
        sql`select city_id, status, day::text, n from ticket_day_counts where n <> 0 order by 1, 2, 3`,
      ),
    ).toEqual(
      await byRows(
        sql`select city_id, status, ((created_at at time zone 'UTC')::date)::text as day, count(*)::int as n
            from tickets group by 1, 2, 3 order by 1, 2, 3`,
      ),
    );
  }

  it('stay exact through inserts, updates of status, city and time, and deletes', async () => {
    await expectCountsExact();
    const [mumbai] = await app.db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Mumbai'));
    const some = await app.db.select({ id: tickets.id }).from(tickets).limit(6);
    const [a, b, c, d] = some.map((row) => row.id) as [number, number, number, number];
    await app.db.update(tickets).set({ status: 'resolved' }).where(eq(tickets.id, a));
    await app.db
      .update(tickets)
      .set({ cityId: (mumbai as { id: number }).id })
      .where(eq(tickets.id, b));
    await app.db
      .update(tickets)
      .set({ createdAt: sql`${tickets.createdAt} - interval '3 days'` })
      .where(eq(tickets.id, c));
    await app.db.update(tickets).set({ version: sql`${tickets.version} + 1` }); // no count changes
    await app.db.delete(tickets).where(eq(tickets.id, d));
    await expectCountsExact();
  });

  it('rebuild counts every ticket again', async () => {
    await app.db.execute(sql`update ticket_counts set n = n + 5`);
    await app.db.execute(sql`select ticket_counts_rebuild()`);
    await expectCountsExact();
  });

  const list = async (query: Record<string, string | number>) => {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const answer = await app.inject({
      method: 'GET',
      url: `/api${API_PATHS.tickets.all}?${search}`,
      headers: bearer(admin),
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().total as number;
  };

  /** The same total counted from the tickets, for [from, to) in the caller's days. */
  async function counted(query: Record<string, string | number>) {
    const offset = Number(query.tzOffset ?? 0) * 60_000;
    const start = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - offset).toISOString();
    const conditions = [sql`true`];
    if (query.status) conditions.push(sql`t.status = ${query.status}`);
    if (query.city) conditions.push(sql`c.name = ${query.city}`);
    if (query.startDate) conditions.push(sql`t.created_at >= ${start(String(query.startDate))}`);
    if (query.endDate) conditions.push(sql`t.created_at < ${start(String(query.endDate))}`);
    if (query.date) {
      const from = start(String(query.date));
      const to = new Date(Date.parse(from) + DAY_MS).toISOString();
      conditions.push(sql`t.created_at >= ${from} and t.created_at < ${to}`);
    }
    const result = (await app.db.execute(
      sql`select count(*)::int as n from tickets t join cities c on c.id = t.city_id where ${sql.join(conditions, sql` and `)}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]?.n;
  }

  it('list totals over whole and partial days equal a count of the tickets', async () => {
    const ranges: Record<string, string>[] = [
      { startDate: '2026-03-08' },
      { endDate: '2026-03-10' },
      { startDate: '2026-03-08', endDate: '2026-03-11' },
      { startDate: '2026-03-09', endDate: '2026-03-10' },
      { startDate: '2026-03-09', endDate: '2026-03-09' },
      { date: '2026-03-09' },
      { date: '2026-03-09', startDate: '2026-03-01', endDate: '2026-03-30' },
      {},
    ];
    let checked = 0;
    for (const tzOffset of [0, 330, -300]) {
      for (const range of ranges) {
        for (const narrow of NARROWINGS) {
          const query: Record<string, string | number> = { ...range, ...narrow, tzOffset };
          expect([query, await list(query)]).toEqual([query, await counted(query)]);
          checked += 1;
        }
      }
    }
    expect(checked).toBe(96);
  });
});
