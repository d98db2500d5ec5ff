/**
 * The demo tickets of `npm start` (HELPDESK_DEMO_DATA): a few hundred realistic tickets from
 * made-up members (ticketGenerator.ts, the same generator as the benchmark's seed), so every list,
 * filter, search, count and chart has something real to show. A few are of today; the same data
 * comes out on every seed, only the dates move with the day of the seed.
 */
import type { AppDatabase } from '../db/database';
import { ticketComments, tickets, users } from '../db/schema';
import { type GeneratorCity, type GeneratorStaff, generateTickets } from './ticketGenerator';

/** How many demo tickets a seed makes unless told otherwise (HELPDESK_DEMO_TICKETS). */
export const DEFAULT_DEMO_TICKETS = 320;
/** The demo's tickets of today (the dashboard's "today" and the day filter have something). */
const DEMO_TODAY = 6;

export interface DemoTicketOptions {
  cities: GeneratorCity[];
  staff: GeneratorStaff[];
  /** Given to the demo members (they never need it: members follow their tickets by link). */
  passwordHash: string;
  count?: number;
  now?: Date;
}

/**
 * Adds the demo members and tickets (with their history) to a freshly seeded demo database.
 * Called by seedDemoData inside its transaction, after the cities, committees and staff exist.
 */
export async function seedDemoTickets(db: AppDatabase, options: DemoTicketOptions): Promise<number> {
  const made = [
    ...generateTickets({
      cities: options.cities,
      staff: options.staff,
      count: options.count ?? DEFAULT_DEMO_TICKETS,
      today: DEMO_TODAY,
      ...(options.now ? { now: options.now } : {}),
    }),
  ];
  // The members first (in the order they first submitted), then the tickets, oldest first, so
  // ids grow with creation time as they do for submitted tickets.
  const memberIds: number[] = [];
  const members = made.flatMap((ticket) => (ticket.newMember ? [ticket.newMember] : []));
  for (const chunk of chunks(members)) {
    const created = await db
      .insert(users)
      .values(
        chunk.map((member) => ({
          fullName: member.fullName,
          email: member.email,
          mobile: member.mobile,
          role: 'customer' as const,
          cityId: member.cityId,
          passwordHash: options.passwordHash,
          createdAt: member.createdAt,
          updatedAt: member.createdAt,
        })),
      )
      .returning({ id: users.id });
    memberIds.push(...created.map(({ id }) => id));
  }
  let seeded = 0;
  for (const chunk of chunks(made)) {
    const created = await db
      .insert(tickets)
      .values(chunk.map(({ row, memberKey }) => ({ ...row, customerId: memberIds[memberKey] as number })))
      .returning({ id: tickets.id });
    const comments = created.flatMap(({ id }, position) => {
      const ticket = chunk[position];
      if (!ticket) return [];
      const memberId = memberIds[ticket.memberKey] as number;
      return ticket.history.map((entry) => ({ ...entry, actorId: entry.actorId ?? memberId, ticketId: id }));
    });
    for (const part of chunks(comments)) await db.insert(ticketComments).values(part);
    seeded += created.length;
  }
  return seeded;
}

/**
 * Rows in slices of 500: PostgreSQL takes at most 65,535 parameters per statement, and one huge
 * statement overflows the stack while it is built (HELPDESK_DEMO_TICKETS goes up to 100,000).
 */
function chunks<T>(rows: T[], size = 500): T[][] {
  const slices: T[][] = [];
  for (let start = 0; start < rows.length; start += size) slices.push(rows.slice(start, start + size));
  return slices;
}
