/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { eq, inArray } from 'drizzle-orm';
import { API_PATHS, cityChartCounts, dashboardCounts } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { cities, projects, ticketRecusals, tickets, users } from '../src/db/schema';
import { bearer, buildDemoApp, DEMO_ACCOUNTS, newMemberToken, tokenFor } from './support/session';
import { insertTicket } from './support/staffTicketFixtures';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const SEES_EVERY_CITY = ['admin', 'credaipresident', 'governor'];
const ACCOUNTS = Object.entries(DEMO_ACCOUNTS).map(([email, account]) => ({
  email,
  role: account.role as string,
  city: 'city' in account ? account.city : undefined,
}));

describe.each(databaseKinds)('ticket stats on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildDemoApp(database());
    // A ticket in a chapter without office bearers, and one approved ticket (counted only in the total).
    await insertTicket(app, { city: 'Kolhapur', state: 'rejected' });
    for (const account of ACCOUNTS) tokens[account.email] = await tokenFor(app, account.email);
    tokens.customer = await newMemberToken(app, tokens['admin@helpdesk.demo'] as string);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const get = (path: string, token: string | undefined, city?: string) =>
    app.inject({
      method: 'GET',
      url: `/api${path}${city ? `?city=${encodeURIComponent(city)}` : ''}`,
      headers: token ? bearer(token) : {},
    });

  /** Every ticket's status and city, straight from the tables. */
  const readAll = () =>
    app.db
      .select({ status: tickets.status, city: cities.name })
      .from(tickets)
      .innerJoin(cities, eq(cities.id, tickets.cityId));

  const byName = <T extends { city: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.city.localeCompare(b.city));

  it.each(ACCOUNTS.map((account) => [account.email, account] as const))(
    'for %s: the counts of the shared rules over the tickets the caller may see',
    async (_email, account) => {
      const all = await readAll();
      const visible = SEES_EVERY_CITY.includes(account.role)
        ? all
        : all.filter((row) => row.city === account.city);
      expect(visible.length).toBeGreaterThan(0);

      const stats = await get(API_PATHS.tickets.stats, tokens[account.email]);
      expect(stats.statusCode).toBe(200);
      expect(stats.json()).toEqual(dashboardCounts(visible));

      const perCity = await get(API_PATHS.tickets.cityStats, tokens[account.email]);
      expect(perCity.statusCode).toBe(200);
      expect(perCity.json()).toEqual(byName(cityChartCounts(visible)));
    },
  );

  it('counts In Review exactly, and pending with in-review in the chart', async () => {
    const all = await readAll();
    const stats = (await get(API_PATHS.tickets.stats, tokens['admin@helpdesk.demo'])).json();
    expect(stats.inReview).toBe(all.filter((row) => row.status === 'in-review').length);
    const chart = (await get(API_PATHS.tickets.cityStats, tokens['admin@helpdesk.demo'])).json();
    const pune = chart.find((row: { city: string }) => row.city === 'Pune');
    const puneRows = all.filter((row) => row.city === 'Pune');
    expect(pune).toEqual({
      city: 'Pune',
      total: puneRows.length,
      pending: puneRows.filter((row) => row.status === 'pending' || row.status === 'in-review').length,
      resolved: puneRows.filter((row) => row.status === 'resolved').length,
      rejected: puneRows.filter((row) => row.status === 'rejected').length,
    });
    expect(chart.map((row: { city: string }) => row.city)).toContain('Kolhapur');
  });

  it('narrows to one city (any case), and never beyond what the caller may see', async () => {
    const all = await readAll();
    const nagpur = all.filter((row) => row.city === 'Nagpur');
    const admin = tokens['admin@helpdesk.demo'];
    expect((await get(API_PATHS.tickets.stats, admin, 'nagpur')).json()).toEqual(dashboardCounts(nagpur));
    expect((await get(API_PATHS.tickets.cityStats, admin, 'NAGPUR')).json()).toEqual(cityChartCounts(nagpur));

    const mumbai = tokens['mumbai.president@helpdesk.demo'];
    expect((await get(API_PATHS.tickets.stats, mumbai, 'Pune')).json()).toEqual({
      total: 0,
      inReview: 0,
      resolved: 0,
      rejected: 0,
    });
    expect((await get(API_PATHS.tickets.cityStats, mumbai, 'Pune')).json()).toEqual([]);
    expect((await get(API_PATHS.tickets.stats, admin, 'Atlantis')).json().total).toBe(0);
  });

  it('follows an action at once', async () => {
    const token = tokens['pune.president@helpdesk.demo'];
    const before = (await get(API_PATHS.tickets.stats, token)).json();
    const id = await insertTicket(app, { city: 'Pune' });
    const resolved = await app.inject({
      method: 'POST',
      url: `/api/tickets/citypresident/${id}/citypresidentaction`,
      headers: bearer(token as string),
      payload: { action: 'resolve', comment: 'Settled at the chapter office' },
    });
    expect(resolved.statusCode).toBe(200);
    expect((await get(API_PATHS.tickets.stats, token)).json()).toEqual({
      ...before,
      total: before.total + 1,
      resolved: before.resolved + 1,
    });
  });

  it("narrows the cards and the chart to one project's tickets (the list's project filter)", async () => {
    const [pune] = await app.db.select({ id: cities.id }).from(cities).where(eq(cities.name, 'Pune'));
    const [project] = await app.db
      .insert(projects)
      .values({
        reraNumber: `P52100${String(Date.now()).slice(-5)}`,
        name: 'Stats Towers',
        cityId: pune?.id as number,
      })
      .returning({ id: projects.id });
    const projectId = project?.id as number;
    const inProject = [
      await insertTicket(app, { city: 'Pune', state: 'pending' }),
      await insertTicket(app, { city: 'Pune', state: 'resolved' }),
      await insertTicket(app, { city: 'Pune', state: 'rejected' }),
      await insertTicket(app, { city: 'Mumbai', state: 'reviewedPending' }),
    ];
    await insertTicket(app, { city: 'Pune', state: 'resolved' }); // another project's (none)
    await app.db.update(tickets).set({ projectId }).where(inArray(tickets.id, inProject));
    const ofProject = (path: string, token: string | undefined) =>
      app.inject({
        method: 'GET',
        url: `/api${path}?projectId=${projectId}`,
        headers: bearer(token as string),
      });

    const admin = tokens['admin@helpdesk.demo'];
    expect((await ofProject(API_PATHS.tickets.stats, admin)).json()).toEqual({
      total: 4,
      inReview: 1,
      resolved: 1,
      rejected: 1,
    });
    expect((await ofProject(API_PATHS.tickets.cityStats, admin)).json()).toEqual([
      { city: 'Mumbai', total: 1, pending: 1, resolved: 0, rejected: 0 },
      { city: 'Pune', total: 3, pending: 1, resolved: 1, rejected: 1 },
    ]);
    // A city president sees their city's part, less a ticket they recused themselves from.
    const president = 'pune.president@helpdesk.demo';
    expect((await ofProject(API_PATHS.tickets.stats, tokens[president])).json()).toEqual({
      total: 3,
      inReview: 0,
      resolved: 1,
      rejected: 1,
    });
    const [presidentRow] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, president));
    await app.db.insert(ticketRecusals).values({
      ticketId: inProject[1] as number,
      userId: presidentRow?.id as number,
      stage: 'citypresident',
    });
    expect((await ofProject(API_PATHS.tickets.stats, tokens[president])).json()).toEqual({
      total: 2,
      inReview: 0,
      resolved: 0,
      rejected: 1,
    });
    expect((await ofProject(API_PATHS.tickets.stats, admin)).json().total).toBe(4);
    // A project without tickets counts nothing; a malformed id is a 400.
    expect(
      (
        await app.inject({
          url: `/api${API_PATHS.tickets.stats}?projectId=999999`,
          headers: bearer(admin as string),
        })
      ).json().total,
    ).toBe(0);
    expect(
      (
        await app.inject({
          url: `/api${API_PATHS.tickets.stats}?projectId=abc`,
          headers: bearer(admin as string),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('answers members with 403 and nobody without a token', async () => {
    for (const path of [API_PATHS.tickets.stats, API_PATHS.tickets.cityStats]) {
      expect((await get(path, tokens.customer)).statusCode).toBe(403);
      expect((await get(path, undefined)).statusCode).toBe(401);
      expect((await get(path, tokens['admin@helpdesk.demo'], 'x'.repeat(200))).statusCode).toBe(400);
    }
  });
});
