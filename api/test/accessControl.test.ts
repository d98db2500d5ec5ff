import type { App } from '../src/app';
import { bearer, buildDemoApp, NON_ADMIN_ACCOUNTS, newUser, tokenFor } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';
import { forgedTokens } from './support/tokens';

type Method = 'GET' | 'POST' | 'PUT';

interface Call {
  method: Method;
  url: string;
  /** A body the admin's call succeeds with. */
  payload?: object;
}

/** Every admin-only call, each with input that would succeed for an admin. */
function adminCalls(ids: {
  user: number;
  city: number;
  committee: number;
  convenor: number;
}): Record<string, Call> {
  return {
    'GET /api/admin/users': { method: 'GET', url: '/api/admin/users?role=admin' },
    'GET /api/admin/users/filter': { method: 'GET', url: '/api/admin/users/filter?role=convenor&city=Pune' },
    'GET /api/admin/users/{id}': { method: 'GET', url: `/api/admin/users/${ids.user}` },
    'POST /api/admin/users/new': {
      method: 'POST',
      url: '/api/admin/users/new',
      payload: newUser({ email: 'intruder@example.com', role: 'admin' }),
    },
    'POST /api/admin/users/{id}': {
      method: 'POST',
      url: `/api/admin/users/${ids.user}`,
      payload: newUser({ email: 'target@example.com', role: 'admin', password: 'Takeover@123' }),
    },
    'POST /api/cities': { method: 'POST', url: '/api/cities', payload: { name: 'Intruder City' } },
    'POST /api/cities/committee/{id}/assign': {
      method: 'POST',
      url: `/api/cities/committee/${ids.city}/assign`,
      payload: { committeeId: ids.committee },
    },
    'PUT /api/cities/{id}/convenor': {
      method: 'PUT',
      url: `/api/cities/${ids.city}/convenor`,
      payload: { convenorId: ids.convenor },
    },
    'POST /api/committees': {
      method: 'POST',
      url: '/api/committees',
      payload: { name: 'Intruder Committee' },
    },
  };
}

const ADMIN_CALLS = Object.keys(adminCalls({ user: 0, city: 0, committee: 0, convenor: 0 }));
const ROLES = [...Object.keys(NON_ADMIN_ACCOUNTS), 'customer'];
const FORGERIES = [
  'an expired token',
  'a token with alg none',
  'a token signed with HS512',
  'a token signed with another key',
  'a tampered token (role changed, signature kept)',
  'a tampered token (signature changed)',
  'a token without expiry',
  'a correctly signed token claiming the admin role',
  'not a token at all',
];

describe.each(databaseKinds)('access control on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let adminToken: string;
  let calls: Record<string, Call>;
  const tokens: Record<string, string> = {};
  let forged: Record<string, string>;
  let deactivatedAdminToken: string;

  beforeAll(async () => {
    app = await buildDemoApp(database());
    adminToken = await tokenFor(app, 'admin@helpdesk.demo');
    const create = async (overrides: Record<string, unknown>) => {
      const body = newUser(overrides);
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/users/new',
        headers: bearer(adminToken),
        payload: body,
      });
      return { ...response.json().user, password: body.password };
    };
    for (const [role, email] of Object.entries(NON_ADMIN_ACCOUNTS)) tokens[role] = await tokenFor(app, email);
    const customer = await create({ role: 'customer' });
    tokens.customer = await tokenFor(app, customer.email, customer.password);
    forged = await forgedTokens(tokens.observer as string);
    // An admin who was deactivated: their token must stop working at once.
    const formerAdmin = await create({ role: 'admin' });
    deactivatedAdminToken = await tokenFor(app, formerAdmin.email, formerAdmin.password);
    const { createdAt: _c, id: _i, ...record } = formerAdmin;
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${formerAdmin.id}`,
      headers: bearer(adminToken),
      payload: { ...record, committee: record.committee ?? '', password: '', isActive: false },
    });

    const target = await create({ role: 'observer', email: 'target@example.com' });
    const convenor = await create({ role: 'convenor', city: 'Thane' });
    const { cities } = (await app.inject({ method: 'GET', url: '/api/cities/getAllCities' })).json();
    const { committees } = (
      await app.inject({ method: 'GET', url: '/api/committees/getAllCommittees' })
    ).json();
    calls = adminCalls({
      user: target.id,
      city: cities.find((city: { name: string }) => city.name === 'Thane').id,
      committee: committees[committees.length - 1].id,
      convenor: convenor.id,
    });
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const send = (call: Call, authorization?: string) =>
    app.inject({
      method: call.method,
      url: call.url,
      headers: authorization ? { authorization } : {},
      ...(call.payload ? { payload: call.payload } : {}),
    });

  it.each(ADMIN_CALLS)('%s answers 401 without a token', async (name) => {
    const response = await send(calls[name] as Call);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Sign in to continue', details: [] });
  });

  it.each(ADMIN_CALLS.flatMap((name) => FORGERIES.map((forgery) => [name, forgery])))(
    '%s answers 401 to %s',
    async (name, forgery) => {
      const response = await send(calls[name] as Call, `Bearer ${forged[forgery]}`);

      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: expect.any(String), details: [] });
    },
  );

  it.each(ADMIN_CALLS)("%s answers 401 to a deactivated admin's token", async (name) => {
    expect((await send(calls[name] as Call, `Bearer ${deactivatedAdminToken}`)).statusCode).toBe(401);
  });

  it.each(ADMIN_CALLS.flatMap((name) => ROLES.map((role) => [name, role])))(
    '%s answers 403 to the role %s',
    async (name, role) => {
      const response = await send(calls[name] as Call, `Bearer ${tokens[role]}`);

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'You do not have permission to do this', details: [] });
    },
  );

  it('let nothing through: no refused call changed anything', async () => {
    const { cities } = (await app.inject({ method: 'GET', url: '/api/cities/getAllCities' })).json();
    const { committees } = (
      await app.inject({ method: 'GET', url: '/api/committees/getAllCommittees' })
    ).json();
    const target = await app.inject({
      method: 'GET',
      url: calls['GET /api/admin/users/{id}']?.url as string,
      headers: bearer(adminToken),
    });
    const intruder = await app.inject({
      method: 'GET',
      url: '/api/admin/users?search=intruder',
      headers: bearer(adminToken),
    });

    expect(cities.map((city: { name: string }) => city.name)).not.toContain('Intruder City');
    expect(committees.map((committee: { name: string }) => committee.name)).not.toContain(
      'Intruder Committee',
    );
    expect(target.json().user.role).toBe('observer');
    expect(intruder.json().total).toBe(0);
  });

  it.each(ADMIN_CALLS)('%s succeeds for an admin', async (name) => {
    const response = await send(calls[name] as Call, `Bearer ${adminToken}`);

    expect(response.statusCode).toBeGreaterThanOrEqual(200);
    expect(response.statusCode).toBeLessThan(300);
  });

  it.each(['GET /api/auth/check', 'GET /api/users/city-presidents'])(
    '%s answers 401 without a token or with a forged one, 200 to every role',
    async (name) => {
      const url = name.split(' ')[1] as string;
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const token of Object.values(forged)) {
        const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode).toBe(401);
      }
      for (const token of [...Object.values(tokens), adminToken]) {
        const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode).toBe(200);
      }
    },
  );

  it('refuses a non-admin before reading the body: 403, not 400, for a bad body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/users/new',
      headers: { ...bearer(tokens.citypresident as string), 'content-type': 'application/json' },
      payload: '{not json',
    });

    expect(response.statusCode).toBe(403);
  });
});
