/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { eq } from 'drizzle-orm';
import { ACCESS_KEY_HEADER, API_PATHS, pathFor, TICKET_STATUSES } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { projects, tickets } from '../src/db/schema';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, multipartBody, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const api = (path: string) => `/api${path}`;

/** A Maharashtra number of the test's own series (`P` + 11 digits). */
const number = (serial: number) => `P99${String(serial).padStart(9, '0')}`;

describe.each(databaseKinds)('the register of projects on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let admin: string;
  let punePresident: string;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '60', SUBMIT_MAX_PER_IP: '1000000' });
    admin = await tokenFor(app, 'admin@helpdesk.demo');
    punePresident = await tokenFor(app, 'pune.president@helpdesk.demo');
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const create = (payload: object, token = admin) =>
    app.inject({ method: 'POST', url: api(API_PATHS.projects.create), headers: bearer(token), payload });

  describe('adding and changing projects', () => {
    it('refuses a Maharashtra number that is not P and 11 digits, naming the field', async () => {
      for (const reraNumber of ['P5210001234', 'P521000123456', 'P52A00012345'.replace('A', '')]) {
        const answer = await create({ reraNumber, name: 'Bad', cityId: refs.cityId('Pune') });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().details).toEqual([
          { path: 'reraNumber', message: 'A Maharashtra RERA number is P followed by 11 digits' },
        ]);
      }
      const junk = await create({ reraNumber: 'P-52 <script>', name: 'Bad', cityId: refs.cityId('Pune') });
      expect(junk.statusCode).toBe(400);
      expect(junk.json().details[0].path).toBe('reraNumber');
    });

    it("keeps another state's number as typed (upper case, no spaces) and refuses it twice", async () => {
      const karnataka = 'PRM/KA/RERA/1251/446/PR/171015/000438';
      const answer = await create({
        reraNumber: ` ${karnataka.toLowerCase()} `,
        name: 'Bengaluru Court',
        promoter: 'Garden City Homes',
        cityId: refs.cityId('Pune'),
        district: 'Pune',
      });
      expect(answer.statusCode).toBe(201);
      expect(answer.json().project).toEqual({
        id: expect.any(Number),
        reraNumber: karnataka,
        name: 'Bengaluru Court',
        promoter: 'Garden City Homes',
        cityId: refs.cityId('Pune'),
        city: 'Pune',
        district: 'Pune',
      });
      const again = await create({ reraNumber: karnataka, name: 'Other', cityId: refs.cityId('Pune') });
      expect(again.statusCode).toBe(409);
      expect(again.json().details[0].path).toBe('reraNumber');
    });

    it('is for admins only, and an unknown city is a 400 on cityId', async () => {
      const staff = await create(
        { reraNumber: number(1), name: 'X', cityId: refs.cityId('Pune') },
        punePresident,
      );
      expect(staff.statusCode).toBe(403);
      const anonymous = await app.inject({
        method: 'POST',
        url: api(API_PATHS.projects.create),
        payload: { reraNumber: number(1), name: 'X', cityId: refs.cityId('Pune') },
      });
      expect(anonymous.statusCode).toBe(401);
      const noCity = await create({ reraNumber: number(1), name: 'X', cityId: 999_999 });
      expect(noCity.statusCode).toBe(400);
      expect(noCity.json().details[0].path).toBe('cityId');
    });

    it('changes a project with PUT', async () => {
      const created = (
        await create({ reraNumber: number(2), name: 'Before', cityId: refs.cityId('Pune') })
      ).json().project;
      const answer = await app.inject({
        method: 'PUT',
        url: api(pathFor(API_PATHS.projects.update, { id: created.id })),
        headers: bearer(admin),
        payload: { reraNumber: number(3), name: 'After', promoter: 'P', cityId: refs.cityId('Mumbai') },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().project).toMatchObject({ reraNumber: number(3), name: 'After', city: 'Mumbai' });
      const missing = await app.inject({
        method: 'PUT',
        url: api(pathFor(API_PATHS.projects.update, { id: 999_999 })),
        headers: bearer(admin),
        payload: { reraNumber: number(4), name: 'After', cityId: refs.cityId('Mumbai') },
      });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('the typeahead', () => {
    it('finds by a part of the name or promoter and by the start of the number, public facts only', async () => {
      const byName = await app.inject({
        url: api(`${API_PATHS.projects.search}?q=${encodeURIComponent('heights')}`),
      });
      expect(byName.statusCode).toBe(200);
      const found = byName.json().projects;
      expect(found.map((project: { name: string }) => project.name)).toContain('Sahyadri Heights');
      for (const project of found) {
        expect(Object.keys(project).sort()).toEqual(['city', 'id', 'name', 'promoter', 'reraNumber']);
      }
      const byPromoter = (await app.inject({ url: api(`${API_PATHS.projects.search}?q=deccan`) })).json()
        .projects;
      expect(byPromoter.map((project: { name: string }) => project.name).sort()).toEqual([
        'Hinjewadi Tech Towers',
        'Sahyadri Heights',
      ]);
      const byNumber = (await app.inject({ url: api(`${API_PATHS.projects.search}?q=p5210001`) })).json()
        .projects;
      expect(byNumber[0]).toEqual({
        id: expect.any(Number),
        reraNumber: 'P52100012345',
        name: 'Sahyadri Heights',
        promoter: 'Deccan Realty LLP',
        city: 'Pune',
      });
      // LIKE's wildcards are text, not patterns.
      const wild = (
        await app.inject({ url: api(`${API_PATHS.projects.search}?q=${encodeURIComponent('%%')}`) })
      ).json();
      expect(wild.projects).toEqual([]);
      const tooShort = (await app.inject({ url: api(`${API_PATHS.projects.search}?q=s`) })).json();
      expect(tooShort.projects).toEqual([]);
    });
  });

  describe('the CSV import', () => {
    const HEADER = 'rera_number,name,promoter,city,district';
    /** 5,000 lines, 20 of them bad (a number, a city, a repeated number), each bad line's reason known. */
    function bigFile(): { csv: string; bad: Map<number, string>; good: number } {
      const lines = [HEADER];
      const bad = new Map<number, string>();
      for (let index = 0; index < 5_000; index++) {
        const line = lines.length + 1;
        let reraNumber = number(100_000 + index);
        let city = ['Pune', 'mumbai', 'Nagpur', 'Thane'][index % 4] as string;
        if (index % 250 === 7 && index < 2_000) {
          reraNumber = `P${index}`; // too short: 8 bad numbers
          bad.set(line, 'BAD_NUMBER');
        } else if (index % 250 === 99 && index < 1_500) {
          city = 'Atlantis'; // 6 unknown cities
          bad.set(line, 'UNKNOWN_CITY');
        } else if (index % 250 === 200 && index < 1_500) {
          reraNumber = number(100_000 + index - 1); // 6 repeats of the line before
          bad.set(line, 'DUPLICATE');
        }
        lines.push(
          `${reraNumber},"Tower ${index}, Phase ""${index % 3}""",Promoter ${index % 17},${city},District`,
        );
      }
      return { csv: `${lines.join('\r\n')}\r\n`, bad, good: 5_000 - bad.size };
    }

    const importCsv = (csv: string, dryRun: boolean, token = admin) =>
      app.inject({
        method: 'POST',
        url: api(`${API_PATHS.projects.import}?dryRun=${dryRun}`),
        headers: { ...bearer(token), 'content-type': 'text/csv' },
        payload: csv,
      });

    it('dry run reports every bad line with its reason and writes nothing; the commit adds exactly the good ones', async () => {
      const { csv, bad, good } = bigFile();
      expect(bad.size).toBe(20);
      const before = await app.db.$count(projects);

      const dry = await importCsv(csv, true);
      expect(dry.statusCode).toBe(200);
      const report = dry.json();
      expect(report).toMatchObject({ dryRun: true, added: good, changed: 0, unchanged: 0, refused: 20 });
      const refused = report.lines.filter((line: { outcome: string }) => line.outcome === 'refused');
      expect(
        new Map(refused.map((line: { line: number; reason: string }) => [line.line, line.reason])),
      ).toEqual(bad);
      expect(await app.db.$count(projects)).toBe(before);

      const commit = await importCsv(csv, false);
      expect(commit.statusCode).toBe(200);
      expect(commit.json()).toMatchObject({ dryRun: false, added: good, refused: 20 });
      expect(await app.db.$count(projects)).toBe(before + good);
      // A quoted name with a comma and quotes came through whole.
      const [tower] = await app.db
        .select()
        .from(projects)
        .where(eq(projects.reraNumber, number(100_001)));
      expect(tower?.name).toBe('Tower 1, Phase "1"');

      // The same file again changes nothing; one line edited is "changed".
      const again = (await importCsv(csv, true)).json();
      expect(again).toMatchObject({ added: 0, changed: 0, unchanged: good, refused: 20 });
      const edited = `${HEADER}\n${number(100_001)},Tower 1 renamed,Promoter 1,Mumbai,District\n`;
      const change = (await importCsv(edited, false)).json();
      expect(change).toMatchObject({ added: 0, changed: 1, refused: 0 });
      const [renamed] = await app.db
        .select()
        .from(projects)
        .where(eq(projects.reraNumber, number(100_001)));
      expect(renamed?.name).toBe('Tower 1 renamed');
    }, 120_000);

    it('refuses a file without the columns, and anyone but an admin', async () => {
      const noHeader = await importCsv(`${number(1)},A,B,Pune,D\n`, true);
      expect(noHeader.statusCode).toBe(400);
      expect(noHeader.json().details[0].path).toBe('body');
      expect((await importCsv(`${HEADER}\n`, true, punePresident)).statusCode).toBe(403);
      const badQuery = await importCsv(`${HEADER}\n`, 'maybe' as unknown as boolean);
      expect(badQuery.statusCode).toBe(400);
    });
  });

  describe('tickets about a project', () => {
    it('a bad RERA number on the form is a 400 naming the field; an unknown project too', async () => {
      const bad = await submit(app, submitFields(refs, { reraNumber: 'P123' }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual(
        expect.arrayContaining([
          { path: 'reraNumber', message: 'A Maharashtra RERA number is P followed by 11 digits' },
        ]),
      );
      const unknownNumber = await submit(app, submitFields(refs, { reraNumber: number(777_777) }));
      expect(unknownNumber.statusCode).toBe(400);
      expect(unknownNumber.json().details).toEqual([{ path: 'reraNumber', message: 'Project not found' }]);
      const unknownId = await submit(app, submitFields(refs, { projectId: '999999' }));
      expect(unknownId.statusCode).toBe(400);
      expect(unknownId.json().details[0].path).toBe('projectId');
      const notANumber = await submit(app, submitFields(refs, { projectId: 'abc' }));
      expect(notANumber.statusCode).toBe(400);
      expect(notANumber.json().details[0].path).toBe('projectId');
    });

    it('a submit with a project keeps it, staff find it by the RERA number, and the page counts match the lists', async () => {
      const project = (
        await create({ reraNumber: number(500), name: 'Counting Court', cityId: refs.cityId('Pune') })
      ).json().project;
      const byId = await submit(app, submitFields(refs, { projectId: String(project.id) }));
      expect(byId.statusCode).toBe(201);
      const byNumber = await submit(
        app,
        submitFields(refs, { reraNumber: ` ${number(500).toLowerCase()} ` }),
      );
      expect(byNumber.statusCode).toBe(201);
      const other = await submit(app, submitFields(refs));
      const ids = [byId.json().ticketId, byNumber.json().ticketId];

      const [stored] = await app.db
        .select({ projectId: tickets.projectId })
        .from(tickets)
        .where(eq(tickets.id, ids[1]));
      expect(stored?.projectId).toBe(project.id);
      const ticket = (
        await app.inject({
          url: api(pathFor(API_PATHS.tickets.byId, { id: ids[0] })),
          headers: bearer(admin),
        })
      ).json().ticket;
      expect(ticket.project).toEqual({ id: project.id, reraNumber: number(500), name: 'Counting Court' });
      // The member's own link shows the project they named (the register's public facts).
      const shareKey = new URL(byId.json().shareUrl, 'http://x').hash.replace('#key=', '');
      const asMember = (
        await app.inject({
          url: api(pathFor(API_PATHS.tickets.byId, { id: ids[0] })),
          headers: { [ACCESS_KEY_HEADER]: shareKey },
        })
      ).json().ticket;
      expect(asMember.project).toEqual({ id: project.id, reraNumber: number(500), name: 'Counting Court' });

      // Staff search by the number (in any case, with spaces) finds both and only them.
      for (const q of [number(500), ` ${number(500).toLowerCase()}`]) {
        const found = await app.inject({
          url: api(`${API_PATHS.tickets.cityPresidentAll}?q=${encodeURIComponent(q)}`),
          headers: bearer(punePresident),
        });
        expect(found.statusCode).toBe(200);
        expect(
          found
            .json()
            .tickets.map((row: { id: number }) => row.id)
            .sort(),
        ).toEqual([...ids].sort());
        expect(found.json().tickets[0].project).toEqual({
          id: project.id,
          reraNumber: number(500),
          name: 'Counting Court',
        });
      }
      expect(ids).not.toContain(other.json().ticketId);

      // Move one on, so the counts have two statuses.
      const approve = await app.inject({
        method: 'POST',
        url: api(pathFor(API_PATHS.tickets.cityPresidentAction, { id: ids[0] })),
        headers: bearer(punePresident),
        payload: { action: 'approve', comment: '' },
      });
      expect(approve.statusCode).toBe(200);

      const page = await app.inject({
        url: api(pathFor(API_PATHS.projects.byId, { id: project.id })),
        headers: bearer(punePresident),
      });
      expect(page.statusCode).toBe(200);
      const detail = page.json();
      expect(detail.project.reraNumber).toBe(number(500));
      expect(detail.counts).toMatchObject({ total: 2, pending: 1, approved: 1 });
      expect(detail.open).toBe(2);
      expect(detail.oldestOpen.id).toBe(ids[0]);
      for (const [token, path] of [
        [punePresident, API_PATHS.tickets.cityPresidentAll],
        [admin, API_PATHS.tickets.all],
      ] as const) {
        const list = (
          await app.inject({
            url: api(`${path}?projectId=${project.id}&pageSize=100`),
            headers: bearer(token),
          })
        ).json();
        expect(list.total).toBe(detail.counts.total);
        for (const status of TICKET_STATUSES) {
          const filtered = (
            await app.inject({
              url: api(`${path}?projectId=${project.id}&status=${status}`),
              headers: bearer(token),
            })
          ).json();
          expect(filtered.total).toBe(detail.counts[status]);
        }
      }
    });

    it('the form posted without scripts takes the plain RERA field, and shows its error beside it', async () => {
      const post = (fields: Record<string, string>) => {
        const { payload, contentType } = multipartBody(fields);
        return app.inject({
          method: 'POST',
          url: api(API_PATHS.tickets.submitForm),
          payload,
          headers: { 'content-type': contentType },
        });
      };
      const { city: _c, committee: _m, cityPresident: _p, ...plain } = submitFields(refs);
      const bad = await post({
        ...plain,
        reraNumber: 'P12',
        idempotencyKey: `projects-${kind}-bad-${Date.now()}`,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('<input id="reraNumber" name="reraNumber" type="text" value="P12"');
      expect(bad.body).toContain(
        '<p class="error" id="reraNumber-error" data-field="reraNumber">A Maharashtra RERA number is P followed by 11 digits</p>',
      );
      const good = await post({
        ...plain,
        reraNumber: 'p5210 0012 345',
        idempotencyKey: `projects-${kind}-good-${Date.now()}`,
      });
      expect(good.statusCode).toBe(201);
      const ticketId = Number(/\/ticket-detail\/(\d+)#key=/.exec(good.body)?.[1]);
      const [stored] = await app.db
        .select({ projectId: tickets.projectId })
        .from(tickets)
        .where(eq(tickets.id, ticketId));
      const [sahyadri] = await app.db.select().from(projects).where(eq(projects.reraNumber, 'P52100012345'));
      expect(stored?.projectId).toBe(sahyadri?.id);
    });

    it('reports and the CSV export filter by project, and the export has its columns', async () => {
      const project = (
        await create({ reraNumber: number(600), name: 'Report, "Quoted" Court', cityId: refs.cityId('Pune') })
      ).json().project;
      const ids: number[] = [];
      for (let index = 0; index < 3; index++) {
        ids.push((await submit(app, submitFields(refs, { projectId: String(project.id) }))).json().ticketId);
      }
      const summary = await app.inject({
        url: api(`${API_PATHS.reports.summary}?projectId=${project.id}`),
        headers: bearer(admin),
      });
      expect(summary.statusCode).toBe(200);
      expect(summary.json().counts).toEqual({ received: 3, resolved: 0, rejected: 0, open: 3 });
      const csv = await app.inject({
        url: api(`${API_PATHS.reports.export}?kind=tickets&projectId=${project.id}`),
        headers: bearer(admin),
      });
      expect(csv.statusCode).toBe(200);
      const [header, ...rows] = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header?.split(',').slice(-2)).toEqual(['RERA number', 'Project']);
      expect(rows).toHaveLength(3);
      for (const row of rows) expect(row.endsWith(`,${number(600)},"Report, ""Quoted"" Court"`)).toBe(true);
      const all = await app.inject({
        url: api(`${API_PATHS.reports.export}?kind=tickets`),
        headers: bearer(admin),
      });
      expect(all.body.split('\r\n').length).toBeGreaterThan(rows.length + 2);
    });

    it("the project page of a demo project matches the lists, and is staff's only", async () => {
      const [demo] = await app.db.select().from(projects).where(eq(projects.reraNumber, 'P52100012345'));
      const detail = (
        await app.inject({
          url: api(pathFor(API_PATHS.projects.byId, { id: demo?.id as number })),
          headers: bearer(admin),
        })
      ).json();
      expect(detail.counts.total).toBeGreaterThan(0);
      const list = (
        await app.inject({
          url: api(`${API_PATHS.tickets.all}?projectId=${demo?.id}`),
          headers: bearer(admin),
        })
      ).json();
      expect(list.total).toBe(detail.counts.total);
      const overdue = (
        await app.inject({
          url: api(`${API_PATHS.tickets.all}?projectId=${demo?.id}&due=overdue`),
          headers: bearer(admin),
        })
      ).json();
      expect(overdue.total).toBe(detail.overdue);
      expect(
        (await app.inject({ url: api(pathFor(API_PATHS.projects.byId, { id: demo?.id as number })) }))
          .statusCode,
      ).toBe(401);
      const missing = await app.inject({
        url: api(pathFor(API_PATHS.projects.byId, { id: 999_999 })),
        headers: bearer(admin),
      });
      expect(missing.statusCode).toBe(404);
    });
  });
});
