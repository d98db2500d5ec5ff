/**
 * Reports and the chapter league table (docs/architecture.md#reports, docs/league-table.md, issue
 * 24's "Done when" 1 and 2): hand-computed fixtures in November 2026 (India) where every indicator,
 * the index and the ranking match; the CSV files' rows match the summary's numbers; the month's
 * close freezes the snapshot and queues the office bearers' summaries once; a frozen month does not
 * change when its tickets do; a member name starting with `=` comes out inert; Marathi text and
 * the BOM intact; city roles never see another city; malformed filters are 400s with their codes.
 * The tickets, their history and their stages are written straight into the database at fixed
 * times (the history's trigger keeps first action and finish times); the api's clock is a
 * ManualClock. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  CHAIN_ACTION_KINDS,
  LEAGUE_WEIGHTS,
  type LeagueResponse,
  REPORT_ERROR_CODES,
  type ReportSummary,
  SLA_STAGES,
  type TicketAction,
} from 'shared-contracts/contracts';
import type { App } from '../src/app';
import {
  chapterMonthSnapshots,
  outbox,
  ticketAppeals,
  ticketComments,
  ticketRatings,
  ticketStages,
  tickets,
  users,
} from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { withPersonalParams } from '../src/services/outbox/personalParams';
import { renderEmail } from '../src/services/outbox/templates';
import { ticketsCsvStream } from '../src/services/reports/csv';
import { closeMonth } from '../src/services/reports/monthly';
import { resolveFilter } from '../src/services/reports/scope';
import {
  ADMIN,
  bearer,
  buildDemoApp,
  CREDAI_PRESIDENT,
  GOVERNOR,
  MUMBAI_PRESIDENT,
  PUNE_CONVENOR,
  PUNE_PRESIDENT,
  tokenFor,
} from './support/session';
import { insertTicket } from './support/staffTicketFixtures';
import { type DemoRefs, demoRefs } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

/** A time in India (UTC+5:30). */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);
const HOUR = 3_600_000;
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * HOUR);

const INJECTION_NAME = '=HYPERLINK("http://evil.example","click")';
const MARATHI_TITLE = 'पाणीपुरवठा बंद आहे, कृपया मदत करा';

/** The bytes of a response, and its text without the BOM. */
function csvOf(response: { rawPayload: Buffer }) {
  const bytes = response.rawPayload;
  return { bytes, text: bytes.subarray(3).toString('utf8') };
}

