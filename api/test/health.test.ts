import type { App } from '../src/app';
import { APP_TIMEOUT_MS, buildTestApp } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

describe.each(databaseKinds)('health on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;

  beforeAll(async () => {
    app = await buildTestApp(database());
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it('answers 200 with the database kind when the database answers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      database: { kind, reachable: true },
      email: 'held',
      replica: { state: 'off', lagMs: null },
    });
  });

  it('answers 503 with reachable false when the database does not answer', async () => {
    const ping = jest.spyOn(app, 'pingDatabase').mockRejectedValueOnce(new Error('connection refused'));

    const response = await app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 'unavailable',
      database: { kind, reachable: false },
      email: 'held',
      replica: { state: 'off', lagMs: null },
    });
    ping.mockRestore();
  });

  it('is described in the OpenAPI document generated from its zod schema', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });

    expect(response.statusCode).toBe(200);
    const health = response.json().paths['/api/health'].get;
    // 429: the general per-address limit applies to every route (docs/adr/0062).
    expect(Object.keys(health.responses)).toEqual(['200', '429', '503']);
    expect(health.responses['200'].content['application/json'].schema.properties.database).toBeDefined();
  });

  it('serves the documentation page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});
