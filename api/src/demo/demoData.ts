import { eq, inArray, sql } from 'drizzle-orm';
import type { Role } from 'shared-contracts/contracts';
import type { AppDatabase } from '../db/database';
import { cities, cityCommittees, committees, users } from '../db/schema';
import { hashPassword } from '../services/passwords';
import { openCarriedOverStages } from '../services/sla/stages';
import { scheduleCarriedOverStages } from '../services/workflow/scheduler';
import { seedDemoProjects } from './demoProjects';
import { DEFAULT_DEMO_TICKETS, seedDemoTickets } from './demoTickets';

/** The cities whose office bearers get demo accounts (docs/architecture.md#run-modes), then a few more chapters. */
export const DEMO_CITIES = ['Pune', 'Mumbai', 'Nagpur'] as const;
const OTHER_CITIES = ['Nashik', 'Thane', 'Kolhapur', 'Solapur'];

const COMMITTEES = [
  'Consumer Grievance Redressal',
  'RERA & Legal Affairs',
  'Town Planning & Approvals',
  'Infrastructure & Civic Amenities',
  'Environment & Sustainability',
  'Taxation & Finance',
  'Labour Welfare & Skilling',
  'Affordable Housing',
  "Women's Wing",
  'Youth Wing',
];
/** The chapters outside the demo cities run the first few committees only. */
const SMALL_CHAPTER_COMMITTEES = 5;

interface DemoAccount {
  email: string;
  fullName: string;
  mobile: string;
  role: Role;
  city: string;
  committee?: string;
}

// Association-wide accounts sit in the Pune chapter (its head office) so the user form, which
// requires a city, can edit them like any other.
const HEAD_OFFICE = 'Pune';

/** Every demo account of docs/architecture.md#run-modes; they all share the demo password. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'admin@helpdesk.demo',
    fullName: 'Sunita Kulkarni',
    mobile: '9822012345',
    role: 'admin',
    city: HEAD_OFFICE,
  },
  {
    email: 'president@helpdesk.demo',
    fullName: 'Rajendra Joshi',
    mobile: '9820098765',
    role: 'credaipresident',
    city: HEAD_OFFICE,
  },
  {
    email: 'governor@helpdesk.demo',
    fullName: 'Vikram Mehta',
    mobile: '9890054321',
    role: 'governor',
    city: HEAD_OFFICE,
  },
  ...cityAccounts('Pune', ['Aditya Patwardhan', 'Meera Gokhale', 'Sachin Bhosale'], '98230'),
  ...cityAccounts('Mumbai', ['Rohan Shah', 'Farida Merchant', 'Nikhil Iyer'], '98200'),
  ...cityAccounts('Nagpur', ['Prakash Deshmukh', 'Swati Wankhede', 'Amol Thakre'], '98810'),
];

function cityAccounts(
  city: string,
  [president, convenor, observer]: [string, string, string],
  mobilePrefix: string,
): DemoAccount[] {
  const prefix = city.toLowerCase();
  const committee = COMMITTEES[0];
  return [
    {
      email: `${prefix}.president@helpdesk.demo`,
      fullName: president,
      mobile: `${mobilePrefix}10001`,
      role: 'citypresident',
      city,
    },
    {
      email: `${prefix}.convenor@helpdesk.demo`,
      fullName: convenor,
      mobile: `${mobilePrefix}10002`,
      role: 'convenor',
      city,
      committee,
    },
    {
      email: `${prefix}.observer@helpdesk.demo`,
      fullName: observer,
      mobile: `${mobilePrefix}10003`,
      role: 'observer',
      city,
      committee,
    },
  ];
}

/** Any constant shared by every api instance: two instances starting together seed once. */
const SEED_LOCK = 7_413_902_553;

/**
 * Fills an empty database with the demo cities, committees and accounts (docs/architecture.md#run-modes), and
 * sets each demo city's convenor, then adds `tickets` demo tickets from demo members
 * (demo/demoTickets.ts). Does nothing when any user exists. The password is hashed once
 * and shared by every account, so seeding takes well under a second. Returns whether it seeded.
 */
export async function seedDemoData(
  db: AppDatabase,
  password: string,
  { tickets = DEFAULT_DEMO_TICKETS }: { tickets?: number } = {},
): Promise<boolean> {
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  const passwordHash = await hashPassword(password); // outside the transaction (PGlite)

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [seededMeanwhile] = await tx.select({ id: users.id }).from(users).limit(1);
    if (seededMeanwhile) return false;

    // Cities or committees an operator added before any user existed are kept and reused.
    const cityNames = [...DEMO_CITIES, ...OTHER_CITIES];
    await tx
      .insert(cities)
      .values(cityNames.map((name) => ({ name })))
      .onConflictDoNothing();
    const cityRows = await tx
      .select({ id: cities.id, name: cities.name })
      .from(cities)
      .where(inArray(cities.name, cityNames));
    const cityId = new Map(cityRows.map((row) => [row.name, row.id]));
    await tx
      .insert(committees)
      .values(COMMITTEES.map((name) => ({ name })))
      .onConflictDoNothing();
    const committeeRows = await tx
      .select({ id: committees.id, name: committees.name })
      .from(committees)
      .where(inArray(committees.name, COMMITTEES));
    const committeeIds = COMMITTEES.flatMap(
      (name) => committeeRows.find((row) => row.name === name)?.id ?? [],
    );

    const links = cityRows.flatMap((city) => {
      const isDemoCity = (DEMO_CITIES as readonly string[]).includes(city.name);
      const run = isDemoCity ? committeeIds : committeeIds.slice(0, SMALL_CHAPTER_COMMITTEES);
      return run.map((committeeId) => ({ cityId: city.id, committeeId }));
    });
    if (links.length) await tx.insert(cityCommittees).values(links).onConflictDoNothing();

    const created = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((account) => ({
          fullName: account.fullName,
          email: account.email,
          mobile: account.mobile,
          role: account.role,
          cityId: cityId.get(account.city) ?? null,
          committee: account.committee ?? null,
          passwordHash,
        })),
      )
      .returning({ id: users.id, fullName: users.fullName, role: users.role, cityId: users.cityId });
    for (const convenor of created.filter((user) => user.role === 'convenor' && user.cityId !== null)) {
      await tx
        .update(cities)
        .set({ convenorId: convenor.id })
        .where(eq(cities.id, convenor.cityId as number));
    }
    await seedDemoTickets(tx, {
      cities: cityRows.map((city) => ({
        ...city,
        committees: committeeRows.filter((committee) =>
          links.some((link) => link.cityId === city.id && link.committeeId === committee.id),
        ),
      })),
      staff: created,
      passwordHash,
      count: tickets,
    });
    // The register's demo projects, with a share of the demo tickets about them (ADR 0055).
    await seedDemoProjects(tx, cityId);
    // The open demo tickets' current stages, as migration 0010 opens them on an existing database,
    // entered when each ticket last changed, with their due times on the default calendar (many
    // are overdue: the lists show it; the scheduler escalates them once it ticks).
    await openCarriedOverStages(tx);
    while ((await scheduleCarriedOverStages(tx)) > 0) {
      // every batch until none is left
    }
    return true;
  });
}
