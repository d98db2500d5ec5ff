/**
 * The front door as shipped (nginx.conf in front of the built api, TRUST_PROXY=127.0.0.1):
 * clients are told apart by the address of their connection, not by what they write in
 * X-Forwarded-For; the TLS server sends HSTS and Permissions-Policy on every answer, the api's
 * and its errors included; plain HTTP only redirects to HTTPS.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { run } from '../support/browser';

jest.setTimeout(120_000);

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request from a chosen local address: every 127.x.y.z is this machine, so two of them are
 * two clients to nginx. TLS answers come with the run's self-signed certificate.
 */
function send(
  url: string,
  {
    method = 'GET',
    body,
    headers = {},
    from = '127.0.0.1',
  }: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    from?: string;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const options = {
    method,
    localAddress: from,
    headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
    rejectUnauthorized: false,
  };
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(target, options, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const failedSignIn = (from: string, attempt: number, forwardedFor?: string) =>
  send(`${run().baseUrl}/api/auth/login`, {
    method: 'POST',
    from,
    body: { email: `guess.${attempt}.${Date.now()}@example.com`, password: 'Wrong@12345' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('client addresses behind nginx', () => {
  it('gives two clients their own limits, and a forged X-Forwarded-For changes nothing', async () => {
    // LOGIN_MAX_PER_IP (20) failed sign-ins from one client, each claiming another address.
    for (let attempt = 1; attempt <= 20; attempt++) {
      const answer = await failedSignIn('127.0.0.2', attempt, `198.51.100.${attempt}`);
      expect(answer.status).toBe(401);
    }

    const limited = await failedSignIn('127.0.0.2', 21, '198.51.100.99');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another client behind the same nginx is not touched by the first one's limit.
    expect((await failedSignIn('127.0.0.3', 1)).status).toBe(401);
  });
});

describe('requests nginx refuses itself', () => {
  interface Refused {
    path: string;
    headers?: Record<string, string>;
    body?: unknown;
  }
  it.each<[string, Refused, number]>([
    ['a URL over its limit', { path: `/api/tickets/all?q=${'q'.repeat(20_000)}` }, 414],
    ['headers over its limit', { path: '/api/health', headers: { 'x-padding': 'p'.repeat(40_000) } }, 431],
    [
      'a body over client_max_body_size',
      { path: '/api/auth/login', body: { padding: 'b'.repeat(22 * 1024 * 1024) } },
      413,
    ],
  ])('answers %s in the api shape, { error, details }', async (_what, { path, headers, body }, status) => {
    const answer = await send(`${run().baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: headers ?? {},
      body,
    });

    expect(answer.status).toBe(status);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), details: [expect.any(Object)] });
  });

  it('answers an unknown api route in the same shape', async () => {
    const answer = await send(`${run().baseUrl}/api/no-such-call`);

    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ error: 'Not found', details: [] });
  });
});

describe('the TLS server', () => {
  const PERMISSIONS = /camera=\(\)/;

  it.each([
    ['the shell', '/dashboard', 200],
    ['the api', '/api/health', 200],
    ['an api error', '/api/no-such-call', 404],
    ['a missing file', '/remotes/no-such-file.js', 404],
  ])('sends HSTS and Permissions-Policy on %s', async (_what, pathname, status) => {
    const answer = await send(`${run().tlsUrl}${pathname}`);

    expect(answer.status).toBe(status);
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=31536000; includeSubDomains/);
    expect(answer.headers['permissions-policy']).toMatch(PERMISSIONS);
  });

  it("forbids <base> on the site's pages", async () => {
    const answer = await send(`${run().tlsUrl}/dashboard`);

    expect(answer.headers['content-security-policy']).toContain("base-uri 'none'");
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const answer = await send(`${run().redirectUrl}/dashboard?tab=open`);

    expect(answer.status).toBe(301);
    expect(answer.headers.location).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/dashboard\?tab=open$/);
  });
});
