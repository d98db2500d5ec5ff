/**
 * Conflicts of interest (ADR 0048): staff declare firms, a holder whose declaration matches a
 * ticket's firm is passed over to the next holder of the chain, and the ticket then does not
 * exist for them: no details (404), no place in lists, counts or search, no email. A complaint
 * about an office bearer goes to the association president. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { auditLog, outbox, projects, ticketStages } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { historyRows } from './support/history';
import {
  ADMIN,
  bearer,
  buildDemoApp,
  CREDAI_PRESIDENT,
  PUNE_CONVENOR,
  PUNE_OBSERVER,
  PUNE_PRESIDENT,
  tokenFor,
} from './support/session';
import { type DemoRefs, demoRefs, keyOf, multipartBody, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(180_000);

const START = new Date('2026-12-01T06:00:00.000Z');

describe.each(databaseKinds)('recusal on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock(START);
  let app: App;
  let refs: DemoRefs;
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    app = await buildDemoApp(
      database(),
      { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' },
      undefined,
      clock,
    );
    await app.ready();
    refs = await demoRefs(app);
    for (const email of [ADMIN, CREDAI_PRESIDENT, PUNE_PRESIDENT, PUNE_CONVENOR, PUNE_OBSERVER]) {
      tokens[email] = await tokenFor(app, email);
      const check = await app.inject({ url: '/api/auth/check', headers: as(email) });
      ids[email] = check.json().user.id;
    }
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });

  function as(email: string) {
    return bearer(tokens[email] ?? '');
  }
  const get = (url: string, email: string) => app.inject({ url, headers: as(email) });
  const declare = (email: string, interests: unknown[]) =>
    app.inject({
      method: 'PUT',
      url: '/api/users/me/interests',
      headers: as(email),
      payload: { interests },
    });

  /** A Pune ticket with these form fields; its id and share key. */
  async function submitted(fields: Record<string, string>) {
    const answer = await submit(app, submitFields(refs, fields));
    expect(answer.statusCode).toBe(201);
    const body = answer.json();
    return { id: body.ticketId as number, key: keyOf(body.shareUrl) };
  }

  const listIds = async (url: string, email: string) => {
    const answer = await get(url, email);
    expect(answer.statusCode).toBe(200);
    return (answer.json().tickets as { id: number }[]).map((ticket) => ticket.id);
  };
  const total = async (email: string) => (await get('/api/tickets/stats', email)).json().total as number;
  const staffEmailsOf = (ticketId: number) =>
    app.db
      .select({ userId: outbox.recipientUserId, template: outbox.template })
      .from(outbox)
      .where(eq(outbox.ticketId, ticketId));

  it('keeps dated, audited declarations that admins can read', async () => {
    const first = await declare(PUNE_OBSERVER, [{ kind: 'firm', name: 'Declared Once Ltd' }]);
    expect(first.statusCode).toBe(200);
    const [declared] = first.json().interests;
    expect(declared).toMatchObject({
      kind: 'firm',
      name: 'Declared Once Ltd',
      declaredAt: START.toISOString(),
    });
    // Declared again later with a project added: the firm keeps its date.
    clock.set(new Date(START.getTime() + 60_000));
    const again = await declare(PUNE_OBSERVER, [
      { kind: 'firm', name: 'Declared Once Ltd' },
      { kind: 'project', name: 'Riverside Phase 2' },
    ]);
    expect(again.json().interests).toEqual([
      expect.objectContaining({ name: 'Declared Once Ltd', declaredAt: START.toISOString() }),
      expect.objectContaining({ kind: 'project', name: 'Riverside Phase 2', projectId: null }),
    ]);
    expect((await get('/api/users/me/interests', PUNE_OBSERVER)).json().interests).toHaveLength(2);
    const byAdmin = await get(`/api/users/${ids[PUNE_OBSERVER]}/interests`, ADMIN);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().interests).toHaveLength(2);
    expect((await get(`/api/users/${ids[PUNE_OBSERVER]}/interests`, PUNE_PRESIDENT)).statusCode).toBe(403);
    expect((await get('/api/users/999999/interests', ADMIN)).statusCode).toBe(404);
    const audited = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'interests.update'), eq(auditLog.targetId, ids[PUNE_OBSERVER] ?? 0)));
    expect(audited).toHaveLength(2);
    expect((await declare(PUNE_OBSERVER, [{ kind: 'firm', name: ' ' }])).statusCode).toBe(400);
    expect((await declare(PUNE_OBSERVER, [])).json().interests).toEqual([]);
  });

  it('passes a Pune ticket against the city president’s firm to the association president, unseen by them', async () => {
    clock.set(START);
    expect((await declare(PUNE_PRESIDENT, [{ kind: 'firm', name: 'Acme Builders' }])).statusCode).toBe(200);
    const totalBefore = await total(PUNE_PRESIDENT);
    const [project] = await app.db.select().from(projects).where(eq(projects.reraNumber, 'P52100012345'));
    const projectPage = async (email: string) =>
      (await get(`/api/projects/${project?.id}`, email)).json().counts.total as number;
    const projectBefore = {
      president: await projectPage(PUNE_PRESIDENT),
      observer: await projectPage(PUNE_OBSERVER),
    };
    const ticket = await submitted({
      againstName: '  ACME   builders ',
      description: 'Zephyrwater seeps through the parking ceiling of wing C every monsoon.',
      projectId: String(project?.id),
    });

    // The association president holds the review, on a clock of their own.
    const asPresident = await get(`/api/tickets/${ticket.id}`, CREDAI_PRESIDENT);
    expect(asPresident.statusCode).toBe(200);
    expect(asPresident.json().ticket).toMatchObject({
      cityPresidentId: ids[CREDAI_PRESIDENT],
      currentAssignee: 'CityPresident',
      stage: 'review',
      againstName: 'ACME builders',
      handledByAnotherOfficeBearer: true,
    });
    const [stage] = await app.db.select().from(ticketStages).where(eq(ticketStages.ticketId, ticket.id));
    expect(stage?.holderId).toBe(ids[CREDAI_PRESIDENT]);
    expect(stage?.dueAt).not.toBeNull();
    expect(await listIds('/api/tickets/all?status=pending', CREDAI_PRESIDENT)).toContain(ticket.id);

    // The city president: 404, absent from lists, counts and search.
    expect((await get(`/api/tickets/${ticket.id}`, PUNE_PRESIDENT)).statusCode).toBe(404);
    expect((await get(`/api/tickets/${ticket.id}/history`, PUNE_PRESIDENT)).statusCode).toBe(404);
    expect((await get(`/api/tickets/${ticket.id}/stages`, PUNE_PRESIDENT)).statusCode).toBe(404);
    expect((await get(`/api/tickets/${ticket.id}/messages`, PUNE_PRESIDENT)).statusCode).toBe(404);
    expect(await listIds('/api/tickets/citypresident/getcitypresidenttickets', PUNE_PRESIDENT)).not.toContain(
      ticket.id,
    );
    expect(await listIds('/api/tickets/citypresident/all', PUNE_PRESIDENT)).not.toContain(ticket.id);
    expect(await listIds('/api/tickets/citypresident/all?q=Zephyrwater', PUNE_PRESIDENT)).toEqual([]);
    expect(await listIds(`/api/tickets/citypresident/all?q=%23${ticket.id}`, PUNE_PRESIDENT)).toEqual([]);
    expect(await total(PUNE_PRESIDENT)).toBe(totalBefore);
    const all = (await get('/api/tickets/citypresident/all', PUNE_PRESIDENT)).json();
    expect(all.total).toBe(totalBefore);
    // Nor does the project's page count it for them.
    expect(await projectPage(PUNE_PRESIDENT)).toBe(projectBefore.president);
    // The rest of the chapter still sees it.
    expect(await listIds('/api/tickets/observer/all?q=Zephyrwater', PUNE_OBSERVER)).toEqual([ticket.id]);
    expect(await projectPage(PUNE_OBSERVER)).toBe(projectBefore.observer + 1);
    expect(await total(PUNE_OBSERVER)).toBeGreaterThan(0);

    // No email to the city president; the association president hears of it.
    const emails = await staffEmailsOf(ticket.id);
    expect(emails.map((email) => email.userId)).not.toContain(ids[PUNE_PRESIDENT]);
    expect(emails).toContainEqual({ userId: ids[CREDAI_PRESIDENT], template: 'ticketSubmittedStaff' });

    // A staff-only history entry and an audit row name the recusal by ids.
    const recused = (await historyRows(app, ticket.id)).filter((row) => row.kind === 'stage.recused');
    expect(recused).toEqual([
      expect.objectContaining({
        visibility: 'internal',
        values: {
          stage: 'review',
          role: 'citypresident',
          userId: ids[PUNE_PRESIDENT],
          toRole: 'credaipresident',
          toUserId: ids[CREDAI_PRESIDENT],
          cause: 'interest',
        },
      }),
    ]);
    const audit = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.recused'), eq(auditLog.targetId, ticket.id)));
    expect(audit).toHaveLength(1);

    // The member's view: handled by another office bearer, and nothing about who was passed over.
    const member = await app.inject({
      url: `/api/tickets/${ticket.id}`,
      headers: { 'x-access-key': ticket.key },
    });
    expect(member.statusCode).toBe(200);
    expect(member.json().ticket.handledByAnotherOfficeBearer).toBe(true);
    expect(JSON.stringify(member.json())).not.toContain('recused');
    const memberHistory = await app.inject({
      url: `/api/tickets/${ticket.id}/history`,
      headers: { 'x-access-key': ticket.key },
    });
    expect(JSON.stringify(memberHistory.json())).not.toContain('stage.recused');

    // The city president cannot act on it; the association president approves it as its holder.
    const refused = await app.inject({
      method: 'POST',
      url: `/api/tickets/citypresident/${ticket.id}/citypresidentaction`,
      headers: as(PUNE_PRESIDENT),
      payload: { action: 'approve' },
    });
    expect(refused.statusCode).toBe(404);
    const notHolder = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket.id}/holder-action`,
      headers: as(PUNE_OBSERVER),
      payload: { action: 'approve' },
    });
    expect(notHolder.statusCode).toBe(403);
    const approved = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket.id}/holder-action`,
      headers: as(CREDAI_PRESIDENT),
      payload: { action: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().ticket).toMatchObject({ status: 'approved', currentAssignee: 'Convenor' });
    // Still nothing for the city president, whatever the chain did since.
    expect(await staffEmailsOf(ticket.id)).not.toContainEqual(
      expect.objectContaining({ userId: ids[PUNE_PRESIDENT] }),
    );
    expect((await get(`/api/tickets/${ticket.id}`, PUNE_PRESIDENT)).statusCode).toBe(404);

    // A ticket against another firm is the city president's as usual.
    const other = await submitted({ againstName: 'Acme' });
    expect((await get(`/api/tickets/${other.id}`, PUNE_PRESIDENT)).json().ticket.cityPresidentId).toBe(
      ids[PUNE_PRESIDENT],
    );
    expect(await total(PUNE_PRESIDENT)).toBe(totalBefore + 1);
    await declare(PUNE_PRESIDENT, []);
  });

  it('passes a convenor to the city president and an office bearer to the convenor', async () => {
    await declare(PUNE_CONVENOR, [{ kind: 'firm', name: 'Beta Realty' }]);
    await declare(PUNE_OBSERVER, [{ kind: 'firm', name: 'Gamma Homes' }]);

    const convenorCase = await submitted({ againstName: 'beta realty' });
    const seen = (await get(`/api/tickets/${convenorCase.id}`, PUNE_PRESIDENT)).json().ticket;
    expect(seen).toMatchObject({ cityPresidentId: ids[PUNE_PRESIDENT], convenorId: ids[PUNE_PRESIDENT] });
    expect((await get(`/api/tickets/${convenorCase.id}`, PUNE_CONVENOR)).statusCode).toBe(404);
    expect(await listIds('/api/tickets/convenor/assigned-tickets', PUNE_CONVENOR)).not.toContain(
      convenorCase.id,
    );
    // Approved by the city president, the resolution stage is theirs.
    const approved = await app.inject({
      method: 'POST',
      url: `/api/tickets/citypresident/${convenorCase.id}/citypresidentaction`,
      headers: as(PUNE_PRESIDENT),
      payload: { action: 'approve' },
    });
    expect(approved.statusCode).toBe(200);
    const [open] = await app.db
      .select()
      .from(ticketStages)
      .where(and(eq(ticketStages.ticketId, convenorCase.id), eq(ticketStages.stage, 'resolution')));
    expect(open?.holderId).toBe(ids[PUNE_PRESIDENT]);
    expect((await staffEmailsOf(convenorCase.id)).map((email) => email.userId)).not.toContain(
      ids[PUNE_CONVENOR],
    );

    const observerCase = await submitted({ againstName: 'Gamma Homes' });
    const observed = (await get(`/api/tickets/${observerCase.id}`, PUNE_CONVENOR)).json().ticket;
    expect(observed.observerId).toBe(ids[PUNE_CONVENOR]);
    expect((await get(`/api/tickets/${observerCase.id}`, PUNE_OBSERVER)).statusCode).toBe(404);
    const act = (email: string, url: string, action: string, comment = '') =>
      app.inject({ method: 'POST', url, headers: as(email), payload: { action, comment } });
    expect(
      (
        await act(
          PUNE_PRESIDENT,
          `/api/tickets/citypresident/${observerCase.id}/citypresidentaction`,
          'approve',
        )
      ).statusCode,
    ).toBe(200);
    const resolved = await act(
      PUNE_CONVENOR,
      `/api/tickets/convenor/${observerCase.id}/action`,
      'resolve',
      'Fixed',
    );
    expect(resolved.json().ticket).toMatchObject({ currentAssignee: 'Observer', status: 'in-review' });
    // The office bearer's final approval is the convenor's, as the stage's holder.
    const final = await act(
      PUNE_CONVENOR,
      `/api/tickets/${observerCase.id}/holder-action`,
      'resolve',
      'Checked',
    );
    expect(final.statusCode).toBe(200);
    expect(final.json().ticket.status).toBe('resolved');
    expect(await listIds('/api/tickets/observer/all', PUNE_OBSERVER)).not.toContain(observerCase.id);
    const recusals = (await historyRows(app, observerCase.id)).filter((row) => row.kind === 'stage.recused');
    expect(recusals.map((row) => row.values)).toEqual([
      expect.objectContaining({
        stage: 'approval',
        userId: ids[PUNE_OBSERVER],
        toUserId: ids[PUNE_CONVENOR],
      }),
    ]);
    await declare(PUNE_CONVENOR, []);
    await declare(PUNE_OBSERVER, []);
  });

  it('sends a complaint about an office bearer straight to the association president', async () => {
    const ticket = await submitted({ concernsOfficeBearer: 'true' });
    const read = (await get(`/api/tickets/${ticket.id}`, CREDAI_PRESIDENT)).json().ticket;
    expect(read).toMatchObject({ cityPresidentId: ids[CREDAI_PRESIDENT], concernsOfficeBearer: true });
    const entries = (await historyRows(app, ticket.id)).filter((row) => row.kind === 'stage.recused');
    expect(entries.map((row) => row.values)).toEqual([
      expect.objectContaining({ cause: 'officeBearer', userId: null, toUserId: ids[CREDAI_PRESIDENT] }),
    ]);
    expect(entries[0]?.text).toContain('concerns an office bearer');
    const member = await app.inject({
      url: `/api/tickets/${ticket.id}`,
      headers: { 'x-access-key': ticket.key },
    });
    expect(member.json().ticket.handledByAnotherOfficeBearer).toBe(true);
  });

  it('takes against whom from the form posted without scripts, and shows the fields again in the page language', async () => {
    await declare(PUNE_PRESIDENT, [{ kind: 'firm', name: 'Epsilon Estates' }]);
    const { city: _c, committee: _m, cityPresident: _p, ...fields } = submitFields(refs);
    const post = (values: Record<string, string>) => {
      const { payload, contentType } = multipartBody(values);
      return app.inject({
        method: 'POST',
        url: '/api/tickets/submit-form',
        payload,
        headers: { 'content-type': contentType },
      });
    };
    const created = await post({
      ...fields,
      againstName: 'Epsilon Estates',
      shieldIdentity: 'true',
      idempotencyKey: `recusal-form-${process.pid}-${Date.now()}`,
    });
    expect(created.statusCode).toBe(201);
    const id = Number(/\/ticket-detail\/(\d+)#key=/.exec(created.body)?.[1]);
    const read = (await get(`/api/tickets/${id}`, CREDAI_PRESIDENT)).json().ticket;
    expect(read).toMatchObject({ cityPresidentId: ids[CREDAI_PRESIDENT], shieldIdentity: true });
    expect((await get(`/api/tickets/${id}`, PUNE_PRESIDENT)).statusCode).toBe(404);
    // A refused post shows the fields again with what was typed, in Hindi.
    const refused = await post({
      ...fields,
      description: '',
      language: 'hi',
      againstName: 'Epsilon Estates',
      concernsOfficeBearer: 'true',
      idempotencyKey: `recusal-form-${process.pid}-${Date.now()}-2`,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('शिकायत किसके विरुद्ध है (फर्म या व्यक्ति)');
    expect(refused.body).toContain('मेरी पहचान चैप्टर से गोपनीय रखें');
    expect(refused.body).toContain('value="Epsilon Estates"');
    expect(refused.body).toMatch(/id="concernsOfficeBearer"[^>]* checked/);
    expect(refused.body).not.toMatch(/id="shieldIdentity"[^>]* checked/);
    await declare(PUNE_PRESIDENT, []);
  });
});
