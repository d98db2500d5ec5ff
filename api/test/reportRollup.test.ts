/**
 * The reports' day rollups (migration 0030, ADR 0083): `ticket_report_days` and `ticket_resolution_days`. A database migrated up to 0029 is given
 * tickets, migrated to the end and built day by day while tickets keep changing; then the tickets
 * take random statements (inserts, updates of every column the rollups read, several rows at once,
 * deletes). After each, the rows kept by the trigger equal the same sums computed afresh from the
 * tickets, and the reports (summary, time series, a month's league) answer from the rollups exactly
 * what they answer from the tickets.
 */
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { INTAKE_CHANNELS, TICKET_STATUSES } from 'shared-contracts/contracts';
import type { AppDatabase } from '../src/db/database';
import { migrationsDir } from '../src/paths';
import { computeMonth } from '../src/services/reports/league';
import { buildRollup, ensureReportIndexes, REPORT_INDEXES } from '../src/services/reports/rollup';
import type { ResolvedFilter } from '../src/services/reports/scope';
import { addDays, dayStartsAt } from '../src/services/reports/scope';
import { reportSummary, reportTimeseries, roundHours } from '../src/services/reports/summary';
import { migrationsUpTo } from './support/migrations';

jest.setTimeout(180_000);

// PGlite runs only as loaded outside jest's sandbox (apiTestEnvironment.ts), as in testApp.ts.
jest.mock('@electric-sql/pglite', () => {
  const loaded = (globalThis as { __loadedOutsideSandbox?: Record<string, unknown> }).__loadedOutsideSandbox;
  return loaded?.['@electric-sql/pglite'];
});

/** A small deterministic random source (each run the same statements). */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const MEASURES = [
  'received',
  'first_count',
  'finished_count',
  'rated',
  'stars',
  'reopened',
  'appealed',
  'met_1',
  'met_2',
  'met_3',
  'met_4',
  'missed_1',
  'missed_2',
  'missed_3',
  'missed_4',
];

