/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { attachments, tickets } from '../src/db/schema';
import { createCity } from '../src/services/cities';
import { currentNotice } from '../src/services/privacy/notices';
import { escapeHtml } from '../src/services/tickets/submitPage';
import { buildDemoApp } from './support/session';
import { type DemoRefs, demoRefs, FILES, multipartBody, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const FORM_URL = '/api/tickets/submit-form';
const relaxed = { SUBMIT_MAX_PER_IP: '100000', LOOKUP_MAX_PER_IP: '100000', HELPDESK_DEMO_TICKETS: '0' };
const keyOf = (n: number) => `form-page-test-key-${process.pid}-${n}-${Date.now()}`;

/** The visible fields of the page's form (what a browser without scripts sends). */
function pageFields(refs: DemoRefs, overrides: Record<string, string> = {}) {
  const { city: _city, committee: _committee, cityPresident: _president, ...fields } = submitFields(refs);
  return { ...fields, ...overrides };
}

describe.each(databaseKinds)('the submit form without scripts on %s (ADR 0035)', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), relaxed);
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  function post(
    fields: Record<string, string>,
    files = [] as Parameters<typeof multipartBody>[1],
    headers = {},
  ) {
    const { payload, contentType } = multipartBody(fields, files);
    return app.inject({
      method: 'POST',
      url: FORM_URL,
      payload,
      headers: { 'content-type': contentType, ...headers },
    });
  }

  it('includes the current cities and committees as options, and a fresh key each time', async () => {
    const before = await app.inject({ url: `${FORM_URL}/cities` });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^text\/html/);
    // Each city with its City President, the name the lookup answers (ADR 0081).
    const president = await app.inject({ url: `/api/auth/city-president/${refs.cityId('Pune')}` });
    const presidentName = president.json().data.fullName as string;
    expect(before.body).toContain(
      `<option value="${refs.cityId('Pune')}" data-president="${escapeHtml(presidentName)}">Pune</option>`,
    );
    const added = await createCity(app.db, `Nashik ${kind} <new>`);
    const after = await app.inject({ url: `${FORM_URL}/cities` });
    expect(after.body).toContain(`<option value="${added.id}">Nashik ${kind} &#60;new&#62;</option>`);
    const committees = await app.inject({ url: `${FORM_URL}/committees` });
    expect(committees.body).toContain(`<option value="${refs.committee.id}">`);
    const [one, two] = await Promise.all([1, 2].map(() => app.inject({ url: `${FORM_URL}/key` })));
    expect(one?.body).toMatch(/^<input type="hidden" name="idempotencyKey" value="[A-Za-z0-9_-]{32}">$/);
    expect(one?.body).not.toBe(two?.body);
  });

  it('creates the ticket with its PDF and answers the confirmation with the share link, once per key', async () => {
    const fields = { ...pageFields(refs), idempotencyKey: keyOf(1) };
    const file = { filename: 'lease.pdf', contentType: 'application/pdf', data: FILES.pdf() };
    const response = await post(fields, [file]);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(response.headers['content-security-policy']).not.toMatch(/script-src/);
    expect(response.body).not.toMatch(/<script/i);
    expect(response.body).toContain('Ticket Submitted Successfully!');
    const link = /<a href="(\/ticket-detail\/(\d+)#key=[A-Za-z0-9_-]{43})">Open your ticket<\/a>/.exec(
      response.body,
    );
    expect(link).not.toBeNull();
    const ticketId = Number(link?.[2]);
    const stored = await app.db.select().from(attachments).where(eq(attachments.ticketId, ticketId));
    expect(stored.map((row) => row.originalName)).toEqual(['lease.pdf']);

    // The same page sent again (a double click, a reload of the answer): the same ticket.
    const again = await post(fields, [file]);
    expect(again.statusCode).toBe(201);
    expect(again.body).toContain(`#${ticketId}`);
    const rows = await app.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(rows).toHaveLength(1);
  });

  it('answers the form again with the errors beside the values typed, and asks for the file again', async () => {
    const fields = pageFields(refs, { mobile: '987654321', fullName: 'Asha "Tai" <Patil>' });
    const response = await post({ ...fields, idempotencyKey: keyOf(2) }, [
      { filename: 'photo.png', contentType: 'image/png', data: FILES.png() },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(
      '<p class="error" id="mobile-error" data-field="mobile">Mobile number must be 10 digits</p>',
    );
    expect(response.body).toContain('value="987654321"');
    expect(response.body).toContain('value="Asha &#34;Tai&#34; &#60;Patil&#62;"');
    expect(response.body).toContain(`value="${fields.email}"`);
    expect(response.body).toContain(`<option value="${fields.cityId}" selected>`);
    expect(response.body).toContain('Your file photo.png was not kept: choose it again.');
    // A new key for the corrected form: it is another request.
    expect(response.body).toMatch(/name="idempotencyKey" value="[A-Za-z0-9_-]{32}"/);
    expect(response.body).not.toContain(keyOf(2));
  });

  it("writes the page in the language of Accept-Language (Hindi), the rules' messages included", async () => {
    const response = await post(pageFields(refs, { mobile: '12345' }), [], {
      'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<html lang="hi">');
    expect(response.body).toContain('मोबाइल नंबर 10 अंकों का होना चाहिए');
    expect(response.body).toContain('टिकट भेजें');
    expect(response.body).toContain('<input type="hidden" name="language" value="hi">');
  });

  it.each([
    ['hi', 'hi-IN,hi;q=0.9,en;q=0.8', 'आपका व्यक्तिगत डेटा', 'पूरी गोपनीयता सूचना पढ़ें'],
    ['mr', 'mr-IN,mr;q=0.9,en;q=0.8', 'तुमचा वैयक्तिक डेटा', 'संपूर्ण गोपनीयता सूचना वाचा'],
    ['en', 'fr-FR,fr;q=0.9', 'Your personal data', 'Read the whole privacy notice'],
  ])(
    'shows the privacy notice in the language the form is answered in (%s), included and on the refused page',
    async (language, acceptLanguage, title, whole) => {
      const current = await currentNotice(app.db, language as 'en' | 'hi' | 'mr');
      if (!current) throw new Error(`no ${language} notice is published`);
      const firstParagraph = current.text.split(/\n\s*\n/)[0]?.trim() ?? '';
      expect(firstParagraph.length).toBeGreaterThan(10);
      // As nginx's SSI and the `npm start` gateway include it into the page: with the visitor's
      // Accept-Language, no `lang` in the path.
      const included = await app.inject({
        url: `${FORM_URL}/notice`,
        headers: { 'accept-language': acceptLanguage },
      });
      expect(included.statusCode).toBe(200);
      // The refused post's page chooses the same language from the same header.
      const refused = await post(pageFields(refs, { mobile: '12345' }), [], {
        'accept-language': acceptLanguage,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(`<html lang="${language}">`);
      for (const body of [included.body, refused.body]) {
        expect(body).toContain(
          `<section class="notice" aria-labelledby="privacy-notice-title" lang="${language}">`,
        );
        expect(body).toContain(`<h2 id="privacy-notice-title">${title}</h2>`);
        expect(body).toContain(`<summary>${whole}`);
        expect(body).toContain(escapeHtml(firstParagraph));
        expect(body).toContain(`name="noticeVersion" value="${current.version}"`);
      }
      // A page that names its language asks for that one, whatever the header says.
      const named = await app.inject({
        url: `${FORM_URL}/notice?lang=${language}`,
        headers: { 'accept-language': language === 'en' ? 'hi' : 'en' },
      });
      expect(named.body).toBe(included.body);
    },
  );

  it('shows an upload refused by its checks at the file field, and the city and committee message above', async () => {
    const type = await post(pageFields(refs), [{ filename: 'setup.pdf', data: FILES.exe() }]);
    expect(type.statusCode).toBe(400);
    expect(type.body).toMatch(/id="attachment-error" data-field="attachment">[^<]+</);
    expect(type.body).not.toContain('choose it again');
    const none = await post(pageFields(refs, { cityId: '', committeeId: '' }));
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('<li>Please select both a city and a committee</li>');
    expect(none.body).toContain('id="cityId-error"');
  });

  it('refuses a bad key and a body that is not multipart with a page, never JSON', async () => {
    const badKey = await post({ ...pageFields(refs), idempotencyKey: 'short' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).toContain('data-field="idempotencyKey"');
    const plain = await app.inject({
      method: 'POST',
      url: FORM_URL,
      payload: 'fullName=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('the submit form without scripts under the submit limit', () => {
  const database = useTestDatabase('pglite');
  let app: App;
  beforeAll(async () => {
    app = await buildDemoApp(database(), { SUBMIT_MAX_PER_IP: '1', HELPDESK_DEMO_TICKETS: '0' });
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it('counts against the same per-address limit as the script path and answers a page', async () => {
    const refs = await demoRefs(app);
    const { payload, contentType } = multipartBody(pageFields(refs));
    const send = () =>
      app.inject({
        method: 'POST',
        url: FORM_URL,
        payload,
        headers: { 'content-type': contentType },
        remoteAddress: '10.9.8.7',
      });
    expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toMatch(/Too many submissions from your address/);
  });
});
