/**
 * STOP by SMS or WhatsApp (ADR 0060): a member's consent withdrawn from their number. It crosses the
 * phone channel's webhooks and the privacy requests, so it lives here rather than in either.
 */
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { fileRequest } from '../privacy/requests';

/** A mobile number as the tickets keep it: its last ten digits (the country code dropped). */
export function nationalNumber(mobile: string): string {
  return mobile.replace(/\D/g, '').slice(-10);
}

/**
 * STOP from a number: every member whose account or ticket has that number withdraws their consent
 * at once (their opt-ins off, their queued and held SMS and WhatsApp messages stopped), recorded as
 * their request and told by email, as when they withdraw from their private link. Returns how many
 * members it stopped.
 */
export async function stopNumber(db: AppDatabase, mobile: string, now: Date): Promise<number> {
  const number = nationalNumber(mobile);
  if (number.length !== 10) return 0;
  const members = rowsOf<{ id: number }>(
    await db.execute(sql`
      select u.id from users u
      where u.role = 'customer' and u.erased_at is null and (
        right(regexp_replace(coalesce(u.mobile, ''), '\\D', '', 'g'), 10) = ${number}
        or exists (select 1 from tickets t where t.customer_id = u.id
          and right(regexp_replace(coalesce(t.submitter_mobile, ''), '\\D', '', 'g'), 10) = ${number}))`),
  );
  for (const member of members) await fileRequest(db, member.id, { kind: 'withdraw-consent' }, now);
  return members.length;
}
