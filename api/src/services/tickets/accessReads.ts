/**
 * The reads behind the private calls: the member's list and newest ticket (GET /tickets/user/{id}
 * and /latest), once the access decision (access.ts) has said which of the member's tickets the
 * caller may see, and a stored file with the gate of its ticket (the downloads).
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { TICKETS_PAGE_SIZE, type Ticket, type TicketCustomer } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { attachments, cities, tickets, users } from '../../db/schema';
import { TICKET_GATE_COLUMNS, type TicketGate } from './access';
import { maskEmail, maskMobile } from './masking';
import { STORED_NAME, type StoredKind } from './storage';
import { readTicket, readTickets } from './ticketReader';

/** The member as the list answer names them (masked for a link viewer). */
export async function readMember(
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

export interface MemberTicketsPage {
  tickets: Ticket[];
  total: number;
}

/** One page of the member's tickets within `scope`, newest first, with history and files. */
export async function readMemberTickets(
  db: AppDatabase,
  userId: number,
  scope: SQL | undefined,
  paging: { page?: number; pageSize?: number },
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
export async function readLatestMemberTicket(
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

export interface StoredFileRecord {
  /** Who may open the file: whoever may see its ticket. */
  gate: TicketGate;
  originalName: string;
  contentType: string;
}

/** A stored file of this kind and its ticket's gate, or undefined for a name no attachment has. */
export async function findStoredFile(
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
    })
    .from(attachments)
    .innerJoin(tickets, eq(tickets.id, attachments.ticketId))
    .innerJoin(users, eq(users.id, tickets.customerId))
    .where(and(eq(attachments.storedName, storedName), eq(attachments.kind, kind)));
  if (!row) return undefined;
  const { originalName, contentType, ...gate } = row;
  return { gate, originalName, contentType };
}
