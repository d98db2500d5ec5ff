/**
 * /track (POST /members/links): the request writes one outbox row for the typed address without
 * looking it up, so known and unknown addresses cost the same and answer the same. The worker
 * prepares the row just before sending: the email carries the member's link (never stored in the
 * row). An address without a
 * member sends nothing. A live key is never replaced by a request (ADR 0052): the member's current
 * link is sent again, so a stranger typing their address cannot break their saved link; the key
 * expires as every member key does (docs/security.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { users } from '../../db/schema';
import { issueMemberKey } from '../tickets/linkKeys';
import { currentOrNewMemberLink } from '../tickets/memberLinkKeys';
import type { OutboxRow } from './outboxStore';

/**
 * The row ready to send (with the member and their link), or null when there is no member. With
 * `sendLiveAgain` (a /track request, ADR 0052) the member's live link is sent again, and a key issued
 * only when none can be; without it (staff rotated the key) a fresh key replaces the old one.
 */
export async function prepareMemberLink(
  db: AppDatabase,
  row: OutboxRow,
  sendLiveAgain = false,
): Promise<OutboxRow | null> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${row.recipient})`, eq(users.role, 'customer')));
    const memberUrl = !member
      ? null
      : sendLiveAgain
        ? await currentOrNewMemberLink(tx, member.id)
        : await issueMemberKey(tx, member.id);
    if (!member || !memberUrl) return null;
    return {
      ...row,
      recipientUserId: member.id,
      params: { ...row.params, name: member.fullName, memberUrl },
    };
  });
}
