/**
 * The privacy notice and the breach register (ADR 0068, 0069; issue 33's notice and breaches):
 * the notice in en/hi/mr with the grievance officer; a ticket records the version its form showed
 * (or the current one); an admin publishes the next version in every language at once; the form
 * without scripts gets the notice as HTML (its whole in a <details>, the version as a hidden
 * field). A breach recorded by an admin counts the members of the tickets it touches and drafts
 * their notice and the Board's report; sending the reviewed texts queues one email per affected
 * member (nobody else) and one to the Board, once. On PGlite, and on PostgreSQL when DATABASE_URL
 * is set.
 */
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { outbox, tickets } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { withPersonalParams } from '../src/services/outbox/personalParams';
import { ADMIN, bearer, buildDemoApp, CREDAI_PRESIDENT, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(180_000);

const START = new Date('2026-12-10T06:00:00.000Z');

describe.each(databaseKinds)('privacy notice and breaches on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock(START);
  let app: App;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(
      database(),
      { HELPDESK_DEMO_TICKETS: '0', OUTBOX_WORKER: 'false' },
      undefined,
      clock,
    );
    await app.ready();
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });

  const asAdmin = async () => bearer(await tokenFor(app, ADMIN));
  const noticeOf = async (lang: string) => app.inject({ url: `/api/privacy/notice?lang=${lang}` });
  const noticeVersionOf = async (ticketId: number) =>
    (await app.db.select({ v: tickets.noticeVersion }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.v;

  it('serves the notice per language, records its version on each ticket, and publishes the next one', async () => {
    const en = await noticeOf('en');
    expect(en.statusCode).toBe(200);
    const first = en.json();
    expect(first).toMatchObject({ language: 'en', grievanceOfficer: { name: 'Grievance Officer' } });
    expect(first.text).toContain('Data Protection Board');
    expect((await noticeOf('hi')).json().text).toContain('शिकायत अधिकारी');
    expect((await noticeOf('mr')).json().text).toContain('तक्रार अधिकाऱ्याकडे');
    const bad = await noticeOf('fr');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('lang');

    // A ticket records the version the form showed; without one, the current version.
    const shown = await submit(app, submitFields(refs, { noticeVersion: String(first.version) }));
    expect(shown.statusCode).toBe(201);
    expect(await noticeVersionOf(shown.json().ticketId)).toBe(first.version);
    const unknown = await submit(app, submitFields(refs, { noticeVersion: '999' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([expect.objectContaining({ path: 'noticeVersion' })]);

    // Publishing: admins only, every language at once, the officer with a valid address.
    const body = {
      texts: { en: 'Version two in English.', hi: 'हिंदी में दूसरा संस्करण।', mr: 'मराठीत दुसरी आवृत्ती.' },
      grievanceOfficer: { name: 'Meera Joshi', email: 'Meera.Joshi@Example.org', phone: '+91 20 1111 2222' },
    };
    const president = bearer(await tokenFor(app, CREDAI_PRESIDENT));
    expect(
      (await app.inject({ method: 'POST', url: '/api/privacy/notices', headers: president, payload: body }))
        .statusCode,
    ).toBe(403);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/privacy/notices',
      headers: await asAdmin(),
      payload: { ...body, texts: { en: 'Only English' } },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.map((detail: { path: string }) => detail.path)).toEqual(
      expect.arrayContaining(['texts.hi', 'texts.mr']),
    );
    const published = await app.inject({
      method: 'POST',
      url: '/api/privacy/notices',
      headers: await asAdmin(),
      payload: body,
    });
    expect(published.statusCode).toBe(201);
    expect(published.json().version).toBe(first.version + 1);
    const second = (await noticeOf('mr')).json();
    expect(second).toMatchObject({
      version: first.version + 1,
      text: 'मराठीत दुसरी आवृत्ती.',
      grievanceOfficer: { name: 'Meera Joshi', email: 'meera.joshi@example.org' },
    });
    const current = await submit(app, submitFields(refs));
    expect(await noticeVersionOf(current.json().ticketId)).toBe(first.version + 1);
    // An older version the member was shown still counts.
    const older = await submit(app, submitFields(refs, { noticeVersion: String(first.version) }));
    expect(await noticeVersionOf(older.json().ticketId)).toBe(first.version);

    // The form without scripts: the notice as HTML, in the page's language.
    const fragment = await app.inject({ url: '/api/tickets/submit-form/notice?lang=hi' });
    expect(fragment.statusCode).toBe(200);
    expect(fragment.headers['content-type']).toContain('text/html');
    expect(fragment.body).toContain('<details><summary>');
    expect(fragment.body).toContain('हिंदी में दूसरा संस्करण।');
    expect(fragment.body).toContain('meera.joshi@example.org');
    expect(fragment.body).toContain(`name="noticeVersion" value="${first.version + 1}"`);
    // The form page answered after an error holds it too, and the officer in its footer.
    const refused = await app.inject({
      method: 'POST',
      url: '/api/tickets/submit-form',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'sec-fetch-site': 'same-origin' },
      payload: '--x\r\nContent-Disposition: form-data; name="fullName"\r\n\r\n\r\n--x--\r\n',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('name="noticeVersion"');
    expect(refused.body.match(/Meera Joshi/g)).toHaveLength(2);
  });

  it('records a breach with drafts over the tickets it touches, and sends the reviewed texts once', async () => {
    clock.set(new Date('2026-12-20T06:00:00.000Z'));
    // Two members of Mumbai (this file's only Mumbai tickets) are touched; one of Pune is not.
    const mumbaiId = refs.cityId('Mumbai');
    const inMumbai = { cityId: String(mumbaiId), city: 'Mumbai', cityPresident: '' };
    const a = await submit(app, submitFields(refs, { ...inMumbai, fullName: 'Asha Deshmukh' }));
    const b = await submit(app, submitFields(refs, { ...inMumbai, fullName: 'Bala Iyer' }));
    const pune = await submit(app, submitFields(refs));
    for (const answer of [a, b, pune]) expect(answer.statusCode).toBe(201);
    const facts = await Promise.all(
      [a, b, pune].map(async (answer) => {
        const [row] = await app.db
          .select({ email: tickets.submitterEmail, createdAt: tickets.createdAt })
          .from(tickets)
          .where(eq(tickets.id, answer.json().ticketId));
        return { email: row?.email as string, day: row?.createdAt.toISOString().slice(0, 10) as string };
      }),
    );
    const emails = facts.map((fact) => fact.email);
    // Tickets are dated by the database; the period is their day (and the next, past midnight).
    const days = facts.map((fact) => fact.day).sort();

    const body = {
      what: 'a copy of the Mumbai list was emailed to a wrong address.',
      occurredAt: '2026-12-20T05:00:00.000Z',
      foundAt: '2026-12-20T05:30:00.000Z',
      cityId: mumbaiId,
      ticketsFrom: days[0] as string,
      ticketsTo: days[2] as string,
    };
    const backwards = await app.inject({
      method: 'POST',
      url: '/api/privacy/breaches',
      headers: await asAdmin(),
      payload: { ...body, ticketsFrom: '2999-12-31' },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details[0].path).toBe('ticketsTo');
    const recorded = await app.inject({
      method: 'POST',
      url: '/api/privacy/breaches',
      headers: await asAdmin(),
      payload: body,
    });
    expect(recorded.statusCode).toBe(201);
    const breach = recorded.json().breach;
    expect(breach).toMatchObject({ status: 'draft', affected: 2, cityId: mumbaiId, sentAt: null });
    expect(breach.memberNotice).toContain('a copy of the Mumbai list was emailed to a wrong address.');
    expect(breach.boardReport).toContain('Data Principals affected: 2');
    // The register names no member.
    for (const name of ['Asha Deshmukh', 'Bala Iyer', ...emails]) expect(recorded.body).not.toContain(name);
    const register = await app.inject({ url: '/api/privacy/breaches', headers: await asAdmin() });
    expect(register.json().breaches.map((row: { id: number }) => row.id)).toContain(breach.id);

    const send = async () =>
      app.inject({
        method: 'POST',
        url: `/api/privacy/breaches/${breach.id}/send`,
        headers: await asAdmin(),
        payload: {
          memberNotice: 'Reviewed: your name and email were seen by one wrong recipient.',
          boardReport: `${breach.boardReport} Reviewed.`,
          boardEmail: 'board@dpb.example',
        },
      });
    const sent = await send();
    expect(sent.statusCode).toBe(200);
    expect(sent.json().breach).toMatchObject({ status: 'sent', boardEmail: 'board@dpb.example' });
    const rows = await app.db.select().from(outbox).where(eq(outbox.event, 'privacy.breach'));
    const mine = rows.filter((row) => row.params.breachId === breach.id);
    expect(mine.map((row) => row.recipient).sort()).toEqual(
      [emails[0] as string, emails[1] as string, 'board@dpb.example'].sort(),
    );
    const notice = mine.find((row) => row.recipient === emails[0]);
    if (!notice) throw new Error('no breach notice to the first member');
    // The reviewed text is read from the register when the email is sent (ADR 0078).
    expect(await withPersonalParams(app.db, notice)).toMatchObject({
      template: 'breachNoticeMember',
      params: { text: 'Reviewed: your name and email were seen by one wrong recipient.' },
    });
    expect((await send()).statusCode).toBe(409);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/privacy/breaches/999999/send',
          headers: await asAdmin(),
          payload: { memberNotice: 'x', boardReport: 'y', boardEmail: 'board@dpb.example' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
