import type { App } from '../src/app';
import { bearer, buildDemoApp, newUser, tokenFor } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

/** The order the api promises: by name whatever its case. */
const sortedByName = (names: string[]) =>
  [...names].sort((a, b) =>
    a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0,
  );

interface City {
  id: number;
  name: string;
  convenorId: number | null;
}

describe.each(databaseKinds)('cities and committees on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let adminToken: string;

  beforeAll(async () => {
    app = await buildDemoApp(database());
    adminToken = await tokenFor(app, 'admin@helpdesk.demo');
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    app.inject({ method, url, headers: bearer(adminToken), payload });
  const allCities = async (): Promise<City[]> =>
    (await app.inject({ method: 'GET', url: '/api/cities/getAllCities' })).json().cities;
  const city = async (name: string): Promise<City> => {
    const found = (await allCities()).find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no city ${name}`);
    return found;
  };
  const userId = async (email: string): Promise<number> => {
    const { users } = (
      await app.inject({
        method: 'GET',
        url: `/api/admin/users?search=${encodeURIComponent(email)}`,
        headers: bearer(adminToken),
      })
    ).json();
    return users[0].id;
  };

  describe('GET /api/cities/getAllCities', () => {
    it('answers every city by name, without a token, with the demo convenors set', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/cities/getAllCities' });

      expect(response.statusCode).toBe(200);
      const { cities } = response.json() as { cities: City[] };
      const names = cities.map((entry) => entry.name);
      expect(names).toEqual(expect.arrayContaining(['Pune', 'Mumbai', 'Nagpur']));
      expect(names.length).toBeGreaterThanOrEqual(5);
      expect(names).toEqual(sortedByName(names));
      for (const name of ['Pune', 'Mumbai', 'Nagpur']) {
        const entry = cities.find((candidate) => candidate.name === name);
        expect(entry?.convenorId).toBe(await userId(`${name.toLowerCase()}.convenor@helpdesk.demo`));
      }
    });
  });

  describe('POST /api/cities', () => {
    it('creates a city', async () => {
      const response = await asAdmin('POST', '/api/cities', { name: '  Aurangabad ' });

      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        city: { id: expect.any(Number), name: 'Aurangabad', convenorId: null },
      });
      expect((await allCities()).map((entry) => entry.name)).toContain('Aurangabad');
    });

    it('refuses a name that exists in another case with 409', async () => {
      const response = await asAdmin('POST', '/api/cities', { name: 'PUNE' });

      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: 'A city named PUNE already exists',
        details: [{ path: 'name', message: 'A city named PUNE already exists' }],
      });
    });
  });

  describe('POST /api/cities/committee/{id}/assign', () => {
    it("gives a city a committee, which then lists among that city's committees", async () => {
      const { committee } = (await asAdmin('POST', '/api/committees', { name: 'Redevelopment Cell' })).json();
      const nashik = await city('Nashik');

      const response = await asAdmin('POST', `/api/cities/committee/${nashik.id}/assign`, {
        committeeId: committee.id,
      });
      const again = await asAdmin('POST', `/api/cities/committee/${nashik.id}/assign`, {
        committeeId: committee.id,
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ cityId: nashik.id, committeeId: committee.id });
      expect(again.statusCode).toBe(200);
      const listed = await app.inject({
        method: 'GET',
        url: `/api/committees/getAllCommittees?cityId=${nashik.id}`,
      });
      expect(listed.json().committees).toContainEqual(committee);
    });

    it('answers 404 for an unknown city or committee', async () => {
      const pune = await city('Pune');

      const noCity = await asAdmin('POST', '/api/cities/committee/987654/assign', { committeeId: 1 });
      const noCommittee = await asAdmin('POST', `/api/cities/committee/${pune.id}/assign`, {
        committeeId: 987654,
      });

      expect(noCity.statusCode).toBe(404);
      expect(noCity.json()).toEqual({ error: 'City not found', details: [] });
      expect(noCommittee.statusCode).toBe(404);
      expect(noCommittee.json()).toEqual({ error: 'Committee not found', details: [] });
    });
  });

  describe('PUT /api/cities/{id}/convenor', () => {
    it("sets an active convenor of the city as the city's convenor", async () => {
      const created = await asAdmin(
        'POST',
        '/api/admin/users/new',
        newUser({ role: 'convenor', city: 'Pune' }),
      );
      const pune = await city('Pune');

      const response = await asAdmin('PUT', `/api/cities/${pune.id}/convenor`, {
        convenorId: created.json().user.id,
      });

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        city: { id: pune.id, name: 'Pune', convenorId: created.json().user.id },
      });
    });

    it.each([
      ['an observer of the city', { role: 'observer', city: 'Nagpur' }],
      ['a convenor of another city', { role: 'convenor', city: 'Mumbai' }],
      ['an inactive convenor of the city', { role: 'convenor', city: 'Nagpur', isActive: false }],
    ])('refuses %s with 400 naming convenorId', async (_what, overrides) => {
      const created = await asAdmin('POST', '/api/admin/users/new', newUser(overrides));
      const nagpur = await city('Nagpur');

      const response = await asAdmin('PUT', `/api/cities/${nagpur.id}/convenor`, {
        convenorId: created.json().user.id,
      });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid request body',
        details: [{ path: 'convenorId', message: 'Must be an active convenor of Nagpur' }],
      });
      expect((await city('Nagpur')).convenorId).toBe(nagpur.convenorId);
    });

    it('refuses an unknown user with 400 and an unknown city with 404', async () => {
      const nagpur = await city('Nagpur');

      expect(
        (await asAdmin('PUT', `/api/cities/${nagpur.id}/convenor`, { convenorId: 987654 })).statusCode,
      ).toBe(400);
      expect((await asAdmin('PUT', '/api/cities/987654/convenor', { convenorId: 1 })).statusCode).toBe(404);
    });
  });

  describe('committees', () => {
    it('lists every committee by name, without a token', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/committees/getAllCommittees' });

      expect(response.statusCode).toBe(200);
      const names = response.json().committees.map((committee: { name: string }) => committee.name);
      expect(names).toEqual(expect.arrayContaining(['Consumer Grievance Redressal', 'RERA & Legal Affairs']));
      expect(names.length).toBeGreaterThanOrEqual(8);
      expect(names).toEqual(sortedByName(names));
    });

    it("lists a city's committees: every demo city runs them all, smaller chapters a few", async () => {
      const all = (await app.inject({ method: 'GET', url: '/api/committees/getAllCommittees' })).json()
        .committees;
      const of = async (name: string) =>
        (
          await app.inject({
            method: 'GET',
            url: `/api/committees/getAllCommittees?cityId=${(await city(name)).id}`,
          })
        ).json().committees;

      expect((await of('Mumbai')).length).toBeGreaterThanOrEqual(all.length - 1);
      expect((await of('Solapur')).length).toBeLessThan(all.length);
      expect(await of('Aurangabad')).toEqual([]);
    });

    it('answers one committee, or 404', async () => {
      const [first] = (await app.inject({ method: 'GET', url: '/api/committees/getAllCommittees' })).json()
        .committees;

      const found = await app.inject({ method: 'GET', url: `/api/committees/${first.id}` });
      const missing = await app.inject({ method: 'GET', url: '/api/committees/987654' });

      expect(found.json()).toEqual({ committee: first });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Committee not found', details: [] });
    });

    it('creates a committee; a name that exists in another case is a 409', async () => {
      const created = await asAdmin('POST', '/api/committees', { name: 'Green Building Council' });
      const duplicate = await asAdmin('POST', '/api/committees', { name: 'green building COUNCIL' });

      expect(created.statusCode).toBe(201);
      expect(created.json()).toEqual({
        committee: { id: expect.any(Number), name: 'Green Building Council' },
      });
      expect(duplicate.statusCode).toBe(409);
    });
  });
});
