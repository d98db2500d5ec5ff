/**
 * Time on a ticket (docs/architecture.md#time-and-service-levels, issue 18's "Done when" 1, 3 and
 * 4): a chapter whose Saturday is a holiday times a ticket submitted on Friday 17:00 with a
 * 2-working-day review to Tuesday 17:00; one tick at 17:01 escalates it once (one history entry,
 * one message), a repeated tick does nothing, the office bearer's list and the member's tracker
 * show it; an interim reply moves the due time, tells the member once and holds the escalation,
 * a third is refused with 422; an absence sends the hand-off and the escalation to the stand-in.
 * The api's clock is a ManualClock the tests move. On PGlite, and on PostgreSQL when DATABASE_URL
 * is set.
 */
import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { outbox, stageAlerts, ticketStages } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { historyRows } from './support/history';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, keyOf, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const ADMIN = 'admin@helpdesk.demo';
const PRESIDENT = 'pune.president@helpdesk.demo';
const CONVENOR = 'pune.convenor@helpdesk.demo';
const OBSERVER = 'pune.observer@helpdesk.demo';
const CREDAI_PRESIDENT = 'president@helpdesk.demo';

/** A time in India (UTC+5:30). */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const FRIDAY_1700 = ist('2026-12-04', '17:00');
const TUESDAY_DUE = ist('2026-12-08', '17:00');

