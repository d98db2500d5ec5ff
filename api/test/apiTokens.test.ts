/**
 * API tokens (ADR 0063; issue 40, Done 2): an admin creates a token with scopes, a city and an
 * expiry, shown once and kept hashed; a tickets:read token lists its city's tickets only, is refused
 * an action (403 naming tickets:write), stops at once when revoked, is rate limited per token, and
 * each use is in the audit trail with the token's id.
 */
import { eq } from 'drizzle-orm';
import { API_PATHS, API_TOKEN_PREFIX, pathFor } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { apiTokens } from '../src/db/schema';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const api = (path: string) => `/api${path}`;
/** Requests one token may make per window in these tests. */
const TOKEN_LIMIT = 8;

describe.each(databaseKinds)('API tokens on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let admin: string;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), {
      HELPDESK_DEMO_TICKETS: '40',
      API_TOKEN_RATE_LIMIT_MAX: String(TOKEN_LIMIT),
    });
    admin = await tokenFor(app, 'admin@helpdesk.demo');
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const create = (payload: object, token = admin) =>
    app.inject({ method: 'POST', url: api(API_PATHS.integrations.tokens), headers: bearer(token), payload });
  const newToken = async (payload: object) => {
    const answer = await create(payload);
    expect(answer.statusCode).toBe(201);
    return answer.json() as { id: number; token: string };
  };
  const listTickets = (token: string, query = '') =>
    app.inject({ url: api(`${API_PATHS.tickets.all}?pageSize=100${query}`), headers: bearer(token) });

  it("lists only its city's tickets with tickets:read", async () => {
    const { token } = await newToken({
      name: 'Pune CRM',
      scopes: ['tickets:read'],
      cityId: refs.cityId('Pune'),
    });

    const mine = await listTickets(token);
    const every = await listTickets(admin);

    expect(mine.statusCode).toBe(200);
    const cities = new Set(mine.json().tickets.map((ticket: { city: string }) => ticket.city));
    expect([...cities]).toEqual(['Pune']);
    expect(mine.json().total).toBeGreaterThan(0);
    expect(mine.json().total).toBeLessThan(every.json().total);
    // A city asked for by name narrows within the token's city, never beyond it.
    const other = await listTickets(token, '&city=Mumbai');
    expect(other.json().total).toBe(0);
  });

  it('is refused an action with 403 naming tickets:write, and a call no scope opens', async () => {
    const { token } = await newToken({ name: 'Reader', scopes: ['tickets:read'] });
    const [ticket] = (await listTickets(token)).json().tickets;

    const action = await app.inject({
      method: 'PATCH',
      url: api(pathFor(API_PATHS.tickets.status, { id: ticket.id })),
      headers: bearer(token),
      payload: { status: 'resolved', version: ticket.version },
    });
    const users = await app.inject({ url: api(API_PATHS.users.list), headers: bearer(token) });
    const cities = await app.inject({
      method: 'POST',
      url: api(API_PATHS.cities.create),
      headers: bearer(token),
      payload: { name: 'Nowhere' },
    });

    expect(action.statusCode).toBe(403);
    expect(action.json().details).toEqual([
      expect.objectContaining({ code: 'SCOPE', scope: 'tickets:write' }),
    ]);
    expect(users.statusCode).toBe(403);
    expect(users.json().details).toEqual([expect.objectContaining({ code: 'SCOPE', scope: 'users:read' })]);
    expect(cities.statusCode).toBe(403);
    expect(cities.json().details).toEqual([expect.objectContaining({ code: 'SCOPE', scope: null })]);
  });

  it('reads users and reports with their scopes', async () => {
    const { token } = await newToken({ name: 'Register', scopes: ['users:read', 'reports:read'] });

    const users = await app.inject({ url: api(API_PATHS.users.list), headers: bearer(token) });
    const summary = await app.inject({ url: api(API_PATHS.reports.summary), headers: bearer(token) });
    const tickets = await listTickets(token);

    expect(users.statusCode).toBe(200);
    expect(users.json().total).toBeGreaterThan(0);
    expect(summary.statusCode).toBe(200);
    expect(tickets.statusCode).toBe(403);
    expect(tickets.json().details).toEqual([
      expect.objectContaining({ code: 'SCOPE', scope: 'tickets:read' }),
    ]);
  });

  it('is shown once and kept hashed; revoking stops it on the next request', async () => {
    const { id, token } = await newToken({ name: 'Revoked soon', scopes: ['tickets:read'] });
    expect((await listTickets(token)).statusCode).toBe(200);

    // The secret is everything after "hdk_<id>_": base64url may itself hold '_' (even first).
    const secret = token.slice(`${API_TOKEN_PREFIX}${id}_`.length);
    expect(secret).toHaveLength(32);
    const list = await app.inject({ url: api(API_PATHS.integrations.tokens), headers: bearer(admin) });
    expect(list.body).not.toContain(secret);
    expect(list.json().tokens).toContainEqual(
      expect.objectContaining({ id, name: 'Revoked soon', revokedAt: null }),
    );
    const [row] = await app.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(JSON.stringify(row)).not.toContain(secret);

    const revoked = await app.inject({
      method: 'DELETE',
      url: api(pathFor(API_PATHS.integrations.token, { id })),
      headers: bearer(admin),
    });
    expect(revoked.statusCode).toBe(200);
    const after = await listTickets(token);
    expect(after.statusCode).toBe(401);
  });

  it('stops at its expiry, and refuses an expiry in the past or an unknown scope', async () => {
    const past = await create({ name: 'Old', scopes: ['tickets:read'], expiresAt: '2001-01-01T00:00:00Z' });
    const unknown = await create({ name: 'Odd', scopes: ['tickets:delete'] });
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].path).toBe('expiresAt');
    expect(unknown.statusCode).toBe(400);

    const soon = new Date(Date.now() + 60_000).toISOString();
    const { id, token } = await newToken({ name: 'Short', scopes: ['tickets:read'], expiresAt: soon });
    expect((await listTickets(token)).statusCode).toBe(200);
    await app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, id));
    expect((await listTickets(token)).statusCode).toBe(401);
  });

  it('puts each use in the audit trail with the token id, and limits each token on its own', async () => {
    const { id, token } = await newToken({ name: 'Busy', scopes: ['tickets:read'] });
    const other = await newToken({ name: 'Quiet', scopes: ['tickets:read'] });

    const statuses: number[] = [];
    for (let i = 0; i <= TOKEN_LIMIT; i += 1) statuses.push((await listTickets(token)).statusCode);
    expect(statuses.slice(0, TOKEN_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses[TOKEN_LIMIT]).toBe(429);
    expect((await listTickets(other.token)).statusCode).toBe(200);

    const audit = await app.inject({
      url: api(`${API_PATHS.audit.list}?action=api_token.use&pageSize=100`),
      headers: bearer(admin),
    });
    const uses = audit
      .json()
      .entries.filter((entry: { actorKey: string | null }) => entry.actorKey === `api_token:${id}`);
    expect(uses.length).toBe(TOKEN_LIMIT + 1);
    expect(uses[0]).toMatchObject({ targetType: 'api_token', targetId: id, actorUserId: null });
    expect(JSON.parse(uses[0].detail)).toMatchObject({
      method: 'GET',
      route: '/api/tickets/all',
      allowed: true,
    });
  });

  it('is for admins only', async () => {
    const president = await tokenFor(app, 'pune.president@helpdesk.demo');
    expect((await create({ name: 'Mine', scopes: ['tickets:read'] }, president)).statusCode).toBe(403);
  });
});
