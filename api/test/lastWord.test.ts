/**
 * The member's last word (docs/architecture.md#the-members-last-word, ADR 0038; issue 19's "Done
 * when" 1, 2, 4 and the api side of 5): rating, reopening and appealing by the ticket's key, the
 * Credai President's appeals and decisions, the scheduler's closing of silent cases (once, also
 * with two instances on PostgreSQL), counts unchanged by closing, and the transfer of a ticket
 * from Pune to Mumbai. The api's clock is a ManualClock the tests move. On PGlite, and on
 * PostgreSQL when DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { outbox, ticketStages } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { withPersonalParams } from '../src/services/outbox/personalParams';
import { renderEmail } from '../src/services/outbox/templates';
import { closeSilentCases } from '../src/services/workflow/closing';
import { historyRows } from './support/history';
import {
  ADMIN,
  bearer,
  buildDemoApp,
  CREDAI_PRESIDENT,
  GOVERNOR,
  MUMBAI_PRESIDENT,
  PUNE_CONVENOR,
  PUNE_OBSERVER,
  PUNE_PRESIDENT,
  tokenFor,
} from './support/session';
import { type DemoRefs, demoRefs, keyOf, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(180_000);

const DAY = 86_400_000;
const START = new Date('2026-12-01T06:00:00.000Z');

describe.each(databaseKinds)('the last word on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock(START);
  let app: App;
  let refs: DemoRefs;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildDemoApp(
      database(),
      { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' },
      undefined,
      clock,
    );
    await app.ready();
    refs = await demoRefs(app);
    for (const email of [
      ADMIN,
      PUNE_PRESIDENT,
      PUNE_CONVENOR,
      PUNE_OBSERVER,
      MUMBAI_PRESIDENT,
      CREDAI_PRESIDENT,
      GOVERNOR,
    ]) {
      tokens[email] = await tokenFor(app, email);
    }
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });

  const as = (email: string) => bearer(tokens[email] ?? '');
  const keyed = (key: string) => ({ 'x-access-key': key });
  const post = (url: string, headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'POST', url, headers, payload: payload as object });
  const at = (day: number, minutes = 0) =>
    clock.set(new Date(START.getTime() + day * DAY + minutes * 60_000));

  /** A Pune ticket submitted on day 0 and resolved (or rejected) by the admin then. */
  async function decided(status: 'resolved' | 'rejected' = 'resolved') {
    at(0);
    const submitted = await submit(app, submitFields(refs));
    expect(submitted.statusCode).toBe(201);
    const { ticketId: id, shareUrl } = submitted.json() as { ticketId: number; shareUrl: string };
    const acted = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${id}/status`,
      headers: as(ADMIN),
      payload: { status, comment: status === 'resolved' ? 'The lift was repaired' : 'Not a chapter matter' },
    });
    expect(acted.statusCode).toBe(200);
    return { id, key: keyOf(shareUrl) };
  }

  const memberView = async (id: number, key: string) =>
    (await app.inject({ url: `/api/tickets/${id}`, headers: keyed(key) })).json().ticket;
  const history = async (id: number) =>
    (await app.inject({ url: `/api/tickets/${id}/history`, headers: as(ADMIN) })).json().history as {
      action: string;
      text: string;
      visibility: string;
    }[];
  const listIds = async (url: string, email: string) => {
    const answer = await app.inject({
      url: `${url}${url.includes('?') ? '&' : '?'}pageSize=100`,
      headers: as(email),
    });
    expect(answer.statusCode).toBe(200);
    return (answer.json().tickets as { id: number }[]).map((ticket) => ticket.id);
  };
  const codeOf = (answer: { json(): { details?: { code?: string }[] } }) => answer.json().details?.[0]?.code;

  it('Done 1: rated 2 offers an appeal and does not close; day 6 appeal accepted, reopen refused; the Credai President alone lists it; a remand reaches the city president; a second appeal is refused', async () => {
    const { id, key } = await decided('resolved');
    // The resolution asked the member to rate it, by email, in the outbox.
    const asked = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ticketId, id), eq(outbox.event, 'rating.requested')));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ channel: 'email', template: 'ratingRequested' });

    at(1);
    const rated = await post(`/api/tickets/${id}/rating`, keyed(key), { stars: 2, comment: 'Still noisy' });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().ticket).toMatchObject({
      status: 'resolved',
      closedAt: null,
      rating: { stars: 2, comment: 'Still noisy' },
      lastWord: { canRate: false, canReopen: true, canAppeal: true },
    });
    expect(rated.json().ticket.lastWord.reopenUntil).toBe(new Date(START.getTime() + 5 * DAY).toISOString());
    const again = await post(`/api/tickets/${id}/rating`, keyed(key), { stars: 4 });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ALREADY_RATED');

    at(6);
    const reopen = await post(`/api/tickets/${id}/reopen`, keyed(key), { reason: 'The lift stopped again' });
    expect(reopen.statusCode).toBe(409);
    expect(codeOf(reopen)).toBe('REOPEN_WINDOW_CLOSED');
    const appeal = await post(`/api/tickets/${id}/appeal`, keyed(key), { reason: 'The repair did not last' });
    expect(appeal.statusCode).toBe(200);
    const filedAt = new Date(START.getTime() + 6 * DAY);
    expect(appeal.json().ticket.appeal).toMatchObject({
      ticketId: id,
      reason: 'The repair did not last',
      filedAt: filedAt.toISOString(),
      dueAt: new Date(filedAt.getTime() + 30 * DAY).toISOString(),
      outcome: null,
    });
    expect(appeal.json().ticket.lastWord).toMatchObject({
      canAppeal: false,
      canRate: false,
      canReopen: false,
    });
    // Its 30-day clock: an appeal stage held by the Credai President.
    const [stage] = await app.db
      .select()
      .from(ticketStages)
      .where(and(eq(ticketStages.ticketId, id), eq(ticketStages.stage, 'appeal')));
    expect(stage).toMatchObject({ holderRole: 'credaipresident', leftAt: null });
    expect(stage?.dueAt?.toISOString()).toBe(new Date(filedAt.getTime() + 30 * DAY).toISOString());
    expect(
      await app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.ticketId, id), eq(outbox.event, 'appeal.filed'))),
    ).toHaveLength(1);

    // Only the Credai President lists appeals.
    const list = await app.inject({ url: '/api/appeals?state=open', headers: as(CREDAI_PRESIDENT) });
    expect(list.statusCode).toBe(200);
    const listed = list.json().appeals.find((row: { ticketId: number }) => row.ticketId === id);
    expect(listed).toMatchObject({ ticketNumber: `#${id}`, city: 'Pune', reason: 'The repair did not last' });
    for (const email of [ADMIN, PUNE_PRESIDENT, PUNE_CONVENOR, PUNE_OBSERVER, GOVERNOR]) {
      expect((await app.inject({ url: '/api/appeals', headers: as(email) })).statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/api/appeals', headers: keyed(key) })).statusCode).toBe(401);
    const decidedBy = (email: string, payload: object) =>
      post(`/api/appeals/${listed.id}/decision`, as(email), payload);
    expect((await decidedBy(PUNE_PRESIDENT, { outcome: 'remand', reason: 'x' })).statusCode).toBe(403);

    at(10);
    const remand = await decidedBy(CREDAI_PRESIDENT, {
      outcome: 'remand',
      reason: 'Have the lift inspected',
    });
    expect(remand.statusCode).toBe(200);
    expect(remand.json().appeal).toMatchObject({
      outcome: 'remanded',
      decisionReason: 'Have the lift inspected',
    });
    expect((await decidedBy(CREDAI_PRESIDENT, { outcome: 'dismiss', reason: 'x' })).statusCode).toBe(409);
    // Back with the city president, the appeal's text in the public history.
    expect(await listIds('/api/tickets/citypresident/getcitypresidenttickets', PUNE_PRESIDENT)).toContain(id);
    const entries = await history(id);
    const remandEntry = entries.find((entry) => entry.action === 'appeal.remand');
    expect(remandEntry).toMatchObject({ visibility: 'public' });
    expect(remandEntry?.text).toBe(
      "Appeal sent back to the City President by the Credai President: Have the lift inspected. The member's appeal: The repair did not last",
    );
    const staffView = (await app.inject({ url: `/api/tickets/${id}`, headers: as(PUNE_PRESIDENT) })).json()
      .ticket;
    expect(staffView).toMatchObject({
      status: 'in-review',
      currentAssignee: 'CityPresident',
      stage: 'review',
    });
    expect(
      await app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.ticketId, id), eq(outbox.event, 'appeal.decided'))),
    ).toHaveLength(2);
    const closedAppealList = await app.inject({
      url: '/api/appeals?state=decided',
      headers: as(CREDAI_PRESIDENT),
    });
    expect(closedAppealList.json().appeals.map((row: { id: number }) => row.id)).toContain(listed.id);

    // Rejected again by the city president: a second appeal is refused.
    const rejected = await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${id}/status`,
      headers: as(PUNE_PRESIDENT),
      payload: { status: 'rejected', comment: 'Inspected: the lift works' },
    });
    expect(rejected.statusCode).toBe(200);
    const second = await post(`/api/tickets/${id}/appeal`, keyed(key), { reason: 'Again' });
    expect(second.statusCode).toBe(409);
    expect(codeOf(second)).toBe('ALREADY_APPEALED');
  });

  it('reopen within the window goes back to the stage that resolved it, once; uphold and dismiss close', async () => {
    const { id, key } = await decided('resolved');
    at(3);
    const reopened = await post(`/api/tickets/${id}/reopen`, keyed(key), { reason: 'Broken again' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().ticket).toMatchObject({
      status: 'in-review',
      currentAssignee: 'CityPresident',
      reopenReason: 'Broken again',
    });
    expect(await listIds('/api/tickets/citypresident/getcitypresidenttickets', PUNE_PRESIDENT)).toContain(id);
    const [open] = await app.db
      .select()
      .from(ticketStages)
      .where(and(eq(ticketStages.ticketId, id), eq(ticketStages.stage, 'review')))
      .orderBy(ticketStages.id);
    expect(open).toBeDefined();
    expect(
      await app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.ticketId, id), eq(outbox.event, 'ticket.reopened'))),
    ).toHaveLength(1);
    await app.inject({
      method: 'PATCH',
      url: `/api/tickets/${id}/status`,
      headers: as(PUNE_PRESIDENT),
      payload: { status: 'resolved', comment: 'Repaired properly' },
    });
    const twice = await post(`/api/tickets/${id}/reopen`, keyed(key), { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('ALREADY_REOPENED');
    // A good rating closes the case: nothing more can be said.
    const good = await post(`/api/tickets/${id}/rating`, keyed(key), { stars: 4 });
    expect(good.json().ticket).toMatchObject({
      status: 'resolved',
      closedAt: new Date(START.getTime() + 3 * DAY).toISOString(),
    });
    const late = await post(`/api/tickets/${id}/appeal`, keyed(key), { reason: 'x' });
    expect(codeOf(late)).toBe('CASE_CLOSED');

    for (const outcome of ['uphold', 'dismiss'] as const) {
      const rejected = await decided('rejected');
      at(2);
      expect(
        (await post(`/api/tickets/${rejected.id}/appeal`, keyed(rejected.key), { reason: 'Unfair' }))
          .statusCode,
      ).toBe(200);
      const appeal = (await memberView(rejected.id, rejected.key)).appeal;
      const decision = await post(`/api/appeals/${appeal.id}/decision`, as(CREDAI_PRESIDENT), {
        outcome,
        reason: 'Reasons',
      });
      expect(decision.statusCode).toBe(200);
      const after = await memberView(rejected.id, rejected.key);
      expect(after).toMatchObject({
        status: 'rejected',
        closedAt: expect.any(String),
        lastWord: { canRate: false, canAppeal: false },
      });
      const rate = await post(`/api/tickets/${rejected.id}/rating`, keyed(rejected.key), { stars: 1 });
      expect(codeOf(rate)).toBe('CASE_CLOSED');
    }
  });

  it('Done 2 and 4: left unrated for 7 days, one tick closes it exactly once; a low rating not appealed closes at 30 days; cards and list counts do not change', async () => {
    const { id: silent } = await decided('resolved');
    const { id: low, key: lowKey } = await decided('rejected');
    at(1);
    expect((await post(`/api/tickets/${low}/rating`, keyed(lowKey), { stars: 1 })).statusCode).toBe(200);
    const closedEntries = (id: number) => historyRows(app, id, 'closed');
    const counts = async () => ({
      stats: (await app.inject({ url: '/api/tickets/stats', headers: as(ADMIN) })).json(),
      cities: (await app.inject({ url: '/api/tickets/stats/cities', headers: as(ADMIN) })).json(),
      resolved: (await app.inject({ url: '/api/tickets/all?status=resolved', headers: as(ADMIN) })).json()
        .total,
      rejected: (await app.inject({ url: '/api/tickets/all?status=rejected', headers: as(ADMIN) })).json()
        .total,
      pune: (await app.inject({ url: '/api/tickets/citypresident/all', headers: as(PUNE_PRESIDENT) })).json()
        .total,
    });

    at(6, 23 * 60);
    await app.slaScheduler.tick();
    expect(await closedEntries(silent)).toHaveLength(0);
    const before = await counts();
    at(7, 1);
    const [first, repeat] = await Promise.all([app.slaScheduler.tick(), app.slaScheduler.tick()]);
    expect(first.closed).toBeGreaterThanOrEqual(1);
    expect(repeat).toBe(first);
    await app.slaScheduler.tick();
    at(7, 2);
    await app.slaScheduler.tick();
    const entries = await closedEntries(silent);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.text).toBe('Case closed: no rating within 7 days');
    expect(
      (await app.inject({ url: `/api/tickets/${silent}`, headers: as(ADMIN) })).json().ticket,
    ).toMatchObject({
      status: 'resolved',
      closedAt: new Date(START.getTime() + 7 * DAY + 60_000).toISOString(),
    });
    // Closing changed no status: every card, chart and list count is as before.
    expect(await counts()).toEqual(before);
    // The low rating waits for its 30-day appeal window.
    expect(await closedEntries(low)).toHaveLength(0);
    at(30, 1);
    await app.slaScheduler.tick();
    await app.slaScheduler.tick();
    expect((await closedEntries(low)).map((entry) => entry.text)).toEqual([
      'Case closed: no appeal within 30 days',
    ]);
  });

  it('a backlog of silent cases is closed in batches of the limit, each case once', async () => {
    const backlog: number[] = [];
    for (let index = 0; index < 5; index += 1) backlog.push((await decided('resolved')).id);
    at(45);
    const batches: number[] = [];
    for (;;) {
      const closed = await app.db.transaction((tx) => closeSilentCases(tx, clock.now(), 2));
      batches.push(closed.unrated);
      if (closed.unrated < 2) break;
    }
    // Never more than the limit at once; the five (and whatever earlier tests left silent) all closed.
    expect(Math.max(...batches)).toBe(2);
    expect(batches.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(5);
    for (const id of backlog) {
      const entries = await historyRows(app, id, 'closed');
      expect(entries.map((entry) => entry.text)).toEqual(['Case closed: no rating within 7 days']);
    }
    expect((await app.db.transaction((tx) => closeSilentCases(tx, clock.now(), 2))).unrated).toBe(0);
  });

  if (kind === 'postgres') {
    it('Done 2: two api instances ticking together close each silent case once', async () => {
      const other = await buildDemoApp(
        database(),
        { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' },
        undefined,
        clock,
      );
      try {
        await other.ready();
        const ids: number[] = [];
        for (let index = 0; index < 5; index += 1) ids.push((await decided('resolved')).id);
        at(8);
        await Promise.all([
          app.slaScheduler.tick(),
          other.slaScheduler.tick(),
          app.slaScheduler.tick(),
          other.slaScheduler.tick(),
        ]);
        await Promise.all([app.slaScheduler.tick(), other.slaScheduler.tick()]);
        for (const id of ids) {
          const entries = await historyRows(app, id, 'closed');
          expect(entries).toHaveLength(1);
        }
      } finally {
        await other.close();
      }
    });
  }

  it('Done 5: transferred from Pune to Mumbai it leaves every Pune list, reaches the Mumbai president on a fresh clock, and its history and the member email name the transfer', async () => {
    at(0);
    const submitted = await submit(app, submitFields(refs));
    const { ticketId: id } = submitted.json() as { ticketId: number };
    const mumbai = refs.cityId('Mumbai');
    const committees = (await app.inject({ url: `/api/committees/getAllCommittees?cityId=${mumbai}` })).json()
      .committees as { id: number }[];
    const committeeId = committees[0]?.id ?? refs.committee.id;
    const puneLists: [string, string][] = [
      ['/api/tickets/citypresident/all', PUNE_PRESIDENT],
      ['/api/tickets/citypresident/getcitypresidenttickets', PUNE_PRESIDENT],
      ['/api/tickets/convenor/assigned-tickets', PUNE_CONVENOR],
      ['/api/tickets/observer/all', PUNE_OBSERVER],
      ['/api/tickets/all?city=Pune', ADMIN],
    ];
    expect(await listIds('/api/tickets/citypresident/all', PUNE_PRESIDENT)).toContain(id);

    // Not the Mumbai president's to move, not a convenor's; not to the same place; a reason needed.
    const transfer = (email: string, payload: object) =>
      post(`/api/tickets/${id}/transfer`, as(email), payload);
    expect((await transfer(MUMBAI_PRESIDENT, { cityId: mumbai, committeeId, reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await transfer(PUNE_CONVENOR, { cityId: mumbai, committeeId, reason: 'x' })).statusCode).toBe(
      403,
    );
    const same = await transfer(PUNE_PRESIDENT, {
      cityId: refs.cityId('Pune'),
      committeeId: refs.committee.id,
      reason: 'x',
    });
    expect(same.statusCode).toBe(422);
    expect(codeOf(same)).toBe('TRANSFER_SAME_PLACE');
    expect((await transfer(PUNE_PRESIDENT, { cityId: mumbai, committeeId, reason: ' ' })).statusCode).toBe(
      400,
    );

    at(2);
    const moved = await transfer(PUNE_PRESIDENT, {
      cityId: mumbai,
      committeeId,
      reason: 'The project is in Mumbai',
      version: 1,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().ticket).toMatchObject({
      city: 'Mumbai',
      status: 'pending',
      currentAssignee: 'CityPresident',
      stage: 'review',
    });
    for (const [url, email] of puneLists) expect(await listIds(url, email)).not.toContain(id);
    expect(await listIds('/api/tickets/citypresident/getcitypresidenttickets', MUMBAI_PRESIDENT)).toContain(
      id,
    );
    const stages = (
      await app.inject({ url: `/api/tickets/${id}/stages`, headers: as(MUMBAI_PRESIDENT) })
    ).json().stages;
    const [old, fresh] = stages as { enteredAt: string; leftAt: string | null; outcome: string | null }[];
    expect(old).toMatchObject({
      leftAt: new Date(START.getTime() + 2 * DAY).toISOString(),
      outcome: 'transfer',
    });
    expect(fresh).toMatchObject({
      enteredAt: new Date(START.getTime() + 2 * DAY).toISOString(),
      leftAt: null,
    });
    const entry = (await history(id)).find((row) => row.action === 'transfer');
    expect(entry).toMatchObject({
      visibility: 'public',
      text: expect.stringMatching(/^Transferred from Pune.* to Mumbai.*: The project is in Mumbai$/),
    });
    const messages = await app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.ticketId, id), eq(outbox.event, 'ticket.transferred')));
    const stored = messages.find((row) => row.template === 'ticketTransferredMember');
    if (!stored) throw new Error('no transfer email to the member');
    // The row refers to the reason (ADR 0078); the worker reads it when it sends.
    expect(JSON.stringify(stored.params)).not.toContain('The project is in Mumbai');
    const member = await withPersonalParams(app.db, stored);
    expect(member.params).toMatchObject({ reason: 'The project is in Mumbai' });
    // The member's email, as the worker renders it, names the transfer.
    const email = renderEmail(member.template, member.locale, member.params, 'https://help.example');
    expect(email.text).toMatch(/was transferred from Pune.* to Mumbai.*: The project is in Mumbai/);
    expect(messages.some((row) => row.template === 'ticketTransferredStaff')).toBe(true);
    // A stale version is refused.
    expect(
      (await transfer(ADMIN, { cityId: refs.cityId('Pune'), committeeId, reason: 'Back', version: 1 }))
        .statusCode,
    ).toBe(409);
  });

  it('who may speak: staff may not rate for the member; without the key the ticket is not found; decisions and transfers by role', async () => {
    const { id, key } = await decided('resolved');
    at(1);
    expect((await post(`/api/tickets/${id}/rating`, as(ADMIN), { stars: 5 })).statusCode).toBe(403);
    expect((await post(`/api/tickets/${id}/rating`, {}, { stars: 5 })).statusCode).toBe(404);
    expect((await post(`/api/tickets/${id}/rating`, keyed('wrong-key'), { stars: 5 })).statusCode).toBe(404);
    expect((await post(`/api/tickets/${id}/reopen`, as(PUNE_PRESIDENT), { reason: 'x' })).statusCode).toBe(
      403,
    );
    expect(
      (await post('/api/appeals/1/decision', keyed(key), { outcome: 'uphold', reason: 'x' })).statusCode,
    ).toBe(401);
    expect(
      (
        await post(`/api/tickets/${id}/transfer`, as(CREDAI_PRESIDENT), {
          cityId: 1,
          committeeId: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/appeals/999999/decision', as(CREDAI_PRESIDENT), { outcome: 'uphold', reason: 'x' }))
        .statusCode,
    ).toBe(404);
    // Transfer of a resolved ticket: not open any more.
    expect(
      (
        await post(`/api/tickets/${id}/transfer`, as(ADMIN), {
          cityId: refs.cityId('Mumbai'),
          committeeId: refs.committee.id,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('malformed input is a 400, never a 500', async () => {
    const { id, key } = await decided('resolved');
    const bodies: [string, Record<string, string>, unknown][] = [
      [`/api/tickets/${id}/rating`, keyed(key), { stars: 0 }],
      [`/api/tickets/${id}/rating`, keyed(key), { stars: '5' }],
      [`/api/tickets/${id}/rating`, keyed(key), { stars: 3, comment: 'x'.repeat(1001) }],
      [`/api/tickets/${id}/rating`, keyed(key), { stars: 3, comment: 'a\u0000b' }],
      [`/api/tickets/${id}/reopen`, keyed(key), {}],
      [`/api/tickets/${id}/reopen`, keyed(key), { reason: 'x'.repeat(2001) }],
      [`/api/tickets/${id}/appeal`, keyed(key), { reason: 42 }],
      ['/api/tickets/99999999999/appeal', keyed(key), { reason: 'x' }],
      ['/api/appeals/abc/decision', as(CREDAI_PRESIDENT), { outcome: 'uphold', reason: 'x' }],
      ['/api/appeals/1/decision', as(CREDAI_PRESIDENT), { outcome: 'upheld', reason: 'x' }],
      [`/api/tickets/${id}/transfer`, as(ADMIN), { cityId: -1, committeeId: 1, reason: 'x' }],
      [`/api/tickets/${id}/transfer`, as(ADMIN), { cityId: 1, committeeId: 1, reason: 'x', version: 'v' }],
    ];
    for (const [url, headers, payload] of bodies) {
      const answer = await post(url, headers, payload);
      expect([url, answer.statusCode]).toEqual([url, 400]);
    }
    const list = await app.inject({ url: '/api/appeals?state=all&page=0', headers: as(CREDAI_PRESIDENT) });
    expect(list.statusCode).toBe(400);
    const notJson = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/rating`,
      headers: { ...keyed(key), 'content-type': 'application/json' },
      payload: '{"stars":',
    });
    expect(notJson.statusCode).toBe(400);
    const transferUnknownCity = await post(`/api/tickets/${id}/transfer`, as(ADMIN), {
      cityId: 999999,
      committeeId: 1,
      reason: 'x',
    });
    expect([409, 422]).toContain(transferUnknownCity.statusCode);
  });
});