describe.each(databaseKinds)('stages, SLA and escalation on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock(FRIDAY_1700);
  let app: App;
  let refs: DemoRefs;
  let puneId: number;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // No demo tickets: every stage in the database is one of these tests'.
    app = await buildDemoApp(
      database(),
      { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' },
      undefined,
      clock,
    );
    await app.ready();
    refs = await demoRefs(app);
    puneId = refs.cityId('Pune');
    for (const email of [ADMIN, PRESIDENT, CONVENOR, OBSERVER, CREDAI_PRESIDENT]) {
      tokens[email] = await tokenFor(app, email);
    }
    // The chapter: Monday to Saturday 10:00-18:00 in India, Saturday 5 December a holiday; the
    // city president's review takes 2 working days (16 working hours).
    const calendar = await app.inject({
      method: 'PUT',
      url: `/api/cities/${puneId}/calendar`,
      headers: bearer(tokens[ADMIN] ?? ''),
      payload: {
        workingDays: [1, 2, 3, 4, 5, 6],
        workdayStart: '10:00',
        workdayEnd: '18:00',
        timeZone: 'Asia/Kolkata',
        holidays: [{ date: '2026-12-05', name: 'Chapter foundation day' }],
      },
    });
    expect(calendar.statusCode).toBe(200);
    const sla = await app.inject({
      method: 'PUT',
      url: `/api/cities/${puneId}/sla`,
      headers: bearer(tokens[ADMIN] ?? ''),
      payload: { reviewHours: 16 },
    });
    expect(sla.statusCode).toBe(200);
    expect(sla.json().effective).toMatchObject({ reviewHours: 16, maxExtensions: 2, maxExtraDays: 21 });
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  /** A ticket submitted in Pune at Friday 17:00 (the clock is set there first). */
  async function submittedFriday(): Promise<{ id: number; shareUrl: string }> {
    clock.set(FRIDAY_1700);
    const response = await submit(app, submitFields(refs));
    expect(response.statusCode).toBe(201);
    const body = response.json() as { ticketId: number; shareUrl: string };
    return { id: body.ticketId, shareUrl: body.shareUrl };
  }

  const stagesOf = (id: number, headers: Record<string, string>) =>
    app.inject({ url: `/api/tickets/${id}/stages`, headers });

  const escalationEntries = (id: number) => historyRows(app, id, 'escalation');

  const messagesOf = (id: number, event: string) =>
    app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ticketId, id), eq(outbox.event, event)));

  const listed = async (query: string) =>
    (
      await app.inject({
        url: `/api/tickets/all?${query}&pageSize=100`,
        headers: bearer(tokens[ADMIN] ?? ''),
      })
    ).json().tickets as { id: number; dueAt: string | null }[];

  const interimReply = (id: number, expectedBy: string, email = PRESIDENT) =>
    app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/interim-reply`,
      headers: bearer(tokens[email] ?? ''),
      payload: { reason: 'The builder has asked for a site visit first', expectedBy },
    });

  it('Done 1: due Tuesday 17:00; one tick at 17:01 escalates once; a repeat does nothing; the office bearer and the member see it', async () => {
    const { id, shareUrl } = await submittedFriday();
    const staffStages = await stagesOf(id, bearer(tokens[PRESIDENT] ?? ''));
    expect(staffStages.statusCode).toBe(200);
    const [review] = staffStages.json().stages;
    expect(review).toMatchObject({
      stage: 'review',
      holderRole: 'citypresident',
      enteredAt: FRIDAY_1700.toISOString(),
      dueAt: TUESDAY_DUE.toISOString(),
      leftAt: null,
      alerts: [],
    });
    expect(review.holderName).toEqual(expect.any(String));
    const detail = await app.inject({ url: `/api/tickets/${id}`, headers: bearer(tokens[PRESIDENT] ?? '') });
    expect(detail.json().ticket).toMatchObject({ stage: 'review', dueAt: TUESDAY_DUE.toISOString() });

    // Tuesday 14:00: past 80 % of the stage, the holder's reminder (before the due time).
    clock.set(ist('2026-12-08', '14:00'));
    await app.slaScheduler.tick();
    expect(await messagesOf(id, 'ticket.reminder')).toHaveLength(1);
    expect(await escalationEntries(id)).toHaveLength(0);
    // Past the reminder point and not yet due: "due soon", not overdue.
    expect((await listed('due=soon')).map((ticket) => ticket.id)).toContain(id);
    expect((await listed('due=overdue')).map((ticket) => ticket.id)).not.toContain(id);

    clock.set(ist('2026-12-08', '17:01'));
    await app.slaScheduler.tick();
    const entries = await escalationEntries(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: null, actionBy: null, visibility: 'public' });
    expect(entries[0]?.text).toMatch(
      /^Escalated to .+ \(Office Bearer\): the City President's review was due 2026-12-08 17:00$/,
    );
    expect(await messagesOf(id, 'ticket.escalated')).toHaveLength(1);

    // The same minute again, and the next one: nothing more.
    await app.slaScheduler.tick();
    clock.set(ist('2026-12-08', '17:02'));
    await Promise.all([app.slaScheduler.tick(), app.slaScheduler.tick()]);
    expect(await escalationEntries(id)).toHaveLength(1);
    expect(await messagesOf(id, 'ticket.escalated')).toHaveLength(1);

    // The next level: the office bearer's list holds the ticket, marked escalated, and `due=overdue` finds it.
    const observerList = await app.inject({
      url: '/api/tickets/observer/assigned-tickets?pageSize=100',
      headers: bearer(tokens[OBSERVER] ?? ''),
    });
    expect(observerList.statusCode).toBe(200);
    const row = observerList.json().tickets.find((ticket: { id: number }) => ticket.id === id);
    expect(row).toMatchObject({
      escalation: 'next-level',
      stage: 'review',
      dueAt: TUESDAY_DUE.toISOString(),
    });
    const overdue = await app.inject({
      url: '/api/tickets/all?due=overdue&sort=due&pageSize=100',
      headers: bearer(tokens[CREDAI_PRESIDENT] ?? ''),
    });
    expect(overdue.json().tickets.map((ticket: { id: number }) => ticket.id)).toContain(id);

    // The member's tracker (through the ticket's key): escalated, without staff names.
    const memberStages = await stagesOf(id, { 'x-access-key': keyOf(shareUrl) });
    expect(memberStages.statusCode).toBe(200);
    const [tracked] = memberStages.json().stages;
    expect(tracked.alerts.map((alert: { level: string }) => alert.level)).toEqual(['next-level']);
    expect(tracked.holderName).toBeNull();
    expect(tracked.alerts[0].toName).toBeNull();
  });

  it('Done 1: the stage closes with the action and the next opens in the same transaction', async () => {
    const { id } = await submittedFriday();
    clock.set(ist('2026-12-07', '11:00'));
    const approved = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${id}/status`,
      headers: bearer(tokens[PRESIDENT] ?? ''),
      payload: { status: 'approved' },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().ticket).toMatchObject({ stage: 'resolution', escalation: null });
    const stages = (await stagesOf(id, bearer(tokens[PRESIDENT] ?? ''))).json().stages;
    expect(stages.map((stage: { stage: string }) => stage.stage)).toEqual(['review', 'resolution']);
    expect(stages[0]).toMatchObject({ leftAt: ist('2026-12-07', '11:00').toISOString(), outcome: 'approve' });
    // 80 working hours from Monday 11:00 on Pune's calendar: ten working days later.
    expect(stages[1]).toMatchObject({
      holderRole: 'convenor',
      dueAt: ist('2026-12-18', '11:00').toISOString(),
    });
  });

  it('Done 3: an interim reply 5 working days out moves the due time, tells the member once, holds the escalation; a third is refused with 422', async () => {
    const { id } = await submittedFriday();
    clock.set(ist('2026-12-07', '12:00'));
    // Five working days after Tuesday 8 December: Wed, Thu, Fri, Sat 12, Mon 14 December.
    const first = await interimReply(id, '2026-12-14');
    expect(first.statusCode).toBe(200);
    const extendedDue = ist('2026-12-14', '18:00').toISOString();
    expect(first.json().stage).toMatchObject({ dueAt: extendedDue });
    expect(first.json().stage.extensions).toEqual([
      expect.objectContaining({ expectedBy: '2026-12-14', dueAt: extendedDue }),
    ]);
    const ticket = await app.inject({ url: `/api/tickets/${id}`, headers: bearer(tokens[PRESIDENT] ?? '') });
    expect(ticket.json().ticket.dueAt).toBe(extendedDue);
    const told = await messagesOf(id, 'ticket.interim_reply');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ template: 'interimReplyMember', channel: 'email' });

    // Past the first due time: no escalation; past the new one: one.
    clock.set(ist('2026-12-08', '17:01'));
    await app.slaScheduler.tick();
    expect(await escalationEntries(id)).toHaveLength(0);
    expect(await messagesOf(id, 'ticket.escalated')).toHaveLength(0);

    // More than 21 days past the first due date (8 December) is refused, with its code.
    const tooFar = await interimReply(id, '2026-12-30');
    expect(tooFar.statusCode).toBe(422);
    expect(tooFar.json().details).toEqual([expect.objectContaining({ code: 'SLA_TOO_MANY_EXTRA_DAYS' })]);
    // Not later than the current due time: refused.
    expect((await interimReply(id, '2026-12-10')).json().details[0].code).toBe('SLA_EXPECTED_BY_TOO_EARLY');

    expect((await interimReply(id, '2026-12-16')).statusCode).toBe(200);
    const third = await interimReply(id, '2026-12-18');
    expect(third.statusCode).toBe(422);
    expect(third.json()).toEqual({
      error: 'At most 2 interim replies per stage',
      details: [
        {
          path: 'expectedBy',
          message: 'At most 2 interim replies per stage',
          code: 'SLA_TOO_MANY_EXTENSIONS',
        },
      ],
    });
    expect(await messagesOf(id, 'ticket.interim_reply')).toHaveLength(2);

    // `sort=due` (the tickets of the tests so far: due 8, 16 and 18 December, newest first they are
    // not in that order): the earliest due first, tickets without a due time last.
    const dues = (await listed('sort=due')).map((row) => row.dueAt);
    const withDue = dues.filter((due): due is string => due !== null);
    expect(new Set(withDue).size).toBeGreaterThan(2);
    expect(withDue).toEqual([...withDue].sort());
    expect(dues.slice(withDue.length).every((due) => due === null)).toBe(true);

    clock.set(ist('2026-12-16', '18:01'));
    await app.slaScheduler.tick();
    expect(await escalationEntries(id)).toHaveLength(1);
    // The member's tracker shows the replies with their reasons.
    const [stage] = (await stagesOf(id, bearer(tokens[PRESIDENT] ?? ''))).json().stages;
    expect(stage.extensions.map((extension: { reason: string }) => extension.reason)).toEqual([
      'The builder has asked for a site visit first',
      'The builder has asked for a site visit first',
    ]);
  });

  it('Done 3: only the holder (or an admin) posts an interim reply, with valid input', async () => {
    const { id } = await submittedFriday();
    expect((await interimReply(id, '2026-12-14', CONVENOR)).statusCode).toBe(403);
    const bad = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/interim-reply`,
      headers: bearer(tokens[PRESIDENT] ?? ''),
      payload: { reason: 'a\u0000b', expectedBy: '14/12/2026' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await interimReply(id, '2026-12-14', ADMIN)).statusCode).toBe(200);
  });

  it('Done 4: with an absence set, the hand-off and the escalation land with the stand-in, and history names both', async () => {
    // A second office bearer of Pune stands in for the first.
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/users/new',
      headers: bearer(tokens[ADMIN] ?? ''),
      payload: {
        fullName: 'Asha Deshmukh',
        email: `asha.${kind}@example.com`,
        mobile: '9822012345',
        city: 'Pune',
        role: 'observer',
        password: 'a-long-password-1',
      },
    });
    expect(created.statusCode).toBe(201);
    const standInId = created.json().user.id as number;
    const candidates = await app.inject({
      url: '/api/users/me/stand-ins',
      headers: bearer(tokens[OBSERVER] ?? ''),
    });
    expect(candidates.json().users.map((user: { id: number }) => user.id)).toContain(standInId);
    // A convenor may not stand in for an office bearer.
    const convenorId = (
      await app.inject({ url: '/api/auth/check', headers: bearer(tokens[CONVENOR] ?? '') })
    ).json().user?.id;
    if (convenorId) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/users/me/absence',
        headers: bearer(tokens[OBSERVER] ?? ''),
        payload: { from: '2026-12-01', to: '2026-12-31', standInId: convenorId },
      });
      expect(refused.statusCode).toBe(422);
    }
    const absence = await app.inject({
      method: 'POST',
      url: '/api/users/me/absence',
      headers: bearer(tokens[OBSERVER] ?? ''),
      payload: { from: '2026-12-01', to: '2026-12-31', standInId },
    });
    expect(absence.statusCode).toBe(200);
    expect(absence.json().absence).toMatchObject({
      from: '2026-12-01',
      to: '2026-12-31',
      standIn: { id: standInId },
    });
    const observerName = (
      await app.inject({ url: '/api/auth/check', headers: bearer(tokens[OBSERVER] ?? '') })
    ).json().user?.fullName as string;

    // The escalation of an overdue review goes to the stand-in.
    const { id: overdue } = await submittedFriday();
    clock.set(ist('2026-12-08', '17:01'));
    await app.slaScheduler.tick();
    const [escalation] = await escalationEntries(overdue);
    expect(escalation?.text).toBe(
      `Escalated to Asha Deshmukh (Office Bearer), acting for ${observerName}: the City President's review was due 2026-12-08 17:00`,
    );
    const [escalated] = await messagesOf(overdue, 'ticket.escalated');
    expect(escalated).toMatchObject({ recipientUserId: standInId, recipient: `asha.${kind}@example.com` });
    const [alert] = await app.db
      .select()
      .from(stageAlerts)
      .innerJoin(ticketStages, eq(ticketStages.id, stageAlerts.stageId))
      .where(and(eq(ticketStages.ticketId, overdue), eq(stageAlerts.level, 'next-level')));
    expect(alert?.stage_alerts.toId).toBe(standInId);

    // The hand-off to the office bearer's final approval goes to the stand-in too.
    const { id } = await submittedFriday();
    clock.set(ist('2026-12-07', '11:00'));
    const act = (email: string, status: string, comment = '') =>
      app.inject({
        method: 'PATCH',
        url: `/api/tickets/${id}/status`,
        headers: bearer(tokens[email] ?? ''),
        payload: { status, comment },
      });
    expect((await act(PRESIDENT, 'approved')).statusCode).toBe(200);
    expect((await act(CONVENOR, 'resolved', 'The lift was repaired')).statusCode).toBe(200);
    const [handOff] = (await messagesOf(id, 'ticket.handed_off')).filter(
      (row) => row.template === 'ticketHandedOff' && row.recipientUserId === standInId,
    );
    expect(handOff).toBeDefined();
    const stages = (await stagesOf(id, bearer(tokens[OBSERVER] ?? ''))).json().stages;
    expect(stages.at(-1)).toMatchObject({
      stage: 'approval',
      holderName: 'Asha Deshmukh',
      actingFor: observerName,
    });
    const history = await historyRows(app, id);
    expect(history.map((entry) => entry.text)).toContain(
      `Handed to Asha Deshmukh (Office Bearer), acting for ${observerName}`,
    );

    // Ended: the next hand-off goes to the office bearer again.
    const ended = await app.inject({
      method: 'DELETE',
      url: '/api/users/me/absence',
      headers: bearer(tokens[OBSERVER] ?? ''),
    });
    expect(ended.json()).toEqual({ absence: null });
  });

  it("calendar and SLA writes are the admin's, validated with the shared schemas", async () => {
    const asPresident = await app.inject({
      method: 'PUT',
      url: '/api/sla',
      headers: bearer(tokens[PRESIDENT] ?? ''),
      payload: {
        reviewHours: 16,
        resolutionHours: 80,
        approvalHours: 16,
        maxExtensions: 2,
        maxExtraDays: 21,
      },
    });
    expect(asPresident.statusCode).toBe(403);
    const badCalendar = await app.inject({
      method: 'PUT',
      url: `/api/cities/${puneId}/calendar`,
      headers: bearer(tokens[ADMIN] ?? ''),
      payload: {
        workingDays: [],
        workdayStart: '18:00',
        workdayEnd: '10:00',
        timeZone: 'Mars/Base',
        holidays: [],
      },
    });
    expect(badCalendar.statusCode).toBe(400);
    const defaults = await app.inject({ url: '/api/sla', headers: bearer(tokens[PRESIDENT] ?? '') });
    expect(defaults.json().sla).toMatchObject({ maxExtensions: 2, maxExtraDays: 21 });
    const missing = await app.inject({
      url: '/api/cities/999999/calendar',
      headers: bearer(tokens[ADMIN] ?? ''),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("the defaults are answered whole: settings saved without the member's windows get 7 and 5", async () => {
    const admin = bearer(tokens[ADMIN] ?? '');
    const before = (await app.inject({ url: '/api/sla', headers: admin })).json().sla;
    const stages = {
      reviewHours: 16,
      resolutionHours: 80,
      approvalHours: 16,
      maxExtensions: 2,
      maxExtraDays: 21,
    };
    const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/sla', headers: admin, payload });
    try {
      expect((await put(stages)).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/sla', headers: admin })).json().sla).toEqual({
        ...stages,
        ratingWindowDays: 7,
        reopenWindowDays: 5,
      });
      expect((await put({ ...stages, ratingWindowDays: 10, reopenWindowDays: 3 })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/sla', headers: admin })).json().sla).toMatchObject({
        ratingWindowDays: 10,
        reopenWindowDays: 3,
      });
      expect((await put({ ...stages, ratingWindowDays: 91 })).statusCode).toBe(400);
    } finally {
      await put(before);
    }
  });
});
