/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
// The small holes of issue 34 (ADR 0054), each closed at the api's edge: unknown fields in a body
// are refused and named; a visibility the step does not take is refused; the no-script submit
// refuses posts from other sites and caps the submits (hence emails) per address and day;
// production says at start when TRUST_PROXY is unset.
import type { App } from '../src/app';
import { TRUST_PROXY_UNSET } from '../src/plugins/security';
import { ADMIN, bearer, buildDemoApp, newUser, PUNE_PRESIDENT, tokenFor } from './support/session';
import { insertTicket } from './support/staffTicketFixtures';
import { type DemoRefs, demoRefs, multipartBody, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS, buildProductionTestApp, captureLogs } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(60_000);

const FORM_URL = '/api/tickets/submit-form';

describe.each(databaseKinds)('issue 34 small holes on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let admin: string;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), {
      HELPDESK_DEMO_TICKETS: '0',
      SUBMIT_MAX_PER_IP: '100000',
      SUBMIT_EMAILS_PER_ADDRESS: '2',
    });
    admin = await tokenFor(app, ADMIN);
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  describe('unknown fields in a body', () => {
    it('refuses an admin call that smuggles isAdmin, tokenVersion and id, naming each', async () => {
      const body = { ...newUser(), isAdmin: true, tokenVersion: 0, id: 1 };
      const answer = await app.inject({
        method: 'POST',
        url: '/api/admin/users/new',
        headers: bearer(admin),
        payload: body,
      });
      expect(answer.statusCode).toBe(400);
      const paths = answer
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort();
      expect(paths).toEqual(['id', 'isAdmin', 'tokenVersion']);
      // The same body without them is taken.
      const { isAdmin: _a, tokenVersion: _t, id: _i, ...clean } = body;
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/users/new',
        headers: bearer(admin),
        payload: clean,
      });
      expect(created.statusCode).toBe(201);
    });

    it('refuses them in sign-in, nested objects included', async () => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN, password: 'Demo@12345', role: 'admin' },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json().details).toEqual([{ path: 'role', message: 'Unknown field' }]);
      const ticketId = await insertTicket(app);
      const president = await tokenFor(app, PUNE_PRESIDENT);
      const nested = await app.inject({
        method: 'POST',
        url: `/api/tickets/citypresident/${ticketId}/citypresidentaction`,
        headers: bearer(president),
        payload: { action: 'approve', user: { role: 'citypresident', isAdmin: true } },
      });
      expect(nested.statusCode).toBe(400);
      expect(nested.json().details).toEqual([{ path: 'user.isAdmin', message: 'Unknown field' }]);
    });
  });

  it('refuses an internal visibility on a step other than approve; an internal approve is taken', async () => {
    const president = await tokenFor(app, PUNE_PRESIDENT);
    const ticketId = await insertTicket(app);
    const act = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/tickets/citypresident/${ticketId}/citypresidentaction`,
        headers: bearer(president),
        payload,
      });
    const rejected = await act({
      action: 'reject',
      comment: 'Staff only: the builder is a relative',
      visibility: 'internal',
    });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().details[0].path).toBe('visibility');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${ticketId}/status`,
      headers: bearer(president),
      payload: { status: 'rejected', comment: 'Staff only', visibility: 'internal' },
    });
    expect(patched.statusCode).toBe(400);
    // Nothing was done: the ticket can still be approved, internally.
    expect(
      (await act({ action: 'approve', comment: 'Looks genuine', visibility: 'internal' })).statusCode,
    ).toBe(200);
  });

  describe('the submit form without scripts', () => {
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const { payload, contentType } = multipartBody(fields, []);
      return app.inject({
        method: 'POST',
        url: FORM_URL,
        payload,
        headers: { 'content-type': contentType, ...headers },
      });
    };
    const formFields = (email: string) => {
      const { city: _c, committee: _m, cityPresident: _p, ...fields } = submitFields(refs, { email });
      return fields;
    };

    it('refuses a post from another site (Sec-Fetch-Site, else Origin) before reading it', async () => {
      const email = `cross.${kind}@example.com`;
      const crossSite = await post(formFields(email), {
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      });
      expect(crossSite.statusCode).toBe(403);
      expect(crossSite.headers['content-type']).toMatch(/^text\/html/);
      const otherOrigin = await post(formFields(email), { origin: 'https://evil.example' });
      expect(otherOrigin.statusCode).toBe(403);
      const sameSite = await post(formFields(email), { 'sec-fetch-site': 'same-site' });
      expect(sameSite.statusCode).toBe(403);
      // The site's own page: taken.
      const own = await post(formFields(email), {
        'sec-fetch-site': 'same-origin',
        origin: 'http://localhost',
      });
      expect(own.statusCode).toBe(201);
      const ownOrigin = await post(formFields(`own.${kind}@example.com`), {
        origin: 'http://localhost:8080',
      });
      expect(ownOrigin.statusCode).toBe(201);
    });

    it('caps the submits naming one email address per day, in any case', async () => {
      const email = `capped.${kind}@example.com`;
      expect((await post(formFields(email))).statusCode).toBe(201);
      expect((await post(formFields(email.toUpperCase()))).statusCode).toBe(201);
      const third = await post(formFields(email));
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      expect((await post(formFields(`other.${kind}@example.com`))).statusCode).toBe(201);
    });
  });
});

describe('TRUST_PROXY at start', () => {
  const database = useTestDatabase(databaseKinds[0] ?? 'pglite');

  async function startLines(env: Record<string, string>) {
    const logs = captureLogs();
    const app = await buildProductionTestApp(database(), env, logs);
    await app.ready();
    await app.close();
    return logs.lines.filter((line) => line.level === 40).map((line) => line.msg);
  }

  it(
    'warns in production when it is unset, not when it names the proxy',
    async () => {
      expect(await startLines({})).toContain(TRUST_PROXY_UNSET);
      expect(await startLines({ TRUST_PROXY: '127.0.0.1' })).not.toContain(TRUST_PROXY_UNSET);
    },
    APP_TIMEOUT_MS,
  );
});
