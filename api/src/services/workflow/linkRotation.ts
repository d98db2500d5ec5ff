/**
 * Rotating the private links' keys (docs/security.md "Links", ADR 0031). Staff who may see a
 * ticket rotate its share key: the old link stops at the next request, the new one is answered to
 * them and emailed to the member. Staff who may see a member's tickets (every city's staff, or a
 * city's staff when the member has a ticket in their city) rotate the member's key: the old link
 * stops at once and the new one goes to the member by email only, as it opens every ticket of
 * theirs, also those the staff member may not see. Each rotation, its message and its audit row
 * are one transaction.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../db/database';
import { tickets, users } from '../../db/schema';
import { notFound } from '../../httpError';
import { type AuditActor, recordAudit } from '../audit';
import {
  type AccessActor,
  canStaffSee,
  findTicketGate,
  staffScope,
  staffScopeWhere,
} from '../tickets/access';
import { LIVE_MEMBER_KEY_HASH, linkKeyId, rotateShareKey } from '../tickets/linkKeys';
import { MEMBER_NOT_FOUND, TICKET_NOT_FOUND } from '../tickets/notFound';
import type { Notifier } from './notifications';

export async function rotateTicketShareKey(
  db: AppDatabase,
  notifier: Notifier,
  staff: AccessActor,
  auditActor: AuditActor,
  ticketId: number,
): Promise<{ shareUrl: string; memberNotified: boolean }> {
  const gate = await findTicketGate(db, ticketId);
  if (!gate || !canStaffSee(staff, gate)) throw notFound(TICKET_NOT_FOUND);
  const result = await db.transaction(async (tx) => {
    const shareUrl = await rotateShareKey(tx, ticketId);
    if (!shareUrl) throw notFound(TICKET_NOT_FOUND);
    const memberNotified = await notifier.shareLinkRotated(tx, ticketId, shareUrl);
    await recordAudit(tx, {
      actor: auditActor,
      action: 'share_key.rotate',
      targetType: 'ticket',
      targetId: ticketId,
      detail: { previousKey: gate.viewKeyHash ? linkKeyId('share', ticketId, gate.viewKeyHash) : null },
    });
    return { shareUrl, memberNotified };
  });
  return result;
}

/** Whether the staff member may see this member's tickets (and so act on the member's link). */
async function maySeeMember(db: AppDatabase, staff: AccessActor, memberId: number): Promise<boolean> {
  const scope = staffScope(staff);
  if (scope.kind === 'none') return false;
  if (scope.kind === 'all') return true;
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.customerId, memberId), staffScopeWhere(staff)));
  return (row?.n ?? 0) > 0;
}

export async function rotateMemberKey(
  db: AppDatabase,
  notifier: Notifier,
  staff: AccessActor,
  auditActor: AuditActor,
  memberId: number,
): Promise<{ memberNotified: boolean }> {
  const [member] = await db
    .select({ id: users.id, email: users.email, live: LIVE_MEMBER_KEY_HASH })
    .from(users)
    .where(and(eq(users.id, memberId), eq(users.role, 'customer')));
  if (!member || !(await maySeeMember(db, staff, memberId))) throw notFound(MEMBER_NOT_FOUND);
  const result = await db.transaction(async (tx) => {
    // Revoked now; the worker issues the new key just before it sends the email (never stored).
    await tx
      .update(users)
      .set({ accessKeyHash: null, accessKeyExpiresAt: null, updatedAt: sql`now()` })
      .where(eq(users.id, memberId));
    const memberNotified = await notifier.memberLinkRotated(tx, member);
    await recordAudit(tx, {
      actor: auditActor,
      action: 'member_key.rotate',
      targetType: 'user',
      targetId: memberId,
      detail: { previousKey: member.live ? linkKeyId('member', memberId, member.live) : null },
    });
    return { memberNotified };
  });
  return result;
}
