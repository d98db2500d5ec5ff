/**
 * POST /tickets/{id}/replies without the HTTP (docs/architecture.md#conversation-and-notifications):
 * staff who may see the ticket reply to the member (`public`) or add an internal note; the member
 * (by the ticket's key, their member key, or signed in) replies publicly. An optional file follows
 * the submit's upload rules. The entry, its file and its messages are one transaction; the file is
 * placed before it and removed when it does not commit. The ticket is read once, before the body
 * (`openReplyGate`: who may reply, and what the messages say of it); a reply moves nothing of the
 * chain, so its entry records no status or holder after it.
 */

import { eq } from 'drizzle-orm';
import type { CommentVisibility, TicketComment } from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { isDatabaseUnavailable } from '../../db/errors';
import { attachments, cities, tickets, users } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit';
import { recordCannedUse } from '../deskTools/cannedUses';
import { historyAnswer, NO_NAMES, recordHistory } from '../history/historyStore';
import { type AccessActor, type Audience, TICKET_GATE_COLUMNS, type TicketGate } from '../tickets/access';
import { memberEntry } from '../tickets/memberView';
import { toAttachment } from '../tickets/ticketReader';
import { factsOfColumns, type Notifier, TICKET_FACT_COLUMNS, type TicketFacts } from './notifications';
import type { CheckedFile, ReceivedForm, SubmitService } from './submitService';

/** What a reply needs of its ticket: who may reply (the access gate) and what its messages say. */
export interface ReplyGate {
  gate: TicketGate;
  ticket: TicketFacts;
}

/** The ticket's gate and facts in one read, or undefined when there is no such ticket. */
export async function openReplyGate(db: AppDatabase, id: number): Promise<ReplyGate | undefined> {
  const [row] = await db
    .select({ ...TICKET_GATE_COLUMNS, ...TICKET_FACT_COLUMNS })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.customerId))
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .where(eq(tickets.id, id));
  if (!row) return undefined;
  const { id: ticketId, cityId, customerId, viewKeyHash, memberKeyHash, recusedIds, shieldIdentity } = row;
  return {
    gate: { id: ticketId, cityId, customerId, viewKeyHash, memberKeyHash, recusedIds, shieldIdentity },
    ticket: factsOfColumns(row),
  };
}

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
  /** Staff: the canned answer the reply started from (ADR 0065); counted for the reports. */
  cannedResponseId?: number;
}

export async function addReply(
  db: AppDatabase,
  files: SubmitService,
  notifier: Notifier,
  { gate, ticket }: ReplyGate,
  author: ReplyAuthor,
  input: ReplyInput,
  /** Who replied, for the audit trail: its row is written in the reply's transaction. */
  auditActor?: AuditActor,
  /**
   * A step of the reply's own transaction, after its entry is written (a reply by email records its
   * mail as handled there, ADR 0059); throwing undoes the reply and removes its file.
   */
  alsoInTransaction?: (tx: Writer, entryId: number) => Promise<void>,
): Promise<TicketComment> {
  const byMember = author.audience === 'member';
  // A member's reply is public whatever they sent; staff choose, public by default.
  const visibility: CommentVisibility = byMember ? 'public' : (input.visibility ?? 'public');
  const placed = await files.placeFile(input.file, input.checked);
  let committed = false;
  try {
    const entry = await db.transaction(async (tx) => {
      const ticketId = ticket.id;
      const authorName = byMember ? ticket.member.fullName : (author.actor?.fullName ?? 'Staff');
      const row = await recordHistory(tx, {
        ticketId,
        kind: byMember ? 'member.replied' : visibility === 'internal' ? 'staff.noted' : 'staff.replied',
        action: visibility === 'internal' ? 'note' : 'reply',
        actor: byMember
          ? { id: ticket.member.id, role: 'customer' }
          : { id: author.actor?.id ?? null, role: author.actor?.role ?? null },
        words: input.text,
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
      if (!byMember && input.cannedResponseId !== undefined) {
        await recordCannedUse(tx, {
          cannedResponseId: input.cannedResponseId,
          ticketId,
          commentId: row.id,
          userId: author.actor?.id ?? null,
          cityId: gate.cityId,
        });
      }
      await notifier.replied(tx, { ticketId, ticket, eventId: row.id, byMember, visibility });
      await alsoInTransaction?.(tx, row.id);
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
