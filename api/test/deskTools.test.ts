/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
/**
 * Desk tools (ADR 0065, ADR 0066): canned answers by language with their variables filled for a
 * ticket, who may keep which, their uses in the reports; complaints staff file for a member, who
 * may file where, and that the member gets what a public submit gives.
 */
import { eq } from 'drizzle-orm';
import { API_PATHS, pathFor, ticketIdDisplay } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { tickets, users } from '../src/db/schema';
import { dueDateText } from '../src/services/deskTools/cannedResponses';
import { openParams } from '../src/services/outbox/sealedParams';
import { outboxRows } from './support/outbox';
import {
  ADMIN,
  bearer,
  buildDemoApp,
  CREDAI_PRESIDENT,
  MUMBAI_PRESIDENT,
  PUNE_CONVENOR,
  PUNE_PRESIDENT,
  tokenFor,
} from './support/session';
import {
  type DemoRefs,
  demoRefs,
  FILES,
  keyOf,
  multipartBody,
  submit,
  submitFields,
} from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const api = (path: string) => `/api${path}`;

/** A canned answer's body in the three languages (`tag` keeps each test's titles its own). */
function answerBody(tag: string, overrides: Record<string, unknown> = {}) {
  return {
    title: { en: `Documents ${tag}`, hi: `दस्तावेज़ ${tag}`, mr: `कागदपत्रे ${tag}` },
    text: {
      en: 'Dear {memberName}, about {ticketNumber}: we answer by {dueDate}. {officeBearer}',
      hi: 'प्रिय {memberName}, {ticketNumber} के बारे में: हम {dueDate} तक उत्तर देंगे। {officeBearer}',
      mr: 'प्रिय {memberName}, {ticketNumber} बाबत: आम्ही {dueDate} पर्यंत उत्तर देऊ. {officeBearer}',
    },
    ...overrides,
  };
}

