/**
 * Reads tickets in the shape every answer uses (docs/product.md#data Ticket, shared `ticketSchema`): the row
 * plus the names it refers to (city, committee, member, office bearers), and on request its
 * history and attachments. Lists first pick one page of ids with an index, then hydrate only
 * those ids here, so a page costs the same at 1,000 or 1,000,000 tickets.
 */
import { type AnyColumn, and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import {
  MESSAGE_LANGUAGES,
  type Ticket,
  type TicketAttachment,
  type TicketComment,
  type TicketProject,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { attachments, cities, committees, tickets, users } from '../../db/schema';
import { readHistory } from '../history/historyStore';
import { aliasOf, shieldTicket } from '../recusal/shielding';
import { maskEmail, maskMobile } from './masking';

/** A stored language as the answers name it (anything unknown is English, as for the messages). */
function messageLanguageOf(language: string): (typeof MESSAGE_LANGUAGES)[number] {
  return (MESSAGE_LANGUAGES as readonly string[]).includes(language)
    ? (language as (typeof MESSAGE_LANGUAGES)[number])
    : 'en';
}

export interface ReadOptions {
  /** Include the history entries (the details dialog and the public page show them). */
  history?: boolean;
  /** Include the attachments. */
  attachments?: boolean;
  /** A link viewer sees the member's mobile and email masked (docs/architecture.md#security-decisions). */
  maskContact?: boolean;
  /**
   * The reader is staff who do not see shielded members (ADR 0049): a shielded ticket's member is
   * its alias, in the ticket and in its history.
   */
  shield?: boolean;
  /** One ticket's details: whom it is against and whether a recusal passed it on (ADR 0048). */
  concern?: boolean;
}

const customer = alias(users, 'customer');
const cityPresident = alias(users, 'city_president');
const convenor = alias(users, 'convenor');
const observer = alias(users, 'observer');
const customerCity = alias(cities, 'customer_city');

/**
 * A name looked up by id as a scalar subquery rather than one more LEFT JOIN: with eight joined
 * tables PostgreSQL spent 5-30 ms planning each read (every join order is considered), against
 * 0.5 ms with four tables and these lookups (see bench/README.md).
 */
function nameOf(
  table: PgTable,
  as: string,
  key: AnyColumn,
  name: AnyColumn,
  id: AnyColumn,
): SQL<string | null> {
  return sql<string | null>`(select ${name} from ${table} ${sql.identifier(as)} where ${key} = ${id})`;
}

const selection = {
  id: tickets.id,
  title: tickets.title,
  description: tickets.description,
  status: tickets.status,
  cityId: tickets.cityId,
  committeeId: tickets.committeeId,
  customerId: tickets.customerId,
  type: tickets.type,
  category: tickets.category,
  attachmentPath: tickets.attachmentPath,
  photoPath: tickets.photoPath,
  rejectionReason: tickets.rejectionReason,
  resolutionMethod: tickets.resolutionMethod,
  currentAssignee: tickets.currentAssignee,
  cityPresidentId: tickets.cityPresidentId,
  convenorId: tickets.convenorId,
  observerId: tickets.observerId,
  cityPresidentStatus: tickets.cityPresidentStatus,
  adminStatus: tickets.adminStatus,
  convenorStatus: tickets.convenorStatus,
  observerStatus: tickets.observerStatus,
  version: tickets.version,
  stage: tickets.stage,
  dueAt: tickets.dueAt,
  dueSoonAt: tickets.dueSoonAt,
  escalation: tickets.escalation,
  closedAt: tickets.closedAt,
  reopenedAt: tickets.reopenedAt,
  reopenReason: tickets.reopenReason,
  // The ticket's project (ADR 0055), as the list's statement writes it.
  project: sql<TicketProject | null>`(select row_to_json(x) from (select p.id, p.rera_number as "reraNumber", p.name
    from projects p where p.id = ${tickets.projectId}) x)`,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  againstName: tickets.againstName,
  concernsOfficeBearer: tickets.concernsOfficeBearer,
  shieldIdentity: tickets.shieldIdentity,
  memberAlias: tickets.memberAlias,
  language: tickets.language,
  intakeChannel: tickets.intakeChannel,
  passedOver: sql<boolean>`exists (select 1 from ticket_recusals r where r.ticket_id = ${tickets.id})`,
  cityName: cities.name,
  committeeName: committees.name,
  // What the submitter typed (ADR 0030); tickets from before it was kept show the member record.
  customerName: sql<string>`coalesce(${tickets.submitterName}, ${customer.fullName})`,
  customerEmail: sql<string>`coalesce(${tickets.submitterEmail}, ${customer.email})`,
  customerMobile: sql<string>`coalesce(${tickets.submitterMobile}, ${customer.mobile})`,
  customerCommittee: customer.committee,
  customerCityName: nameOf(cities, 'customer_city', customerCity.id, customerCity.name, customer.cityId),
  cityPresidentName: nameOf(
    users,
    'city_president',
    cityPresident.id,
    cityPresident.fullName,
    tickets.cityPresidentId,
  ),
  convenorName: nameOf(users, 'convenor', convenor.id, convenor.fullName, tickets.convenorId),
  observerName: nameOf(users, 'observer', observer.id, observer.fullName, tickets.observerId),
};

function selectTicketRows(db: AppDatabase, ids: number[]) {
  return db
    .select(selection)
    .from(tickets)
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .leftJoin(committees, eq(committees.id, tickets.committeeId))
    .innerJoin(customer, eq(customer.id, tickets.customerId))
    .where(inArray(tickets.id, ids));
}

/**
 * A ticket row with the names it refers to, flat: what `readTickets` selects and what the list
 * statement (listing.ts) selects under the same aliases.
 */
export type TicketRow = Awaited<ReturnType<typeof selectTicketRows>>[number];

/**
 * The one read of a change to a ticket (services/workflow/ticketChange.ts): the answer's row plus
 * what the change's messages need (the member's record, their language and opt-in, the share
 * key's hash that signs an outcome link), locked until the change commits (`FOR NO KEY UPDATE`:
 * two changes of one ticket take turns, and the second is decided on what the first wrote).
 */
export async function readTicketForChange(tx: AppDatabase, id: number) {
  const [row] = await tx
    .select({
      ...selection,
      memberName: customer.fullName,
      memberEmail: customer.email,
      phoneUpdates: tickets.phoneUpdates,
      language: tickets.language,
      viewKeyHash: tickets.viewKeyHash,
      outcomeAt: tickets.outcomeAt,
    })
    .from(tickets)
    .innerJoin(cities, eq(cities.id, tickets.cityId))
    .leftJoin(committees, eq(committees.id, tickets.committeeId))
    .innerJoin(customer, eq(customer.id, tickets.customerId))
    .where(eq(tickets.id, id))
    .for('no key update', { of: tickets });
  return row;
}

/** The answer for a ticket row in hand: the row, its history and its files (no second read of the row). */
export async function ticketAnswer(
  db: AppDatabase,
  row: TicketRow,
  options: ReadOptions = {},
): Promise<Ticket> {
  const history = options.history ? await readHistory(db, [row.id], toAttachment) : undefined;
  const files = options.attachments ? await readAttachments(db, [row.id]) : undefined;
  return toTicket(row, options, history, files);
}

/** The answer's shape of a ticket row (docs/product.md#data Ticket). */
export function toTicket(
  row: TicketRow,
  options: ReadOptions = {},
  history?: Map<number, TicketComment[]>,
  files?: Map<number, TicketAttachment[]>,
): Ticket {
  const ticket = plainTicket(row, options, history, files);
  const withConcern: Ticket = options.concern
    ? {
        ...ticket,
        againstName: row.againstName,
        concernsOfficeBearer: row.concernsOfficeBearer,
        shieldIdentity: row.shieldIdentity,
        handledByAnotherOfficeBearer: row.concernsOfficeBearer || row.passedOver,
        // Staff reading one ticket: the member's language and how the complaint came (ADR 0066).
        language: messageLanguageOf(row.language),
        channel: row.intakeChannel ?? 'web',
      }
    : ticket;
  return options.shield && row.shieldIdentity ? shieldTicket(withConcern, aliasOf(row)) : withConcern;
}

function plainTicket(
  row: TicketRow,
  options: ReadOptions,
  history?: Map<number, TicketComment[]>,
  files?: Map<number, TicketAttachment[]>,
): Ticket {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    city: row.cityName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    type: row.type,
    category: row.category,
    attachmentPath: row.attachmentPath,
    photoPath: row.photoPath,
    rejectionReason: row.rejectionReason,
    resolutionMethod: row.resolutionMethod,
    currentAssignee: row.currentAssignee,
    cityPresidentId: row.cityPresidentId,
    convenorId: row.convenorId,
    observerId: row.observerId,
    cityPresidentStatus: row.cityPresidentStatus,
    adminStatus: row.adminStatus,
    convenorStatus: row.convenorStatus,
    observerStatus: row.observerStatus,
    customer: {
      id: row.customerId,
      fullName: row.customerName,
      email: options.maskContact ? maskEmail(row.customerEmail) : row.customerEmail,
      mobile: options.maskContact ? maskMobile(row.customerMobile) : row.customerMobile,
      city: row.customerCityName ?? row.cityName,
      committee: row.customerCommittee ?? row.committeeName,
    },
    committee: row.committeeName && row.committeeId ? { id: row.committeeId, name: row.committeeName } : null,
    cityData: { id: row.cityId, name: row.cityName },
    cityPresident: row.cityPresidentName
      ? { id: row.cityPresidentId ?? undefined, fullName: row.cityPresidentName }
      : null,
    convenor: row.convenorName ? { id: row.convenorId ?? undefined, fullName: row.convenorName } : null,
    observer: row.observerName ? { id: row.observerId ?? undefined, fullName: row.observerName } : null,
    stage: row.stage,
    dueAt: row.dueAt ? row.dueAt.toISOString() : null,
    dueSoonAt: row.dueSoonAt ? row.dueSoonAt.toISOString() : null,
    escalation: row.escalation,
    closedAt: row.closedAt ? row.closedAt.toISOString() : null,
    reopenedAt: row.reopenedAt ? row.reopenedAt.toISOString() : null,
    reopenReason: row.reopenReason,
    project: row.project ?? null,
    ...(options.history ? { comments: history?.get(row.id) ?? [] } : {}),
    ...(options.attachments ? { attachments: files?.get(row.id) ?? [] } : {}),
  };
}

/** Where an attachment downloads from (docs/product.md#calls: /uploads/attachments/{file} or /uploads/photos/{file}). */
export function attachmentUrl(kind: 'attachment' | 'photo', storedName: string): string {
  return `/uploads/${kind === 'photo' ? 'photos' : 'attachments'}/${encodeURIComponent(storedName)}`;
}

/** The tickets with these ids, in the order of `ids` (missing ids are left out). */
export async function readTickets(
  db: AppDatabase,
  ids: number[],
  options: ReadOptions = {},
): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const rows = await selectTicketRows(db, ids);

  const history = options.history
    ? await readHistory(db, ids, toAttachment)
    : new Map<number, TicketComment[]>();
  const files = options.attachments ? await readAttachments(db, ids) : new Map<number, TicketAttachment[]>();

  const byId = new Map(rows.map((row) => [row.id, toTicket(row, options, history, files)] as const));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function readTicket(
  db: AppDatabase,
  id: number,
  options: ReadOptions = {},
): Promise<Ticket | undefined> {
  const [ticket] = await readTickets(db, [id], options);
  return ticket;
}

/** Rows of several tickets as each ticket's list, in the rows' order. */
function byTicket<Row extends { ticketId: number }, Item>(
  rows: Row[],
  toItem: (row: Row) => Item,
): Map<number, Item[]> {
  const lists = new Map<number, Item[]>();
  for (const row of rows) {
    const list = lists.get(row.ticketId);
    if (list) list.push(toItem(row));
    else lists.set(row.ticketId, [toItem(row)]);
  }
  return lists;
}

/** An attachment row as answers show it. */
export function toAttachment(row: typeof attachments.$inferSelect): TicketAttachment {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.originalName,
    contentType: row.contentType,
    size: row.sizeBytes,
    url: attachmentUrl(row.kind, row.storedName),
  };
}

/** The files sent with the tickets themselves (a reply's file is on its history entry). */
async function readAttachments(db: AppDatabase, ids: number[]): Promise<Map<number, TicketAttachment[]>> {
  const rows = await db
    .select()
    .from(attachments)
    .where(and(inArray(attachments.ticketId, ids), isNull(attachments.commentId)))
    .orderBy(asc(attachments.id));
  return byTicket(rows, toAttachment);
}
