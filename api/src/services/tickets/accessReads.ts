/**
 * The private reads (GET /tickets/{id}, /tickets/user/{id} and /latest, the downloads): each asks
 * the access decision (access.ts) what the viewer may see, reads it, and answers a missing thing
 * and one the viewer may not see with the same 404.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  type PagingQuery,
  TICKETS_PAGE_SIZE,
  type Ticket,
  type TicketComment,
  type TicketCustomer,
} from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { attachments, cities, ticketComments, tickets, users } from '../../db/schema';
import { notFound } from '../../httpError';
import { readHistory } from '../history/historyStore';
import { aliasOf, shieldedEntry } from '../recusal/shielding';
import {
  type AccessDecision,
  type AccessVia,
  type Audience,
  decideMemberAccess,
  decideTicketAccess,
  findMemberGate,
  findTicketGate,
  TICKET_GATE_COLUMNS,
  type TicketGate,
  type Viewer,
} from './access';
import { withLastWord } from './lastWordView';
import { maskEmail, maskMobile } from './masking';
import { memberHistory, memberTicket } from './memberView';
import { FILE_NOT_FOUND, MEMBER_NOT_FOUND, TICKET_NOT_FOUND } from './notFound';
import { STORED_NAME, type StoredKind } from './storage';
import { readTicket, readTickets, toAttachment } from './ticketReader';

/** How a viewer was let in, for the audit trail: for whom the answer was built and by what. */
export interface GrantedAccess {
  audience: Audience;
  via: AccessVia;
  /** The key hash that matched (a link viewer), to name the key in the trail; else null. */
  keyHash: string | null;
  /** An outcome key's expiry (it has no stored hash: the trail names it by ticket and expiry). */
  outcomeExpiresAt?: number;
  ticketId: number;
  memberId: number;
}

export function grantOf(
  decision: Extract<AccessDecision, { allowed: true }>,
  gate: TicketGate,
): GrantedAccess {
  const keyHash =
    decision.via === 'share' ? gate.viewKeyHash : decision.via === 'member' ? gate.memberKeyHash : null;
  return {
    audience: decision.audience,
    via: decision.via,
    keyHash,
    outcomeExpiresAt: decision.outcomeExpiresAt,
    ticketId: gate.id,
    memberId: gate.customerId,
  };
}

/** The ticket with its history and files, for a viewer who may see it (masked for a link viewer). */
export async function openTicket(
  db: AppDatabase,
  viewer: Viewer,
  id: number,
  /** The api clock's now: the member's view says what the member may do now (ADR 0038). */
  now: Date,
): Promise<{ ticket: Ticket; access: GrantedAccess }> {
  const gate = await findTicketGate(db, id);
  const decision = decideTicketAccess(viewer, gate);
  const ticket = decision.allowed
    ? await readTicket(db, id, {
        history: true,
        attachments: true,
        maskContact: decision.maskContact,
        shield: decision.shield,
        concern: true,
      })
    : undefined;
  if (!ticket || !decision.allowed || !gate) throw notFound(TICKET_NOT_FOUND);
  const access = grantOf(decision, gate);
  if (decision.audience === 'member') {
    return { ticket: memberTicket(await withLastWord(db, ticket, { now })), access };
  }
  return { ticket: await withLastWord(db, ticket), access };
}

/**
 * GET /tickets/{id}/history: staff in scope get every entry with its visibility; a key holder or
 * the member the public ones (the allowlist of memberView.ts). Missing and refused: the same 404.
 */
export async function openTicketHistory(
  db: AppDatabase,
  viewer: Viewer,
  id: number,
): Promise<TicketComment[]> {
  const decision = decideTicketAccess(viewer, await findTicketGate(db, id));
  if (!decision.allowed) throw notFound(TICKET_NOT_FOUND);
  const history = (await readHistory(db, [id], toAttachment)).get(id) ?? [];
  if (decision.audience === 'member') return memberHistory(history);
  if (!decision.shield) return history;
  const alias = await shieldedAlias(db, id);
  return history.map((entry) => shieldedEntry(entry, alias));
}

/** A shielded ticket's alias (ADR 0049). */
async function shieldedAlias(db: AppDatabase, id: number): Promise<string> {
  const [row] = await db
    .select({ id: tickets.id, memberAlias: tickets.memberAlias })
    .from(tickets)
    .where(eq(tickets.id, id));
  return aliasOf(row ?? { id, memberAlias: null });
}

/** The member and one page of the tickets of theirs the viewer may see, newest first. */
export async function openMemberTickets(
  db: AppDatabase,
  viewer: Viewer,
  userId: number,
  paging: PagingQuery,
): Promise<{ user: TicketCustomer } & MemberTicketsPage> {
  const decision = decideMemberAccess(viewer, await findMemberGate(db, userId));
  if (!decision.allowed) throw notFound(MEMBER_NOT_FOUND);
  const [user, page] = await Promise.all([
    readMember(db, userId, decision.maskContact),
    readMemberTickets(db, userId, decision.where, paging, decision.maskContact),
  ]);
  // City-scoped staff see a member only through a ticket of their city.
  if (!user || (decision.where && page.total === 0)) throw notFound(MEMBER_NOT_FOUND);
  if (decision.audience === 'member')
    return { user, total: page.total, tickets: page.tickets.map(memberTicket) };
  return { user, ...page };
}

