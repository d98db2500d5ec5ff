/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */

import { inArray } from 'drizzle-orm';
import { API_PATHS, pathFor } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { outbox, ticketLinks, ticketStages, tickets } from '../src/db/schema';
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
  const act = (id: number, payload: object, token = punePresident) =>
    app.inject({
      method: 'POST',
      url: api(
        pathFor(token === admin ? API_PATHS.tickets.adminAction : API_PATHS.tickets.cityPresidentAction, {
          id,
        }),
      ),
      headers: bearer(token),
      payload,
    });
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
    expect((await asStaff(duplicate.id)).links).toBeUndefined();
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
    expect((await asStaff(a.id)).links).toBeUndefined();
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
  it('a step on the primary with applyToDuplicates moves its group of 10 at once; each member is emailed once per step, even when two ask at once', async () => {
    const group: { id: number; key: string }[] = [];
    for (let index = 0; index < 10; index++) group.push(await newTicket());
    const [primary, ...duplicates] = group as [{ id: number; key: string }, ...{ id: number; key: string }[]];
    for (const duplicate of duplicates)
      expect((await link(duplicate.id, primary.id, 'duplicate')).statusCode).toBe(200);
    // One duplicate moved on alone is not at the same stage: the group's approve leaves it be, and
    // its resolve takes it along again (it is then where the others are).
    const apart = duplicates[8] as { id: number };
    expect((await act(apart.id, { action: 'approve', comment: '' })).statusCode).toBe(200);
    const ids = group.map((ticket) => ticket.id);
    const before = (await app.db.select().from(outbox).where(inArray(outbox.ticketId, ids))).length;

    // Two office bearers approve the primary for the group at the same moment: one wins, the
    // other is refused (the group already moved), and nothing is done twice.
    const approvals = await Promise.all([
      act(primary.id, { action: 'approve', comment: '', applyToDuplicates: true }),
      act(primary.id, { action: 'approve', comment: '', applyToDuplicates: true }),
    ]);
    expect(approvals.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const rows = await app.db.select().from(tickets).where(inArray(tickets.id, ids));
    expect(rows.every((row) => row.status === 'approved')).toBe(true);
    const approvedOnce = rows.filter((row) => row.id !== apart.id);
    expect(
      new Set(approvedOnce.map((row) => `${row.status}/${row.currentAssignee}/${row.version}`)).size,
    ).toBe(1);

    const resolved = await Promise.all([
      act(primary.id, {
        action: 'resolve',
        comment: 'Lift repaired for the whole tower',
        applyToDuplicates: true,
      }),
      act(primary.id, {
        action: 'resolve',
        comment: 'Lift repaired for the whole tower',
        applyToDuplicates: true,
      }),
    ]);
    expect(resolved.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const after = await app.db.select().from(tickets).where(inArray(tickets.id, ids));
    for (const row of after) {
      expect(row).toMatchObject({
        status: 'resolved',
        resolutionMethod: 'Lift repaired for the whole tower',
      });
    }

    // Each member heard of each step of their own ticket once, on their own ticket.
    const messages = (await app.db.select().from(outbox).where(inArray(outbox.ticketId, ids))).slice(0);
    expect(messages.length).toBeGreaterThan(before);
    for (const ticket of group) {
      const mine = messages.filter(
        (message) =>
          message.ticketId === ticket.id &&
          message.event === 'ticket.status_changed' &&
          message.channel === 'email',
      );
      expect(mine).toHaveLength(2); // approved (the one apart on its own), then resolved with the group
      expect(new Set(mine.map((message) => message.recipient)).size).toBe(1);
    }
    // Each ticket's history and stage log: one approve and one resolve, no stage left open.
    for (const ticket of group) {
      const history = (
        await app.inject({
          url: api(pathFor(API_PATHS.tickets.history, { id: ticket.id })),
          headers: bearer(admin),
        })
      ).json().history as { action: string }[];
      expect(history.filter((entry) => entry.action === 'approve')).toHaveLength(1);
      expect(history.filter((entry) => entry.action === 'resolve')).toHaveLength(1);
      const stages = await app.db
        .select()
        .from(ticketStages)
        .where(inArray(ticketStages.ticketId, [ticket.id]));
      expect(stages.filter((stage) => stage.leftAt === null)).toHaveLength(0);
    }
    // The member of a duplicate sees the outcome on their own ticket.
    expect((await asMember(duplicates[0] as { id: number; key: string })).status).toBe('resolved');
  }, 120_000);
});
