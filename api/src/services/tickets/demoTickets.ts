/**
 * The demo tickets of `npm start` (HELPDESK_DEMO_DATA): a few hundred tickets from made-up members,
 * spread over the cities, committees, the last months and every step of the review chain, so every
 * list, filter, count and chart has something real to show. Each ticket's story is played through
 * the shared transition table (`decide`), so its status, step fields, assignee, version and
 * history are exactly what the api would have written. The same data comes out on every seed
 * (a fixed pseudo-random sequence), only the dates move with the day of the seed.
 */
import { decide, type TicketAction, type TicketPatch, type WorkflowTicket } from 'shared-contracts/contracts';
import type { AppDatabase } from '../../db/database';
import { ticketComments, tickets, users } from '../../db/schema';
import { ticketTitle } from './submit';

/** How many demo tickets a seed makes unless told otherwise (HELPDESK_DEMO_TICKETS). */
export const DEFAULT_DEMO_TICKETS = 320;

export interface DemoCity {
  id: number;
  name: string;
  /** The committees the city runs. */
  committees: { id: number; name: string }[];
}

export interface DemoStaff {
  id: number;
  fullName: string;
  role: string;
  cityId: number | null;
}

export interface DemoTicketOptions {
  cities: DemoCity[];
  staff: DemoStaff[];
  /** Given to the demo members (they never need it: members follow their tickets by link). */
  passwordHash: string;
  count?: number;
  now?: Date;
}

/** A small deterministic generator (mulberry32): the same demo data on every seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

/** Members' names of the demo data (the 1M-ticket bench seed uses the same). */
export const FIRST_NAMES = [
  'Ananya',
  'Rahul',
  'Priya',
  'Vivek',
  'Neha',
  'Arjun',
  'Kavita',
  'Sanjay',
  'Pooja',
  'Amit',
  'Snehal',
  'Ravi',
  'Deepa',
  'Manoj',
  'Shruti',
  'Kiran',
  'Asha',
  'Nitin',
  'Gauri',
  'Harish',
  'Leena',
  'Omkar',
  'Tanvi',
  'Yogesh',
  'Bhavna',
  'Suresh',
  'Madhuri',
  'Farhan',
  'Zoya',
  'Joseph',
];
// No surname of a demo staff account, so searching a staff name finds that account alone.
export const LAST_NAMES = [
  'Deshpande',
  'Kale',
  'Naik',
  'Pawar',
  'Sawant',
  'Chavan',
  'Jadhav',
  'Apte',
  'Ranade',
  'Khan',
  'Fernandes',
  'Pillai',
  'Menon',
  'Rao',
  'Agarwal',
  'Gupta',
  'Bhatt',
  'Salunkhe',
  'More',
  'Shinde',
  'Kamat',
  'Dsouza',
  'Chitale',
  'Vaidya',
];

/** What members write (a submit makes the title from the committee and the first words). */
const DESCRIPTIONS = [
  'The builder promised possession in March and the flat is still not ready. No revised date has been shared with us.',
  'Since the monsoon started water drips from the ceiling of the master bedroom. The site office has not sent anyone yet.',
  'The lift of wing B has been out of order for two weeks. Senior citizens on the upper floors cannot go out.',
  'The covered parking slot in my agreement has been given to another buyer. I request the original allotment.',
  'I cancelled my booking within the allowed period but the booking amount has not been refunded after four months.',
  'The society has asked for the occupancy certificate several times. The developer has not shared a copy.',
  'The monthly maintenance bill is almost double the amount written in the sale agreement, without any explanation.',
  'Several kitchen tiles cracked within a month of possession. The contractor says it is not covered.',
  'More than half of the flats are sold but the developer has not started forming the housing society.',
  'The brochure showed a clubhouse and a pool. Construction of the amenities has not even begun.',
  'I paid the stamp duty through the developer and have not received the receipt for the registration.',
  'Work on the next tower goes on after 11 pm with heavy machines. Children and elders cannot sleep.',
  'The drainage near the main gate overflows every time it rains and the road becomes unusable.',
  'The measured carpet area of my flat is about 40 square feet less than the area in the agreement.',
  'The bank needs a demand letter from the developer for the next disbursement. It has been pending for weeks.',
  'The fire extinguishers and sprinklers shown in the plan are not installed in the parking levels.',
  'Workers at the site camp do not have clean drinking water or toilets. Please ask the developer to act.',
  'The rainwater harvesting pits are blocked and were never connected to the storm water line.',
  'I applied under the affordable housing scheme and the allotment list has not been published.',
  'A broker referred by the developer asked for an extra commission beyond what was agreed in writing.',
] as const;

