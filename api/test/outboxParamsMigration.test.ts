/**
 * Migration 0028 (ADR 0078): outbox rows written before they named personal data by reference
 * copied the member's name, the ticket's title, the words quoted and staff names. A database is
 * migrated up to 0027, given such rows in each state, and migrated to the end: the sent ones keep
 * no copy (and the rest of their parameters); waiting and failed ones, which the worker may still
 * send, and webhook deliveries are as they were.
 */
import { rmSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsDir } from '../src/paths';
import { migrationsUpTo } from './support/migrations';

jest.setTimeout(120_000);

// PGlite runs only as loaded outside jest's sandbox (apiTestEnvironment.ts), as in testApp.ts.
jest.mock('@electric-sql/pglite', () => {
  const loaded = (globalThis as { __loadedOutsideSandbox?: Record<string, unknown> }).__loadedOutsideSandbox;
  return loaded?.['@electric-sql/pglite'];
});

describe('migration 0028: sent outbox rows keep no copy of personal data', () => {
  let client: PGlite;
  let before: string;

  beforeAll(async () => {
    before = migrationsUpTo(27);
    client = await PGlite.create({ extensions: { pg_trgm } });
    await migrate(drizzle({ client }), { migrationsFolder: before });
  });
  afterAll(async () => {
    await client?.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('removes the copies from sent rows only', async () => {
    const copied = {
      ticketId: 7,
      city: 'Pune',
      status: 'rejected',
      name: 'Ravi Kumar',
      title: 'Legal: The lift',
      text: 'Not a chapter matter, Ravi',
      reason: 'A reason',
      quote: 'A quote',
      author: 'Aditya Patwardhan',
      actingFor: 'Sachin Bhosale',
    };
    const insert = async (status: string, channel: string, params: object) =>
      (
        await client.query<{ id: number }>(
          `insert into outbox (event, recipient, channel, template, params, locale, status, next_attempt_at)
           values ('ticket.status_changed', 'ravi@example.com', $1, 'ticketStatusChanged', $2::jsonb, 'en', $3, now())
           returning id`,
          [channel, JSON.stringify(params), status],
        )
      ).rows[0]?.id;
    const sentEmail = await insert('sent', 'email', copied);
    const sentSms = await insert('sent', 'sms', { ...copied, providerTemplate: '1207' });
    const queued = await insert('queued', 'email', copied);
    const held = await insert('held', 'whatsapp', copied);
    const failed = await insert('failed', 'email', copied);
    const webhook = await insert('sent', 'webhook', { ticketId: 7, text: 'kept as delivered' });
    const referring = await insert('sent', 'email', { ticketId: 7, refs: { name: 'member' } });

    await migrate(drizzle({ client }), { migrationsFolder: migrationsDir });

    const params = async (id: number | undefined) =>
      (
        await client.query<{ params: Record<string, unknown> }>('select params from outbox where id = $1', [
          id,
        ])
      ).rows[0]?.params;
    expect(await params(sentEmail)).toEqual({ ticketId: 7, city: 'Pune', status: 'rejected' });
    expect(await params(sentSms)).toEqual({
      ticketId: 7,
      city: 'Pune',
      status: 'rejected',
      providerTemplate: '1207',
    });
    for (const waiting of [queued, held, failed]) expect(await params(waiting)).toEqual(copied);
    expect(await params(webhook)).toEqual({ ticketId: 7, text: 'kept as delivered' });
    expect(await params(referring)).toEqual({ ticketId: 7, refs: { name: 'member' } });
  });
});
