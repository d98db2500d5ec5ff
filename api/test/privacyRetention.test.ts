/**
 * Retention (ADR 0051; issue 33's "Done when" 2, the retention part): the scheduler's personal
 * data run emails the member of a ticket closed more than RETENTION_YEARS ago, erases it no sooner
 * than 48 hours after that notice, only that ticket (not one inside the window), and once, also
 * with two api instances running together on PostgreSQL. The api's clock is a ManualClock.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { App } from '../src/app';
import { auditLog, outbox, tickets } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { buildDemoApp } from './support/session';
import { demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(180_000);

const HOUR = 3_600_000;
const START = new Date('2026-01-05T06:00:00.000Z');

describe.each(databaseKinds)('retention on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock(START);
  let app: App;
  let other: App | undefined;

  beforeAll(async () => {
    const env = { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0', RETENTION_YEARS: '3' };
    app = await buildDemoApp(database(), env, undefined, clock);
    await app.ready();
    // A second api instance on the same PostgreSQL (PGlite allows one process).
    if (kind === 'postgres') {
      other = await buildDemoApp(database(), env, undefined, clock);
      await other.ready();
    }
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await other?.close();
    await app?.close();
  });

  const ticketRow = async (id: number) => (await app.db.select().from(tickets).where(eq(tickets.id, id)))[0];

  it('notices first, erases 48 hours later, only past the window, once across instances', async () => {
    const refs = await demoRefs(app);
    const oldFields = submitFields(refs, { fullName: 'Old Member' });
    const old = await submit(app, oldFields);
    const recent = await submit(app, submitFields(refs, { fullName: 'Recent Member' }));
    const [oldId, recentId] = [old.json().ticketId as number, recent.json().ticketId as number];
    // Their cases closed (the last word's closing is its own test): one more than three years
    // before the run, one less.
    await app.db
      .update(tickets)
      .set({ closedAt: new Date('2026-01-10T00:00:00.000Z') })
      .where(eq(tickets.id, oldId));
    await app.db
      .update(tickets)
      .set({ closedAt: new Date('2026-06-10T00:00:00.000Z') })
      .where(eq(tickets.id, recentId));

    const run = async () => {
      const runs = [app.privacyJob.run(), ...(other ? [other.privacyJob.run()] : [])];
      return Promise.all(runs);
    };
    const notices = async (id: number) =>
      app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.ticketId, id), eq(outbox.event, 'privacy.retention_notice')));

    // Inside the window: nothing.
    clock.set(new Date('2029-01-09T12:00:00.000Z'));
    await run();
    expect(await notices(oldId)).toHaveLength(0);

    // Past it: the notice, to the member, in their language; nothing erased yet.
    const noticedAt = new Date('2029-01-10T12:00:00.000Z');
    clock.set(noticedAt);
    await run();
    await run();
    const sent = await notices(oldId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'email',
      template: 'retentionNotice',
      recipient: oldFields.email,
    });
    expect(sent[0]?.params).toMatchObject({ ticketId: oldId, years: 3 });
    expect((await ticketRow(oldId))?.retentionNoticeAt?.toISOString()).toBe(noticedAt.toISOString());
    expect((await ticketRow(oldId))?.description).not.toBe('[erased]');
    expect(await notices(recentId)).toHaveLength(0);

    // 47 hours on: still not erased.
    clock.set(new Date(noticedAt.getTime() + 47 * HOUR));
    await run();
    expect((await ticketRow(oldId))?.erasedAt).toBeNull();

    // 48 hours on: erased, once, by whichever instance got there.
    const erasedAt = new Date(noticedAt.getTime() + 48 * HOUR);
    clock.set(erasedAt);
    await Promise.all([run(), run()]);
    await run();
    const erased = await ticketRow(oldId);
    expect(erased).toMatchObject({ description: '[erased]', submitterEmail: '', submitterMobile: '' });
    expect(erased?.erasedAt?.toISOString()).toBe(erasedAt.toISOString());
    expect(erased?.submitterName).toMatch(/^Erased member \d+$/);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.erase'), eq(auditLog.targetId, erased?.customerId as number)));
    expect(audits).toHaveLength(1);
    expect(JSON.parse(audits[0]?.detail ?? '{}')).toMatchObject({ tickets: [oldId] });
    // The other ticket, inside its window, is as it was; no second notice went out.
    expect((await ticketRow(recentId))?.submitterName).toBe('Recent Member');
    expect(await notices(oldId)).toHaveLength(1);
    const [{ count } = { count: 0 }] = await app.db
      .select({ count: sql<number>`count(*)::int` })
      .from(tickets)
      .where(sql`${tickets.erasedAt} is not null`);
    expect(count).toBe(1);
  });
});