const APPROVE_NOTES = [
  '',
  '',
  'Valid complaint, forwarding to the convenor.',
  'Please look into this on priority.',
];
const RESOLUTIONS = [
  'The developer has agreed to a revised possession date in writing and will pay rent for the delay.',
  'The repair was completed by the contractor and checked by the committee member on site.',
  'The refund has been processed and the member confirmed receipt of the amount.',
  'The developer shared the documents with the society and the member.',
  'Both parties met at the chapter office and signed a settlement.',
  'The amenity work has been scheduled with a committed completion date.',
];
const REJECTIONS = [
  'This is a dispute between two members and is outside the committee’s scope.',
  'The developer named is not a member of the association.',
  'Duplicate of an earlier complaint from the same member.',
  'The matter is already before the consumer court.',
];

/** A ticket's story: the actions played on it, each by a role. */
type Step = [role: string, action: TicketAction];

/** Stories for cities with office bearers, with weights; the others use OFFICE_STORIES only. */
const CHAPTER_STORIES: [number, Step[]][] = [
  [24, []],
  [5, [['governor', 'review']]],
  [7, [['admin', 'approve']]],
  [12, [['citypresident', 'approve']]],
  [
    9,
    [
      ['citypresident', 'approve'],
      ['convenor', 'resolve'],
    ],
  ],
  [
    12,
    [
      ['citypresident', 'approve'],
      ['convenor', 'resolve'],
      ['observer', 'resolve'],
    ],
  ],
  [
    4,
    [
      ['admin', 'approve'],
      ['convenor', 'resolve'],
      ['observer', 'resolve'],
    ],
  ],
  [
    3,
    [
      ['citypresident', 'approve'],
      ['convenor', 'review'],
    ],
  ],
  [6, [['citypresident', 'resolve']]],
  [7, [['citypresident', 'reject']]],
  [
    4,
    [
      ['citypresident', 'approve'],
      ['convenor', 'reject'],
    ],
  ],
  [
    2,
    [
      ['citypresident', 'approve'],
      ['convenor', 'resolve'],
      ['observer', 'reject'],
    ],
  ],
  [3, [['admin', 'resolve']]],
  [2, [['admin', 'reject']]],
];
const OFFICE_STORIES: [number, Step[]][] = [
  [40, []],
  [10, [['governor', 'review']]],
  [15, [['admin', 'approve']]],
  [10, [['admin', 'resolve']]],
  [8, [['admin', 'reject']]],
];

function weighted<T>(random: ReturnType<typeof generator>, choices: [number, T][]): T {
  const total = choices.reduce((sum, [weight]) => sum + weight, 0);
  let point = random.next() * total;
  for (const [weight, value] of choices) {
    point -= weight;
    if (point < 0) return value;
  }
  return (choices.at(-1) as [number, T])[1];
}

const DAY_MS = 24 * 3600 * 1000;
const SPAN_DAYS = 150;

type TicketRow = typeof tickets.$inferInsert;
type CommentRow = typeof ticketComments.$inferInsert;

/**
 * Adds the demo members and tickets (with their history) to a freshly seeded demo database.
 * Called by seedDemoData inside its transaction, after the cities, committees and staff exist.
 */
