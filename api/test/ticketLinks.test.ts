/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { API_PATHS, pathFor } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { ticketLinks } from '../src/db/schema';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, keyOf, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const api = (path: string) => `/api${path}`;

describe.each(databaseKinds)('links between tickets on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let admin: string;
  let punePresident: string;
  let mumbaiPresident: string;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '0', SUBMIT_MAX_PER_IP: '1000000' });
    admin = await tokenFor(app, 'admin@helpdesk.demo');
    punePresident = await tokenFor(app, 'pune.president@helpdesk.demo');
    mumbaiPresident = await tokenFor(app, 'mumbai.president@helpdesk.demo');
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  /** A Pune ticket of its own member: its id and share key. */
  async function newTicket(): Promise<{ id: number; key: string }> {
    const answer = await submit(app, submitFields(refs));
    expect(answer.statusCode).toBe(201);
    return { id: answer.json().ticketId, key: keyOf(answer.json().shareUrl) };
  }
  const link = (id: number, ticketId: number, linkKind: string, token = punePresident) =>
    app.inject({
      method: 'POST',
      url: api(pathFor(API_PATHS.tickets.links, { id })),
      headers: bearer(token),
      payload: { ticketId, kind: linkKind },
    });
  const unlink = (id: number, otherId: number, token = punePresident) =>
    app.inject({
      method: 'DELETE',
      url: api(pathFor(API_PATHS.tickets.link, { id, otherId })),
      headers: bearer(token),
    });
  const asStaff = async (id: number) =>
    (await app.inject({ url: api(pathFor(API_PATHS.tickets.byId, { id })), headers: bearer(admin) })).json()
      .ticket;
  const asMember = async (ticket: { id: number; key: string }) => {
    const answer = await app.inject({
      url: api(pathFor(API_PATHS.tickets.byId, { id: ticket.id })),
      headers: { 'x-access-key': ticket.key },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().ticket;
  };

  it('links a duplicate to its primary and a related ticket, shown both ways to staff', async () => {
    const [primary, duplicate, related] = [await newTicket(), await newTicket(), await newTicket()];
    const linked = await link(duplicate.id, primary.id, 'duplicate');
    expect(linked.statusCode).toBe(200);
    expect(linked.json().links).toEqual([
      { ticketId: primary.id, role: 'primary', title: expect.any(String), status: 'pending' },
    ]);
    expect((await link(related.id, primary.id, 'related')).statusCode).toBe(200);

    expect((await asStaff(primary.id)).links).toEqual([
      { ticketId: duplicate.id, role: 'duplicate', title: expect.any(String), status: 'pending' },
      { ticketId: related.id, role: 'related', title: expect.any(String), status: 'pending' },
    ]);
    expect((await asStaff(related.id)).links).toEqual([
      { ticketId: primary.id, role: 'related', title: expect.any(String), status: 'pending' },
    ]);

    // Each member reads a number only: nothing of the other members' tickets.
    const primaryForMember = await asMember(primary);
    expect(primaryForMember.similarCount).toBe(2);
    expect(primaryForMember.links).toBeUndefined();
    expect((await asMember(duplicate)).similarCount).toBe(1);
    const sibling = await newTicket();
    expect((await link(sibling.id, primary.id, 'duplicate')).statusCode).toBe(200);
    // The duplicate is linked with its primary and the primary's other duplicate.
    expect((await asMember(duplicate)).similarCount).toBe(2);
    expect(JSON.stringify(await asMember(duplicate))).not.toMatch(/"links"|"ticketId"/);

    // Unlinking from either side removes the link both ways.
    const removed = await unlink(primary.id, duplicate.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().links.map((entry: { ticketId: number }) => entry.ticketId)).toEqual([
      related.id,
      sibling.id,
    ]);
    expect((await asStaff(duplicate.id)).links).toEqual([]);
    expect((await asMember(duplicate)).similarCount).toBe(0);
    expect((await unlink(primary.id, duplicate.id)).statusCode).toBe(404);
  }, 60_000);

  it('keeps groups one level deep and refuses a ticket linked to itself', async () => {
    const [a, b, c] = [await newTicket(), await newTicket(), await newTicket()];
    expect((await link(b.id, a.id, 'duplicate')).statusCode).toBe(200);
    // a has a duplicate: it cannot become one; b is a duplicate: nothing can be its duplicate.
    const primaryAsDuplicate = await link(a.id, c.id, 'duplicate');
    expect(primaryAsDuplicate.statusCode).toBe(409);
    expect(primaryAsDuplicate.json().details[0].path).toBe('ticketId');
    expect((await link(c.id, b.id, 'duplicate')).statusCode).toBe(409);
    // Pointing b at another primary replaces its first one.
    expect((await link(b.id, c.id, 'duplicate')).statusCode).toBe(200);
    expect((await asStaff(a.id)).links).toEqual([]);
    const self = await link(a.id, a.id, 'related');
    expect(self.statusCode).toBe(400);
    expect(self.json().details[0].path).toBe('ticketId');
    expect((await link(a.id, b.id, 'twin')).statusCode).toBe(400);
  }, 60_000);

  it("is for staff who see both tickets: another city's president gets a 404, a member a 401", async () => {
    const [a, b] = [await newTicket(), await newTicket()];
    expect((await link(a.id, b.id, 'related', mumbaiPresident)).statusCode).toBe(404);
    expect((await link(a.id, 999_999, 'related')).statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'POST',
      url: api(pathFor(API_PATHS.tickets.links, { id: a.id })),
      headers: { 'x-access-key': a.key },
      payload: { ticketId: b.id, kind: 'related' },
    });
    expect(anonymous.statusCode).toBe(401);
  }, 60_000);

  it('two staff linking two tickets against each other at once: one wins, one link is left', async () => {
    for (let round = 0; round < 3; round++) {
      const [a, b] = [await newTicket(), await newTicket()];
      const answers = await Promise.all([
        link(a.id, b.id, 'duplicate', admin),
        link(b.id, a.id, 'duplicate', punePresident),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      // The second waits for the first's lock, then replaces the link between the two (200) or,
      // when its primary has meanwhile become a duplicate, is refused (409): never two links.
      expect(codes.every((code) => code === 200 || code === 409)).toBe(true);
      const rows = (await app.db.select().from(ticketLinks)).filter(
        (row) => [a.id, b.id].includes(row.ticketId) && [a.id, b.id].includes(row.otherId),
      );
      expect(rows).toHaveLength(1);
    }
  }, 60_000);
});
