/**
 * Links between tickets (ADR 0056): staff mark a ticket as a duplicate of another (its primary)
 * or as related to it, and remove the mark. A duplicate points to one primary, which is not a
 * duplicate itself (a group is one primary and its duplicates). Staff read a ticket's links both
 * ways; its member reads only how many complaints it is linked with.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  errorMessage,
  type Ticket,
  type TicketLink,
  type TicketLinkRequest,
} from 'shared-contracts/contracts';
import type { AppDatabase, Writer } from '../../db/database';
import { rowsOf } from '../../db/rows';
import { ticketLinks, tickets } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../httpError';
import { type AccessActor, canStaffSee, findTicketGate } from '../tickets/access';

/** A ticket the staff member may see, or the same 404 as a missing one (docs/security.md). */
async function requireVisible(db: AppDatabase, actor: AccessActor, id: number): Promise<void> {
  const gate = await findTicketGate(db, id);
  if (!gate || !canStaffSee(actor, gate)) throw notFound('Ticket not found');
}

/** The links of a ticket both ways, with the other ticket's title and status, by the other's id. */
export async function linksOf(db: Writer, id: number): Promise<TicketLink[]> {
  const rows = await db
    .select({
      ticketId: ticketLinks.ticketId,
      otherId: ticketLinks.otherId,
      kind: ticketLinks.kind,
      title: tickets.title,
      status: tickets.status,
    })
    .from(ticketLinks)
    .innerJoin(
      tickets,
      sql`${tickets.id} = case when ${ticketLinks.ticketId} = ${id} then ${ticketLinks.otherId} else ${ticketLinks.ticketId} end`,
    )
    .where(or(eq(ticketLinks.ticketId, id), eq(ticketLinks.otherId, id)));
  return rows
    .map((row) => {
      const outgoing = row.ticketId === id;
      const role: TicketLink['role'] =
        row.kind === 'related' ? 'related' : outgoing ? 'primary' : 'duplicate';
      return { ticketId: outgoing ? row.otherId : row.ticketId, role, title: row.title, status: row.status };
    })
    .sort((a, b) => a.ticketId - b.ticketId);
}

/**
 * POST /tickets/{id}/links: `{id}` becomes a duplicate of (or related to) `ticketId`, replacing
 * any earlier link between the two and, for a duplicate, its earlier primary. Both tickets are
 * locked first, lower id first, so two staff linking the same tickets at once take turns.
 */
export async function linkTickets(
  db: AppDatabase,
  actor: AccessActor,
  id: number,
  request: TicketLinkRequest,
): Promise<TicketLink[]> {
  const otherId = request.ticketId;
  if (otherId === id) {
    throw new HttpError(400, errorMessage('linkSelf'), [
      { path: 'ticketId', message: errorMessage('linkSelf') },
    ]);
  }
  await requireVisible(db, actor, id);
  await requireVisible(db, actor, otherId);
  return db.transaction(async (tx) => {
    await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(inArray(tickets.id, [id, otherId]))
      .orderBy(tickets.id)
      .for('no key update');
    const between = or(
      and(eq(ticketLinks.ticketId, id), eq(ticketLinks.otherId, otherId)),
      and(eq(ticketLinks.ticketId, otherId), eq(ticketLinks.otherId, id)),
    );
    await tx.delete(ticketLinks).where(between);
    if (request.kind === 'duplicate') {
      // The primary is no duplicate, and the duplicate has none of its own: groups stay one level.
      const [chain] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(ticketLinks)
        .where(
          and(
            eq(ticketLinks.kind, 'duplicate'),
            or(eq(ticketLinks.ticketId, otherId), eq(ticketLinks.otherId, id)),
          ),
        );
      if ((chain?.n ?? 0) > 0) throw conflict(errorMessage('linkChain'), 'ticketId');
      await tx
        .delete(ticketLinks)
        .where(and(eq(ticketLinks.ticketId, id), eq(ticketLinks.kind, 'duplicate')));
    }
    await tx.insert(ticketLinks).values({ ticketId: id, otherId, kind: request.kind, createdBy: actor.id });
    return linksOf(tx, id);
  });
}

/** DELETE /tickets/{id}/links/{otherId}: the link between the two, whichever way it points. */
export async function unlinkTickets(
  db: AppDatabase,
  actor: AccessActor,
  id: number,
  otherId: number,
): Promise<TicketLink[]> {
  await requireVisible(db, actor, id);
  const removed = await db
    .delete(ticketLinks)
    .where(
      or(
        and(eq(ticketLinks.ticketId, id), eq(ticketLinks.otherId, otherId)),
        and(eq(ticketLinks.ticketId, otherId), eq(ticketLinks.otherId, id)),
      ),
    )
    .returning({ ticketId: ticketLinks.ticketId });
  if (removed.length === 0) throw notFound('Link not found');
  return linksOf(db, id);
}

/**
 * How many other complaints the ticket is linked with, for its member: its direct links, and the
 * other duplicates of its primary. A number only: nothing of the other tickets.
 */
export async function similarCount(db: Writer, id: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct other)::int as n from (
      select case when l.ticket_id = ${id} then l.other_id else l.ticket_id end as other
        from ticket_links l where l.ticket_id = ${id} or l.other_id = ${id}
      union all
      select s.ticket_id from ticket_links p join ticket_links s on s.other_id = p.other_id and s.kind = 'duplicate'
        where p.ticket_id = ${id} and p.kind = 'duplicate' and s.ticket_id <> ${id}
    ) o`),
  );
  return row?.n ?? 0;
}

/** The ticket answer with what its reader may know of its links (GET /tickets/{id}). */
export async function withLinks(db: AppDatabase, ticket: Ticket, audience: string): Promise<Ticket> {
  // Staff: `links` only when there are some (an unlinked ticket reads as it did before links).
  if (audience === 'staff') {
    const links = await linksOf(db, ticket.id);
    return links.length ? { ...ticket, links } : ticket;
  }
  return { ...ticket, similarCount: await similarCount(db, ticket.id) };
}
