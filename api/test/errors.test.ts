import { z } from 'zod';
import type { App } from '../src/app';
import { APP_TIMEOUT_MS, buildTestApp, type CapturedLogs, captureLogs } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const SECRET_DETAIL = 'password authentication failed for user "helpdesk" at db-internal:5432';

/** Routes that exist only in this test, to reach each kind of failure. */
function addTestRoutes(app: App): void {
  app.post(
    '/api/test/members',
    { schema: { body: z.object({ email: z.email(), mobile: z.string().regex(/^\d{10}$/) }) } },
    async (request) => ({ received: request.body.email }),
  );
  app.get('/api/test/crash', async () => {
    throw new Error(SECRET_DETAIL);
  });
  // What the drivers throw when the server went away, as drizzle wraps it.
  const causes: Record<string, Error> = {
    'admin-shutdown': Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    }),
    terminated: new Error('Connection terminated unexpectedly'),
    refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    'pool-timeout': new Error('timeout exceeded when trying to connect'),
    'not-null': Object.assign(new Error('null value in column "title"'), { code: '23502' }),
  };
  app.get('/api/test/database/:cause', async (request) => {
    const { cause } = request.params as { cause: string };
    throw new Error('Failed query: select 1', { cause: causes[cause] });
  });
  app.get('/api/test/conflict', async () => {
    throw Object.assign(new Error('The ticket changed since you loaded it'), { statusCode: 409 });
  });
}

describe.each(databaseKinds)('error answers on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let logs: CapturedLogs;

  beforeAll(async () => {
    logs = captureLogs();
    app = await buildTestApp(database(), { BODY_LIMIT_BYTES: '1024' }, logs);
    addTestRoutes(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it('answers an unknown route with 404 and { error: "Not found" }', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found', details: [] });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/members',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: expect.stringContaining('not valid JSON'),
      details: [{ path: 'body', message: expect.stringContaining('not valid JSON') }],
    });
  });

  it('answers a body that breaks the schema with 400 and one detail per field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/members',
      payload: { email: 'not-an-email', mobile: '12345' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Invalid request body',
      details: [
        { path: 'email', message: expect.any(String) },
        { path: 'mobile', message: expect.any(String) },
      ],
    });
  });

  it('answers a missing body with 400', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/members' });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Invalid request body');
  });

  it('accepts a body that fits the schema', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/members',
      payload: { email: 'member@example.com', mobile: '9876543210' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: 'member@example.com' });
  });

  it('answers a body over BODY_LIMIT_BYTES with 413', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/members',
      payload: { email: 'member@example.com', mobile: '9876543210', padding: 'x'.repeat(2048) },
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'Request body is too large',
      details: [{ path: 'body', message: 'Request body is too large' }],
    });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/members',
      headers: { 'content-type': 'application/xml' },
      payload: '<member/>',
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: expect.any(String),
      details: [{ path: 'body', message: expect.any(String) }],
    });
  });

  it('passes a deliberate 4xx through with its message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/conflict' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'The ticket changed since you loaded it', details: [] });
  });

  it('hides what went wrong in a 5xx and logs it with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error', details: [] });
    expect(response.body).not.toContain('db-internal');
    const requestId = response.headers['x-request-id'];
    const logged = logs.lines.find((line) => line.level === 50 && line.reqId === requestId);
    expect(logged?.err).toMatchObject({ message: SECRET_DETAIL, stack: expect.any(String) });
  });

  it.each(['admin-shutdown', 'terminated', 'refused', 'pool-timeout'])(
    'answers a database that went away (%s) with 503 and Retry-After, not 500',
    async (cause) => {
      const response = await app.inject({ method: 'GET', url: `/api/test/database/${cause}` });

      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: 'The service is temporarily unavailable: try again in a moment',
        details: [{ path: 'database', message: 'The database does not answer' }],
      });
      const requestId = response.headers['x-request-id'];
      expect(logs.lines.some((line) => line.level === 40 && line.reqId === requestId)).toBe(true);
    },
  );

  it('still answers a statement the database refuses with 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/database/not-null' });

    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('gives every answer a request id, keeping a well-formed one from the caller', async () => {
    const generated = await app.inject({ method: 'GET', url: '/api/health' });
    const forwarded = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'nginx-7f3a9c' },
    });
    const forged = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'fake\n{"level":60}' },
    });

    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(forwarded.headers['x-request-id']).toBe('nginx-7f3a9c');
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
