/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 *
 * A submit never borrows an identity (ADR 0030, docs/security.md "Submits"): a staff account's
 * email files the ticket under a member record, the answer looks the same whether the email was
 * known or not, the ticket shows what was typed, and its history names a member.
 */
import { eq, sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { users } from '../src/db/schema';
import { bearer, buildDemoApp, login, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, keyOf, submit, submitFields, withMemberLink } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const relaxed = { SUBMIT_MAX_PER_IP: '100000', LOOKUP_MAX_PER_IP: '100000', HELPDESK_DEMO_TICKETS: '0' };
const ADMIN_EMAIL = 'admin@helpdesk.demo';

describe.each(databaseKinds)('a submit never borrows an identity, on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  let admin: { id: number; fullName: string };

  beforeAll(async () => {
    app = await buildDemoApp(database(), relaxed);
    refs = await demoRefs(app);
    const [row] = await app.db
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(eq(users.email, ADMIN_EMAIL));
    if (!row) throw new Error('no demo admin');
    admin = row;
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const typed = { fullName: 'Mallory Visitor', mobile: '9111122222' };

  it("files a submit with an admin's email under a member record, never the admin's account", async () => {
    const response = await submit(app, submitFields(refs, { ...typed, email: 'Admin@HelpDesk.demo' }));

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.userId).not.toBe(admin.id);
    const [member] = await app.db.select().from(users).where(eq(users.id, body.userId));
    expect(member).toMatchObject({
      role: 'customer',
      fullName: typed.fullName,
      email: 'admin@helpdesk.demo',
    });

    // The share view shows what was typed; the history names the submitter as a member.
    const shared = (
      await app.inject({
        url: `/api/tickets/${body.ticketId}`,
        headers: { 'x-access-key': keyOf(body.shareUrl) },
      })
    ).json().ticket;
    expect(shared.customer).toMatchObject({
      id: body.userId,
      fullName: typed.fullName,
      mobile: '91******22',
    });
    expect(JSON.stringify(shared)).not.toContain(admin.fullName);
    expect(shared.comments).toEqual([
      expect.objectContaining({ action: 'submitted', actionBy: typed.fullName, actorRole: 'customer' }),
    ]);

    // Staff see the same typed details in full, in the details and in the list.
    const token = await tokenFor(app, ADMIN_EMAIL);
    const staffView = (
      await app.inject({ url: `/api/tickets/${body.ticketId}`, headers: bearer(token) })
    ).json();
    expect(staffView.ticket.customer).toMatchObject({
      fullName: typed.fullName,
      email: 'admin@helpdesk.demo',
      mobile: typed.mobile,
    });
    const list = (await app.inject({ url: '/api/tickets/all?pageSize=5', headers: bearer(token) })).json();
    expect(
      list.tickets.find((ticket: { id: number }) => ticket.id === body.ticketId)?.customer,
    ).toMatchObject({
      fullName: typed.fullName,
      mobile: typed.mobile,
    });

    // The admin's account is untouched and still the one that signs in.
    const [after] = await app.db.select().from(users).where(eq(users.id, admin.id));
    expect(after).toMatchObject({ role: 'admin', fullName: admin.fullName, accessKeyHash: null });
    const signIn = await login(app, ADMIN_EMAIL);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: admin.id, role: 'admin' });
  });

  it('answers the same keys for a staff email, a known member email and a new one', async () => {
    const known = (await submit(app, submitFields(refs, { email: 'known.member@example.com' }))).json();
    const answers = await Promise.all(
      ['pune.president@helpdesk.demo', 'known.member@example.com', 'never.seen@example.com'].map(
        async (email) => (await submit(app, submitFields(refs, { ...typed, email }))).json(),
      ),
    );
    for (const answer of [known, ...answers]) {
      expect(Object.keys(answer).sort()).toEqual(['shareUrl', 'success', 'ticketId', 'userId']);
    }
    // A second submit with the staff email goes to the same member record, still not the account.
    const again = (await submit(app, submitFields(refs, { email: 'PUNE.president@helpdesk.demo' }))).json();
    expect(again.userId).toBe(answers[0]?.userId);
    const [president] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.email} = 'pune.president@helpdesk.demo' and ${users.role} = 'citypresident'`);
    expect(again.userId).not.toBe(president?.id);
  });

  it("never opens the staff account's tickets or list with the member record's link", async () => {
    const body = (await submit(app, submitFields(refs, { ...typed, email: ADMIN_EMAIL }))).json();
    const { memberUrl } = await withMemberLink(app, body);
    const ownList = await app.inject({
      url: `/api/tickets/user/${body.userId}`,
      headers: { 'x-access-key': keyOf(memberUrl) },
    });
    expect(ownList.statusCode).toBe(200);
    const adminList = await app.inject({
      url: `/api/tickets/user/${admin.id}`,
      headers: { 'x-access-key': keyOf(memberUrl) },
    });
    expect(adminList.statusCode).toBe(404);
  });

  it('an expired member key opens nothing', async () => {
    const body = await withMemberLink(app, (await submit(app, submitFields(refs))).json());
    const open = () =>
      app.inject({
        url: `/api/tickets/user/${body.userId}`,
        headers: { 'x-access-key': keyOf(body.memberUrl) },
      });
    expect((await open()).statusCode).toBe(200);
    await app.db
      .update(users)
      .set({ accessKeyExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(users.id, body.userId));
    expect((await open()).statusCode).toBe(404);
    const ticket = await app.inject({
      url: `/api/tickets/${body.ticketId}`,
      headers: { 'x-access-key': keyOf(body.memberUrl) },
    });
    expect(ticket.statusCode).toBe(404);
  });
});
