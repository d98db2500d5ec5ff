/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { historyText, IDEMPOTENCY_KEY_MESSAGE } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { loadConfig } from '../src/config';
import { idempotencyKeys, tickets, users } from '../src/db/schema';
import { MEMBER_KEY_LIFETIME_DAYS } from '../src/services/tickets/linkKeys';
import { filesUnder } from './support/files';
import { buildDemoApp } from './support/session';
import {
  type DemoRefs,
  demoRefs,
  FILES,
  keyOf,
  multipartBody,
  pngOfSize,
  submit,
  submitFields,
  withMemberLink,
} from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const MIB = 1024 * 1024;
const relaxed = { SUBMIT_MAX_PER_IP: '100000', LOOKUP_MAX_PER_IP: '100000', HELPDESK_DEMO_TICKETS: '0' };

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

describe.each(databaseKinds)('POST /api/tickets/submit on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  const uploadDir = () => path.join(database().dataDir, 'uploads');
  /** The stored files: those of committed tickets only, never a partial one. */
  const storedFiles = () => filesUnder(uploadDir());

  beforeAll(async () => {
    app = await buildDemoApp(database(), relaxed);
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  async function ticketCountOf(email: string): Promise<number> {
    const [row] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .innerJoin(users, eq(users.id, tickets.customerId))
      .where(sql`lower(${users.email}) = lower(${email})`);
    return Number(row?.n ?? 0);
  }

  it('creates the ticket with its member, title, office bearers, history and private links', async () => {
    const fields = submitFields(refs, {
      description:
        'Water  leaks from the ceiling of flat 402 every time it rains and the builder ignores every complaint.',
    });
    const response = await submit(app, fields);

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      success: true,
      ticketId: expect.any(Number),
      userId: expect.any(Number),
      shareUrl: expect.stringMatching(new RegExp(`^/ticket-detail/${body.ticketId}#key=[A-Za-z0-9_-]{43}$`)),
    });
    expect(response.headers['cache-control']).toBe('no-store');

    const ticket = (
      await app.inject({
        url: `/api/tickets/${body.ticketId}`,
        headers: { 'x-access-key': keyOf(body.shareUrl) },
      })
    ).json().ticket;
    expect(ticket).toMatchObject({
      id: body.ticketId,
      title: `${refs.committee.name}: Water leaks from the ceiling of flat 402…`,
      status: 'pending',
      currentAssignee: 'CityPresident',
      city: 'Pune',
      committee: { id: refs.committee.id, name: refs.committee.name },
      cityPresident: { fullName: 'Aditya Patwardhan' },
      convenor: { fullName: 'Meera Gokhale' },
      observer: { fullName: 'Sachin Bhosale' },
      customer: { id: body.userId, fullName: 'Ravi Kumar', email: 'r***@example.com', mobile: '98******10' },
      attachments: [],
    });
    expect(ticket.comments).toEqual([
      expect.objectContaining({ action: 'submitted', actionBy: 'Ravi Kumar', text: 'Ticket submitted' }),
    ]);
    // Stored in English and read by its code: the screens show it in their language.
    expect(historyText(ticket.comments[0])).toEqual({ key: 'common:history.submitted' });

    // The secrets are stored only as hashes.
    const [row] = await app.db.select().from(tickets).where(eq(tickets.id, body.ticketId));
    expect(row?.viewKeyHash).toBe(sha256(keyOf(body.shareUrl)));
    const [member] = await app.db.select().from(users).where(eq(users.id, body.userId));
    // The new member has a key (for the confirmation email, never in the answer) that expires.
    expect(member).toMatchObject({
      role: 'customer',
      email: fields.email,
      accessKeyHash: expect.any(String),
    });
    const lifetimeDays = ((member?.accessKeyExpiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(MEMBER_KEY_LIFETIME_DAYS - 1);
    expect(lifetimeDays).toBeLessThanOrEqual(MEMBER_KEY_LIFETIME_DAYS);
  });

  it('reuses the member of an email in any case, and never hands out their key', async () => {
    const first = (await submit(app, submitFields(refs, { email: 'Meena.Shah@Example.com' }))).json();
    const [before] = await app.db.select().from(users).where(eq(users.id, first.userId));
    const again = await submit(
      app,
      submitFields(refs, { email: 'MEENA.SHAH@example.COM', fullName: 'Someone Else', mobile: '9000000000' }),
    );

    expect(again.statusCode).toBe(201);
    expect(again.json().userId).toBe(first.userId);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(first).sort());
    expect(again.json()).not.toHaveProperty('memberUrl');
    // The member's details are not changed by whoever types their email.
    const [member] = await app.db.select().from(users).where(eq(users.id, first.userId));
    expect(member).toMatchObject({
      fullName: 'Ravi Kumar',
      email: 'meena.shah@example.com',
      mobile: '9876543210',
      // Their live key is not replaced by a stranger's submit.
      accessKeyHash: before?.accessKeyHash,
    });
    // The second ticket shows what its submitter typed, not the member's stored profile.
    const second = await app.inject({
      url: `/api/tickets/${again.json().ticketId}`,
      headers: { 'x-access-key': keyOf(again.json().shareUrl) },
    });
    expect(second.json().ticket.customer).toMatchObject({ fullName: 'Someone Else', mobile: '90******00' });
    // The member's link opens both tickets.
    const { memberUrl } = await withMemberLink(app, first);
    const list = await app.inject({
      url: `/api/tickets/user/${first.userId}`,
      headers: { 'x-access-key': keyOf(memberUrl) },
    });
    expect(list.json().tickets.map((ticket: { id: number }) => ticket.id)).toEqual([
      again.json().ticketId,
      first.ticketId,
    ]);
  });

  describe('validation, with the messages of docs/product.md#validation', () => {
    const manyWords = Array.from({ length: 501 }, (_, index) => `word${index}`).join(' ');
    const cases: [string, Record<string, string>, string, string][] = [
      ['no full name', { fullName: '  ' }, 'fullName', 'Full name is required'],
      ['a full name with digits', { fullName: 'Ravi 2' }, 'fullName', 'Full name should not contain numbers'],
      ['no mobile', { mobile: '' }, 'mobile', 'Mobile number is required'],
      ['a 9-digit mobile', { mobile: '987654321' }, 'mobile', 'Mobile number must be 10 digits'],
      ['a mobile with letters', { mobile: '98765abcde' }, 'mobile', 'Mobile number must be 10 digits'],
      ['no description', { description: ' ' }, 'description', 'Description is required'],
      ['501 words', { description: manyWords }, 'description', 'Description should not exceed 500 words'],
      ['no email', { email: '' }, 'email', 'Please provide a valid email address.'],
      ['a bad email', { email: 'ravi@' }, 'email', 'Please provide a valid email address.'],
    ];
    it.each(cases)('refuses %s', async (_name, overrides, field, message) => {
      const fields = submitFields(refs, overrides);
      const response = await submit(app, fields);

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message, details: [{ path: field, message }] });
      expect(await ticketCountOf(fields.email ?? '')).toBe(0);
    });

    it('treats a field left out like an empty one', async () => {
      const { mobile: _mobile, ...fields } = submitFields(refs);
      const response = await submit(app, fields);
      expect(response.json()).toEqual({
        error: 'Mobile number is required',
        details: [{ path: 'mobile', message: 'Mobile number is required' }],
      });
    });

    it('lists every problem at once', async () => {
      const response = await submit(app, submitFields(refs, { fullName: '', mobile: '1', email: 'x' }));
      expect(response.json().details).toEqual([
        { path: 'fullName', message: 'Full name is required' },
        { path: 'mobile', message: 'Mobile number must be 10 digits' },
        { path: 'email', message: 'Please provide a valid email address.' },
      ]);
    });

    it.each([
      ['no city', { cityId: '' }, [{ path: 'cityId', message: 'Please select a city.' }]],
      ['no committee', { committeeId: '' }, [{ path: 'committeeId', message: 'Please select a committee.' }]],
      [
        'neither',
        { cityId: '', committeeId: '' },
        [
          { path: 'cityId', message: 'Please select a city.' },
          { path: 'committeeId', message: 'Please select a committee.' },
        ],
      ],
      ['an unknown city', { cityId: '999999' }, [{ path: 'cityId', message: 'Please select a city.' }]],
      [
        'an unknown committee',
        { committeeId: '999999' },
        [{ path: 'committeeId', message: 'Please select a committee.' }],
      ],
      [
        'a city id that is not a number',
        { cityId: 'Pune' },
        [{ path: 'cityId', message: 'Please select a city.' }],
      ],
    ])('refuses %s with "Please select both a city and a committee"', async (_name, overrides, details) => {
      const response = await submit(app, submitFields(refs, overrides));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Please select both a city and a committee',
        details,
      });
    });

    it('refuses a committee the city does not run', async () => {
      const nashikRuns = (
        await app.inject({ url: `/api/committees/getAllCommittees?cityId=${refs.cityId('Nashik')}` })
      ).json().committees as { id: number }[];
      const all = (await app.inject({ url: '/api/committees/getAllCommittees' })).json().committees as {
        id: number;
      }[];
      const notRun = all.find((committee) => !nashikRuns.some((run) => run.id === committee.id));
      expect(notRun).toBeDefined();

      const response = await submit(
        app,
        submitFields(refs, { cityId: String(refs.cityId('Nashik')), committeeId: String(notRun?.id) }),
      );
      expect(response.json()).toEqual({
        error: 'Please select both a city and a committee',
        details: [{ path: 'committeeId', message: 'Please select a committee.' }],
      });
    });

    it('trusts the ids only: the names sent beside them are ignored', async () => {
      const response = await submit(
        app,
        submitFields(refs, { city: 'Mumbai', committee: 'Something else', cityPresident: 'Nobody' }),
      );
      const ticket = (
        await app.inject({
          url: `/api/tickets/${response.json().ticketId}`,
          headers: { 'x-access-key': keyOf(response.json().shareUrl) },
        })
      ).json().ticket;
      expect(ticket).toMatchObject({ city: 'Pune', committee: { name: refs.committee.name } });
      expect(ticket.cityPresident.fullName).toBe('Aditya Patwardhan');
    });

    it('answers a JSON body with 415 and a bad Idempotency-Key with 400', async () => {
      const json = await app.inject({
        method: 'POST',
        url: '/api/tickets/submit',
        payload: submitFields(refs),
      });
      expect(json.statusCode).toBe(415);
      expect(json.json().error).toBe('Send the ticket as multipart/form-data');

      const badKey = await submit(app, submitFields(refs), { idempotencyKey: 'short' });
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().details).toEqual([{ path: 'Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }]);
    });
  });

  describe('idempotency', () => {
    it('makes one ticket of 20 concurrent submits with one key, and answers each the same', async () => {
      const fields = submitFields(refs);
      const key = `concurrent-${kind}-${Date.now()}`;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          submit(app, fields, { idempotencyKey: key, files: [{ filename: 'p.png', data: FILES.png() }] }),
        ),
      );

      expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
      const bodies = responses.map((response) => response.json());
      for (const body of bodies) expect(body).toEqual(bodies[0]);
      expect(bodies[0]).not.toHaveProperty('memberUrl');
      expect(await ticketCountOf(fields.email ?? '')).toBe(1);
      expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
        19,
      );
      // One file kept: the losers removed theirs.
      const [row] = await app.db.select().from(tickets).where(eq(tickets.id, bodies[0].ticketId));
      expect(storedFiles().filter((file) => file.includes(row?.attachmentPath ?? '-'))).toHaveLength(1);
      expect(filesUnder(path.join(uploadDir(), 'incoming'))).toEqual([]);
    });

    it('answers a retry with the first answer, and another body under the same key with 422', async () => {
      const fields = submitFields(refs);
      const key = `retry-${kind}-${Date.now()}`;
      const first = await submit(app, fields, { idempotencyKey: key });
      const retry = await submit(app, fields, { idempotencyKey: key });
      const other = await submit(
        app,
        { ...fields, description: 'Something else entirely' },
        { idempotencyKey: key },
      );
      const otherFile = await submit(app, fields, {
        idempotencyKey: key,
        files: [{ filename: 'p.png', data: FILES.png() }],
      });

      expect(first.statusCode).toBe(201);
      expect(retry.statusCode).toBe(201);
      expect(retry.json()).toEqual(first.json());
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        error: 'This Idempotency-Key was already used for a different submit',
        details: [
          {
            path: 'Idempotency-Key',
            message: 'This Idempotency-Key was already used for a different submit',
          },
        ],
      });
      expect(otherFile.statusCode).toBe(422);
      expect(await ticketCountOf(fields.email ?? '')).toBe(1);
    });

    it('stores the answer only encrypted: the links are in no row', async () => {
      const key = `stored-${kind}-${Date.now()}`;
      const body = (await submit(app, submitFields(refs), { idempotencyKey: key })).json();
      const rows = await app.db.select().from(idempotencyKeys);
      const dump = JSON.stringify(rows);
      expect(dump).not.toContain(keyOf(body.shareUrl));
      expect(dump).not.toContain(key);
    });

    it('without a key, two identical submits make two tickets', async () => {
      const fields = submitFields(refs);
      await submit(app, fields);
      await submit(app, fields);
      expect(await ticketCountOf(fields.email ?? '')).toBe(2);
    });
  });

  describe('attachments', () => {
    it.each([
      ['report.pdf', 'pdf', 'application/pdf'],
      ['scan.PNG', 'png', 'image/png'],
      ['photo.jpg', 'jpeg', 'image/jpeg'],
      ['photo.jpeg', 'jpeg', 'image/jpeg'],
      ['letter.doc', 'doc', 'application/msword'],
      ['letter.docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ] as const)('accepts %s and keeps it under a random name', async (filename, fileKind, contentType) => {
      const data = FILES[fileKind]();
      const response = await submit(app, submitFields(refs), { files: [{ filename, data }] });

      expect(response.statusCode).toBe(201);
      const { ticketId, shareUrl } = response.json();
      const ticket = (
        await app.inject({ url: `/api/tickets/${ticketId}`, headers: { 'x-access-key': keyOf(shareUrl) } })
      ).json().ticket;
      expect(ticket.attachments).toEqual([
        {
          id: expect.any(Number),
          kind: 'attachment',
          fileName: filename,
          contentType,
          size: data.length,
          url: expect.any(String),
        },
      ]);
      expect(ticket.attachmentPath).toMatch(/^[0-9a-f]{32}\.(pdf|png|jpg|doc|docx)$/);
      expect(ticket.attachments[0].url).toBe(`/uploads/attachments/${ticket.attachmentPath}`);
      const stored = path.join(uploadDir(), 'attachments', ticket.attachmentPath);
      expect(readFileSync(stored).equals(data)).toBe(true);
    });

    it.each([
      ['an .exe renamed .png', 'setup.png', FILES.exe()],
      ['a pdf named .png', 'scan.png', FILES.pdf()],
      ['a png named .pdf', 'report.pdf', FILES.png()],
      ['a zip named .docx', 'letter.docx', FILES.zip()],
      ['an .exe', 'setup.exe', FILES.exe()],
      ['a file without an extension', 'README', FILES.pdf()],
      ['an empty .pdf', 'empty.pdf', Buffer.alloc(0)],
    ])('refuses %s with 400 and keeps nothing', async (_name, filename, data) => {
      const before = storedFiles();
      const fields = submitFields(refs);
      const response = await submit(app, fields, { files: [{ filename, data, contentType: 'image/png' }] });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed',
        details: [
          { path: 'attachment', message: 'Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed' },
        ],
      });
      expect(storedFiles()).toEqual(before);
      expect(await ticketCountOf(fields.email ?? '')).toBe(0);
    });

    it('accepts exactly 20 MiB, and answers one byte more with 413, leaving no file behind', async () => {
      const exact = await submit(app, submitFields(refs), {
        files: [{ filename: 'big.png', data: pngOfSize(20 * MIB) }],
      });
      expect(exact.statusCode).toBe(201);

      const before = storedFiles();
      const fields = submitFields(refs);
      const over = await submit(app, fields, {
        files: [{ filename: 'big.png', data: pngOfSize(20 * MIB + 1) }],
      });

      expect(over.statusCode).toBe(413);
      expect(over.json().error).toBe('File size (20.00 MB) exceeds the maximum limit of 20MB');
      expect(storedFiles()).toEqual(before);
      expect(await ticketCountOf(fields.email ?? '')).toBe(0);
    }, 60_000);

    it('refuses a second file part (which the parser would silently drop) with 400, keeping nothing', async () => {
      const before = storedFiles();
      const fields = submitFields(refs);
      const response = await submit(app, fields, {
        files: [
          { filename: 'a.png', data: FILES.png() },
          { filename: 'b.png', data: FILES.png() },
        ],
      });

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Send at most one file, as the field "attachment"');
      expect(storedFiles()).toEqual(before);
      expect(await ticketCountOf(fields.email ?? '')).toBe(0);
    });

    it('refuses a file under another field name', async () => {
      const response = await submit(app, submitFields(refs), {
        files: [{ field: 'photo', filename: 'a.png', data: FILES.png() }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        { path: 'attachment', message: 'Send at most one file, as the field "attachment"' },
      ]);
    });

    it('takes an empty file input (no name, no bytes) as no attachment', async () => {
      const response = await submit(app, submitFields(refs), {
        files: [{ filename: '', data: Buffer.alloc(0) }],
      });
      expect(response.statusCode).toBe(201);
    });

    it('keeps no file of a submit whose fields are refused', async () => {
      const before = storedFiles();
      const response = await submit(app, submitFields(refs, { mobile: '1' }), {
        files: [{ filename: 'a.pdf', data: FILES.pdf() }],
      });
      expect(response.statusCode).toBe(400);
      expect(storedFiles()).toEqual(before);
    });

    it('refuses a field sent twice and an oversized field', async () => {
      const fields = submitFields(refs);
      const { payload, contentType } = multipartBody(fields);
      const twice = Buffer.concat([
        payload.subarray(0, payload.length - `--${contentType.split('boundary=')[1]}--\r\n`.length),
        Buffer.from(
          `--${contentType.split('boundary=')[1]}\r\nContent-Disposition: form-data; name="email"\r\n\r\nx@y.z\r\n`,
        ),
        Buffer.from(`--${contentType.split('boundary=')[1]}--\r\n`),
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/tickets/submit',
        payload: twice,
        headers: { 'content-type': contentType },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([{ path: 'email', message: 'This field was sent twice' }]);

      const huge = await submit(app, submitFields(refs, { description: 'x'.repeat(70_000) }));
      expect(huge.statusCode).toBe(400);
      expect(huge.json().details).toEqual([{ path: 'description', message: 'This field is too long' }]);
    });
  });
});