/** The member's newest ticket the viewer may see. */
export async function openLatestMemberTicket(
  db: AppDatabase,
  viewer: Viewer,
  userId: number,
): Promise<Ticket> {
  const decision = decideMemberAccess(viewer, await findMemberGate(db, userId));
  const ticket = decision.allowed
    ? await readLatestMemberTicket(db, userId, decision.where, decision.maskContact)
    : undefined;
  if (!ticket || !decision.allowed) throw notFound(TICKET_NOT_FOUND);
  return decision.audience === 'member' ? memberTicket(ticket) : ticket;
}

/** A stored file of this kind, for a viewer who may see its ticket. */
export async function openStoredFile(
  db: AppDatabase,
  viewer: Viewer,
  kind: StoredKind,
  storedName: string,
): Promise<StoredFileRecord & { access: GrantedAccess }> {
  const file = await findStoredFile(db, kind, storedName);
  const decision = decideTicketAccess(viewer, file?.gate);
  if (!decision.allowed || !file) throw notFound(FILE_NOT_FOUND);
  // The file of an internal note is staff's alone.
  if (file.internal && decision.audience !== 'staff') throw notFound(FILE_NOT_FOUND);
  return { ...file, access: grantOf(decision, file.gate) };
}

/** A stored file's name and type, for a view link already checked (no viewer to decide on). */
export async function findViewableFile(
  db: AppDatabase,
  kind: StoredKind,
  storedName: string,
): Promise<{ originalName: string; contentType: string } | undefined> {
  const file = await findStoredFile(db, kind, storedName);
  return file ? { originalName: file.originalName, contentType: file.contentType } : undefined;
}

/** The member as the list answer names them (masked for a link viewer). */
async function readMember(
  db: AppDatabase,
  userId: number,
  maskContact: boolean,
): Promise<TicketCustomer | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      mobile: users.mobile,
      city: cities.name,
      committee: users.committee,
    })
    .from(users)
    .leftJoin(cities, eq(cities.id, users.cityId))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    ...row,
    email: maskContact ? maskEmail(row.email) : row.email,
    mobile: maskContact ? maskMobile(row.mobile) : row.mobile,
  };
}

interface MemberTicketsPage {
  tickets: Ticket[];
  total: number;
}

/** One page of the member's tickets within `scope`, newest first, with history and files. */
async function readMemberTickets(
  db: AppDatabase,
  userId: number,
  scope: SQL | undefined,
  paging: PagingQuery,
  maskContact: boolean,
): Promise<MemberTicketsPage> {
  const where = and(eq(tickets.customerId, userId), scope);
  const pageSize = paging.pageSize ?? TICKETS_PAGE_SIZE;
  const page = paging.page ?? 1;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(tickets).where(where),
  ]);
  const list = await readTickets(
    db,
    rows.map((row) => row.id),
    { history: true, attachments: true, maskContact },
  );
  return { tickets: list, total: counted?.total ?? 0 };
}

/** The member's newest ticket within `scope`, or undefined. */
async function readLatestMemberTicket(
  db: AppDatabase,
  userId: number,
  scope: SQL | undefined,
  maskContact: boolean,
): Promise<Ticket | undefined> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.customerId, userId), scope))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(1);
  return row ? readTicket(db, row.id, { history: true, attachments: true, maskContact }) : undefined;
}

interface StoredFileRecord {
  /** Who may open the file: whoever may see its ticket. */
  gate: TicketGate;
  originalName: string;
  contentType: string;
  /** Whether it came with an internal note. */
  internal: boolean;
}

/** A stored file of this kind and its ticket's gate, or undefined for a name no attachment has. */
async function findStoredFile(
  db: AppDatabase,
  kind: StoredKind,
  storedName: string,
): Promise<StoredFileRecord | undefined> {
  if (!STORED_NAME.test(storedName)) return undefined;
  const [row] = await db
    .select({
      ...TICKET_GATE_COLUMNS,
      originalName: attachments.originalName,
      contentType: attachments.contentType,
      visibility: ticketComments.visibility,
    })
    .from(attachments)
    .innerJoin(tickets, eq(tickets.id, attachments.ticketId))
    .innerJoin(users, eq(users.id, tickets.customerId))
    .leftJoin(ticketComments, eq(ticketComments.id, attachments.commentId))
    .where(and(eq(attachments.storedName, storedName), eq(attachments.kind, kind)));
  if (!row) return undefined;
  const { originalName, contentType, visibility, ...gate } = row;
  return { gate, originalName, contentType, internal: visibility === 'internal' };
}
