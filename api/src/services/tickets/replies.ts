/**
 * POST /tickets/{id}/replies without the HTTP (docs/architecture.md#conversation-and-notifications):
 * staff who may see the ticket reply to the member (`public`) or add an internal note; the member
 * (by the ticket's key, their member key, or signed in) replies publicly. An optional file follows
 * the submit's upload rules. The entry, its file and its messages are one transaction; the file is
 * placed before it and removed when it does not commit.
 */

import { eq } from 'drizzle-orm';
import type { CommentVisibility, TicketComment } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/errors';
import { attachments, tickets, users } from '../../db/schema';
import { notFound } from '../../httpError';
import { type AuditActor, recordAudit } from '../audit';
import { historyAnswer, NO_NAMES, recordHistory } from '../history/historyStore';
import type { Notifier } from '../outbox/notifications';
import type { AccessActor, Audience } from './access';
import { memberEntry } from './memberView';
import { TICKET_NOT_FOUND } from './notFound';
import type { CheckedFile, ReceivedForm, SubmitService } from './submitService';
import { toAttachment } from './ticketReader';

export interface ReplyAuthor {
  audience: Audience;
  /** The signed-in user, if any (a key holder has none: the member is named from the ticket). */
  actor: (AccessActor & { fullName: string }) | null;
}

export interface ReplyInput {
  text: string;
  visibility?: CommentVisibility;
  file: ReceivedForm['file'];
  checked: CheckedFile | null;
}

export async function addReply(
  db: AppDatabase,
  files: SubmitService,
  notifier: Notifier,
  ticketId: number,
  author: ReplyAuthor,
  input: ReplyInput,
  /** Who replied, for the audit trail: its row is written in the reply's transaction. */
  auditActor?: AuditActor,
): Promise<TicketComment> {
  const byMember = author.audience === 'member';
  // A member's reply is public whatever they sent; staff choose, public by default.
  const visibility: CommentVisibility = byMember ? 'public' : (input.visibility ?? 'public');
  const placed = await files.placeFile(input.file, input.checked);
  let committed = false;
  try {
    const entry = await db.transaction(async (tx) => {
      const [ticket] = await tx
        .select({
          id: tickets.id,
          status: tickets.status,
          currentAssignee: tickets.currentAssignee,
          memberId: users.id,
          memberName: users.fullName,
        })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.customerId))
        .where(eq(tickets.id, ticketId));
      if (!ticket) throw notFound(TICKET_NOT_FOUND);
      const authorName = byMember ? ticket.memberName : (author.actor?.fullName ?? 'Staff');
      const row = await recordHistory(tx, {
        ticketId,
        kind: byMember ? 'member.replied' : visibility === 'internal' ? 'staff.noted' : 'staff.replied',
        action: visibility === 'internal' ? 'note' : 'reply',
        actor: byMember
          ? { id: ticket.memberId, role: 'customer' }
          : { id: author.actor?.id ?? null, role: author.actor?.role ?? null },
        words: input.text,
        statusAfter: ticket.status,
        assigneeAfter: ticket.currentAssignee,
        visibility,
      });
      let file = null;
      if (placed) {
        const [stored] = await tx
          .insert(attachments)
          .values({
            ticketId,
            commentId: row.id,
            kind: placed.kind,
            storedName: placed.storedName,
            originalName: placed.originalName,
            contentType: placed.contentType,
            sizeBytes: placed.size,
            sha256: placed.sha256,
          })
          .returning();
        file = stored ?? null;
      }
      await notifier.replied(tx, { ticketId, authorName, byMember, visibility, text: input.text });
      if (auditActor) {
        await recordAudit(tx, {
          actor: auditActor,
          action: 'ticket.reply',
          targetType: 'ticket',
          targetId: ticketId,
          detail: { visibility, file: file ? true : undefined },
        });
      }
      return historyAnswer({ ...row, actorName: authorName }, NO_NAMES, file ? toAttachment(file) : null);
    });
    committed = true;
    return byMember ? (memberEntry(entry) ?? entry) : entry;
  } catch (error) {
    // Its commit may have gone through with only the answer lost: the sweep settles the file.
    if (isDatabaseUnavailable(error)) committed = true;
    throw error;
  } finally {
    if (placed && !committed) await files.removePlaced(placed);
    await files.discard(input.file);
  }
}