describe.each(databaseKinds)('desk tools on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  const token: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildDemoApp(database(), { OUTBOX_WORKER: 'false', SUBMIT_MAX_PER_IP: '1000000' });
    await app.ready();
    refs = await demoRefs(app);
    for (const email of [ADMIN, PUNE_PRESIDENT, PUNE_CONVENOR, MUMBAI_PRESIDENT, CREDAI_PRESIDENT])
      token[email] = await tokenFor(app, email);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: string, payload?: object) =>
    app.inject({ method, url: api(url), headers: bearer(token[who] as string), payload });
  const byId = (id: number) => pathFor(API_PATHS.cannedResponses.byId, { id });

  async function fullNameOf(email: string): Promise<string> {
    const [row] = await app.db.select({ name: users.fullName }).from(users).where(eq(users.email, email));
    return row?.name ?? '';
  }

  describe('canned answers', () => {
    it('a city president keeps answers of their own chapter, whatever chapter they send', async () => {
      const created = await call('POST', API_PATHS.cannedResponses.create, PUNE_PRESIDENT, {
        ...answerBody('own'),
        cityId: refs.cityId('Mumbai'),
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().cannedResponse).toEqual({
        id: expect.any(Number),
        cityId: refs.cityId('Pune'),
        city: 'Pune',
        title: answerBody('own').title,
        text: answerBody('own').text,
        uses: 0,
        editable: true,
        updatedAt: expect.any(String),
      });
    });

    it('refuses a missing language or an unknown variable, naming the field', async () => {
      const body = answerBody('bad');
      const noHindi = await call('POST', API_PATHS.cannedResponses.create, ADMIN, {
        ...body,
        title: { ...body.title, hi: '  ' },
      });
      expect(noHindi.statusCode).toBe(400);
      expect(noHindi.json().details).toEqual([{ path: 'title.hi', message: 'Title is required' }]);
      const typo = await call('POST', API_PATHS.cannedResponses.create, ADMIN, {
        ...body,
        text: { ...body.text, mr: 'प्रिय {membername}' },
      });
      expect(typo.statusCode).toBe(400);
      expect(typo.json().details).toEqual([
        {
          path: 'text.mr',
          message: 'Use only the variables {memberName}, {ticketNumber}, {dueDate}, {officeBearer}',
        },
      ]);
      const unknownCity = await call('POST', API_PATHS.cannedResponses.create, ADMIN, {
        ...body,
        cityId: 2_000_000_000,
      });
      expect(unknownCity.statusCode).toBe(400);
      expect(unknownCity.json().details[0].path).toBe('cityId');
    });

    it("a city president cannot change or remove another chapter's answer, nor the association's", async () => {
      const mumbai = (
        await call('POST', API_PATHS.cannedResponses.create, MUMBAI_PRESIDENT, answerBody('mumbai'))
      ).json().cannedResponse;
      const everyChapter = (
        await call('POST', API_PATHS.cannedResponses.create, ADMIN, answerBody('all'))
      ).json().cannedResponse;
      expect(everyChapter.cityId).toBeNull();
      for (const id of [mumbai.id, everyChapter.id]) {
        const edit = await call('PUT', byId(id), PUNE_PRESIDENT, answerBody('taken'));
        expect(edit.statusCode).toBe(403);
        expect(edit.json().details).toEqual([
          expect.objectContaining({ path: 'id', code: 'CANNED_OTHER_CHAPTER' }),
        ]);
        expect((await call('DELETE', byId(id), PUNE_PRESIDENT)).statusCode).toBe(403);
      }
      // A convenor reads them but keeps none; the admin keeps every one.
      expect((await call('PUT', byId(mumbai.id), PUNE_CONVENOR, answerBody('x'))).statusCode).toBe(403);
      expect(
        (await call('POST', API_PATHS.cannedResponses.create, PUNE_CONVENOR, answerBody('x'))).statusCode,
      ).toBe(403);
      const byAdmin = await call('PUT', byId(mumbai.id), ADMIN, { ...answerBody('moved'), cityId: null });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().cannedResponse).toMatchObject({ cityId: null, title: answerBody('moved').title });
      expect((await call('DELETE', byId(mumbai.id), MUMBAI_PRESIDENT)).statusCode).toBe(403);
      expect((await call('DELETE', byId(mumbai.id), ADMIN)).json()).toEqual({ ok: true });
      expect((await call('DELETE', byId(mumbai.id), ADMIN)).statusCode).toBe(404);
      // Each chapter's staff see their chapter's and every chapter's, not another chapter's.
      const mumbaiOnly = (
        await call('POST', API_PATHS.cannedResponses.create, MUMBAI_PRESIDENT, answerBody('mumbai-only'))
      ).json().cannedResponse;
      const listed = (await call('GET', API_PATHS.cannedResponses.list, PUNE_CONVENOR)).json()
        .cannedResponses;
      const ids = listed.map((answer: { id: number }) => answer.id);
      expect(ids).toContain(everyChapter.id);
      expect(ids).not.toContain(mumbaiOnly.id);
      expect(listed.every((answer: { editable: boolean }) => !answer.editable)).toBe(true);
    });

    it("shows the answers in a Marathi member's language with the variables filled for the ticket", async () => {
      const created = (
        await call('POST', API_PATHS.cannedResponses.create, PUNE_PRESIDENT, answerBody('marathi'))
      ).json().cannedResponse;
      const submitted = await submit(
        app,
        submitFields(refs, { fullName: 'Sunita Deshmukh', language: 'mr' }),
      );
      expect(submitted.statusCode).toBe(201);
      const ticketId = submitted.json().ticketId as number;
      const [ticket] = await app.db
        .select({ dueAt: tickets.dueAt })
        .from(tickets)
        .where(eq(tickets.id, ticketId));
      if (!ticket?.dueAt) throw new Error('a new ticket has its review due time');

      const answer = await call(
        'GET',
        `${API_PATHS.cannedResponses.list}?ticketId=${ticketId}`,
        PUNE_CONVENOR,
      );
      expect(answer.statusCode).toBe(200);
      expect(answer.json().lang).toBe('mr');
      const shown = answer.json().cannedResponses.find((item: { id: number }) => item.id === created.id);
      const convenor = await fullNameOf(PUNE_CONVENOR);
      expect(shown.shown).toEqual({
        title: 'कागदपत्रे marathi',
        text: `प्रिय Sunita Deshmukh, ${ticketIdDisplay(ticketId)} बाबत: आम्ही ${dueDateText(ticket.dueAt, 'mr')} पर्यंत उत्तर देऊ. ${convenor}`,
      });
      // Marathi writes its dates in Devanagari digits.
      expect(dueDateText(ticket.dueAt, 'mr')).toMatch(/^[०-९]+ \S+ [०-९]{4}$/);

      // `lang` chooses another language; the answers of another chapter's ticket stay out of reach.
      const english = await call(
        'GET',
        `${API_PATHS.cannedResponses.list}?ticketId=${ticketId}&lang=en`,
        PUNE_CONVENOR,
      );
      expect(
        english.json().cannedResponses.find((item: { id: number }) => item.id === created.id).shown.text,
      ).toBe(
        `Dear Sunita Deshmukh, about ${ticketIdDisplay(ticketId)}: we answer by ${dueDateText(ticket.dueAt, 'en')}. ${convenor}`,
      );
      expect(
        (await call('GET', `${API_PATHS.cannedResponses.list}?ticketId=${ticketId}`, MUMBAI_PRESIDENT))
          .statusCode,
      ).toBe(404);
      const badLang = await call('GET', `${API_PATHS.cannedResponses.list}?lang=fr`, PUNE_CONVENOR);
      expect(badLang.statusCode).toBe(400);
      expect(badLang.json().details[0].path).toBe('lang');

      // A reply sent with it counts once, for the list and the chapter's report.
      const reply = await app.inject({
        method: 'POST',
        url: api(pathFor(API_PATHS.tickets.replies, { id: ticketId })),
        headers: bearer(token[PUNE_CONVENOR] as string),
        payload: { text: shown.shown.text, cannedResponseId: created.id },
      });
      expect(reply.statusCode).toBe(201);
      const again = (await call('GET', API_PATHS.cannedResponses.list, PUNE_PRESIDENT)).json()
        .cannedResponses;
      expect(again.find((item: { id: number }) => item.id === created.id).uses).toBe(1);
      const report = await call('GET', API_PATHS.reports.summary, PUNE_PRESIDENT);
      expect(report.statusCode).toBe(200);
      expect(report.json().cannedResponses).toContainEqual({
        id: created.id,
        title: 'Documents marathi',
        uses: 1,
      });
    });
  });

  it('names a shielded member by their alias for chapter staff, by name for an admin (ADR 0049)', async () => {
    const created = (
      await call('POST', API_PATHS.cannedResponses.create, ADMIN, answerBody('shielded'))
    ).json().cannedResponse;
    const submitted = await submit(
      app,
      submitFields(refs, { fullName: 'Hidden Member', shieldIdentity: 'true', language: 'en' }),
    );
    const ticketId = submitted.json().ticketId as number;
    const [row] = await app.db
      .select({ alias: tickets.memberAlias })
      .from(tickets)
      .where(eq(tickets.id, ticketId));
    const textFor = async (who: string) =>
      (await call('GET', `${API_PATHS.cannedResponses.list}?ticketId=${ticketId}`, who))
        .json()
        .cannedResponses.find((item: { id: number }) => item.id === created.id).shown.text as string;
    expect(await textFor(PUNE_CONVENOR)).toMatch(new RegExp(`^Dear ${row?.alias},`));
    expect(await textFor(PUNE_CONVENOR)).not.toContain('Hidden Member');
    expect(await textFor(ADMIN)).toMatch(/^Dear Hidden Member,/);
  });

  describe('complaints filed for a member', () => {
    function file(who: string, fields: Record<string, string>, withLetter = true) {
      const { payload, contentType } = multipartBody(
        fields,
        withLetter
          ? [{ filename: 'letter-scan.pdf', contentType: 'application/pdf', data: FILES.pdf() }]
          : [],
      );
      return app.inject({
        method: 'POST',
        url: api(API_PATHS.tickets.assisted),
        headers: { ...bearer(token[who] as string), 'content-type': contentType },
        payload,
      });
    }

    async function ticketCount() {
      return (await app.db.select({ id: tickets.id }).from(tickets)).length;
    }

    it('a city president files a walk-in complaint: the member gets what a public submit gives', async () => {
      const fields = submitFields(refs, { fullName: 'Kamala Joshi', language: 'mr', channel: 'walk-in' });
      const filed = await file(PUNE_PRESIDENT, fields);
      expect(filed.statusCode).toBe(201);
      const body = filed.json();
      expect(Object.keys(body).sort()).toEqual(['shareUrl', 'success', 'ticketId', 'userId']);

      // The member record: a member (never staff) with what was typed, found again by a later submit.
      const [member] = await app.db.select().from(users).where(eq(users.id, body.userId));
      expect(member).toMatchObject({
        role: 'customer',
        fullName: 'Kamala Joshi',
        email: fields.email,
        mobile: fields.mobile,
      });
      const later = await submit(app, submitFields(refs, { email: fields.email as string }));
      expect(later.json().userId).toBe(body.userId);

      // The same confirmation as a public submit's: to the typed address, in Marathi, with both links.
      const rows = await outboxRows(app);
      const confirmation = rows.find(
        (row) => row.ticketId === body.ticketId && row.template === 'ticketSubmittedMember',
      );
      expect(confirmation).toMatchObject({ channel: 'email', recipient: fields.email, locale: 'mr' });
      const params = openParams(confirmation?.params ?? {});
      expect(params.shareUrl).toBe(body.shareUrl);
      const publicConfirmation = rows.find(
        (row) => row.ticketId === later.json().ticketId && row.template === 'ticketSubmittedMember',
      );
      expect(Object.keys(params).sort()).toEqual(
        Object.keys(openParams(publicConfirmation?.params ?? {})).sort(),
      );
      // Both links open: the ticket by its key, the member's tickets by theirs.
      const byShareKey = await app.inject({
        url: api(pathFor(API_PATHS.tickets.byId, { id: body.ticketId })),
        headers: { 'x-access-key': keyOf(body.shareUrl) },
      });
      expect(byShareKey.statusCode).toBe(200);
      const byMemberKey = await app.inject({
        url: api(pathFor(API_PATHS.tickets.byUser, { id: body.userId })),
        headers: { 'x-access-key': keyOf(String(params.memberUrl)) },
      });
      expect(byMemberKey.statusCode).toBe(200);
      // The city president hears of it as of any new ticket.
      expect(
        rows.some((row) => row.ticketId === body.ticketId && row.template === 'ticketSubmittedStaff'),
      ).toBe(true);

      // Staff read the channel, the language, the scanned letter and who filed it, and how.
      const staffView = await app.inject({
        url: api(pathFor(API_PATHS.tickets.byId, { id: body.ticketId })),
        headers: bearer(token[PUNE_CONVENOR] as string),
      });
      const ticket = staffView.json().ticket;
      expect(ticket).toMatchObject({ channel: 'walk-in', language: 'mr', status: 'pending' });
      expect(ticket.attachments).toEqual([expect.objectContaining({ fileName: 'letter-scan.pdf' })]);
      const president = await fullNameOf(PUNE_PRESIDENT);
      expect(
        ticket.comments.map(
          (entry: { kind: string; actionBy: string; actorRole: string; values: object }) => ({
            kind: entry.kind,
            actionBy: entry.actionBy,
            actorRole: entry.actorRole,
            values: entry.values,
          }),
        ),
      ).toEqual([
        { kind: 'ticket.submitted', actionBy: 'Kamala Joshi', actorRole: 'customer', values: {} },
        {
          kind: 'ticket.filed_for_member',
          actionBy: president,
          actorRole: 'citypresident',
          values: { channel: 'walk-in' },
        },
      ]);
      expect(ticket.comments[1].text).toBe('Filed for the member by the City President (Walk-in)');
      // Filing is not the first staff step on the complaint (the reports time that from the chain).
      const [times] = await app.db
        .select({ firstActionAt: tickets.firstActionAt })
        .from(tickets)
        .where(eq(tickets.id, body.ticketId));
      expect(times?.firstActionAt).toBeNull();

      // The chapter's report counts it under walk-in.
      const report = (await call('GET', API_PATHS.reports.summary, PUNE_PRESIDENT)).json();
      expect(report.byChannel.map((row: { channel: string }) => row.channel)).toEqual([
        'web',
        'phone',
        'walk-in',
        'letter',
        'email',
      ]);
      expect(
        report.byChannel.find((row: { channel: string }) => row.channel === 'walk-in').count,
      ).toBeGreaterThanOrEqual(1);
    });

    it("refuses another city's staff, and those who file for no city, writing nothing", async () => {
      const before = await ticketCount();
      const mumbai = await file(MUMBAI_PRESIDENT, submitFields(refs, { channel: 'phone' }));
      expect(mumbai.statusCode).toBe(403);
      expect(mumbai.json().details).toEqual([
        expect.objectContaining({ path: 'cityId', code: 'ASSISTED_OTHER_CITY' }),
      ]);
      expect((await file(CREDAI_PRESIDENT, submitFields(refs, { channel: 'phone' }))).statusCode).toBe(403);
      const anonymous = await app.inject({ method: 'POST', url: api(API_PATHS.tickets.assisted) });
      expect(anonymous.statusCode).toBe(401);
      expect(await ticketCount()).toBe(before);
    });

    it("files for the convenor of the city and for admins anywhere; a bad channel is the form's 400", async () => {
      const badChannel = await file(PUNE_CONVENOR, submitFields(refs, { channel: 'pigeon' }), false);
      expect(badChannel.statusCode).toBe(400);
      expect(badChannel.json().details).toEqual([
        { path: 'channel', message: expect.stringMatching(/phone/) },
      ]);
      const badForm = await file(
        PUNE_CONVENOR,
        submitFields(refs, { channel: 'letter', mobile: '12' }),
        false,
      );
      expect(badForm.statusCode).toBe(400);
      expect(badForm.json().details[0].path).toBe('mobile');

      const byConvenor = await file(PUNE_CONVENOR, submitFields(refs, { channel: 'letter' }));
      expect(byConvenor.statusCode).toBe(201);
      const byAdmin = await file(
        ADMIN,
        submitFields(refs, { channel: 'phone', cityId: String(refs.cityId('Mumbai')), city: 'Mumbai' }),
        false,
      );
      expect(byAdmin.statusCode).toBe(201);
      const [row] = await app.db
        .select({ channel: tickets.intakeChannel, cityId: tickets.cityId })
        .from(tickets)
        .where(eq(tickets.id, byAdmin.json().ticketId));
      expect(row).toEqual({ channel: 'phone', cityId: refs.cityId('Mumbai') });
    });
  });
});
