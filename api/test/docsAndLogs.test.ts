import type { App } from '../src/app';
import { bearer, buildDemoApp, login, newUser, tokenFor } from './support/session';
import { APP_TIMEOUT_MS, type CapturedLogs, captureLogs } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

/** Every call of this issue: path in OpenAPI form, method, and whether it needs a token. */
const CALLS: [string, string, boolean][] = [
  ['/api/auth/login', 'post', false],
  ['/api/auth/check', 'get', true],
  ['/api/auth/register-admin', 'post', false],
  ['/api/auth/city-president/{city}', 'get', false],
  ['/api/admin/users', 'get', true],
  ['/api/admin/users/{id}', 'get', true],
  ['/api/admin/users/new', 'post', true],
  ['/api/admin/users/{id}', 'post', true],
  ['/api/admin/users/filter', 'get', true],
  ['/api/users/city-presidents', 'get', true],
  ['/api/cities/getAllCities', 'get', false],
  ['/api/cities', 'post', true],
  ['/api/cities/committee/{id}/assign', 'post', true],
  ['/api/cities/{id}/convenor', 'put', true],
  ['/api/committees/getAllCommittees', 'get', false],
  ['/api/committees/{id}', 'get', false],
  ['/api/committees', 'post', true],
];

describe.each(databaseKinds)('documentation and logs on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let logs: CapturedLogs;

  beforeAll(async () => {
    logs = captureLogs();
    app = await buildDemoApp(database(), {}, logs);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it.each(CALLS)('describes %s (%s) in the OpenAPI document', async (path, method, needsToken) => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();

    const operation = document.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(operation.responses['200'] ?? operation.responses['201']).toBeDefined();
    // A staff call may also be open to an API token's scope (ADR 0063): `apiToken` beside `bearerAuth`.
    if (needsToken) expect(operation.security).toContainEqual({ bearerAuth: [] });
    else expect(operation.security).toEqual([]);
    expect(JSON.stringify(operation.responses)).not.toContain('passwordHash');
  });

  it('declares the bearer scheme', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();

    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('sets the security headers on sign-in answers and refusals', async () => {
    for (const response of [
      await login(app, 'admin@helpdesk.demo'),
      await login(app, 'admin@helpdesk.demo', 'Wrong@12345'),
      await app.inject({ method: 'GET', url: '/api/admin/users' }),
    ]) {
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-request-id']).toBeDefined();
    }
  });

  it('never logs a password or a token, and logs each request with its id', async () => {
    logs.lines.length = 0;
    const token = await tokenFor(app, 'admin@helpdesk.demo');
    await login(app, 'admin@helpdesk.demo', 'Wrong@Secret99');
    const body = newUser({ password: 'Brand@New2026' });
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/users/new',
      headers: bearer(token),
      payload: body,
    });
    await app.inject({
      method: 'POST',
      url: `/api/admin/users/${created.json().user.id}`,
      headers: bearer(token),
      payload: { ...body, password: 'Changed@2026x' },
    });
    await app.inject({ method: 'GET', url: '/api/auth/check', headers: bearer(`${token}tampered`) });

    const logged = JSON.stringify(logs.lines);
    for (const secret of ['Demo@12345', 'Wrong@Secret99', 'Brand@New2026', 'Changed@2026x', token]) {
      expect(logged).not.toContain(secret);
    }
    expect(logged).not.toContain('$argon2');
    const completed = logs.lines.filter((line) => line.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(5);
    for (const line of completed) expect(line.reqId).toEqual(expect.any(String));
  });
});
