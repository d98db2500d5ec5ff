/**
 * Migration 0018 (ADR 0045): the history entries the api stored as English sentences before it
 * stored events are converted once. A database is migrated up to 0017, given rows as the api wrote
 * them then (one of every sentence, with the alert, extension, stage, transfer and appeal rows the
 * same changes wrote beside them), migrated to the end, and read through the api's history reader:
 * each entry has its kind and values, keeps only a person's words as text, and reads as before.
 */
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '../src/db/schema';
import { migrationsDir } from '../src/paths';
import { readHistory } from '../src/services/history/historyStore';
import { toAttachment } from '../src/services/tickets/ticketReader';
import { migrationsUpTo } from './support/migrations';

jest.setTimeout(120_000);

// PGlite runs only as loaded outside jest's sandbox (apiTestEnvironment.ts), as in testApp.ts.
jest.mock('@electric-sql/pglite', () => {
  const loaded = (globalThis as { __loadedOutsideSandbox?: Record<string, unknown> }).__loadedOutsideSandbox;
  return loaded?.['@electric-sql/pglite'];
});

describe('migration 0018: history sentences become events', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    before = migrationsUpTo(17);
    client = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder: before });
  });

  afterAll(async () => {
    await client?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('converts every sentence the api wrote, keeps the words people wrote, and reads as it did', async () => {
    const one = async <Row>(text: string, values: unknown[] = []) =>
      (await client.query<Row>(text, values)).rows[0] as Row;
    const city = (name: string) =>
      one<{ id: number }>('insert into cities (name) values ($1) returning id', [name]);
    const committee = (name: string) =>
      one<{ id: number }>('insert into committees (name) values ($1) returning id', [name]);
    const user = (name: string, role: string, cityId: number) =>
      one<{ id: number }>(
        `insert into users (full_name, email, password_hash, role, city_id) values ($1, $2, 'x', $3, $4) returning id`,
        [name, `${name.replace(/\W/g, '.').toLowerCase()}@example.com`, role, cityId],
      );
    const pune = await city('Pune');
    const mumbai = await city('Mumbai');
    const legal = await committee('Legal');
    const member = await user('Ravi Kumar', 'customer', pune.id);
    const president = await user('Aditya Patwardhan', 'citypresident', pune.id);
    const observer = await user('Sachin Bhosale', 'observer', pune.id);
    const standIn = await user('Asha Deshmukh', 'observer', pune.id);
    const credai = await user('Credai Head', 'credaipresident', pune.id);
    const ticket = await one<{ id: number }>(
      `insert into tickets (title, description, city_id, committee_id, customer_id)
       values ('Legal: Lift', 'The lift is broken', $1, $2, $3) returning id`,
      [pune.id, legal.id, member.id],
    );
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 10, minute)).toISOString();
    const stage = (
      name: string,
      role: string,
      holder: number,
      minutes: [entered: number, left: number | null],
      actingFor: number | null,
    ) =>
      one<{ id: number }>(
        `insert into ticket_stages (ticket_id, stage, holder_role, holder_id, acting_for_id, entered_at, left_at, sla_minutes)
         values ($1, $2, $3, $4, $5, $6, $7, 480) returning id`,
        [
          ticket.id,
          name,
          role,
          holder,
          actingFor,
          at(minutes[0]),
          minutes[1] === null ? null : at(minutes[1]),
        ],
      );
    const review = await stage('review', 'citypresident', president.id, [0, 10], null);
    await stage('approval', 'observer', standIn.id, [10, null], observer.id);
    await client.query(
      `insert into stage_alerts (stage_id, level, to_role, to_id, acting_for_id, at) values
        ($1, 'reminder', 'citypresident', $2, null, $4), ($1, 'next-level', 'observer', $3, null, $5)`,
      [review.id, president.id, observer.id, at(1), at(2)],
    );
    await client.query(
      `insert into stage_extensions (stage_id, reason, expected_by, due_at, by_id, by_name, created_at)
       values ($1, 'Site visit first.', '2026-11-09', $2, $3, 'Aditya Patwardhan', $2)`,
      [review.id, at(3), president.id],
    );
    await client.query(
      `insert into ticket_transfers (ticket_id, from_city_id, to_city_id, from_committee_id, to_committee_id, reason, by_id, by_name, at)
       values ($1, $2, $3, $4, $4, 'The project is in Mumbai', $5, 'Aditya Patwardhan', $6)`,
      [ticket.id, pune.id, mumbai.id, legal.id, president.id, at(20)],
    );
    const appeal = await one<{ id: number }>(
      `insert into ticket_appeals (ticket_id, reason, filed_at, due_at, decided_at, outcome, decision_reason, decided_by)
       values ($1, 'The repair did not last', $2, $2, $2, 'remanded', 'Have the lift inspected', $3) returning id`,
      [ticket.id, at(30), credai.id],
    );
    const entries: [
      minute: number,
      actor: number | null,
      name: string | null,
      role: string | null,
      action: string,
      text: string,
    ][] = [
      [0, member.id, 'Ravi Kumar', 'customer', 'submitted', 'Ticket submitted'],
      [
        1,
        null,
        null,
        null,
        'reminder',
        "Reminder sent to Aditya Patwardhan (City President): the City President's review is due 2026-11-02 18:00",
      ],
      [
        2,
        null,
        null,
        null,
        'escalation',
        "Escalated to Sachin Bhosale (Office Bearer): the City President's review was due 2026-11-02 18:00",
      ],
      [
        3,
        president.id,
        'Aditya Patwardhan',
        'citypresident',
        'interim-reply',
        "Interim reply: the City President's review is expected by 2026-11-09. Site visit first.",
      ],
      [4, president.id, 'Aditya Patwardhan', 'CityPresident', 'approve', 'Approved by City President'],
      [5, president.id, 'Aditya Patwardhan', 'citypresident', 'note', 'The builder is one of ours'],
      [
        10,
        null,
        null,
        null,
        'stand-in',
        'Handed to Asha Deshmukh (Office Bearer), acting for Sachin Bhosale',
      ],
      [11, standIn.id, 'Asha Deshmukh', 'observer', 'resolve', 'Checked on site'],
      [12, member.id, 'Ravi Kumar', 'customer', 'reply', 'Thank you'],
      [13, member.id, 'Ravi Kumar', 'customer', 'rate', 'Rated 2 of 5 by the member: Slow'],
      [14, member.id, 'Ravi Kumar', 'customer', 'reopen', 'Reopened by the member: Leak is back'],
      [
        20,
        president.id,
        'Aditya Patwardhan',
        'citypresident',
        'transfer',
        'Transferred from Pune to Mumbai: The project is in Mumbai',
      ],
      [
        30,
        credai.id,
        'Credai Head',
        'credaipresident',
        'appeal.remand',
        "Appeal sent back to the City President by the Credai President: Have the lift inspected. The member's appeal: The repair did not last",
      ],
      [40, null, null, null, 'closed', 'Case closed: no rating within 7 days'],
      [41, null, null, null, 'closed', "Case closed after the member's rating"],
      [42, null, null, null, 'escalation', 'Escalated to the moon'],
    ];
    for (const [minute, actorId, name, role, action, text] of entries) {
      await client.query(
        `insert into ticket_comments (ticket_id, actor_id, action_by, actor_role, action, text, created_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [ticket.id, actorId, name, role, action, text, at(minute)],
      );
    }

    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });

    const stored = (
      await client.query<{
        kind: string;
        values: Record<string, unknown>;
        text: string | null;
        action_by: string | null;
      }>('select kind, "values", text, action_by from ticket_comments order by created_at, id')
    ).rows;
    expect(stored.map(({ kind, values, text }) => ({ kind, values, text }))).toEqual([
      { kind: 'ticket.submitted', values: {}, text: null },
      {
        kind: 'stage.reminded',
        values: {
          stage: 'review',
          role: 'citypresident',
          userId: president.id,
          actingForId: null,
          due: '2026-11-02 18:00',
        },
        text: null,
      },
      {
        kind: 'stage.escalated',
        values: {
          stage: 'review',
          role: 'observer',
          userId: observer.id,
          actingForId: null,
          due: '2026-11-02 18:00',
        },
        text: null,
      },
      {
        kind: 'stage.interim_reply',
        values: { stage: 'review', expectedBy: '2026-11-09' },
        text: 'Site visit first.',
      },
      { kind: 'ticket.approved', values: {}, text: null },
      { kind: 'staff.noted', values: {}, text: 'The builder is one of ours' },
      {
        kind: 'stage.stand_in',
        values: { stage: 'approval', role: 'observer', userId: standIn.id, actingForId: observer.id },
        text: null,
      },
      { kind: 'ticket.resolved', values: {}, text: 'Checked on site' },
      { kind: 'member.replied', values: {}, text: 'Thank you' },
      { kind: 'member.rated', values: { stars: 2 }, text: 'Slow' },
      { kind: 'member.reopened', values: {}, text: 'Leak is back' },
      {
        kind: 'ticket.transferred',
        values: {
          fromCityId: pune.id,
          toCityId: mumbai.id,
          fromCommitteeId: legal.id,
          toCommitteeId: legal.id,
        },
        text: 'The project is in Mumbai',
      },
      { kind: 'appeal.remanded', values: { appealId: appeal.id }, text: 'Have the lift inspected' },
      { kind: 'case.closed', values: { cause: 'unrated', days: 7 }, text: null },
      { kind: 'case.closed', values: { cause: 'rated' }, text: null },
      // Nothing it could have been: kept as written.
      { kind: 'stage.escalated', values: {}, text: 'Escalated to the moon' },
    ]);
    // Names copied beside an actor's id are gone: the reader names people from `users`.
    expect(stored.filter((row) => row.action_by !== null)).toEqual([]);

    // A sentence of the system's own can no longer be stored.
    await expect(
      client.query(
        `insert into ticket_comments (ticket_id, kind, action, text) values ($1, 'stage.escalated', 'escalation', 'Escalated to Ravi')`,
        [ticket.id],
      ),
    ).rejects.toThrow(/ticket_comments_system_kinds_no_text/);

    // Read through the api's reader, every entry reads exactly as the sentence it was.
    const history =
      (await readHistory(drizzle({ client, schema }), [ticket.id], toAttachment)).get(ticket.id) ?? [];
    expect(history.map((entry) => entry.text)).toEqual(entries.map(([, , , , , text]) => text));
    expect(history.map((entry) => entry.actionBy)).toEqual(entries.map(([, , name]) => name));
  });
});
