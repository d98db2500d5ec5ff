import type { App } from '../src/app';
import { bearer, buildDemoApp, login, newUser, tokenFor } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

interface AnsweredUser {
  id: number;
  fullName: string;
  email: string;
  mobile: string;
  city: string;
  committee?: string | null;
  role: string;
  isActive: boolean;
  createdAt: string;
}

/** Nothing that looks like a password or its hash may be in an answer. */
function expectNoPasswords(body: string, ...passwords: string[]) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toContain('$argon2');
  for (const password of passwords) expect(body).not.toContain(password);
}

describe.each(databaseKinds)('users on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let adminToken: string;

  beforeAll(async () => {
    app = await buildDemoApp(database());
    adminToken = await tokenFor(app, 'admin@helpdesk.demo');
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const get = (url: string, token = adminToken) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: object, token = adminToken) =>
    app.inject({ method: 'POST', url, headers: bearer(token), payload });

  async function create(overrides: Record<string, unknown> = {}): Promise<AnsweredUser> {
    const response = await post('/api/admin/users/new', newUser(overrides));
    expect(response.statusCode).toBe(201);
    return response.json().user;
  }

  /** POST /api/admin/users/{id} with the user's current record changed by `changes`. */
  async function update(id: number, changes: Record<string, unknown>) {
    const { createdAt: _createdAt, id: _id, ...record } = (await get(`/api/admin/users/${id}`)).json().user;
    return post(`/api/admin/users/${id}`, {
      ...record,
      committee: record.committee ?? '',
      password: '',
      ...changes,
    });
  }

  describe('GET /api/admin/users', () => {
    it('answers a page of users by id with the total, without passwords', async () => {
      const response = await get('/api/admin/users?page=1&pageSize=5');

      expect(response.statusCode).toBe(200);
      const { users, total } = response.json();
      expect(users).toHaveLength(5);
      expect(total).toBeGreaterThanOrEqual(12);
      expect(users[0]).toEqual({
        id: expect.any(Number),
        fullName: 'Sunita Kulkarni',
        email: 'admin@helpdesk.demo',
        mobile: '9822012345',
        city: 'Pune',
        committee: null,
        role: 'admin',
        isActive: true,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      const ids = users.map((user: AnsweredUser) => user.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expectNoPasswords(response.body);
    });

    it('pages through every user exactly once', async () => {
      const { total } = (await get('/api/admin/users?pageSize=100')).json();
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(total / 4); page++) {
        const { users } = (await get(`/api/admin/users?page=${page}&pageSize=4`)).json();
        seen.push(...users.map((user: AnsweredUser) => user.id));
      }

      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect((await get(`/api/admin/users?page=${total + 1}&pageSize=4`)).json()).toEqual({
        users: [],
        total,
      });
    });

    it('uses pages of 10 by default', async () => {
      expect((await get('/api/admin/users')).json().users).toHaveLength(10);
    });

    it('filters by role, in any case', async () => {
      const { users, total } = (await get('/api/admin/users?role=CityPresident')).json();

      expect(total).toBe(3);
      expect(users.map((user: AnsweredUser) => user.city).sort()).toEqual(['Mumbai', 'Nagpur', 'Pune']);
    });

    it('searches names, emails, mobiles and cities, case-insensitively', async () => {
      const byName = (await get('/api/admin/users?search=patwardhan')).json();
      const byCity = (await get('/api/admin/users?search=NAGPUR&role=observer')).json();
      const byEmail = (await get('/api/admin/users?search=governor%40')).json();

      expect(byName.users.map((user: AnsweredUser) => user.fullName)).toEqual(['Aditya Patwardhan']);
      expect(byCity.users.map((user: AnsweredUser) => user.email)).toEqual(['nagpur.observer@helpdesk.demo']);
      expect(byEmail.total).toBe(1);
    });

    it('takes % and _ in a search literally', async () => {
      expect((await get('/api/admin/users?search=%25')).json()).toEqual({ users: [], total: 0 });
      expect((await get('/api/admin/users?search=_')).json()).toEqual({ users: [], total: 0 });
    });
  });

  describe('GET /api/admin/users/{id}', () => {
    it('answers one user', async () => {
      const created = await create({ fullName: 'Neha Sathe' });

      const response = await get(`/api/admin/users/${created.id}`);

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: created });
    });

    it('answers 404 for an unknown id', async () => {
      const response = await get('/api/admin/users/987654');

      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'User not found', details: [] });
    });
  });

  describe('POST /api/admin/users/new', () => {
    it('creates a user who can then sign in; the answer holds no password', async () => {
      const body = newUser({ email: 'Anjali.Kale@Example.com', role: 'Convenor', city: 'mumbai' });

      const response = await post('/api/admin/users/new', body);

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        user: {
          id: expect.any(Number),
          fullName: 'Kavita Rane',
          email: 'anjali.kale@example.com',
          mobile: '9876543210',
          city: 'Mumbai',
          committee: 'Affordable Housing',
          role: 'convenor',
          isActive: true,
          createdAt: expect.any(String),
        },
      });
      expectNoPasswords(response.body, body.password);
      expect((await login(app, 'anjali.kale@example.com', body.password)).statusCode).toBe(200);
    });

    it('takes the city by id too, and a blank committee as none', async () => {
      const { cities } = (await app.inject({ method: 'GET', url: '/api/cities/getAllCities' })).json();
      const thane = cities.find((city: { name: string }) => city.name === 'Thane');

      const user = await create({ city: String(thane.id), committee: '  ' });

      expect(user.city).toBe('Thane');
      expect(user.committee).toBeNull();
    });

    it('defaults the role to customer and the account to active', async () => {
      const { role: _role, isActive: _isActive, ...body } = newUser();

      const response = await post('/api/admin/users/new', body);

      expect(response.json().user).toMatchObject({ role: 'customer', isActive: true });
    });

    it('refuses an email that exists in another case with 409', async () => {
      const response = await post('/api/admin/users/new', newUser({ email: 'ADMIN@helpdesk.demo' }));

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'A user with this email already exists',
        details: [{ path: 'email', message: 'A user with this email already exists' }],
      });
    });

    it('refuses an unknown city with 400 naming the field', async () => {
      const response = await post('/api/admin/users/new', newUser({ city: 'Atlantis' }));

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid request body',
        details: [{ path: 'city', message: 'Unknown city' }],
      });
    });

    it('refuses a second active city president for a city with 409 naming the sitting one', async () => {
      const response = await post('/api/admin/users/new', newUser({ role: 'citypresident', city: 'Pune' }));

      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(
        'Pune already has an active city president: Aditya Patwardhan (pune.president@helpdesk.demo). ' +
          'Deactivate them or change their role first.',
      );
      expect(response.json().details).toEqual([{ path: 'role', message: response.json().error }]);
    });

    it('allows an inactive city president beside the active one, and a president in a city without one', async () => {
      expect((await create({ role: 'citypresident', city: 'Pune', isActive: false })).isActive).toBe(false);
      expect((await create({ role: 'citypresident', city: 'Kolhapur' })).city).toBe('Kolhapur');
    });

    it('keeps one active president per city when two admins save at the same moment', async () => {
      const [first, second] = await Promise.all([
        post('/api/admin/users/new', newUser({ role: 'citypresident', city: 'Solapur' })),
        post('/api/admin/users/new', newUser({ role: 'citypresident', city: 'Solapur' })),
      ]);

      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 409]);
    });
  });

  describe('POST /api/admin/users/{id}', () => {
    it('updates every field of the form; a blank password keeps the current one', async () => {
      const body = newUser();
      const { user } = (await post('/api/admin/users/new', body)).json();

      const response = await update(user.id, {
        fullName: 'Kavita Joshi',
        email: 'kavita.joshi@example.com',
        mobile: '9000000001',
        city: 'Nagpur',
        committee: 'Youth Wing',
        role: 'convenor',
        isActive: true,
        password: '',
      });

      expect(response.statusCode).toBe(200);
      expect(response.json().user).toEqual({
        ...user,
        fullName: 'Kavita Joshi',
        email: 'kavita.joshi@example.com',
        mobile: '9000000001',
        city: 'Nagpur',
        committee: 'Youth Wing',
        role: 'convenor',
      });
      expectNoPasswords(response.body, body.password);
      expect((await login(app, 'kavita.joshi@example.com', body.password)).statusCode).toBe(200);
    });

    it('keeps the current password when the field is left out', async () => {
      const body = newUser();
      const { user } = (await post('/api/admin/users/new', body)).json();
      const { password: _password, ...withoutPassword } = newUser({ email: user.email });

      expect((await post(`/api/admin/users/${user.id}`, withoutPassword)).statusCode).toBe(200);
      expect((await login(app, user.email, body.password)).statusCode).toBe(200);
    });

    it('refuses to make someone a second active president, naming the sitting one', async () => {
      const user = await create({ role: 'observer', city: 'Mumbai' });

      const response = await update(user.id, { role: 'citypresident' });

      expect(response.statusCode).toBe(409);
      expect(response.json().error).toContain('Mumbai already has an active city president: Rohan Shah');
    });

    it('lets a president be saved again unchanged', async () => {
      const { users } = (await get('/api/admin/users?search=Rohan%20Shah')).json();

      expect((await update(users[0].id, {})).statusCode).toBe(200);
    });

    it('refuses an email another user has, in any case', async () => {
      const user = await create();

      const response = await update(user.id, { email: 'Governor@HelpDesk.demo' });

      expect(response.statusCode).toBe(409);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await post('/api/admin/users/987654', newUser());

      expect(response.statusCode).toBe(404);
    });

    it('never lets the last active admin be demoted or deactivated', async () => {
      const { users } = (await get('/api/admin/users?role=admin')).json();
      expect(users).toHaveLength(1);

      const demoted = await update(users[0].id, { role: 'governor' });
      const deactivated = await update(users[0].id, { isActive: false });

      for (const response of [demoted, deactivated]) {
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toBe('At least one active admin must remain');
      }
    });

    it("clears a city's convenor when that convenor stops being one", async () => {
      const convenor = await create({ role: 'convenor', city: 'Kolhapur' });
      const cityOf = async () =>
        (await app.inject({ method: 'GET', url: '/api/cities/getAllCities' }))
          .json()
          .cities.find((city: { name: string }) => city.name === 'Kolhapur');
      const kolhapur = await cityOf();
      await app.inject({
        method: 'PUT',
        url: `/api/cities/${kolhapur.id}/convenor`,
        headers: bearer(adminToken),
        payload: { convenorId: convenor.id },
      });
      expect((await cityOf()).convenorId).toBe(convenor.id);

      expect((await update(convenor.id, { isActive: false })).statusCode).toBe(200);

      expect((await cityOf()).convenorId).toBeNull();
    });
  });

  describe('GET /api/admin/users/filter', () => {
    it('answers every user of a role in a city (by name or id)', async () => {
      const byName = await get('/api/admin/users/filter?role=observer&city=pune');
      const { cities } = (await app.inject({ method: 'GET', url: '/api/cities/getAllCities' })).json();
      const pune = cities.find((city: { name: string }) => city.name === 'Pune');
      const byId = await get(`/api/admin/users/filter?role=observer&city=${pune.id}`);

      expect(byName.statusCode).toBe(200);
      const emails = byName.json().users.map((user: AnsweredUser) => user.email);
      expect(emails).toContain('pune.observer@helpdesk.demo');
      expect(emails.every((email: string) => !email.startsWith('mumbai.'))).toBe(true);
      expect(byId.json()).toEqual(byName.json());
      expectNoPasswords(byName.body);
    });

    it('answers no users for an unknown city', async () => {
      expect((await get('/api/admin/users/filter?city=Atlantis')).json()).toEqual({ users: [] });
    });

    it('filters by role alone', async () => {
      const { users } = (await get('/api/admin/users/filter?role=governor')).json();

      expect(users.map((user: AnsweredUser) => user.email)).toEqual(['governor@helpdesk.demo']);
    });
  });

  describe('GET /api/users/city-presidents', () => {
    it('answers the active city presidents to any signed-in user', async () => {
      const observerToken = await tokenFor(app, 'nagpur.observer@helpdesk.demo');

      const response = await get('/api/users/city-presidents', observerToken);

      expect(response.statusCode).toBe(200);
      const presidents = response.json().users;
      expect(presidents).toEqual(
        expect.arrayContaining([
          { id: expect.any(Number), fullName: 'Aditya Patwardhan', city: 'Pune' },
          { id: expect.any(Number), fullName: 'Rohan Shah', city: 'Mumbai' },
          { id: expect.any(Number), fullName: 'Prakash Deshmukh', city: 'Nagpur' },
        ]),
      );
      expectNoPasswords(response.body);
    });

    it('answers those of one city', async () => {
      const response = await get('/api/users/city-presidents?city=Mumbai');

      expect(response.json()).toEqual({
        users: [{ id: expect.any(Number), fullName: 'Rohan Shah', city: 'Mumbai' }],
      });
    });

    it('answers 401 without a token', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/users/city-presidents' });

      expect(response.statusCode).toBe(401);
    });
  });
});
