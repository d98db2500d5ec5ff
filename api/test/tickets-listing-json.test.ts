/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { eq, sql } from 'drizzle-orm';
import { API_PATHS, ticketListResponseSchema } from 'shared-contracts/contracts';
import { z } from 'zod';
import type { App } from '../src/app';
import { tickets, users } from '../src/db/schema';
import { readTickets } from '../src/services/tickets/ticketReader';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { insertMember, insertTicket } from './support/staffTicketFixtures';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

/**
 * The lists' answer is JSON written by the database (listing.ts, ADR 0007). It must be the very
 * text the api wrote before: `toTicket` (readTickets) serialised by the zod schema.
 */
describe.each(databaseKinds)('list answers written by the database on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildDemoApp(database());
    // Texts JSON has to escape, names in other scripts, a member without a city, no committee,
    // no office bearers, and a time with microseconds.
    const member = await insertMember(app, 'Pune', 'Zoë "Quotes" \\ Backslash');
    await app.db.update(users).set({ cityId: null, committee: null }).where(eq(users.id, member));
    const odd = await insertTicket(app, {
      city: 'Pune',
      customerId: member,
      title: 'Line\nbreak, tab\t, bell\u0007, quote " and \\ slash / — मराठी 🏠',
      createdAt: new Date('2026-02-03T04:05:06.789Z'),
      fields: {
        committeeId: null,
        cityPresidentId: null,
        convenorId: null,
        observerId: null,
        type: 'Complaint',
      },
    });
    await app.db.execute(
      sql`update ${tickets} set created_at = '2026-02-03 04:05:06.789999+00', updated_at = '2026-02-03 23:59:59.9999+00' where id = ${odd}`,
    );
    await insertTicket(app, { city: 'Mumbai', state: 'rejected', title: 'Plain ticket' });
    for (const email of [
      'admin@helpdesk.demo',
      'pune.president@helpdesk.demo',
      'mumbai.convenor@helpdesk.demo',
    ]) {
      tokens[email] = await tokenFor(app, email);
    }
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const CASES: [string, string, Record<string, string>][] = [
    ['admin@helpdesk.demo', API_PATHS.tickets.all, { pageSize: '100' }],
    ['admin@helpdesk.demo', API_PATHS.tickets.all, { q: 'backslash' }],
    ['admin@helpdesk.demo', API_PATHS.tickets.all, { city: 'Pune', date: '2026-02-03' }],
    ['admin@helpdesk.demo', API_PATHS.tickets.all, { status: 'rejected', page: '2', pageSize: '3' }],
    ['admin@helpdesk.demo', API_PATHS.tickets.all, { city: 'Nowhere' }],
    ['pune.president@helpdesk.demo', API_PATHS.tickets.cityPresidentAll, { pageSize: '50' }],
    ['pune.president@helpdesk.demo', API_PATHS.tickets.cityPresidentPending, {}],
    ['mumbai.convenor@helpdesk.demo', API_PATHS.tickets.convenorAssigned, { pageSize: '20' }],
  ];

  it.each(CASES)('%s %s %j: the text toTicket and the zod schema give', async (email, path, query) => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api${path}?${new URLSearchParams(query)}`,
      headers: bearer(tokens[email] as string),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = answer.json();
    const ids = body.tickets.map((ticket: { id: number }) => ticket.id);
    const expected = {
      tickets: await readTickets(app.db, ids),
      total: body.total,
      ...('city' in body ? { city: body.city } : {}),
    };
    expect(answer.body).toBe(JSON.stringify(z.encode(ticketListResponseSchema, expected)));
  });

  it('writes the odd ticket as JSON.stringify would, times truncated to the millisecond', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api${API_PATHS.tickets.all}?q=backslash`,
      headers: bearer(tokens['admin@helpdesk.demo'] as string),
    });
    const [ticket] = answer.json().tickets;
    expect(ticket).toMatchObject({
      createdAt: '2026-02-03T04:05:06.789Z',
      updatedAt: '2026-02-03T23:59:59.999Z',
      committee: null,
      cityPresident: null,
      customer: { fullName: 'Zoë "Quotes" \\ Backslash', city: 'Pune' },
    });
    expect(ticket.title).toContain('मराठी 🏠');
  });

  it('reads the user behind the token in the same statement: a revoked session gets 401, not a list', async () => {
    const governor = await tokenFor(app, 'governor@helpdesk.demo');
    const president = await tokenFor(app, 'nagpur.president@helpdesk.demo');
    const list = (path: string, token: string) =>
      app.inject({ method: 'GET', url: `/api${path}`, headers: bearer(token) });
    expect((await list(API_PATHS.tickets.governorPending, governor)).statusCode).toBe(200);
    expect((await list(API_PATHS.tickets.all, governor)).statusCode).toBe(403);

    await app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.email, 'governor@helpdesk.demo'));
    await app.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, 'nagpur.president@helpdesk.demo'));
    for (const [path, token] of [
      [API_PATHS.tickets.governorPending, governor],
      [API_PATHS.tickets.all, governor], // a refused role learns first that its session is over
      [API_PATHS.tickets.cityPresidentAll, president],
    ] as const) {
      const answer = await list(path, token);
      expect([path, answer.statusCode, answer.json()]).toEqual([
        path,
        401,
        { error: 'Your session is no longer valid: sign in again', details: [] },
      ]);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
    }
  });
});
