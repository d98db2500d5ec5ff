import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../src/app';
import { buildDemoApp } from './support/session';
import { multipartBody, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS, type CapturedLogs, captureLogs } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

// Ids are not looked up: every variant is refused before the form's values are.
const REFS = {
  cityId: () => 1,
  committeeId: () => 1,
  committee: { id: 1, name: 'Affordable Housing' },
};
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(600, 7)]);

interface Variant {
  name: string;
  payload: Buffer | string;
  contentType: string;
}

/** 50+ ways to get multipart wrong: truncations, broken boundaries, broken part headers. */
function malformedMultipartVariants(): Variant[] {
  const fields = submitFields(REFS);
  const { payload, contentType } = multipartBody(fields, [
    { filename: 'photo.png', contentType: 'image/png', data: PNG },
  ]);
  const boundary = contentType.split('boundary=')[1] ?? '';
  const variants: Variant[] = [];
  // Cut short at 30 points through the body: inside headers, values, the file, the final boundary.
  for (let cut = 1; cut <= 30; cut++) {
    const at = Math.floor((payload.length * cut) / 31);
    variants.push({ name: `truncated at byte ${at}`, payload: payload.subarray(0, at), contentType });
  }
  const text = payload.toString('latin1');
  const withText = (name: string, body: string, type = contentType) =>
    variants.push({ name, payload: Buffer.from(body, 'latin1'), contentType: type });
  withText('no boundary in the content type', text, 'multipart/form-data; charset=utf-8');
  withText('an empty boundary', text, 'multipart/form-data; boundary=');
  withText('a boundary of 300 characters', text, `multipart/form-data; boundary=${'b'.repeat(300)}`);
  withText('an unterminated quoted boundary', text, 'multipart/form-data; boundary="abc');
  withText('a boundary the body does not use', text, 'multipart/form-data; boundary=other-boundary');
  withText('an empty body', '');
  withText('only the closing boundary', `--${boundary}--\r\n`);
  withText('no closing boundary', text.replace(`--${boundary}--\r\n`, ''));
  withText('a part without headers', `--${boundary}\r\n\r\nvalue\r\n--${boundary}--\r\n`);
  withText(
    'a header line without a colon',
    `--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n`,
  );
  withText(
    'a part without a name',
    `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${boundary}--\r\n`,
  );
  withText(
    'a file part cut short',
    `--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\n${PNG.subarray(0, 40).toString('latin1')}`,
  );
  withText('garbage instead of parts', 'this is not multipart at all');
  withText(
    'binary garbage',
    Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)).toString('latin1'),
  );
  withText(
    'a header section that never ends',
    `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n${'X-Pad: y\r\n'.repeat(200)}`,
  );
  withText('a field name with a NUL', text.replace('name="fullName"', 'name="full\u0000Name"'));
  withText('a __proto__ field', text.replace('name="fullName"', 'name="__proto__"'));
  withText(
    'two files',
    text.replace(
      `--${boundary}--`,
      `${text
        .slice(text.lastIndexOf(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"`))
        .replace(`--${boundary}--\r\n`, '')}--${boundary}--`,
    ),
  );
  withText('a file under another field name', text.replace('name="attachment"', 'name="evidence"'));
  withText('the closing boundary cut in half', text.slice(0, text.length - Math.floor(boundary.length / 2)));
  return variants;
}

describe.each(databaseKinds)('malformed requests on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let logs: CapturedLogs;

  beforeAll(async () => {
    logs = captureLogs();
    app = await buildDemoApp(
      database(),
      { SUBMIT_MAX_PER_IP: '1000000', LOOKUP_MAX_PER_IP: '1000000' },
      logs,
    );
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const variants = malformedMultipartVariants();

  it('has at least 50 malformed multipart variants', () => {
    expect(variants.length).toBeGreaterThanOrEqual(50);
  });

  it.each(variants.map((variant) => [variant.name, variant] as const))(
    'answers a submit with %s with 400 {error, details}, never a 5xx',
    async (_name, variant) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/tickets/submit',
        payload: variant.payload,
        headers: { 'content-type': variant.contentType },
      });

      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body).toEqual({ error: expect.any(String), details: expect.any(Array) });
    },
  );

  it('logs no stack for any of them', () => {
    expect(logs.lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe.each(databaseKinds)('requests Node refuses before routing on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let port: number;

  beforeAll(async () => {
    app = await buildDemoApp(database());
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
  }

  it.each([
    ["headers over Node's limit", '/api/health', { 'x-padding': 'p'.repeat(20_000) }, 431],
    ["a path parameter over the router's limit", `/uploads/photos/${'x'.repeat(2000)}`, {}, 414],
    ['a path the router cannot decode', '/api/committees/%E0%A4%A', {}, 400],
  ])('answers %s in the api shape', async (_what, path, headers, status) => {
    const answer = await get(path, headers);

    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String), details: [expect.any(Object)] });
  });
});
