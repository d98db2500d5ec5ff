/**
 * `npm start`'s gateway (scripts/lib/gateway.mjs) serves what nginx serves, as heavy as nginx
 * serves it (issue 21): gzip as nginx.conf configures it (level 6, from 512 bytes, these types,
 * proxied answers too, `Vary: Accept-Encoding`), and /add-ticket's includes (nginx's SSI): the
 * current cities and committees and a fresh submit key in the page.
 */
import { request } from 'node:http';
import path from 'node:path';
import { startGateway } from '../../scripts/lib/gateway.mjs';
import { run } from '../support/browser';
import { freePort } from '../support/globalSetup';

let gateway: { close(): Promise<unknown> };
let site: string;

beforeAll(async () => {
  const port = await freePort();
  gateway = await startGateway({ www: path.join(run().www), port, apiUrl: run().apiUrl });
  site = `http://127.0.0.1:${port}`;
});
afterAll(() => gateway?.close());

/** The answer's headers and its bytes as sent (no decompression). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

/** The public bundle's entry script, as the page names it. */
async function publicScript(): Promise<string> {
  const html = await (await fetch(`${run().baseUrl}/add-ticket`)).text();
  const src = /<script defer="defer" src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('no public bundle script in /add-ticket');
  return src;
}

test('compresses scripts, pages and the api with gzip as nginx does, to the same weight', async () => {
  const script = await publicScript();
  const [here, there] = await Promise.all([
    rawGet(`${site}${script}`, GZIP),
    rawGet(`${run().baseUrl}${script}`, GZIP),
  ]);
  expect(here.headers['content-encoding']).toBe('gzip');
  expect(there.headers['content-encoding']).toBe('gzip');
  expect(here.headers.vary).toMatch(/Accept-Encoding/);
  // The same level on the same bytes: within a few percent of nginx's (zlib versions differ).
  expect(Math.abs(here.body.length - there.body.length) / there.body.length).toBeLessThan(0.05);
  const plain = await rawGet(`${site}${script}`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(here.body.length * 2);

  const page = await rawGet(`${site}/ticket-detail/1`, GZIP);
  expect(page.headers['content-encoding']).toBe('gzip');
  // A proxied answer over 512 bytes (`gzip_proxied any`): the api's own description.
  const api = await rawGet(`${site}/api/docs/json`, GZIP);
  expect(api.status).toBe(200);
  expect(api.headers['content-encoding']).toBe('gzip');
  expect(api.headers['content-length']).toBeUndefined();
});

test('leaves small answers and other types as they are', async () => {
  // The shell's index.html and the cities' JSON are under nginx's 512 bytes.
  for (const url of ['/dashboard', '/api/cities/getAllCities']) {
    const small = await rawGet(`${site}${url}`, GZIP);
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(512);
    expect(small.headers['content-encoding']).toBeUndefined();
  }
  const manifest = JSON.parse(
    (await rawGet(`${site}/remotes/public-intake/mf-manifest.json`)).body.toString(),
  );
  expect(manifest).toHaveProperty('metaData');
});

test("/add-ticket's form carries the current lists and a fresh key, as nginx's SSI gives them", async () => {
  const [one, two] = await Promise.all(
    [1, 2].map(() => fetch(`${site}/add-ticket`).then((answer) => answer.text())),
  );
  for (const html of [one, two]) {
    expect(html).not.toContain('<!--#');
    // Each city with its president's name (ADR 0081).
    expect(html).toMatch(/<option value="\d+" data-president="[^"]+">Pune<\/option>/);
    expect(html).toMatch(/<input type="hidden" name="idempotencyKey" value="[A-Za-z0-9_-]{32}">/);
  }
  const key = (html: string | undefined) => /name="idempotencyKey" value="([^"]+)"/.exec(html ?? '')?.[1];
  expect(key(one)).not.toBe(key(two));
  const nginx = await (await fetch(`${run().baseUrl}/add-ticket`)).text();
  expect(nginx).not.toContain('<!--#');
  expect(nginx).toMatch(/<option value="\d+" data-president="[^"]+">Pune<\/option>/);
});