export async function seedDemoTickets(db: AppDatabase, options: DemoTicketOptions): Promise<number> {
  const count = options.count ?? DEFAULT_DEMO_TICKETS;
  if (count <= 0 || options.cities.length === 0) return 0;
  const random = generator(20_261_122);
  const now = (options.now ?? new Date()).getTime();
  const staffOf = (role: string, cityId: number | null) =>
    options.staff.find((user) => user.role === role && (cityId === null || user.cityId === cityId));
  const admin = staffOf('admin', null);
  const governor = staffOf('governor', null);

  // Members: about one for every two tickets, each in one city.
  const memberCount = Math.max(1, Math.ceil(count / 2));
  const members = Array.from({ length: memberCount }, (_, index) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const city = cityFor(random, options.cities);
    const mobile = `${random.pick(['9', '8', '7'])}${String(random.int(1e9)).padStart(9, '0')}`;
    return {
      fullName: `${first} ${last}`,
      email: `${first}.${last}.${index + 1}@example.com`.toLowerCase(),
      mobile,
      role: 'customer' as const,
      cityId: city.id,
      passwordHash: options.passwordHash,
    };
  });
  const memberRows = [];
  for (const chunk of chunks(members)) {
    memberRows.push(
      ...(await db
        .insert(users)
        .values(chunk)
        .returning({ id: users.id, fullName: users.fullName, cityId: users.cityId })),
    );
  }

  const made: { row: TicketRow & { createdAt: Date }; history: Omit<CommentRow, 'ticketId'>[] }[] = [];
  for (let index = 0; index < count; index++) {
    const member = memberRows[index % memberRows.length] as (typeof memberRows)[number];
    const city = options.cities.find((candidate) => candidate.id === member.cityId) as DemoCity;
    const president = staffOf('citypresident', city.id);
    const convenor = staffOf('convenor', city.id);
    const observer = staffOf('observer', city.id);
    const description = random.pick(DESCRIPTIONS);
    const committee = random.pick(city.committees);
    // A few tickets of today, then the rest spread over the last months.
    const age = index < 6 ? random.next() * 0.2 * DAY_MS : random.next() * SPAN_DAYS * DAY_MS;
    const createdAt = new Date(now - age - 60_000);
    const story = weighted(random, president && convenor && observer ? CHAPTER_STORIES : OFFICE_STORIES);

    let ticket: WorkflowTicket & TicketPatch = {
      status: 'pending',
      city: city.name,
      observerId: observer?.id ?? null,
      currentAssignee: 'CityPresident',
    };
    const history: Omit<CommentRow, 'ticketId'>[] = [
      {
        actorId: member.id,
        actionBy: member.fullName,
        actorRole: 'customer',
        action: 'submitted',
        text: 'Ticket submitted',
        statusAfter: 'pending',
        assigneeAfter: 'CityPresident',
        createdAt,
      },
    ];
    let updatedAt = createdAt;
    story.forEach(([role, action], step) => {
      const actor = role === 'admin' ? admin : role === 'governor' ? governor : staffOf(role, city.id);
      if (!actor) throw new Error(`demo data: no ${role} for ${city.name}`);
      const comment =
        action === 'resolve'
          ? random.pick(RESOLUTIONS)
          : action === 'reject'
            ? random.pick(REJECTIONS)
            : action === 'approve'
              ? random.pick(APPROVE_NOTES)
              : '';
      const decision = decide({ role, city: city.name }, action, ticket, { comment });
      if (!decision.ok) throw new Error(`demo data: ${role} cannot ${action}: ${decision.reason}`);
      ticket = { ...ticket, ...decision.patch };
      // Steps happen in order, between the submit and a minute ago.
      const at = createdAt.getTime() + (age * (step + 1 + random.next() * 0.5)) / (story.length + 1);
      updatedAt = new Date(Math.min(at, now - 60_000));
      history.push({
        actorId: actor.id,
        actionBy: actor.fullName,
        actorRole: role as CommentRow['actorRole'],
        action: decision.history.action,
        text: decision.history.text,
        statusAfter: decision.patch.status,
        assigneeAfter: ticket.currentAssignee,
        createdAt: updatedAt,
      });
    });

    const row = {
      // As a submit names it: the committee and the first words of the description.
      title: ticketTitle(committee?.name ?? 'Help Desk', description),
      description,
      status: ticket.status,
      cityId: city.id,
      committeeId: committee?.id ?? null,
      customerId: member.id,
      rejectionReason: ticket.rejectionReason ?? null,
      resolutionMethod: ticket.resolutionMethod ?? null,
      currentAssignee: ticket.currentAssignee,
      cityPresidentId: president?.id ?? null,
      convenorId: convenor?.id ?? null,
      observerId: observer?.id ?? null,
      cityPresidentStatus: ticket.cityPresidentStatus ?? null,
      adminStatus: ticket.adminStatus ?? null,
      convenorStatus: ticket.convenorStatus ?? null,
      observerStatus: ticket.observerStatus ?? null,
      version: story.length + 1,
      createdAt,
      updatedAt,
    };
    made.push({ row, history });
  }

  // Oldest first, so ids grow with creation time as they do for submitted tickets.
  made.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime());
  let seeded = 0;
  for (const chunk of chunks(made)) {
    const created = await db
      .insert(tickets)
      .values(chunk.map(({ row }) => row))
      .returning({ id: tickets.id });
    const comments = created.flatMap(({ id }, position) =>
      (chunk[position]?.history ?? []).map((entry) => ({ ...entry, ticketId: id })),
    );
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

/** Most members in the three demo chapters, some in the others. */
function cityFor(random: ReturnType<typeof generator>, cities: DemoCity[]): DemoCity {
  const weights: [number, DemoCity][] = cities.map((city) => [
    ['Pune', 'Mumbai'].includes(city.name) ? 6 : city.name === 'Nagpur' ? 4 : 1,
    city,
  ]);
  return weighted(random, weights);
}
