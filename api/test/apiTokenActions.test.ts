/**
 * A tickets:write API token acts for a staff user (ADR 0079): an admin names an active staff user
 * of the token's city; the token's steps are that user's (their role and city, the transition
 * table unchanged), the history names the user and the audit trail the user and the token; a
 * deactivated user's token is refused, and a tickets:read token still gets 403 naming tickets:write.
 */
import { eq } from 'drizzle-orm';
import { API_PATHS, pathFor } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { users } from '../src/db/schema';
import {
  ADMIN,
  bearer,
  buildDemoApp,
  MUMBAI_PRESIDENT,
  newUser,
  PUNE_OBSERVER,
  PUNE_PRESIDENT,
  tokenFor,
} from './support/session';
import { type DemoRefs, demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const api = (path: string) => `/api${path}`;

interface AuditEntry {
  action: string;
  actorUserId: number | null;
  actorRole: string | null;
  actorKey: string | null;
  targetType: string;
  targetId: number;
  detail: string | null;
}

describe.each(databaseKinds)('tickets:write API tokens on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let admin: string;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '0', OUTBOX_WORKER: 'false' });
    admin = await tokenFor(app, ADMIN);
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const userId = async (email: string) => {
    const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const create = (payload: object) =>
    app.inject({ method: 'POST', url: api(API_PATHS.integrations.tokens), headers: bearer(admin), payload });
  const writeTokenFor = async (email: string, extra: object = {}) => {
    const answer = await create({
      name: `Desk for ${email}`,
      scopes: ['tickets:write'],
      actingUserId: await userId(email),
      ...extra,
    });
    expect(answer.statusCode).toBe(201);
    return answer.json() as { id: number; token: string };
  };
  const newTicket = async (city = 'Pune') => {
    const answer = await submit(app, submitFields(refs, { cityId: String(refs.cityId(city)), city }));
    expect(answer.statusCode).toBe(201);
    return answer.json().ticketId as number;
  };
  const presidentAction = (token: string, id: number, payload: object) =>
    app.inject({
      method: 'POST',
      url: api(pathFor(API_PATHS.tickets.cityPresidentAction, { id })),
      headers: bearer(token),
      payload,
    });
  const auditOf = async (action: string): Promise<AuditEntry[]> => {
    const answer = await app.inject({
      url: api(`${API_PATHS.audit.list}?action=${action}&pageSize=100`),
      headers: bearer(admin),
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().entries;
  };

  it('approves a ticket as its user: the history names the user, the audit the user and the token', async () => {
    const { id: tokenId, token } = await writeTokenFor(PUNE_PRESIDENT, { cityId: refs.cityId('Pune') });
    const presidentId = await userId(PUNE_PRESIDENT);
    const ticketId = await newTicket();

    const approved = await presidentAction(token, ticketId, {
      action: 'approve',
      comment: 'Checked by the desk',
    });

    expect(approved.statusCode).toBe(200);
    expect(approved.json().ticket).toMatchObject({ status: 'approved', currentAssignee: 'Convenor' });
    const history = await app.inject({
      url: api(pathFor(API_PATHS.tickets.history, { id: ticketId })),
      headers: bearer(admin),
    });
    const step = history.json().history.find((entry: { action: string }) => entry.action === 'approve');
    const [president] = await app.db.select().from(users).where(eq(users.id, presidentId));
    expect(step).toMatchObject({ actionBy: president?.fullName, actorRole: 'citypresident' });
    const [audit] = (await auditOf('ticket.action')).filter(
      (entry) => entry.targetType === 'ticket' && entry.targetId === ticketId,
    );
    expect(audit).toMatchObject({
      actorUserId: presidentId,
      actorRole: 'citypresident',
      actorKey: `api_token:${tokenId}`,
    });
    const uses = (await auditOf('api_token.use')).filter(
      (entry) => entry.actorKey === `api_token:${tokenId}`,
    );
    expect(JSON.parse(uses[0]?.detail ?? '{}')).toMatchObject({
      scope: 'tickets:write',
      allowed: true,
      actingUserId: presidentId,
    });
  });

  it('replies on a ticket as its user', async () => {
    const { id: tokenId, token } = await writeTokenFor(PUNE_OBSERVER);
    const ticketId = await newTicket();

    const replied = await app.inject({
      method: 'POST',
      url: api(pathFor(API_PATHS.tickets.replies, { id: ticketId })),
      headers: bearer(token),
      payload: { text: 'We have asked the builder for the lift records.', visibility: 'internal' },
    });

    expect(replied.statusCode).toBe(201);
    expect(replied.json().entry).toMatchObject({ visibility: 'internal', actorRole: 'observer' });
    const [audit] = (await auditOf('ticket.reply')).filter((entry) => entry.targetId === ticketId);
    expect(audit).toMatchObject({
      actorUserId: await userId(PUNE_OBSERVER),
      actorKey: `api_token:${tokenId}`,
    });
  });

  it('is refused wherever its user would be refused, with the same answer', async () => {
    const { token } = await writeTokenFor(PUNE_PRESIDENT);
    const president = await tokenFor(app, PUNE_PRESIDENT);
    const mumbaiTicket = await newTicket('Mumbai');
    const puneTicket = await newTicket();

    // Another city's ticket: as the president themselves.
    const [asToken, asPresident] = [
      await presidentAction(token, mumbaiTicket, { action: 'approve' }),
      await presidentAction(president, mumbaiTicket, { action: 'approve' }),
    ];
    expect(asPresident.statusCode).toBeGreaterThanOrEqual(400);
    expect(asToken.statusCode).toBe(asPresident.statusCode);
    expect(asToken.json().error).toBe(asPresident.json().error);
    // Another role's call.
    const governorCall = await app.inject({
      method: 'POST',
      url: api(pathFor(API_PATHS.tickets.governorAction, { id: puneTicket })),
      headers: bearer(token),
      payload: { action: 'approve' },
    });
    expect(governorCall.statusCode).toBe(403);
    // The table's guards: a reject needs a reason; an approved ticket is not the president's to approve.
    const noReason = await presidentAction(token, puneTicket, { action: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect((await presidentAction(token, puneTicket, { action: 'approve' })).statusCode).toBe(200);
    const again = await presidentAction(token, puneTicket, { action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect((await presidentAction(president, puneTicket, { action: 'approve' })).statusCode).toBe(409);
    // What no token may do, whatever its user may: unmasking a member.
    const unmask = await app.inject({
      method: 'POST',
      url: api(pathFor(API_PATHS.tickets.unmask, { id: puneTicket })),
      headers: bearer(token),
      payload: { reason: 'To call them back about the lift' },
    });
    expect(unmask.statusCode).toBe(403);
  });

  it('stops when its user is deactivated, and is refused a user it may not act for', async () => {
    const observer = newUser({ role: 'observer', city: 'Pune' });
    const made = await app.inject({
      method: 'POST',
      url: api(API_PATHS.users.create),
      headers: bearer(admin),
      payload: observer,
    });
    expect(made.statusCode).toBe(201);
    const { token } = await writeTokenFor(observer.email);
    const ticketId = await newTicket();
    const reply = () =>
      app.inject({
        method: 'POST',
        url: api(pathFor(API_PATHS.tickets.replies, { id: ticketId })),
        headers: bearer(token),
        payload: { text: 'Checking with the committee.' },
      });
    expect((await reply()).statusCode).toBe(201);

    await app.db.update(users).set({ isActive: false }).where(eq(users.email, observer.email));

    const refused = await reply();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details).toEqual([expect.objectContaining({ code: 'ACTING_USER' })]);
    const inactive = await create({
      name: 'Gone',
      scopes: ['tickets:write'],
      actingUserId: await userId(observer.email),
    });
    const otherCity = await create({
      name: 'Wrong city',
      scopes: ['tickets:write'],
      actingUserId: await userId(MUMBAI_PRESIDENT),
      cityId: refs.cityId('Pune'),
    });
    const nobody = await create({ name: 'Nobody', scopes: ['tickets:write'] });
    const readerWithUser = await create({
      name: 'Reader',
      scopes: ['tickets:read'],
      actingUserId: await userId(PUNE_PRESIDENT),
    });
    for (const answer of [inactive, otherCity, nobody, readerWithUser]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().details[0].path).toBe('actingUserId');
    }
  });

  it('lists the user a token acts for', async () => {
    const { id } = await writeTokenFor(PUNE_PRESIDENT);
    const list = await app.inject({ url: api(API_PATHS.integrations.tokens), headers: bearer(admin) });
    expect(list.json().tokens).toContainEqual(
      expect.objectContaining({
        id,
        actingUserId: await userId(PUNE_PRESIDENT),
        actingUser: expect.any(String),
      }),
    );
  });

  it('still refuses a tickets:read token every step, naming tickets:write', async () => {
    const answer = await create({ name: 'Reader only', scopes: ['tickets:read'] });
    const { token } = answer.json() as { token: string };
    const ticketId = await newTicket();

    const action = await presidentAction(token, ticketId, { action: 'approve' });
    const reply = await app.inject({
      method: 'POST',
      url: api(pathFor(API_PATHS.tickets.replies, { id: ticketId })),
      headers: bearer(token),
      payload: { text: 'Hello' },
    });

    for (const refused of [action, reply]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json().details).toEqual([
        expect.objectContaining({ code: 'SCOPE', scope: 'tickets:write' }),
      ]);
    }
  });
});
