/**
 * What a member-facing answer may carry (docs/architecture.md#conversation-and-notifications):
 * every answer a key holder or a signed-in member receives is built here, field by field from an
 * allowlist, never by removing fields from the staff shape: a field added to tickets later stays
 * staff-only until it is named here. Internal history entries (committee notes) and their files
 * are never part of it.
 */
import type { Ticket, TicketAttachment, TicketComment, TicketCustomer } from 'shared-contracts/contracts';

function memberAttachment(file: TicketAttachment): TicketAttachment {
  return {
    id: file.id,
    kind: file.kind,
    fileName: file.fileName,
    contentType: file.contentType,
    size: file.size,
    url: file.url,
  };
}

/** A public entry as the member sees it; undefined for an internal one. */
export function memberEntry(entry: TicketComment): TicketComment | undefined {
  if (entry.visibility !== 'public') return undefined;
  return {
    id: entry.id,
    actionBy: entry.actionBy,
    actorRole: entry.actorRole,
    action: entry.action,
    kind: entry.kind,
    values: entry.values ? { ...entry.values } : entry.values,
    createdAt: entry.createdAt,
    text: entry.text,
    visibility: 'public',
    attachment: entry.attachment ? memberAttachment(entry.attachment) : null,
  };
}

/** The public entries, in order. */
export function memberHistory(entries: readonly TicketComment[]): TicketComment[] {
  return entries.flatMap((entry) => memberEntry(entry) ?? []);
}

function memberCustomer(customer: TicketCustomer): TicketCustomer {
  return {
    id: customer.id,
    fullName: customer.fullName,
    email: customer.email,
    mobile: customer.mobile,
    city: customer.city,
    committee: customer.committee,
  };
}

const person = (value: { id?: number; fullName: string } | null | undefined) =>
  value ? { id: value.id, fullName: value.fullName } : value;
const named = (value: { id?: number; name: string } | null | undefined) =>
  value ? { id: value.id, name: value.name } : value;

/** A ticket as a member-facing answer carries it. */
export function memberTicket(ticket: Ticket): Ticket {
  return {
    id: ticket.id,
    title: ticket.title,
    description: ticket.description,
    status: ticket.status,
    city: ticket.city,
    createdAt: ticket.createdAt,
    updatedAt: ticket.updatedAt,
    version: ticket.version,
    type: ticket.type,
    category: ticket.category,
    attachmentPath: ticket.attachmentPath,
    photoPath: ticket.photoPath,
    rejectionReason: ticket.rejectionReason,
    resolutionMethod: ticket.resolutionMethod,
    currentAssignee: ticket.currentAssignee,
    cityPresidentId: ticket.cityPresidentId,
    convenorId: ticket.convenorId,
    observerId: ticket.observerId,
    cityPresidentStatus: ticket.cityPresidentStatus,
    adminStatus: ticket.adminStatus,
    convenorStatus: ticket.convenorStatus,
    observerStatus: ticket.observerStatus,
    customer: ticket.customer ? memberCustomer(ticket.customer) : ticket.customer,
    committee: named(ticket.committee),
    cityData: named(ticket.cityData),
    cityPresident: person(ticket.cityPresident),
    convenor: person(ticket.convenor),
    observer: person(ticket.observer),
    stage: ticket.stage,
    dueAt: ticket.dueAt,
    dueSoonAt: ticket.dueSoonAt,
    escalation: ticket.escalation,
    closedAt: ticket.closedAt,
    rating: ticket.rating
      ? { stars: ticket.rating.stars, comment: ticket.rating.comment, ratedAt: ticket.rating.ratedAt }
      : ticket.rating,
    reopenedAt: ticket.reopenedAt,
    reopenReason: ticket.reopenReason,
    appeal: ticket.appeal ? { ...ticket.appeal } : ticket.appeal,
    lastWord: ticket.lastWord,
    // The RERA project the member named: the register's public facts only (ADR 0055).
    project: ticket.project ? { ...ticket.project } : ticket.project,
    // What the member said of whom it is against, and only that another office bearer handles it
    // (never who was passed over, ADR 0048).
    ...(ticket.handledByAnotherOfficeBearer !== undefined
      ? {
          handledByAnotherOfficeBearer: ticket.handledByAnotherOfficeBearer,
          againstName: ticket.againstName,
          concernsOfficeBearer: ticket.concernsOfficeBearer,
          shieldIdentity: ticket.shieldIdentity,
        }
      : {}),
    ...(ticket.comments ? { comments: memberHistory(ticket.comments) } : {}),
    ...(ticket.attachments ? { attachments: ticket.attachments.map(memberAttachment) } : {}),
  };
}
