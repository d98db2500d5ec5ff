import type { App } from '../src/app';
import { bearer, buildDemoApp, newUser, tokenFor } from './support/session';
import { APP_TIMEOUT_MS, type CapturedLogs, captureLogs } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const TEN_MB = 'x'.repeat(10 * 1024 * 1024);
const login = '/api/auth/login';
const createUser = '/api/admin/users/new';

interface BadInput {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  /** An object is sent as JSON; a string is sent as it is, with `contentType`. */
  body?: unknown;
  contentType?: string;
  /** Routes for admins are called with an admin's token, so the input itself is what fails. */
  asAdmin?: boolean;
  status: number;
  /** The path of a field `details` must name, when the problem is one field. */
  field?: string;
}

const validLogin = { email: 'admin@helpdesk.demo', password: 'Demo@12345' };

/** Every row: some input a client might send by mistake or on purpose, and the 4xx it must get. */
const BAD_INPUTS: Record<string, BadInput> = {
  'login without a body': { method: 'POST', url: login, status: 400, field: 'body' },
  'login without an email': {
    method: 'POST',
    url: login,
    body: { password: 'x' },
    status: 400,
    field: 'email',
  },
  'login without a password': {
    method: 'POST',
    url: login,
    body: { email: 'admin@helpdesk.demo' },
    status: 400,
    field: 'password',
  },
  'login with an empty password': {
    method: 'POST',
    url: login,
    body: { ...validLogin, password: '' },
    status: 400,
    field: 'password',
  },
  'login with a number as email': {
    method: 'POST',
    url: login,
    body: { ...validLogin, email: 42 },
    status: 400,
    field: 'email',
  },
  'login with an array as password': {
    method: 'POST',
    url: login,
    body: { ...validLogin, password: ['Demo@12345'] },
    status: 400,
    field: 'password',
  },
  'login with a bad email': {
    method: 'POST',
    url: login,
    body: { ...validLogin, email: 'not-an-email' },
    status: 400,
    field: 'email',
  },
  'login with an email without a domain': {
    method: 'POST',
    url: login,
    body: { ...validLogin, email: 'admin@' },
    status: 400,
    field: 'email',
  },
  'login with a 300-character email': {
    method: 'POST',
    url: login,
    body: { ...validLogin, email: `${'a'.repeat(290)}@example.com` },
    status: 400,
    field: 'email',
  },
  'login with a 10 MB password': {
    method: 'POST',
    url: login,
    body: { ...validLogin, password: TEN_MB },
    status: 413,
    field: 'body',
  },
  'login with a 1,000-character password': {
    method: 'POST',
    url: login,
    body: { ...validLogin, password: 'p'.repeat(1000) },
    status: 400,
    field: 'password',
  },
  'login with a __proto__ key': {
    method: 'POST',
    url: login,
    body: '{"email":"admin@helpdesk.demo","password":"Demo@12345","__proto__":{"role":"admin"}}',
    status: 400,
    field: 'body',
  },
  'login with constructor.prototype': {
    method: 'POST',
    url: login,
    body: '{"email":"admin@helpdesk.demo","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    status: 400,
    field: 'body',
  },
  'login with malformed JSON': {
    method: 'POST',
    url: login,
    body: '{"email": "admin@helpdesk.demo",',
    status: 400,
    field: 'body',
  },
  'login with a JSON array': { method: 'POST', url: login, body: '[1,2,3]', status: 400, field: 'body' },
  'login with JSON null': { method: 'POST', url: login, body: 'null', status: 400, field: 'body' },
  'login as XML': {
    method: 'POST',
    url: login,
    body: '<login/>',
    contentType: 'application/xml',
    status: 415,
    field: 'body',
  },
  'new user with an unknown role': {
    method: 'POST',
    url: createUser,
    body: newUser({ role: 'superadmin' }),
    asAdmin: true,
    status: 400,
    field: 'role',
  },
  'new user with a number as role': {
    method: 'POST',
    url: createUser,
    body: newUser({ role: 1 }),
    asAdmin: true,
    status: 400,
    field: 'role',
  },
  'new user without a full name': {
    method: 'POST',
    url: createUser,
    body: newUser({ fullName: undefined }),
    asAdmin: true,
    status: 400,
    field: 'fullName',
  },
  'new user with a blank full name': {
    method: 'POST',
    url: createUser,
    body: newUser({ fullName: '   ' }),
    asAdmin: true,
    status: 400,
    field: 'fullName',
  },
  'new user with a 10 MB full name': {
    method: 'POST',
    url: createUser,
    body: newUser({ fullName: TEN_MB }),
    asAdmin: true,
    status: 413,
    field: 'body',
  },
  'new user with a 500-character full name': {
    method: 'POST',
    url: createUser,
    body: newUser({ fullName: 'n'.repeat(500) }),
    asAdmin: true,
    status: 400,
    field: 'fullName',
  },
  'new user with a 5-digit mobile': {
    method: 'POST',
    url: createUser,
    body: newUser({ mobile: '12345' }),
    asAdmin: true,
    status: 400,
    field: 'mobile',
  },
  'new user with letters as mobile': {
    method: 'POST',
    url: createUser,
    body: newUser({ mobile: 'abcdefghij' }),
    asAdmin: true,
    status: 400,
    field: 'mobile',
  },
  'new user with a bad email': {
    method: 'POST',
    url: createUser,
    body: newUser({ email: 'kavita@@example' }),
    asAdmin: true,
    status: 400,
    field: 'email',
  },
  'new user with an email in another case than an existing one': {
    method: 'POST',
    url: createUser,
    body: newUser({ email: 'Pune.Convenor@HELPDESK.demo' }),
    asAdmin: true,
    status: 409,
    field: 'email',
  },
  'new user with a text as isActive': {
    method: 'POST',
    url: createUser,
    body: newUser({ isActive: 'yes' }),
    asAdmin: true,
    status: 400,
    field: 'isActive',
  },
  'new user with a short password': {
    method: 'POST',
    url: createUser,
    body: newUser({ password: 'short' }),
    asAdmin: true,
    status: 400,
    field: 'password',
  },
  'new user without a password': {
    method: 'POST',
    url: createUser,
    body: newUser({ password: undefined }),
    asAdmin: true,
    status: 400,
    field: 'password',
  },
  'new user with an object as committee': {
    method: 'POST',
    url: createUser,
    body: newUser({ committee: { name: 'x' } }),
    asAdmin: true,
    status: 400,
    field: 'committee',
  },
  'new user in an unknown city': {
    method: 'POST',
    url: createUser,
    body: newUser({ city: 'Atlantis' }),
    asAdmin: true,
    status: 400,
    field: 'city',
  },
  'new user with a nested __proto__ key': {
    method: 'POST',
    url: createUser,
    body: JSON.stringify(newUser()).replace('{', '{"__proto__":{"isAdmin":true},'),
    asAdmin: true,
    status: 400,
    field: 'body',
  },
  'user update with a text id': {
    method: 'POST',
    url: '/api/admin/users/abc',
    body: newUser(),
    asAdmin: true,
    status: 400,
    field: 'id',
  },
  'user update with id 0': {
    method: 'POST',
    url: '/api/admin/users/0',
    body: newUser(),
    asAdmin: true,
    status: 400,
    field: 'id',
  },
  'user update with a negative id': {
    method: 'POST',
    url: '/api/admin/users/-4',
    body: newUser(),
    asAdmin: true,
    status: 400,
    field: 'id',
  },
  'user update with an id beyond integer': {
    method: 'POST',
    url: '/api/admin/users/99999999999',
    body: newUser(),
    asAdmin: true,
    status: 400,
    field: 'id',
  },
  'user update with a short non-blank password': {
    method: 'POST',
    url: '/api/admin/users/1',
    body: newUser({ password: 'abc' }),
    asAdmin: true,
    status: 400,
    field: 'password',
  },
  'user lookup with a fractional id': {
    method: 'GET',
    url: '/api/admin/users/1.5',
    asAdmin: true,
    status: 400,
    field: 'id',
  },
  'user list with page 0': {
    method: 'GET',
    url: '/api/admin/users?page=0',
    asAdmin: true,
    status: 400,
    field: 'page',
  },
  'user list with a page size of 1,000': {
    method: 'GET',
    url: '/api/admin/users?pageSize=1000',
    asAdmin: true,
    status: 400,
    field: 'pageSize',
  },
  'user list with a text page': {
    method: 'GET',
    url: '/api/admin/users?page=two',
    asAdmin: true,
    status: 400,
    field: 'page',
  },
  'user list with an unknown role': {
    method: 'GET',
    url: '/api/admin/users?role=superadmin',
    asAdmin: true,
    status: 400,
    field: 'role',
  },
  'user list with a 10 MB search': {
    method: 'GET',
    url: `/api/admin/users?search=${TEN_MB}`,
    asAdmin: true,
    status: 400,
    field: 'search',
  },
  'user filter with an unknown role': {
    method: 'GET',
    url: '/api/admin/users/filter?role=root&city=Pune',
    asAdmin: true,
    status: 400,
    field: 'role',
  },
  'new city with a blank name': {
    method: 'POST',
    url: '/api/cities',
    body: { name: '' },
    asAdmin: true,
    status: 400,
    field: 'name',
  },
  'new city with a number as name': {
    method: 'POST',
    url: '/api/cities',
    body: { name: 123 },
    asAdmin: true,
    status: 400,
    field: 'name',
  },
  'new city with a name in another case than an existing one': {
    method: 'POST',
    url: '/api/cities',
    body: { name: 'mUMBAI' },
    asAdmin: true,
    status: 409,
    field: 'name',
  },
  'committee assignment with a text committeeId': {
    method: 'POST',
    url: '/api/cities/committee/1/assign',
    body: { committeeId: '1' },
    asAdmin: true,
    status: 400,
    field: 'committeeId',
  },
  'committee assignment with a committeeId beyond integer': {
    method: 'POST',
    url: '/api/cities/committee/1/assign',
    body: { committeeId: 2_147_483_648 },
    asAdmin: true,
    status: 400,
    field: 'committeeId',
  },
  'convenor change without convenorId': {
    method: 'PUT',
    url: '/api/cities/1/convenor',
    body: {},
    asAdmin: true,
    status: 400,
    field: 'convenorId',
  },
  'convenor change with a text city id': {
    method: 'PUT',
    url: '/api/cities/pune/convenor',
    body: { convenorId: 1 },
    asAdmin: true,
    status: 400,
    field: 'id',
  },
  'new committee with null as name': {
    method: 'POST',
    url: '/api/committees',
    body: { name: null },
    asAdmin: true,
    status: 400,
    field: 'name',
  },
  'committee list with a text cityId': {
    method: 'GET',
    url: '/api/committees/getAllCommittees?cityId=pune',
    status: 400,
    field: 'cityId',
  },
  'committee lookup with a text id': {
    method: 'GET',
    url: '/api/committees/redressal',
    status: 400,
    field: 'id',
  },
  'city president lookup with a 200-character city': {
    method: 'GET',
    url: `/api/auth/city-president/${'c'.repeat(200)}`,
    status: 400,
    field: 'city',
  },
};