describe('reports read day rollups kept by the database', () => {
  let client: PGlite;
  let before: string;
  const random = randomSource(20261129);
  const cities: number[] = [];
  const committees: (number | null)[] = [null];
  let member = 0;
  // Tickets over ten days of November 2026 (Asia/Kolkata), at any hour.
  const firstDay = '2026-11-01';
  const anyTime = () =>
    new Date(
      dayStartsAt(addDays(firstDay, random.int(10))).getTime() + random.int(24 * 60) * 60_000,
    ).toISOString();
  const query = async <Row>(text: string, values: unknown[] = []) =>
    (await client.query<Row>(text, values)).rows;

  /** A ticket row's values for every column the rollups read, drawn at random. */
  function drawn() {
    const status = random.pick(TICKET_STATUSES);
    const channel = random.pick(INTAKE_CHANNELS);
    const created = anyTime();
    const later = (hours: number) => new Date(Date.parse(created) + hours * 3_600_000).toISOString();
    const stars = () => (random.chance(0.5) ? 1 + random.int(5) : null);
    const counts = () => `{${[0, 1, 2, 3].map(() => random.int(3)).join(',')}}`;
    const openStage = random.chance(0.4);
    return {
      city: random.pick(cities),
      committee: random.pick(committees),
      status,
      channel: channel === 'web' ? null : channel,
      created,
      firstAction: random.chance(0.7) ? later(1 + random.int(100)) : null,
      finished: random.chance(0.6) ? later(2 + random.int(500)) : null,
      resolvedStars: stars(),
      rejectedStars: stars(),
      reopened: random.chance(0.2) ? later(600) : null,
      appealed: random.chance(0.2) ? later(700) : null,
      met: counts(),
      missed: counts(),
      stage: openStage ? random.pick(['review', 'resolution', 'approval', 'appeal']) : null,
      due: openStage ? later(random.int(48) - 24 + 24 * random.int(20)) : null,
    };
  }

  async function insertTickets(n: number): Promise<void> {
    for (let i = 0; i < n; i += 1) {
      const t = drawn();
      await query(
        `insert into tickets (title, description, city_id, committee_id, customer_id, status, intake_channel,
           created_at, first_action_at, finished_at, resolved_stars, rejected_stars, reopened_at, appealed_at,
           sla_met, sla_missed, stage, due_at)
         values ('Legal: Lift', 'The lift is broken', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
        [
          t.city,
          t.committee,
          member,
          t.status,
          t.channel,
          t.created,
          t.firstAction,
          t.finished,
          t.resolvedStars,
          t.rejectedStars,
          t.reopened,
          t.appealed,
          t.met,
          t.missed,
          t.stage,
          t.due,
        ],
      );
    }
  }

  /** One random statement on the tickets: an update of one column or several, of one row or many, or a delete. */
  async function changeTickets(): Promise<void> {
    const ids = (await query<{ id: number }>('select id from tickets order by id')).map((row) => row.id);
    const some = ids.filter(() => random.chance(0.15));
    const target = some.length ? some : ids.slice(0, 1);
    const t = drawn();
    const updates: [string, unknown][] = [
      ['status', t.status],
      ['committee_id', t.committee],
      ['city_id', t.city],
      ['intake_channel', t.channel],
      ['created_at', t.created],
      ['first_action_at', t.firstAction],
      ['finished_at', t.finished],
      ['resolved_stars', t.resolvedStars],
      ['rejected_stars', t.rejectedStars],
      ['reopened_at', t.reopened],
      ['appealed_at', t.appealed],
      ['sla_met', t.met],
      ['sla_missed', t.missed],
    ];
    const kind = random.int(10);
    if (kind === 0) {
      await query('delete from tickets where id = any($1::int[])', [target]);
    } else if (kind === 1) {
      await insertTickets(1 + random.int(3));
    } else {
      const chosen = updates.filter(() => random.chance(0.3));
      const [column, value] = chosen[0] ?? random.pick(updates);
      const set = [[column, value], ...chosen.slice(1)] as [string, unknown][];
      await query(
        `update tickets set ${set.map(([name], index) => `${name} = $${index + 2}`).join(', ')} where id = any($1::int[])`,
        [target, ...set.map(([, v]) => v)],
      );
    }
  }

  /** The rollup rows that hold tickets, and the same sums computed afresh from the tickets. */
  /** The rows kept by the trigger and the same sums counted afresh from the tickets, written apart. */
  async function expectRollupsWhole(): Promise<void> {
    const keys = 'day::text as day, city_id, committee_id, status, intake_channel';
    const order = 'order by city_id, day, status, committee_id nulls first, intake_channel nulls first';
    const sla = (column: string) =>
      [1, 2, 3, 4].map((i) => `coalesce(sum(${column}[${i}]), 0)::int as ${column.slice(4)}_${i}`).join(', ');
    const fresh = await query(`
      select ${keys}, ${MEASURES.join(', ')} from (
        select (created_at at time zone 'Asia/Kolkata')::date as day, city_id, committee_id, status, intake_channel,
          count(*)::int as received,
          (count(*) filter (where first_action_at is not null))::int as first_count,
          (count(*) filter (where finished_at is not null))::int as finished_count,
          (count(*) filter (where (status = 'resolved' and resolved_stars is not null)
            or (status = 'rejected' and rejected_stars is not null)))::int as rated,
          coalesce(sum(case status when 'resolved' then resolved_stars when 'rejected' then rejected_stars end), 0)::int
            as stars,
          (count(*) filter (where reopened_at is not null))::int as reopened,
          (count(*) filter (where appealed_at is not null))::int as appealed,
          ${sla('sla_met')}, ${sla('sla_missed')}
        from tickets group by 1, 2, 3, 4, 5) f ${order}`);
    const kept = await query(
      `select ${keys}, ${MEASURES.join(', ')} from ticket_report_days where received <> 0 ${order}`,
    );
    expect(kept).toEqual(fresh);
    const resolutionOrder = 'order by city_id, day, committee_id nulls first';
    expect(
      await query(
        `select day::text as day, city_id, committee_id, n from ticket_resolution_days where n <> 0 ${resolutionOrder}`,
      ),
    ).toEqual(
      await query(`
        select (finished_at at time zone 'Asia/Kolkata')::date::text as day, city_id, committee_id, count(*)::int as n
        from tickets where status = 'resolved' and finished_at is not null
        group by 1, 2, 3 ${resolutionOrder}`),
    );
    // A key whose tickets all left holds nothing but zeros.
    const [zeros] = await query<{ stray: number }>(
      `select count(*)::int as stray from ticket_report_days where received = 0 and (${MEASURES.join(' + ')}) <> 0`,
    );
    expect(zeros?.stray).toBe(0);
  }

  beforeAll(async () => {
    before = migrationsUpTo(29);
    client = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder: before });
    const id = async (text: string, values: unknown[]) => {
      const [row] = await query<{ id: number }>(text, values);
      if (!row) throw new Error(`no row: ${text}`);
      return row.id;
    };
    for (const name of ['Pune', 'Mumbai', 'Nagpur']) {
      cities.push(await id('insert into cities (name) values ($1) returning id', [name]));
    }
    for (const name of ['Legal', 'Quality']) {
      committees.push(await id('insert into committees (name) values ($1) returning id', [name]));
    }
    member = await id(
      `insert into users (full_name, email, password_hash, role, city_id)
       values ('Ravi Kumar', 'ravi@example.com', 'x', 'customer', $1) returning id`,
      [cities[0]],
    );
    await insertTickets(60);
  });

  afterAll(async () => {
    await client?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('builds a database migrated with tickets day by day, with changes going on between the days', async () => {
    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });
    const state = async () =>
      (
        await query<{ next_day: string | null }>(
          'select next_day::text as next_day from ticket_report_days_build',
        )
      )[0]?.next_day;
    expect(await state()).toBe(
      (
        await query<{ day: string }>(
          `select min(created_at at time zone 'Asia/Kolkata')::date::text as day from tickets`,
        )
      )[0]?.day,
    );
    let built = 0;
    for (let day = await state(); day; day = await state()) {
      await changeTickets();
      await query('select ticket_report_days_build_day($1::date)', [day]);
      built += 1;
    }
    expect(built).toBeGreaterThanOrEqual(9);
    await expectRollupsWhole();
  });

  it('keeps the sums exact through random inserts, updates and deletes', async () => {
    for (let step = 0; step < 60; step += 1) {
      await changeTickets();
      await expectRollupsWhole();
    }
  });

  it('answers the reports from the rollups as from the tickets', async () => {
    const db = drizzle({ client }) as unknown as AppDatabase;
    const now = new Date('2026-11-12T06:00:00Z');
    const filters: ResolvedFilter[] = [null, ...cities].flatMap((cityId) =>
      [null, ...committees.filter((id) => id !== null)].flatMap((committeeId) =>
        [null, 'resolved', 'pending'].map((status) => ({
          range: { from: '2026-11-02', to: '2026-11-08' },
          start: dayStartsAt('2026-11-02'),
          end: dayStartsAt('2026-11-09'),
          cityId,
          committeeId,
          status,
        })),
      ),
    );
    const answers = async () => ({
      summaries: await Promise.all(filters.map((filter) => reportSummary(db, filter, now))),
      series: await Promise.all(filters.map((filter) => reportTimeseries(db, filter, 'day'))),
      league: await computeMonth(db, '2026-11', now),
      // Later in the month: the backlog's bound (21 days before) falls within the tickets' days.
      laterLeague: await computeMonth(db, '2026-11', new Date('2026-11-24T10:00:00Z')),
    });
    const fromRollups = await answers();
    expect(fromRollups.laterLeague.some((row) => row.backlog > 0)).toBe(true);
    expect(fromRollups.summaries.some((summary) => summary.counts.received > 0)).toBe(true);
    expect(fromRollups.summaries.some((summary) => summary.slaByStage.some((row) => row.counted > 0))).toBe(
      true,
    );
    // Marked unbuilt: the reports read the tickets.
    await query(`update ticket_report_days_build set next_day = '2026-11-01', last_day = '2026-11-10'`);
    const fromTickets = await answers();
    await query('update ticket_report_days_build set next_day = null, last_day = null');
    expect(fromRollups).toEqual(fromTickets);
  });

  it('takes the percentiles of a range past the bound over one ticket in 16, and counts every ticket', async () => {
    const db = drizzle({ client }) as unknown as AppDatabase;
    const now = new Date('2026-11-12T06:00:00Z');
    // Enough resolved tickets that the sample has some, each resolved a different number of hours after.
    for (let i = 0; i < 48; i += 1) {
      const created = new Date(dayStartsAt('2026-11-03').getTime() + i * 3_600_000);
      const after = (ms: number) => new Date(created.getTime() + ms).toISOString();
      await query(
        `insert into tickets (title, description, city_id, customer_id, status, created_at, first_action_at, finished_at)
         values ('Legal: Lift', 'The lift is broken', $1, $2, 'resolved', $3, $4, $5)`,
        [cities[0], member, created.toISOString(), after(i * 60_000), after((5 + i * 7) * 3_600_000)],
      );
    }
    const filter: ResolvedFilter = {
      range: { from: '2026-11-01', to: '2026-11-10' },
      start: dayStartsAt('2026-11-01'),
      end: dayStartsAt('2026-11-11'),
      cityId: cities[0] ?? null,
      committeeId: null,
      status: null,
    };
    const hours = (column: string) =>
      `percentile_cont(array[0.5, 0.9]) within group (order by extract(epoch from (${column} - created_at))::float8 / 3600)`;
    const [direct] = await query<{ first: number[]; resolution: number[] }>(
      `select ${hours('first_action_at')} filter (where first_action_at is not null) as first,
              ${hours('finished_at')} filter (where status = 'resolved' and finished_at is not null) as resolution
       from tickets where city_id = $1 and created_at >= $2 and created_at < $3 and id % 16 = 0`,
      [cities[0], filter.start.toISOString(), filter.end.toISOString()],
    );
    expect(direct?.resolution).toHaveLength(2);
    const sampled = await reportSummary(db, filter, now, 5);
    const whole = await reportSummary(db, filter, now);
    expect(sampled.resolution.medianHours).toBe(roundHours(direct?.resolution[0]));
    expect(sampled.resolution.p90Hours).toBe(roundHours(direct?.resolution[1]));
    expect(sampled.firstAction.medianHours).toBe(roundHours(direct?.first[0]));
    // Only the percentiles are sampled: every count is of every ticket.
    const counts = (summary: typeof whole) => ({
      ...summary,
      firstAction: summary.firstAction.count,
      resolution: summary.resolution.count,
    });
    expect(counts(sampled)).toEqual(counts(whole));
    // The league: the chapters past the bound over the sample, the others over every ticket.
    const league = await computeMonth(db, '2026-11', now, 40);
    const pune = league.find((row) => row.cityId === cities[0]);
    expect(pune?.counts.received).toBeGreaterThan(40);
    const month = `created_at >= '${dayStartsAt('2026-11-01').toISOString()}' and created_at < '${dayStartsAt('2026-12-01').toISOString()}'`;
    const medians = async (sampledOnly: boolean) =>
      new Map(
        (
          await query<{ city_id: number; resolution: number[] | null }>(
            `select city_id, ${hours('finished_at')} filter (where status = 'resolved' and finished_at is not null)
               as resolution
             from tickets where ${month}${sampledOnly ? ' and id % 16 = 0' : ''} group by city_id`,
          )
        ).map((row) => [row.city_id, roundHours(row.resolution?.[0])]),
      );
    expect(pune?.resolutionMedianHours).toBe((await medians(true)).get(cities[0] as number));
    const everyTicket = await medians(false);
    for (const row of league.filter((other) => other.cityId !== cities[0])) {
      expect(row.resolutionMedianHours).toBe(everyTicket.get(row.cityId) ?? null);
    }
  });

  it("builds the reports' indexes, again one left invalid, and the days through the job", async () => {
    const db = drizzle({ client }) as unknown as AppDatabase;
    const names = REPORT_INDEXES.map((index) => index.name);
    expect(await ensureReportIndexes(db, 'pglite')).toEqual(names);
    expect(await ensureReportIndexes(db, 'pglite')).toEqual([]);
    await query(
      `update pg_index set indisvalid = false where indexrelid = 'tickets_open_stage_city_idx'::regclass`,
    );
    expect(await ensureReportIndexes(db, 'pglite')).toEqual(['tickets_open_stage_city_idx']);
    const built = await query<{ name: string; valid: boolean; predicate: string }>(
      `select c.relname as name, i.indisvalid as valid, pg_get_expr(i.indpred, i.indrelid) as predicate
       from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname = any($1::text[]) order by 1`,
      [names],
    );
    expect(built.map((index) => [index.name, index.valid])).toEqual(
      [...names].sort().map((name) => [name, true]),
    );
    expect(built.map((index) => index.predicate)).toEqual([
      '(stage IS NOT NULL)',
      '(stage IS NOT NULL)',
      '((id % 16) = 0)',
      '((id % 16) = 0)',
    ]);
    // A database marked unbuilt from its first day: the job builds every day, then reads one row.
    await query(`delete from ticket_report_days`);
    await query(`update ticket_report_days_build set next_day = '2026-11-01', last_day = '2026-11-10'`);
    const first = await buildRollup(db, 'pglite');
    expect(first).toEqual({ indexes: [], days: 10, ready: true, yielded: false });
    await expectRollupsWhole();
    expect(await buildRollup(db, 'pglite')).toEqual({ indexes: [], days: 0, ready: true, yielded: false });
  });

  it('empties with the tickets', async () => {
    await query('truncate tickets cascade');
    expect(await query('select * from ticket_report_days')).toEqual([]);
    expect(await query('select * from ticket_resolution_days')).toEqual([]);
    await insertTickets(5);
    await expectRollupsWhole();
  });
});
