/**
 * Issue 18's "Done when" 2 (docs/architecture.md#time-and-service-levels, ADR 0033): two api
 * instances on one PostgreSQL, ticking together, escalate each of 200 due stages exactly once. The
 * tickets are written straight into the database and their stages opened as migration 0010 opens
 * them on an existing database, so the first tick also gives them their due times.
 */
import { count, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { outbox, stageAlerts, ticketComments } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { openCarriedOverStages } from '../src/services/sla/stages';
import { buildDemoApp } from './support/session';
import { insertTicket } from './support/staffTicketFixtures';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(180_000);

const STAGES = 200;
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

// Several api instances on one PostgreSQL (PGlite allows one process).
const onPostgres = databaseKinds.includes('postgres') ? describe : describe.skip;
onPostgres('the SLA scheduler across two api instances on postgres', () => {
  const database = useTestDatabase('postgres');
  const firstClock = new ManualClock(ist('2026-12-04', '17:00'));
  const secondClock = new ManualClock(ist('2026-12-04', '17:00'));
  let first: App;
  let second: App;

  beforeAll(async () => {
    const env = { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' };
    first = await buildDemoApp(database(), env, undefined, firstClock);
    second = await buildDemoApp(database(), env, undefined, secondClock);
    await Promise.all([first.ready(), second.ready()]);
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const countOf = async (
    table: typeof stageAlerts | typeof ticketComments | typeof outbox,
    where: unknown,
  ) => {
    const [row] = await first.db
      .select({ n: count() })
      .from(table as typeof stageAlerts)
      .where(where as ReturnType<typeof eq>);
    return Number(row?.n ?? 0);
  };

  it(`escalates each of ${STAGES} due stages exactly once`, async () => {
    for (let index = 0; index < STAGES; index += 1) {
      await insertTicket(first, { createdAt: ist('2026-12-04', '17:00'), title: `Due stage ${index}` });
    }
    expect(await openCarriedOverStages(first.db)).toBe(STAGES);

    // Both instances tick at Friday 17:00 (the due times are set, nothing is due yet), then
    // together, three times over, at Tuesday 12:00: past every stage's due time (two working days
    // on the default calendar, Saturday a working day: Monday 17:00) and its reminder, before the
    // association president's turn (150 %: Tuesday 17:00).
    await Promise.all([first.slaScheduler.tick(), second.slaScheduler.tick()]);
    expect(await countOf(stageAlerts, eq(stageAlerts.level, 'reminder'))).toBe(0);
    for (const clock of [firstClock, secondClock]) clock.set(ist('2026-12-08', '12:00'));
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all([first.slaScheduler.tick(), second.slaScheduler.tick()]);
      if (round === 0) expect(results[0].alerts + results[1].alerts).toBe(2 * STAGES);
      else expect(results[0].alerts + results[1].alerts).toBe(0);
    }

    expect(await countOf(stageAlerts, eq(stageAlerts.level, 'next-level'))).toBe(STAGES);
    expect(await countOf(stageAlerts, eq(stageAlerts.level, 'reminder'))).toBe(STAGES);
    expect(await countOf(stageAlerts, eq(stageAlerts.level, 'president'))).toBe(0);
    expect(await countOf(ticketComments, eq(ticketComments.action, 'escalation'))).toBe(STAGES);
    expect(await countOf(outbox, eq(outbox.event, 'ticket.escalated'))).toBe(STAGES);
    const perTicket = await first.db
      .select({ ticketId: ticketComments.ticketId, n: count() })
      .from(ticketComments)
      .where(eq(ticketComments.action, 'escalation'))
      .groupBy(ticketComments.ticketId);
    expect(perTicket).toHaveLength(STAGES);
    expect(perTicket.every((row) => Number(row.n) === 1)).toBe(true);
  });
});
