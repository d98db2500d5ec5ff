import type { App } from '../src/app';
import { APP_TIMEOUT_MS, buildTestApp, type CapturedLogs, captureLogs } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

describe.each(databaseKinds)('security on %s', (kind) => {
  const database = useTestDatabase(kind);

  describe('headers and logs', () => {
    let app: App;
    let logs: CapturedLogs;

    beforeAll(async () => {
      logs = captureLogs();
      app = await buildTestApp(database(), {}, logs);
      // A careless handler: whatever it logs, the secrets in it must not reach the log.
      app.post('/api/test/careless', async (request) => {
        request.log.info({ headers: request.headers, body: request.body }, 'careless log');
        return { ok: true };
      });
    }, APP_TIMEOUT_MS);
    afterAll(() => app?.close());

    it.each([
      ['a JSON answer', 'GET', '/api/health'],
      ['a 404', 'GET', '/api/no-such-thing'],
      ['a 400', 'POST', '/api/test/careless'],
    ] as const)('sets the security headers on %s', async (_answer, method, url) => {
      const response = await app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: method === 'POST' ? '{broken' : undefined,
      });

      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
      );
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    });

    it('lets the documentation page run its own scripts, still never framed', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/docs' });

      const csp = response.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
    });

    it('keeps authorization headers, access keys and passwords out of the logs', async () => {
      await app.inject({
        method: 'POST',
        url: '/api/test/careless',
        headers: { authorization: 'Bearer secret-token-123', 'x-access-key': 'secret-key-456' },
        payload: { email: 'a@b.co', password: 'Secret@789', profile: { newPassword: 'Secret@000' } },
      });

      const logged = JSON.stringify(logs.lines.find((line) => line.msg === 'careless log'));
      expect(logged).toContain('[redacted]');
      expect(logged).toContain('a@b.co');
      for (const secret of ['secret-token-123', 'secret-key-456', 'Secret@789', 'Secret@000']) {
        expect(logged).not.toContain(secret);
      }
    });
  });

  describe('rate limit', () => {
    let app: App;

    beforeAll(async () => {
      app = await buildTestApp(database(), { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
    }, APP_TIMEOUT_MS);
    afterAll(() => app?.close());

    it('answers 429 with Retry-After once an address spends RATE_LIMIT_MAX requests, 404s included', async () => {
      const spend = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect((await spend('/api/health')).statusCode).toBe(200);
      expect((await spend('/api/no-such-thing')).statusCode).toBe(404);
      expect((await spend('/api/health')).statusCode).toBe(200);

      const limited = await spend('/api/health');

      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toEqual({ error: expect.stringContaining('Rate limit exceeded'), details: [] });
      expect(limited.headers['x-content-type-options']).toBe('nosniff');
    });

    it('counts each address on its own', async () => {
      const other = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.9' });

      expect(other.statusCode).toBe(200);
    });
  });
});
