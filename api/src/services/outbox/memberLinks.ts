/**
 * /track (POST /members/links): the request writes one outbox row for the typed address without
 * looking it up, so known and unknown addresses cost the same and answer the same. The worker
 * prepares the row just before sending: the member with that email gets a fresh member key, and
 * the email carries its link (never stored: a retry issues another one). An address without a
 * member sends nothing. A fresh key replaces the previous one: older member links stop working
 * (docs/product.md#private-links; the key expires as every member key does, docs/security.md).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { users } from '../../db/schema';
import { issueMemberKey } from '../tickets/linkKeys';
import type { OutboxRow } from './outboxStore';

/** The row ready to send (with the member and their new link), or null when there is no member. */
export async function prepareMemberLink(db: AppDatabase, row: OutboxRow): Promise<OutboxRow | null> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${row.recipient})`, eq(users.role, 'customer')));
    const memberUrl = member ? await issueMemberKey(tx, member.id) : null;
    if (!member || !memberUrl) return null;
    return {
      ...row,
      recipientUserId: member.id,
      params: { ...row.params, name: member.fullName, memberUrl },
    };
  });
}