describe.each(databaseKinds)('bad input on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let adminToken: string;
  let logs: CapturedLogs;

  beforeAll(async () => {
    logs = captureLogs();
    app = await buildDemoApp(database(), {}, logs);
    adminToken = await tokenFor(app, 'admin@helpdesk.demo');
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it('has at least 30 rows', () => {
    expect(Object.keys(BAD_INPUTS).length).toBeGreaterThanOrEqual(30);
  });

  it.each(Object.entries(BAD_INPUTS))('answers %s with a 4xx and details', async (_name, input) => {
    const raw = typeof input.body === 'string';
    const response = await app.inject({
      method: input.method,
      url: input.url,
      headers: {
        ...(input.asAdmin ? bearer(adminToken) : {}),
        ...(input.body === undefined ? {} : { 'content-type': input.contentType ?? 'application/json' }),
      },
      ...(input.body === undefined
        ? {}
        : { payload: raw ? (input.body as string) : JSON.stringify(input.body) }),
    });

    expect(response.statusCode).toBe(input.status);
    const answer = response.json();
    expect(answer).toEqual({ error: expect.any(String), details: expect.any(Array) });
    expect(answer.details.length).toBeGreaterThan(0);
    for (const detail of answer.details)
      expect(detail).toEqual({ path: expect.any(String), message: expect.any(String) });
    if (input.field)
      expect(answer.details.map((detail: { path: string }) => detail.path)).toContain(input.field);
    expect(response.body.length).toBeLessThan(4096); // never echoes a huge input back
    expect(response.body).not.toMatch(/ at .*\.(ts|js):\d+/); // never a stack trace
  });

  it('logged no server error for any of them', () => {
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