describe.each(databaseKinds)('submit limit per address on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), {
      SUBMIT_MAX_PER_IP: '3',
      SUBMIT_WINDOW_MS: '3600000',
      HELPDESK_DEMO_TICKETS: '0',
    });
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it('answers the 4th submit of an hour from one address with 429, before reading the body', async () => {
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await submit(app, submitFields(refs), { remoteAddress: '203.0.113.9' })).statusCode).toBe(201);
    }
    const fields = submitFields(refs);
    const fourth = await submit(app, fields, { remoteAddress: '203.0.113.9' });

    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      error: 'Too many submissions from your address: try again in 60 minutes',
      details: [],
    });
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect((await submit(app, submitFields(refs), { remoteAddress: '203.0.113.10' })).statusCode).toBe(201);
    // Counted in the database, so every instance sees the same count.
    const rows = (await app.db.execute(
      sql`select key, count from login_throttle where key like 'submit-ip:%'`,
    )) as unknown as {
      rows: { key: string; count: number }[];
    };
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { key: 'submit-ip:203.0.113.9', count: 4 },
        { key: 'submit-ip:203.0.113.10', count: 1 },
      ]),
    );
  });

  it('defaults to 20 submits an hour and 300 lookups per 15 minutes', () => {
    expect(loadConfig({})).toMatchObject({
      submitLimit: { max: 20, windowMs: 3_600_000 },
      lookupLimit: { max: 300, windowMs: 900_000 },
      uploadMaxBytes: 20 * MIB,
    });
  });
});
