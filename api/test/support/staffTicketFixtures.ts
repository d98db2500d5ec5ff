import { and, eq, sql } from 'drizzle-orm';
import type { Role } from 'shared-contracts/contracts';
import type { App } from '../../src/app';
import { cities, ticketComments, tickets, users } from '../../src/db/schema';

type TicketInsert = typeof tickets.$inferInsert;

/** The fields of a ticket in each state of the chain, as the api would have left them. */
export const TICKET_STATES = {
  pending: { status: 'pending', currentAssignee: 'CityPresident' },
  reviewedPending: { status: 'in-review', currentAssignee: 'CityPresident' },
  adminApproved: { status: 'in-review', adminStatus: 'approved', currentAssignee: 'Convenor' },
  cityPresidentApproved: { status: 'approved', cityPresidentStatus: 'approved', currentAssignee: 'Convenor' },
  awaitingObserver: {
    status: 'in-review',
    cityPresidentStatus: 'approved',
    convenorStatus: 'resolved',
    currentAssignee: 'Observer',
    resolutionMethod: 'Settled with the developer',
  },
  resolved: {
    status: 'resolved',
    cityPresidentStatus: 'approved',
    convenorStatus: 'resolved',
    observerStatus: 'approved',
    currentAssignee: 'Completed',
    resolutionMethod: 'Settled with the developer',
  },
  rejected: { status: 'rejected', cityPresidentStatus: 'rejected', rejectionReason: 'Out of scope' },
} as const satisfies Record<string, Partial<TicketInsert>>;

export type TicketState = keyof typeof TICKET_STATES;

let memberCount = 0;

/** A member (role customer) in a city, as a submit would create them. */
export async function insertMember(app: App, cityName: string, fullName = 'Test Member'): Promise<number> {
  const city = await cityByName(app, cityName);
  memberCount += 1;
  const [member] = await app.db
    .insert(users)
    .values({
      fullName,
      email: `member.${Date.now()}.${memberCount}.${Math.random().toString(36).slice(2, 8)}@example.com`,
      mobile: '9876500000',
      role: 'customer',
      cityId: city.id,
      passwordHash: 'not-a-hash',
    })
    .returning({ id: users.id });
  return (member as { id: number }).id;
}

async function cityByName(app: App, name: string) {
  const [city] = await app.db.select().from(cities).where(sql`lower(${cities.name}) = lower(${name})`);
  if (!city) throw new Error(`no city ${name}`);
  return city;
}

async function officeBearer(app: App, role: Role, cityId: number): Promise<number | null> {
  const [user] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, role), eq(users.cityId, cityId), eq(users.isActive, true)));
  return user?.id ?? null;
}

export interface TicketFixture {
  city?: string;
  state?: TicketState;
  title?: string;
  customerId?: number;
  customerName?: string;
  createdAt?: Date;
  fields?: Partial<TicketInsert>;
}

/**
 * A ticket written straight into the database in a given state of the chain, with the city's
 * office bearers on it and a submit entry in its history. Returns its id.
 */
export async function insertTicket(app: App, fixture: TicketFixture = {}): Promise<number> {
  const cityName = fixture.city ?? 'Pune';
  const city = await cityByName(app, cityName);
  const customerId = fixture.customerId ?? (await insertMember(app, cityName, fixture.customerName));
  const createdAt = fixture.createdAt ?? new Date();
  const [row] = await app.db
    .insert(tickets)
    .values({
      title: fixture.title ?? 'Lift not working',
      description: 'The lift of wing B has been out of order for two weeks.',
      cityId: city.id,
      customerId,
      cityPresidentId: await officeBearer(app, 'citypresident', city.id),
      convenorId: await officeBearer(app, 'convenor', city.id),
      observerId: await officeBearer(app, 'observer', city.id),
      createdAt,
      updatedAt: createdAt,
      ...TICKET_STATES[fixture.state ?? 'pending'],
      ...fixture.fields,
    })
    .returning({ id: tickets.id });
  const id = (row as { id: number }).id;
  await app.db.insert(ticketComments).values({
    ticketId: id,
    actorId: customerId,
    actorRole: 'customer',
    kind: 'ticket.submitted',
    action: 'submitted',
    statusAfter: 'pending',
    assigneeAfter: 'CityPresident',
    createdAt,
  });
  return id;
}