/** RFC 4180 rows (quotes, doubled quotes, commas and line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe.each(databaseKinds)('reports and the league table on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock(ist('2026-12-01', '00:30'));
  let app: App;
  let refs: DemoRefs;
  let puneId: number;
  let mumbaiId: number;
  let committeeA: { id: number; name: string };
  let committeeB: { id: number; name: string };
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};

  /** A staff step in a ticket's history at `at` (the trigger sets the report times from it). */
  async function step(ticketId: number, at: Date, statusAfter: string, action = 'approve') {
    const [actor] = await app.db.select().from(users).where(eq(users.email, PUNE_PRESIDENT));
    await app.db.insert(ticketComments).values({
      ticketId,
      actorId: actor?.id ?? null,
      actionBy: actor?.fullName ?? 'Staff',
      actorRole: 'citypresident',
      kind: CHAIN_ACTION_KINDS[action as TicketAction],
      action,
      text: action,
      statusAfter: statusAfter as 'pending',
      createdAt: at,
    });
  }

  /** One stage of a ticket's chain. */
  async function stage(
    ticketId: number,
    name: 'review' | 'resolution',
    enteredAt: Date,
    dueAt: Date,
    leftAt: Date | null,
  ) {
    await app.db.insert(ticketStages).values({
      ticketId,
      stage: name,
      holderRole: name === 'review' ? 'citypresident' : 'convenor',
      enteredAt,
      slaMinutes: Math.round((dueAt.getTime() - enteredAt.getTime()) / 60_000),
      dueAt,
      leftAt,
    });
  }

  beforeAll(async () => {
    app = await buildDemoApp(
      database(),
      { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' },
      undefined,
      clock,
    );
    await app.ready();
    refs = await demoRefs(app);
    puneId = refs.cityId('Pune');
    mumbaiId = refs.cityId('Mumbai');
    const committees = (await app.inject({ url: `/api/committees/getAllCommittees?cityId=${puneId}` })).json()
      .committees as { id: number; name: string }[];
    committeeA = committees[0] as { id: number; name: string };
    committeeB = committees[1] as { id: number; name: string };
    for (const email of [
      ADMIN,
      CREDAI_PRESIDENT,
      GOVERNOR,
      PUNE_PRESIDENT,
      MUMBAI_PRESIDENT,
      PUNE_CONVENOR,
    ]) {
      tokens[email] = await tokenFor(app, email);
    }

    // Pune, November 2026. P1: first action after 2 h, resolved after 50 h; review within its
    // time, resolution past it.
    const p1 = ist('2026-11-02', '10:00');
    ids.p1 = await insertTicket(app, {
      city: 'Pune',
      createdAt: p1,
      state: 'resolved',
      fields: { committeeId: committeeA.id },
    });
    await step(ids.p1, later(p1, 2), 'approved');
    await step(ids.p1, later(p1, 50), 'resolved', 'resolve');
    await stage(ids.p1, 'review', p1, later(p1, 4), later(p1, 2));
    await stage(ids.p1, 'resolution', later(p1, 2), later(p1, 26), later(p1, 50));
    // P2: first action after 4 h, rejected after 10 h; review within.
    const p2 = ist('2026-11-03', '10:00');
    ids.p2 = await insertTicket(app, {
      city: 'Pune',
      createdAt: p2,
      state: 'rejected',
      fields: { committeeId: committeeA.id },
    });
    await step(ids.p2, later(p2, 4), 'in-review', 'review');
    await step(ids.p2, later(p2, 10), 'rejected', 'reject');
    await stage(ids.p2, 'review', p2, later(p2, 8), later(p2, 4));
    // P3: first action after 6 h, resolved after 30 h; review past its time. Marathi title.
    const p3 = ist('2026-11-05', '10:00');
    ids.p3 = await insertTicket(app, {
      city: 'Pune',
      createdAt: p3,
      state: 'resolved',
      title: MARATHI_TITLE,
      fields: { committeeId: committeeB.id },
    });
    await step(ids.p3, later(p3, 6), 'approved');
    await step(ids.p3, later(p3, 30), 'resolved', 'resolve');
    await stage(ids.p3, 'review', p3, later(p3, 5), later(p3, 6));
    // P4: still pending, its review overdue since 21 November; the member's name is a formula.
    const p4 = ist('2026-11-20', '10:00');
    ids.p4 = await insertTicket(app, {
      city: 'Pune',
      createdAt: p4,
      customerName: INJECTION_NAME,
      fields: { committeeId: committeeB.id, submitterName: INJECTION_NAME },
    });
    await stage(ids.p4, 'review', p4, later(p4, 24), null);
    // The open stage is copied onto the ticket, as syncStage does.
    await app.db
      .update(tickets)
      .set({ stage: 'review', dueAt: later(p4, 24) })
      .where(eq(tickets.id, ids.p4));
    // P5: Pune, October, never touched: November's backlog (open, received before 10 November).
    ids.p5 = await insertTicket(app, { city: 'Pune', createdAt: ist('2026-10-01', '10:00') });
    // Mumbai. M1: first action after 1 h, resolved after 10 h, both stages within.
    const m1 = ist('2026-11-10', '09:00');
    ids.m1 = await insertTicket(app, { city: 'Mumbai', createdAt: m1, state: 'resolved' });
    await step(ids.m1, later(m1, 1), 'approved');
    await step(ids.m1, later(m1, 10), 'resolved', 'resolve');
    await stage(ids.m1, 'review', m1, later(m1, 8), later(m1, 1));
    await stage(ids.m1, 'resolution', later(m1, 1), later(m1, 25), later(m1, 10));
    // M2: 30 November 20:00 UTC is 1 December 01:30 in India: December's, not November's.
    ids.m2 = await insertTicket(app, { city: 'Mumbai', createdAt: new Date('2026-11-30T20:00:00Z') });

    // The members' last word (ADR 0038), rows as issue 19's steps write them. Pune: P1's resolution
    // rated 4; P2's rejection rated 1 and appealed (undecided); P3 reopened once and resolved again,
    // not rated now, though its earlier rejection was (5 stars): a rating of an outcome the ticket
    // no longer has does not count. Mumbai: M1 rated 5. P5 (October) and M2 (December) rated too:
    // outside November.
    const rate = (ticketId: number, outcome: 'resolved' | 'rejected', stars: number, at: Date) =>
      app.db.insert(ticketRatings).values({ ticketId, outcome, stars, createdAt: at });
    await rate(ids.p1, 'resolved', 4, later(p1, 60));
    await rate(ids.p2, 'rejected', 1, later(p2, 20));
    await rate(ids.p3, 'rejected', 5, later(p3, 8));
    await rate(ids.m1, 'resolved', 5, later(m1, 12));
    await rate(ids.p5, 'rejected', 2, ist('2026-10-05', '10:00'));
    await app.db.insert(ticketAppeals).values({
      ticketId: ids.p2,
      reason: 'The builder never answered',
      filedAt: later(p2, 21),
      dueAt: later(p2, 21 + 30 * 24),
    });
    await app.db
      .update(tickets)
      .set({ reopenedAt: later(p3, 40), reopenReason: 'The leak is back' })
      .where(eq(tickets.id, ids.p3));
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, email = ADMIN, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { ...bearer(tokens[email] ?? ''), ...headers } });

  const NOVEMBER = 'from=2026-11-01&to=2026-11-30';

  it('keeps each ticket’s first action and finish time from its history', async () => {
    const [p1] = await app.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ids.p1 as number));
    expect(p1?.firstActionAt?.toISOString()).toBe(later(ist('2026-11-02', '10:00'), 2).toISOString());
    expect(p1?.finishedAt?.toISOString()).toBe(later(ist('2026-11-02', '10:00'), 50).toISOString());
    const [p4] = await app.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, ids.p4 as number));
    expect(p4?.firstActionAt).toBeNull();
    expect(p4?.finishedAt).toBeNull();
    // The migration's backfill (and a bulk load's) gives the same times from the same history.
    const times = () =>
      app.db
        .select({
          id: tickets.id,
          firstActionAt: tickets.firstActionAt,
          finishedAt: tickets.finishedAt,
          slaMet: tickets.slaMet,
          slaMissed: tickets.slaMissed,
        })
        .from(tickets)
        .orderBy(tickets.id);
    const kept = await times();
    // P1: review within its time, resolution past it (the trigger on the stage log).
    expect(kept.find((row) => row.id === ids.p1)).toMatchObject({
      slaMet: [1, 0, 0, 0],
      slaMissed: [0, 1, 0, 0],
    });
    await app.db
      .update(tickets)
      .set({ firstActionAt: null, finishedAt: null, slaMet: [0, 0, 0, 0], slaMissed: [0, 0, 0, 0] });
    await app.db.execute(sql`select ticket_report_times_backfill()`);
    await app.db.execute(sql`select ticket_stage_sla_backfill()`);
    expect(await times()).toEqual(kept);
    // The counts' positions are those of SLA_STAGES, as migration 0012's trigger writes them.
    expect(SLA_STAGES).toEqual(['review', 'resolution', 'approval', 'appeal']);
  });

  it('closes November on the 1st: snapshot frozen, each office bearer mailed once', async () => {
    clock.set(ist('2026-12-01', '00:30'));
    const bearers = await app.db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`${users.role} in ('citypresident', 'convenor', 'observer') and ${users.isActive} and ${users.cityId} is not null`,
      );
    expect(bearers.length).toBeGreaterThan(0);
    // Two runs at once (two instances) and a later tick: the emails go once.
    const [first, second] = await Promise.all([
      closeMonth(app.db, clock.now()),
      closeMonth(app.db, clock.now()),
    ]);
    const again = await app.monthlyClose.run();
    expect((first?.messages ?? 0) + (second?.messages ?? 0) + again.messages).toBe(bearers.length);
    const mails = await app.db.select().from(outbox).where(eq(outbox.event, 'report.monthly'));
    expect(mails).toHaveLength(bearers.length);
    expect(new Set(mails.map((mail) => mail.recipientUserId)).size).toBe(bearers.length);
    const puneRow = mails.find((mail) => mail.params.city === 'Pune');
    if (!puneRow) throw new Error('no monthly email to Pune');
    // The office bearer's name is read when the email is sent (ADR 0078), as the worker does here.
    const puneMail = await withPersonalParams(app.db, puneRow);
    expect(puneMail?.params).toMatchObject({
      month: '2026-11',
      received: 4,
      resolved: 2,
      rejected: 1,
      open: 1,
      backlog: 1,
      rank: 2,
    });
    const stored = await app.db
      .select()
      .from(chapterMonthSnapshots)
      .where(eq(chapterMonthSnapshots.month, '2026-11-01'));
    const cityCount = (await app.inject({ url: '/api/cities/getAllCities' })).json().cities.length;
    expect(stored).toHaveLength(cityCount);
    // The summary in each language, every placeholder filled (Marathi writes its own digits, ADR 0037).
    for (const locale of ['en', 'hi', 'mr']) {
      const email = renderEmail('reportMonthly', locale, puneMail?.params ?? {}, 'https://helpdesk.example');
      expect(email.text).not.toContain('{{');
      expect(email.text).toContain('https://helpdesk.example/reports');
    }
    const marathi = renderEmail('reportMonthly', 'mr', puneMail?.params ?? {}, 'https://helpdesk.example');
    expect(marathi.subject).toBe('Pune शाखा: नोव्हेंबर २०२६ चा महिना');
    expect(marathi.text).toContain('क्रमांक 2');
  });

  it('answers the hand-computed summary of Pune’s November', async () => {
    clock.set(ist('2026-12-10', '12:00'));
    const response = await get(`/api/reports/summary?${NOVEMBER}&city=${puneId}`);
    expect(response.statusCode).toBe(200);
    const summary = response.json() as ReportSummary;
    expect(summary.range).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(summary.cityId).toBe(puneId);
    expect(summary.counts).toEqual({ received: 4, resolved: 2, rejected: 1, open: 1 });
    // First action 2, 4, 6 h: median 4, 90th percentile 4 + 0.8 × 2 = 5.6.
    expect(summary.firstAction).toEqual({ count: 3, medianHours: 4, p90Hours: 5.6 });
    // Resolution 50 and 30 h: median 40, 90th percentile 30 + 0.9 × 20 = 48.
    expect(summary.resolution).toEqual({ count: 2, medianHours: 40, p90Hours: 48 });
    expect(summary.slaByStage).toEqual([
      { stage: 'review', counted: 4, withinSla: 2, share: 0.5 },
      { stage: 'resolution', counted: 1, withinSla: 0, share: 0 },
      { stage: 'approval', counted: 0, withinSla: 0, share: null },
      // The appeal's own 30-day clock (issue 19): P2's appeal is written without its stage here.
      { stage: 'appeal', counted: 0, withinSla: 0, share: null },
    ]);
    expect(summary.byCommittee).toEqual(
      expect.arrayContaining([
        {
          committeeId: committeeA.id,
          committeeName: committeeA.name,
          received: 2,
          resolved: 1,
          rejected: 1,
          open: 0,
        },
        {
          committeeId: committeeB.id,
          committeeName: committeeB.name,
          received: 2,
          resolved: 1,
          rejected: 0,
          open: 1,
        },
      ]),
    );
    expect(summary.byCommittee).toHaveLength(2);
    expect(summary.byStatus).toEqual([
      { status: 'pending', count: 1 },
      { status: 'in-review', count: 0 },
      { status: 'approved', count: 0 },
      { status: 'resolved', count: 2 },
      { status: 'rejected', count: 1 },
    ]);
    // Decided P1, P2, P3; rated P1 (4) and P2 (1): 2.5, 2 of 3. Reopened P3 of the resolved P1
    // and P3: 1/2. Appealed P2 of the 3 decided: 1/3.
    expect(summary.lastWord).toEqual({
      decided: 3,
      rated: 2,
      ratingAverage: 2.5,
      answerRate: 2 / 3,
      reopened: 1,
      reopenRate: 0.5,
      appealed: 1,
      appealRate: 1 / 3,
    });
    // Every chapter: Pune's 4 and Mumbai's 1 (M2 fell on 1 December in India).
    const all = (await get(`/api/reports/summary?${NOVEMBER}`, CREDAI_PRESIDENT)).json() as ReportSummary;
    expect(all.cityId).toBeNull();
    expect(all.counts).toEqual({ received: 5, resolved: 3, rejected: 1, open: 1 });
    // Rated 4, 1 and 5: 10/3 = 3.33; 3 of 4 decided; 1 of 3 resolved reopened; 1 of 4 appealed.
    expect(all.lastWord).toEqual({
      decided: 4,
      rated: 3,
      ratingAverage: 3.33,
      answerRate: 0.75,
      reopened: 1,
      reopenRate: 1 / 3,
      appealed: 1,
      appealRate: 0.25,
    });
    // A committee and a status narrow it: P3 alone, reopened, unrated, not appealed.
    const narrowed = (
      await get(`/api/reports/summary?${NOVEMBER}&committee=${committeeB.id}&status=resolved`)
    ).json() as ReportSummary;
    expect(narrowed.counts).toEqual({ received: 1, resolved: 1, rejected: 0, open: 0 });
    expect(narrowed.lastWord).toEqual({
      decided: 1,
      rated: 0,
      ratingAverage: null,
      answerRate: 0,
      reopened: 1,
      reopenRate: 1,
      appealed: 0,
      appealRate: 0,
    });
    // A status without an outcome: nothing decided, nothing to divide by.
    const pending = (await get(`/api/reports/summary?${NOVEMBER}&city=${puneId}&status=pending`)).json();
    expect(pending.lastWord).toEqual({
      decided: 0,
      rated: 0,
      ratingAverage: null,
      answerRate: null,
      reopened: 0,
      reopenRate: null,
      appealed: 0,
      appealRate: null,
    });
  });

  it('counts received and resolved per week, by India’s days', async () => {
    const response = await get(`/api/reports/timeseries?${NOVEMBER}&city=${puneId}&interval=week`);
    expect(response.statusCode).toBe(200);
    expect(response.json().points).toEqual([
      { period: '2026-10-26', received: 0, resolved: 0 },
      { period: '2026-11-02', received: 3, resolved: 2 },
      { period: '2026-11-09', received: 0, resolved: 0 },
      { period: '2026-11-16', received: 1, resolved: 0 },
      { period: '2026-11-23', received: 0, resolved: 0 },
      { period: '2026-11-30', received: 0, resolved: 0 },
    ]);
    const months = (
      await get(`/api/reports/timeseries?from=2026-10-01&to=2026-12-31&city=${mumbaiId}&interval=month`)
    ).json();
    expect(months.points).toEqual([
      { period: '2026-10-01', received: 0, resolved: 0 },
      { period: '2026-11-01', received: 1, resolved: 1 },
      { period: '2026-12-01', received: 1, resolved: 0 },
    ]);
    const days = (await get(`/api/reports/timeseries?from=2026-11-02&to=2026-11-04&city=${puneId}`)).json();
    expect(days.interval).toBe('day');
    expect(days.points).toEqual([
      { period: '2026-11-02', received: 1, resolved: 0 },
      { period: '2026-11-03', received: 1, resolved: 0 },
      { period: '2026-11-04', received: 0, resolved: 1 },
    ]);
  });

  it('ranks November’s chapters by the documented index, with October’s rank beside', async () => {
    const response = await get('/api/reports/league?month=2026-11', CREDAI_PRESIDENT);
    expect(response.statusCode).toBe(200);
    const league = response.json() as LeagueResponse;
    expect(league).toMatchObject({ month: '2026-11', final: true, weights: LEAGUE_WEIGHTS });
    const [first, second, ...rest] = league.rows;
    // Mumbai: SLA 1 (0.3), decided 1 (0.2), speed 1 − 10/240 (0.1), backlog 1 (0.15), rating
    // (5 − 1)/4 = 1 (0.15), reopens 1 − 0 (0.05), appeals 1 − 0 (0.05): 99.58 → 99.6.
    expect(first).toEqual({
      cityId: mumbaiId,
      cityName: 'Mumbai',
      counts: { received: 1, resolved: 1, rejected: 0, open: 0 },
      backlog: 0,
      firstActionMedianHours: 1,
      resolutionMedianHours: 10,
      resolutionP90Hours: 10,
      withinSlaShare: 1,
      ratingAverage: 5,
      answerRate: 1,
      reopenRate: 0,
      appealRate: 0,
      index: 99.6,
      rank: 1,
      previousRank: null,
    });
    // Pune: SLA 2/5 (0.3), decided 3/4 (0.2), speed 1 − 40/240 (0.1), backlog 1 − 1/4 (0.15),
    // rating (2.5 − 1)/4 (0.15), reopens 1 − 1/2 (0.05), appeals 1 − 1/3 (0.05): 0.12 + 0.15 +
    // 0.08333 + 0.1125 + 0.05625 + 0.025 + 0.03333 = 0.58042 → 58.0 (62.1 without the last word).
    // October: Pune alone scored, first.
    expect(first?.index).toBeGreaterThan(second?.index ?? 100);
    expect(second).toMatchObject({
      cityId: puneId,
      counts: { received: 4, resolved: 2, rejected: 1, open: 1 },
      backlog: 1,
      firstActionMedianHours: 4,
      resolutionMedianHours: 40,
      resolutionP90Hours: 48,
      withinSlaShare: 0.4,
      ratingAverage: 2.5,
      answerRate: 2 / 3,
      reopenRate: 0.5,
      appealRate: 1 / 3,
      index: 58,
      rank: 2,
      previousRank: 1,
    });
    // Chapters with nothing to score: no index, no rank, after the ranked ones.
    for (const row of rest) expect(row).toMatchObject({ index: null, rank: null, backlog: 0 });
  });

  it('ranks by the last word when the rest is equal (September)', async () => {
    // Nagpur and Mumbai, one ticket each, alike in everything but the member's last word: first
    // action after 2 h, resolved after 20 h, both stages within their time. Nagpur's rated 5;
    // Mumbai's rated 1 and appealed.
    const alike = async (city: string) => {
      const at = ist('2026-09-10', '10:00');
      const id = await insertTicket(app, { city, createdAt: at, state: 'resolved' });
      await step(id, later(at, 2), 'approved');
      await step(id, later(at, 20), 'resolved', 'resolve');
      await stage(id, 'review', at, later(at, 8), later(at, 2));
      await stage(id, 'resolution', later(at, 2), later(at, 26), later(at, 20));
      return { id, at };
    };
    const nagpur = await alike('Nagpur');
    const mumbai = await alike('Mumbai');
    await app.db
      .insert(ticketRatings)
      .values({ ticketId: nagpur.id, outcome: 'resolved', stars: 5, createdAt: later(nagpur.at, 30) });
    await app.db
      .insert(ticketRatings)
      .values({ ticketId: mumbai.id, outcome: 'resolved', stars: 1, createdAt: later(mumbai.at, 30) });
    await app.db.insert(ticketAppeals).values({
      ticketId: mumbai.id,
      reason: 'Nothing was repaired',
      filedAt: later(mumbai.at, 31),
      dueAt: later(mumbai.at, 31 + 30 * 24),
    });
    const league = (
      await get('/api/reports/league?month=2026-09', CREDAI_PRESIDENT)
    ).json() as LeagueResponse;
    // Both: SLA 1 (0.3), decided 1 (0.2), speed 1 − 20/240 (0.1), backlog 1 (0.15), reopens 1 (0.05):
    // 0.74167 alike (98.9 each, a shared first rank, without the last word). Nagpur: rating 1
    // (0.15), appeals 1 (0.05): 99.2. Mumbai: rating (1 − 1)/4 = 0, appeals 1 − 1/1 = 0: 79.2.
    expect(league.rows.slice(0, 2)).toMatchObject([
      {
        cityName: 'Nagpur',
        ratingAverage: 5,
        answerRate: 1,
        reopenRate: 0,
        appealRate: 0,
        withinSlaShare: 1,
        index: 99.2,
        rank: 1,
      },
      {
        cityName: 'Mumbai',
        ratingAverage: 1,
        answerRate: 1,
        reopenRate: 0,
        appealRate: 1,
        withinSlaShare: 1,
        index: 79.2,
        rank: 2,
      },
    ]);
  });

  it('computes the current month live, with last month’s ranks', async () => {
    const league = (await get('/api/reports/league', ADMIN)).json() as LeagueResponse;
    expect(league).toMatchObject({ month: '2026-12', final: false, computedAt: clock.now().toISOString() });
    const mumbai = league.rows.find((row) => row.cityId === mumbaiId);
    expect(mumbai).toMatchObject({
      counts: { received: 1, resolved: 0, rejected: 0, open: 1 },
      previousRank: 1,
    });
    // As of 10 December 12:00, received before 19 November 12:00 and open: P5 only (P4 is younger).
    expect(league.rows.find((row) => row.cityId === puneId)).toMatchObject({ backlog: 1, previousRank: 2 });
  });

  it('never changes a month that is over', async () => {
    const before = (await get('/api/reports/league?month=2026-11')).json() as LeagueResponse;
    // P4 is resolved and a new November ticket appears after the month's close.
    await app.db
      .update(tickets)
      .set({ status: 'resolved', currentAssignee: 'Completed' })
      .where(eq(tickets.id, ids.p4 as number));
    await step(ids.p4 as number, ist('2026-12-05', '10:00'), 'resolved', 'resolve');
    await insertTicket(app, { city: 'Nagpur', createdAt: ist('2026-11-15', '10:00') });
    // P3's new resolution is rated and M1 appealed after the close: the snapshot keeps its rates.
    await app.db.insert(ticketRatings).values({
      ticketId: ids.p3 as number,
      outcome: 'resolved',
      stars: 3,
      createdAt: ist('2026-12-06', '10:00'),
    });
    await app.db.insert(ticketAppeals).values({
      ticketId: ids.m1 as number,
      reason: 'Still not fixed',
      filedAt: ist('2026-12-06', '10:00'),
      dueAt: ist('2027-01-05', '10:00'),
    });
    await closeMonth(app.db, clock.now());
    const after = (await get('/api/reports/league?month=2026-11')).json() as LeagueResponse;
    expect(after).toEqual(before);
    // The live summary does see the change; the snapshot rows refuse any UPDATE.
    const summary = (await get(`/api/reports/summary?${NOVEMBER}&city=${puneId}`)).json() as ReportSummary;
    expect(summary.counts.resolved).toBe(3);
    expect(summary.lastWord).toMatchObject({ decided: 4, rated: 3, ratingAverage: 2.67, appealed: 1 });
    const mumbai = (await get(`/api/reports/summary?${NOVEMBER}&city=${mumbaiId}`)).json() as ReportSummary;
    expect(mumbai.lastWord).toMatchObject({ appealed: 1, appealRate: 1 });
    await expect(
      app.db
        .update(chapterMonthSnapshots)
        .set({ received: 99 })
        .where(and(eq(chapterMonthSnapshots.cityId, puneId), eq(chapterMonthSnapshots.month, '2026-11-01'))),
    ).rejects.toThrow();
  });

  it('exports the tickets as CSV: BOM, the summary’s count, an inert formula, Marathi intact', async () => {
    const response = await get(`/api/reports/export.csv?kind=tickets&${NOVEMBER}&city=${puneId}`, ADMIN, {
      'accept-language': 'mr-IN,mr;q=0.9,en;q=0.5',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tickets-2026-11-01-2026-11-30.csv"',
    );
    const { bytes, text } = csvOf(response);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(text);
    expect(rows[0]?.[0]).toBe('तिकीट');
    expect(rows[0]?.[1]).toBe('मिळाले (भारतीय समय)');
    const data = rows.slice(1);
    expect(data).toHaveLength(4);
    // Newest first; the formula starts with an apostrophe, so a spreadsheet shows it as text.
    expect(data[0]?.[0]).toBe(`CREDAI-${ids.p4}`);
    expect(data[0]?.[5]).toBe(`'${INJECTION_NAME}`);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const p3 = data.find((row) => row[0] === `CREDAI-${ids.p3}`);
    expect(p3?.[4]).toBe(MARATHI_TITLE);
    expect(p3?.[1]).toBe('2026-11-05 10:00');
    expect(p3?.[11]).toBe('6');
    expect(p3?.[12]).toBe('30');
    // A `q` and a status narrow it as they narrow the list.
    const searched = await get(`/api/reports/export.csv?kind=tickets&${NOVEMBER}&status=rejected`);
    expect(
      parseCsv(csvOf(searched).text)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([`CREDAI-${ids.p2}`]);
  });

  it('pages the ticket export in keyset batches asked for ahead: the same file as in one batch', async () => {
    // Three tickets received at the same moment (the keyset orders them by id too), and a later one.
    const at = ist('2025-03-03', '10:00');
    const tied: number[] = [];
    for (let index = 0; index < 3; index += 1)
      tied.push(await insertTicket(app, { city: 'Pune', createdAt: at }));
    const later = await insertTicket(app, { city: 'Mumbai', createdAt: ist('2025-03-04', '09:00') });
    const [admin] = await app.db.select().from(users).where(eq(users.email, ADMIN));
    if (!admin) throw new Error('the demo admin is missing');
    const actor = { id: admin.id, role: admin.role, cityId: admin.cityId };
    const filter = resolveFilter(actor, { from: '2025-03-01', to: '2025-03-31' }, clock.now());
    const read = async (sizes?: { batch: number; chunkRows: number }) => {
      let text = '';
      for await (const chunk of ticketsCsvStream(app.runSql, actor, filter, {}, 'en', clock.now(), sizes)) {
        text += chunk;
      }
      return text;
    };
    const whole = await read();
    expect(
      parseCsv(whole.slice(1))
        .slice(1)
        .map((row) => row[0]),
    ).toEqual([later, ...tied.reverse()].map((id) => `CREDAI-${id}`));
    // One ticket per batch, two, three (a last batch short), four (a last batch full, then an empty one).
    for (const sizes of [
      { batch: 1, chunkRows: 1 },
      { batch: 2, chunkRows: 1 },
      { batch: 3, chunkRows: 2 },
      { batch: 4, chunkRows: 4 },
    ]) {
      expect(await read(sizes)).toBe(whole);
    }
  });

  it('exports every report table with the numbers the summary and the league answer', async () => {
    const query = `${NOVEMBER}&city=${puneId}`;
    const summary = (await get(`/api/reports/summary?${query}`)).json() as ReportSummary;
    const table = async (kind: string, extra = query) =>
      parseCsv(csvOf(await get(`/api/reports/export.csv?kind=${kind}&${extra}`)).text);
    const summaryRows = new Map((await table('summary')).slice(1).map(([name, value]) => [name, value]));
    expect(summaryRows.get('Received')).toBe(String(summary.counts.received));
    expect(summaryRows.get('Resolved')).toBe(String(summary.counts.resolved));
    expect(summaryRows.get('Open')).toBe(String(summary.counts.open));
    expect(summaryRows.get('Hours to first action, median')).toBe(String(summary.firstAction.medianHours));
    expect(summaryRows.get('Hours to resolution, 90th percentile')).toBe(String(summary.resolution.p90Hours));
    // The last word: counts as they are, shares to 4 decimals (the screen shows them as per cent).
    const fourDecimals = (value: number | null) =>
      value === null ? '' : String(Math.round(value * 1e4) / 1e4);
    expect(summary.lastWord.rated).toBeGreaterThan(0);
    expect(summaryRows.get('Decided (resolved or rejected)')).toBe(String(summary.lastWord.decided));
    expect(summaryRows.get('Rated')).toBe(String(summary.lastWord.rated));
    expect(summaryRows.get('Rating average')).toBe(String(summary.lastWord.ratingAverage));
    expect(summaryRows.get('Answer rate')).toBe(fourDecimals(summary.lastWord.answerRate));
    expect(summaryRows.get('Reopened')).toBe(String(summary.lastWord.reopened));
    expect(summaryRows.get('Reopen rate')).toBe(fourDecimals(summary.lastWord.reopenRate));
    expect(summaryRows.get('Appealed')).toBe(String(summary.lastWord.appealed));
    expect(summaryRows.get('Appeal rate')).toBe(fourDecimals(summary.lastWord.appealRate));
    const committees = (await table('committees')).slice(1);
    expect(
      committees.map((row) => [row[0], Number(row[1]), Number(row[2]), Number(row[3]), Number(row[4])]),
    ).toEqual(
      summary.byCommittee.map((row) => [
        row.committeeName,
        row.received,
        row.resolved,
        row.rejected,
        row.open,
      ]),
    );
    const statuses = (await table('statuses')).slice(1);
    expect(statuses.map((row) => Number(row[1]))).toEqual(summary.byStatus.map((row) => row.count));
    const stages = (await table('stages')).slice(1);
    expect(stages.map((row) => [Number(row[1]), Number(row[2])])).toEqual(
      summary.slaByStage.map((row) => [row.counted, row.withinSla]),
    );
    // The ticket rows add up to the summary's count.
    const ticketRows = (await table('tickets')).slice(1);
    expect(ticketRows).toHaveLength(summary.counts.received);
    const league = (await get('/api/reports/league?month=2026-11')).json() as LeagueResponse;
    const leagueResponse = await get('/api/reports/export.csv?kind=league&month=2026-11');
    expect(leagueResponse.headers['content-disposition']).toBe('attachment; filename="league-2026-11.csv"');
    const leagueRows = parseCsv(csvOf(leagueResponse).text).slice(1);
    const text = (value: number | null) => (value === null ? '' : String(value));
    expect(leagueRows.map((row) => [row[0], row[2], row[3], ...row.slice(12, 17)])).toEqual(
      league.rows.map((row) => [
        text(row.rank),
        row.cityName,
        text(row.index),
        fourDecimals(row.withinSlaShare),
        text(row.ratingAverage),
        fourDecimals(row.answerRate),
        fourDecimals(row.reopenRate),
        fourDecimals(row.appealRate),
      ]),
    );
    // Pune's row: 2.5, 0.6667, 0.5, 0.3333.
    expect(leagueRows.find((row) => row[2] === 'Pune')?.slice(13, 17)).toEqual([
      '2.5',
      '0.6667',
      '0.5',
      '0.3333',
    ]);
  });

  it('keeps a city role to its own chapter and the league to the association', async () => {
    // The Mumbai president asking for Pune gets Mumbai.
    const mumbai = (await get(`/api/reports/summary?${NOVEMBER}&city=${puneId}`, MUMBAI_PRESIDENT)).json();
    expect(mumbai.cityId).toBe(mumbaiId);
    expect(mumbai.counts.received).toBe(1);
    const series = (
      await get(`/api/reports/timeseries?${NOVEMBER}&city=${puneId}&interval=month`, MUMBAI_PRESIDENT)
    ).json();
    expect(series.cityId).toBe(mumbaiId);
    const exported = parseCsv(
      csvOf(await get(`/api/reports/export.csv?kind=tickets&${NOVEMBER}&city=${puneId}`, MUMBAI_PRESIDENT))
        .text,
    ).slice(1);
    expect(exported.map((row) => row[0])).toEqual([`CREDAI-${ids.m1}`]);
    expect((await get(`/api/reports/summary?${NOVEMBER}`, PUNE_CONVENOR)).json().cityId).toBe(puneId);
    for (const url of ['/api/reports/league', '/api/reports/export.csv?kind=league']) {
      expect((await get(url, PUNE_PRESIDENT)).statusCode).toBe(403);
    }
    expect((await get('/api/reports/summary', GOVERNOR)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/reports/summary' })).statusCode).toBe(401);
  });

  it('refuses malformed filters with 400 and their details, never 500', async () => {
    const cases: [string, string, string | undefined][] = [
      ['/api/reports/summary?from=2026-13-01', 'from', undefined],
      ['/api/reports/summary?from=2026-12-02&to=2026-12-01', 'from', REPORT_ERROR_CODES.rangeReversed],
      ['/api/reports/summary?from=2019-01-01&to=2026-12-01', 'to', REPORT_ERROR_CODES.rangeTooLong],
      ['/api/reports/summary?from=2027-01-01', 'from', REPORT_ERROR_CODES.rangeReversed],
      ['/api/reports/summary?city=abc', 'city', undefined],
      ['/api/reports/summary?committee=-4', 'committee', undefined],
      ['/api/reports/summary?status=lost', 'status', undefined],
      ['/api/reports/timeseries?interval=hour', 'interval', undefined],
      [
        '/api/reports/timeseries?from=2022-01-01&to=2026-12-01',
        'interval',
        REPORT_ERROR_CODES.tooManyPeriods,
      ],
      ['/api/reports/league?month=2026-13', 'month', undefined],
      ['/api/reports/league?month=2027-01', 'month', REPORT_ERROR_CODES.monthInFuture],
      ['/api/reports/league?month=1999-12', 'month', undefined],
      ['/api/reports/export.csv?kind=everything', 'kind', undefined],
      ['/api/reports/export.csv', 'kind', undefined],
      ['/api/reports/export.csv?kind=tickets&due=later', 'due', undefined],
      ['/api/reports/export.csv?kind=league&month=2030-01', 'month', REPORT_ERROR_CODES.monthInFuture],
    ];
    for (const [url, path, code] of cases) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      const details = response.json().details as { path: string; code?: string }[];
      expect(details.map((detail) => detail.path)).toContain(path);
      if (code) expect(details.find((detail) => detail.path === path)?.code).toBe(code);
    }
  });
});
