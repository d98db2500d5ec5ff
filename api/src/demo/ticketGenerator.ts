/**
 * Realistic tickets, made up: the one generator behind the demo data (`demoTickets.ts`, a few
 * hundred tickets written through drizzle) and the benchmark's seed (`bench/seed-tickets.mjs`,
 * 1,000,000 written in batches). Both write what it yields; neither decides anything of its own.
 *
 * - Members come from a pool of 120 first names and 200 surnames, each drawn with a skew (a few
 *   surnames are everywhere, most are rare), so names repeat as they do in a real register; a
 *   member submits again now and then (a few members many times), always in their own city.
 * - Descriptions come from 40 templates with varying details (wing, flat, months, amounts,
 *   project names); the title is made from the committee and the description's first words, as a
 *   submit makes it (`ticketTitle`); each template goes to the committee that handles it.
 * - Cities have skewed volumes (Pune and Mumbai most, the small chapters little).
 * - Dates cover the last three years, growing over time, with a weekly rhythm (Mondays busiest,
 *   Sundays quiet) and office hours; ids grow with time as submits make them.
 * - Statuses by age: new tickets are mostly pending, old ones mostly resolved or rejected. Each
 *   ticket's story is played through the shared transition table (`decide`), so its status, step
 *   fields, assignee, version and history are what the api would have written.
 *
 * Deterministic (a fixed pseudo-random sequence): the same data on every run, only the dates move
 * with `now`.
 */
import {
  CHAIN_ACTION_KINDS,
  DAY_MS,
  decide,
  type TicketAction,
  type TicketPatch,
  type WorkflowTicket,
} from 'shared-contracts/contracts';
import type { ticketComments, tickets } from '../db/schema';
import { NEW_TICKET_STATE, submittedEntry, ticketTitle } from '../services/workflow/submit';

export interface GeneratorCity {
  id: number;
  name: string;
  /** The committees the city runs. */
  committees: { id: number; name: string }[];
}

export interface GeneratorStaff {
  id: number;
  fullName: string;
  role: string;
  cityId: number | null;
}

export interface GeneratorOptions {
  cities: GeneratorCity[];
  staff: GeneratorStaff[];
  count: number;
  now?: Date;
  /** How far back the tickets go (three years unless told otherwise). */
  spanDays?: number;
  /** This many of the newest tickets fall within the last hours (the demo's "today"). */
  today?: number;
  seed?: number;
}

/** A member, created with their first ticket. `key` is their position in creation order. */
export interface GeneratedMember {
  key: number;
  fullName: string;
  email: string;
  mobile: string;
  cityId: number;
  createdAt: Date;
}

type TicketRow = typeof tickets.$inferInsert;
type CommentRow = typeof ticketComments.$inferInsert;

/** One ticket: its row (without the member's id), its history, and its member. */
export interface GeneratedTicket {
  /** The member who submitted it; `newMember` when this ticket created them. */
  memberKey: number;
  newMember?: GeneratedMember;
  row: Omit<TicketRow, 'customerId'> & { createdAt: Date; updatedAt: Date };
  /** The history, oldest first; the submit entry's actorId is null: the writer puts the member's. */
  history: (Omit<CommentRow, 'ticketId' | 'actorId'> & { actorId: number | null; createdAt: Date })[];
}

/** mulberry32: small, fast, deterministic. */
export function randomSequence(seed: number) {
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
type Random = ReturnType<typeof randomSequence>;

/** Picks by weight with a precomputed cumulative table (binary search: 1,000,000 picks are cheap). */
function weightedTable<T>(entries: readonly (readonly [number, T])[]) {
  const cumulative: number[] = [];
  let sum = 0;
  for (const [weight] of entries) {
    sum += weight;
    cumulative.push(sum);
  }
  return (random: Random): T => {
    const point = random.next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) > point) high = middle;
      else low = middle + 1;
    }
    return (entries[low] as readonly [number, T])[1];
  };
}

/** A skewed pick from a list ordered most common first: item k weighs 1 / (k + 6)^power. */
const skewed = <T>(items: readonly T[], power: number) =>
  weightedTable(items.map((item, k) => [1 / (k + 6) ** power, item] as const));

// Names as members write them: one first name and one surname each (ASCII, as the demo's checks
// and the search tests expect). No name of a demo staff account, so searching a staff member's
// name finds that account alone.
export const FIRST_NAMES = [
  'Rahul',
  'Priya',
  'Amit',
  'Sneha',
  'Rohit',
  'Pooja',
  'Sunil',
  'Anita',
  'Vijay',
  'Neha',
  'Sandeep',
  'Kavita',
  'Ajay',
  'Deepa',
  'Manoj',
  'Shruti',
  'Ganesh',
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
  'Ananya',
  'Vivek',
  'Arjun',
  'Snehal',
  'Ravi',
  'Kiran',
  'Mahesh',
  'Rekha',
  'Santosh',
  'Vaishali',
  'Prasad',
  'Smita',
  'Abhijit',
  'Ashwini',
  'Tushar',
  'Archana',
  'Hemant',
  'Jyoti',
  'Kedar',
  'Manisha',
  'Nilesh',
  'Pallavi',
  'Rajesh',
  'Sarika',
  'Umesh',
  'Varsha',
  'Anil',
  'Aarti',
  'Dinesh',
  'Geeta',
  'Imran',
  'Ayesha',
  'Salim',
  'Nasreen',
  'Irfan',
  'Shabana',
  'Francis',
  'Maria',
  'Anthony',
  'Gurpreet',
  'Harpreet',
  'Manpreet',
  'Jaspreet',
  'Venkat',
  'Lakshmi',
  'Srinivas',
  'Padma',
  'Karthik',
  'Divya',
  'Arvind',
  'Usha',
  'Mohan',
  'Sujata',
  'Vinod',
  'Shobha',
  'Pradeep',
  'Nandini',
  'Sachit',
  'Ketaki',
  'Aniket',
  'Mrunal',
  'Chinmay',
  'Isha',
  'Tejas',
  'Rutuja',
  'Saurabh',
  'Mansi',
  'Kunal',
  'Radhika',
  'Hrishikesh',
  'Vrushali',
  'Parag',
  'Shilpa',
  'Girish',
  'Savita',
  'Dhananjay',
  'Lata',
  'Bhushan',
  'Sayali',
  'Yash',
  'Riya',
  'Aditi',
  'Pranav',
  'Sanika',
  'Atharva',
  'Mihir',
  'Ishaan',
  'Kabir',
  'Naina',
] as const;

export const LAST_NAMES = [
  'Patil',
  'Shinde',
  'Jadhav',
  'Pawar',
  'More',
  'Deshpande',
  'Kale',
  'Chavan',
  'Gaikwad',
  'Kadam',
  'Sawant',
  'Naik',
  'Shaikh',
  'Khan',
  'Sharma',
  'Gupta',
  'Agarwal',
  'Salunkhe',
  'Mane',
  'Jagtap',
  'Thorat',
  'Desai',
  'Kamble',
  'Wagh',
  'Sonawane',
  'Bhise',
  'Mali',
  'Sutar',
  'Apte',
  'Ranade',
  'Fernandes',
  'Dsouza',
  'Pillai',
  'Menon',
  'Rao',
  'Reddy',
  'Nair',
  'Bhatt',
  'Singh',
  'Yadav',
  'Pandey',
  'Mishra',
  'Tiwari',
  'Dubey',
  'Kamat',
  'Chitale',
  'Vaidya',
  'Gadgil',
  'Karve',
  'Limaye',
  'Sathe',
  'Bapat',
  'Phadke',
  'Oak',
  'Dixit',
  'Dandekar',
  'Bendre',
  'Godbole',
  'Kelkar',
  'Lele',
  'Mhatre',
  'Gharat',
  'Patkar',
  'Raut',
  'Shirke',
  'Surve',
  'Bhoir',
  'Tambe',
  'Kokate',
  'Dhumal',
  'Lokhande',
  'Ghorpade',
  'Nikam',
  'Shelar',
  'Jamdade',
  'Kharat',
  'Borse',
  'Khairnar',
  'Ahire',
  'Bhamre',
  'Wadekar',
  'Pednekar',
  'Parab',
  'Sabnis',
  'Sardesai',
  'Prabhu',
  'Shenoy',
  'Pai',
  'Bhandari',
  'Hegde',
  'Qureshi',
  'Ansari',
  'Siddiqui',
  'Pathan',
  'Sayyed',
  'Mulla',
  'Inamdar',
  'Tamboli',
  'Bagwan',
  'Momin',
  'Dcosta',
  'Pereira',
  'Rodrigues',
  'Lobo',
  'Almeida',
  'Gomes',
  'Mascarenhas',
  'Noronha',
  'Dias',
  'Saldanha',
  'Gill',
  'Sandhu',
  'Dhillon',
  'Grewal',
  'Bains',
  'Sidhu',
  'Chahal',
  'Virk',
  'Randhawa',
  'Bajwa',
  'Iyengar',
  'Subramanian',
  'Krishnan',
  'Raman',
  'Venkatesh',
  'Naidu',
  'Chetty',
  'Murthy',
  'Hebbar',
  'Acharya',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Ghosh',
  'Bose',
  'Sen',
  'Das',
  'Dutta',
  'Roy',
  'Sarkar',
  'Trivedi',
  'Pandya',
  'Parikh',
  'Modi',
  'Dave',
  'Vyas',
  'Thakkar',
  'Soni',
  'Panchal',
  'Raval',
  'Kothari',
  'Jain',
  'Bafna',
  'Lunawat',
  'Oswal',
  'Chordia',
  'Bhandarkar',
  'Kirloskar',
  'Walchand',
  'Shroff',
  'Wadia',
  'Mistry',
  'Contractor',
  'Engineer',
  'Daruwala',
  'Batliwala',
  'Poonawalla',
  'Screwvala',
  'Khambatta',
  'Irani',
  'Hublikar',
  'Kanitkar',
  'Paranjpe',
  'Khare',
  'Vartak',
  'Rege',
  'Tendulkar',
  'Mangeshkar',
  'Bhave',
  'Athavale',
  'Bhagwat',
  'Damle',
  'Ketkar',
  'Modak',
  'Nene',
  'Padhye',
  'Ruikar',
  'Sahasrabudhe',
  'Tilak',
  'Vaze',
  'Zende',
  'Yelve',
  'Wable',
  'Uplenchwar',
  'Tekawade',
  'Sapkal',
  'Rasal',
  'Pingale',
  'Ovhal',
  'Nirgude',
] as const;

const firstName = skewed(FIRST_NAMES, 0.9);
// Steeper: 'Patil' is on about 7 % of members, each of the last surnames on about 0.05 %.
const lastName = skewed(LAST_NAMES, 1.3);
const MAIL_DOMAINS = weightedTable([
  [50, 'gmail.com'],
  [15, 'yahoo.co.in'],
  [10, 'rediffmail.com'],
  [10, 'outlook.com'],
  [5, 'hotmail.com'],
  [10, 'example.com'],
] as const);

/** Which committee handles a kind of complaint (the small chapters send the rest to the first). */
const C = {
  grievance: 'Consumer Grievance Redressal',
  legal: 'RERA & Legal Affairs',
  planning: 'Town Planning & Approvals',
  civic: 'Infrastructure & Civic Amenities',
  environment: 'Environment & Sustainability',
  finance: 'Taxation & Finance',
  labour: 'Labour Welfare & Skilling',
  affordable: 'Affordable Housing',
  women: "Women's Wing",
  youth: 'Youth Wing',
} as const;

const PROJECTS = [
  'Green Meadows',
  'Sai Residency',
  'Sunshine Heights',
  'Lake View Towers',
  'Shree Ganesh Park',
  'Royal Palms',
  'Silver Oak Enclave',
  'Riverside Gardens',
  'Om Sai Complex',
  'Orchid Greens',
  'Mahalaxmi Apartments',
  'Skyline Crest',
  'Blue Ridge',
  'Kalpataru Vihar',
  'Navratna Homes',
  'Pearl Residency',
  'Tulip County',
  'Vasant Vihar',
  'Krishna Kunj',
  'Siddhivinayak Towers',
] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** What the templates fill in: the same words every time, different details. */
interface Details {
  project: string;
  wing: string;
  flat: number;
  floor: number;
  months: number;
  weeks: number;
  amount: string;
  month: string;
  area: number;
}

function details(random: Random): Details {
  const floor = 1 + random.int(22);
  return {
    project: random.pick(PROJECTS),
    wing: random.pick(['A', 'B', 'C', 'D', 'E', 'F']),
    floor,
    flat: floor * 100 + 1 + random.int(8),
    months: 2 + random.int(17),
    weeks: 2 + random.int(7),
    amount: (25_000 + random.int(60) * 25_000).toLocaleString('en-IN'),
    month: random.pick(MONTHS),
    area: 20 + random.int(16) * 5,
  };
}

/** Descriptions, each with the committee that handles it and how often members write it. */
const TEMPLATES: [weight: number, committee: string, text: (d: Details) => string][] = [
  [
    9,
    C.legal,
    (d) =>
      `Possession of flat ${d.flat} in ${d.project} was promised in ${d.month} and is now delayed by ${d.months} months. The developer has not shared a revised date.`,
  ],
  [
    8,
    C.grievance,
    (d) =>
      `Water leakage from the ceiling of flat ${d.flat}, wing ${d.wing}, ${d.project}, every time it rains. The site office has not sent anyone for ${d.weeks} weeks.`,
  ],
  [
    7,
    C.civic,
    (d) =>
      `The lift of wing ${d.wing} in ${d.project} has been out of order for ${d.weeks} weeks. Residents up to floor ${d.floor} have to climb the stairs.`,
  ],
  [
    6,
    C.grievance,
    (d) =>
      `The covered parking slot written in my agreement for flat ${d.flat} has been given to another buyer in ${d.project}.`,
  ],
  [
    6,
    C.finance,
    (d) =>
      `Refund of my booking amount of Rs ${d.amount} is pending for ${d.months} months after I cancelled within the allowed period.`,
  ],
  [
    5,
    C.legal,
    (d) =>
      `Occupancy certificate for ${d.project} has not been shared with the society even after ${d.months} months of possession.`,
  ],
  [
    5,
    C.finance,
    (d) =>
      `Maintenance charges of ${d.project} are almost double the amount written in the sale agreement, with no explanation of Rs ${d.amount} billed.`,
  ],
  [
    5,
    C.grievance,
    (d) =>
      `Cracks in the walls of flat ${d.flat} appeared within ${d.months} months of possession. The contractor says it is not covered.`,
  ],
  [
    4,
    C.legal,
    (d) =>
      `Society formation not started in ${d.project} although more than half of the flats were sold ${d.months} months ago.`,
  ],
  [
    4,
    C.grievance,
    (d) => `Clubhouse and swimming pool shown in the brochure of ${d.project} have not even been started.`,
  ],
  [
    4,
    C.finance,
    (d) =>
      `Stamp duty receipt for flat ${d.flat} not received though I paid Rs ${d.amount} through the developer in ${d.month}.`,
  ],
  [
    3,
    C.environment,
    (d) =>
      `Construction noise at night from the next tower of ${d.project}: heavy machines run after 11 pm for ${d.weeks} weeks now.`,
  ],
  [
    4,
    C.civic,
    (d) =>
      `Drainage overflow near the main gate of ${d.project} every time it rains. The road to wing ${d.wing} becomes unusable.`,
  ],
  [
    4,
    C.legal,
    (d) => `Carpet area of flat ${d.flat} measured ${d.area} square feet less than the area in my agreement.`,
  ],
  [
    3,
    C.finance,
    (d) =>
      `Demand letter for the next loan disbursement of Rs ${d.amount} is pending with the developer for ${d.weeks} weeks.`,
  ],
  [
    3,
    C.civic,
    (d) =>
      `Fire extinguishers and sprinklers shown in the plan of ${d.project} are not installed in the parking levels.`,
  ],
  [
    2,
    C.labour,
    (d) =>
      `Workers at the ${d.project} site camp do not have clean drinking water or toilets for ${d.weeks} weeks.`,
  ],
  [
    2,
    C.environment,
    (d) =>
      `Rainwater harvesting pits of ${d.project} are blocked and were never connected to the storm water line.`,
  ],
  [
    2,
    C.affordable,
    (d) =>
      `Allotment list of the affordable housing scheme in ${d.project} is not published ${d.months} months after the draw.`,
  ],
  [
    2,
    C.grievance,
    (d) =>
      `A broker referred by the developer of ${d.project} asked for an extra commission of Rs ${d.amount} beyond what was agreed.`,
  ],
  [
    3,
    C.civic,
    (d) =>
      `No water supply in wing ${d.wing} of ${d.project} for ${d.weeks} days. Tankers are charged to residents.`,
  ],
  [
    3,
    C.grievance,
    (d) =>
      `Seepage in the bathroom of flat ${d.flat} has damaged the wall of the flat below. Repairs promised in ${d.month} never happened.`,
  ],
  [
    3,
    C.planning,
    (d) =>
      `Building plan of ${d.project} was changed after booking: an extra floor is being added above floor ${d.floor}.`,
  ],
  [
    2,
    C.planning,
    (d) => `Open space shown in the layout of ${d.project} is being used for a new commercial building.`,
  ],
  [
    2,
    C.legal,
    (d) =>
      `Conveyance deed of ${d.project} not executed in favour of the society even ${d.months} months after the occupancy certificate.`,
  ],
  [
    2,
    C.finance,
    (d) => `GST charged twice on the instalment of Rs ${d.amount} for flat ${d.flat} in ${d.month}.`,
  ],
  [
    2,
    C.civic,
    (d) =>
      `Street lights on the approach road to ${d.project} have not worked for ${d.weeks} weeks. Women feel unsafe at night.`,
  ],
  [
    2,
    C.civic,
    (d) =>
      `Garbage is not collected from ${d.project} for ${d.weeks} days and the bins near wing ${d.wing} overflow.`,
  ],
  [
    2,
    C.grievance,
    (d) => `Poor quality tiles in the kitchen of flat ${d.flat} came loose within ${d.months} months.`,
  ],
  [
    2,
    C.grievance,
    (d) =>
      `Main door and windows of flat ${d.flat} do not close properly. The developer's team visited in ${d.month} and left.`,
  ],
  [
    2,
    C.environment,
    (d) =>
      `Trees promised along the compound wall of ${d.project} were never planted and the sewage plant smells.`,
  ],
  [1, C.labour, (d) => `Labourers at ${d.project} work without helmets or safety nets on floor ${d.floor}.`],
  [
    1,
    C.women,
    (d) =>
      `Security guards at ${d.project} misbehave with women residents of wing ${d.wing}. The developer has not replaced the agency.`,
  ],
  [
    1,
    C.youth,
    (d) => `Play area for children in ${d.project} is locked since ${d.month} and the equipment is broken.`,
  ],
  [
    2,
    C.grievance,
    (d) =>
      `Possession letter for flat ${d.flat} issued but the keys are withheld until I pay Rs ${d.amount} not in the agreement.`,
  ],
  [
    2,
    C.legal,
    (d) =>
      `Registration of the sale agreement for flat ${d.flat} in ${d.project} is delayed by ${d.months} months.`,
  ],
  [
    2,
    C.civic,
    (d) =>
      `Electricity meter of flat ${d.flat} not installed, the developer supplies power from a temporary connection.`,
  ],
  [
    1,
    C.affordable,
    (d) =>
      `Subsidy under the housing scheme not credited ${d.months} months after the developer submitted my papers.`,
  ],
  [
    2,
    C.grievance,
    (d) => `Intercom and CCTV shown in the brochure of ${d.project} are not working in wing ${d.wing}.`,
  ],
  [
    1,
    C.planning,
    (d) => `Approach road to ${d.project} shown as 12 metres in the sanctioned plan is only 6 metres wide.`,
  ],
];
const template = weightedTable(
  TEMPLATES.map(([weight, committee, text]) => [weight, { committee, text }] as const),
);

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
type Stories = (random: Random) => Step[];

const CP_APPROVE: Step = ['citypresident', 'approve'];
const CONVENOR_RESOLVE: Step = ['convenor', 'resolve'];

/** Stories by age for cities with office bearers: new tickets wait, old ones are mostly closed. */
const CHAPTER_STORIES: { maxDays: number; stories: Stories }[] = [
  {
    maxDays: 3,
    stories: weightedTable<Step[]>([
      [80, []],
      [8, [['governor', 'review']]],
      [7, [CP_APPROVE]],
      [3, [['admin', 'approve']]],
      [2, [['citypresident', 'reject']]],
    ]),
  },
  {
    maxDays: 30,
    stories: weightedTable<Step[]>([
      [30, []],
      [8, [['governor', 'review']]],
      [8, [['admin', 'approve']]],
      [18, [CP_APPROVE]],
      [12, [CP_APPROVE, CONVENOR_RESOLVE]],
      [3, [CP_APPROVE, ['convenor', 'review']]],
      [8, [CP_APPROVE, CONVENOR_RESOLVE, ['observer', 'resolve']]],
      [5, [['citypresident', 'resolve']]],
      [8, [['citypresident', 'reject']]],
    ]),
  },
  {
    maxDays: Number.POSITIVE_INFINITY,
    stories: weightedTable<Step[]>([
      [3, []],
      [2, [['governor', 'review']]],
      [2, [['admin', 'approve']]],
      [4, [CP_APPROVE]],
      // Resolved by the convenor, still awaiting the office bearer's final approval.
      [6, [CP_APPROVE, CONVENOR_RESOLVE]],
      [1, [CP_APPROVE, ['convenor', 'review']]],
      [40, [CP_APPROVE, CONVENOR_RESOLVE, ['observer', 'resolve']]],
      [8, [['admin', 'approve'], CONVENOR_RESOLVE, ['observer', 'resolve']]],
      [10, [['citypresident', 'resolve']]],
      [14, [['citypresident', 'reject']]],
      [5, [CP_APPROVE, ['convenor', 'reject']]],
      [2, [CP_APPROVE, CONVENOR_RESOLVE, ['observer', 'reject']]],
      [4, [['admin', 'resolve']]],
      [2, [['admin', 'reject']]],
    ]),
  },
];
/** The chapters without office bearers: the head office decides. */
const OFFICE_STORIES: { maxDays: number; stories: Stories }[] = [
  {
    maxDays: 7,
    stories: weightedTable<Step[]>([
      [80, []],
      [10, [['governor', 'review']]],
      [10, [['admin', 'approve']]],
    ]),
  },
  {
    maxDays: Number.POSITIVE_INFINITY,
    stories: weightedTable<Step[]>([
      [8, []],
      [5, [['governor', 'review']]],
      [12, [['admin', 'approve']]],
      [55, [['admin', 'resolve']]],
      [20, [['admin', 'reject']]],
    ]),
  },
];

/** Volumes by city: the big chapters most, the small ones a little (unknown names: a small share). */
const CITY_WEIGHTS: Record<string, number> = {
  Pune: 30,
  Mumbai: 30,
  Nagpur: 14,
  Thane: 10,
  Nashik: 8,
  Kolhapur: 4,
  Solapur: 4,
};
/** Monday to Sunday as getUTCDay numbers them from Sunday: Mondays busiest, Sundays quiet. */
const WEEKDAY = [0.35, 1.3, 1.15, 1.1, 1.05, 1.0, 0.6];
/** Submits by hour of the day (UTC+5:30 office hours, written in UTC hours). */
const HOURS = weightedTable(
  Array.from({ length: 24 }, (_, hour) => {
    const local = (hour + 5.5) % 24;
    const weight = local < 7 ? 0.3 : local < 10 ? 3 : local < 19 ? 6 : local < 23 ? 3 : 1;
    return [weight, hour] as const;
  }),
);

export const THREE_YEARS_DAYS = 1095;

/** How many tickets each day gets, oldest first: growth over the span times the weekly rhythm. */
function ticketsPerDay(count: number, days: number, firstDay: number): number[] {
  const weights = Array.from({ length: days }, (_, day) => {
    const weekday = new Date((firstDay + day) * DAY_MS).getUTCDay();
    return (0.55 + (0.45 * day) / Math.max(1, days - 1)) * (WEEKDAY[weekday] as number);
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const perDay: number[] = [];
  let running = 0;
  let given = 0;
  for (const weight of weights) {
    running += weight;
    const upTo = Math.round((count * running) / total);
    perDay.push(upTo - given);
    given = upTo;
  }
  return perDay;
}

/**
 * The tickets, oldest first (so ids grow with time when written in order). Each one names its
 * member by key; the ticket that creates a member carries them in `newMember`.
 */
export function* generateTickets(options: GeneratorOptions): Generator<GeneratedTicket> {
  const { cities, staff, count } = options;
  if (count <= 0 || cities.length === 0) return;
  const random = randomSequence(options.seed ?? 20_261_122);
  const now = (options.now ?? new Date()).getTime();
  const spanDays = options.spanDays ?? THREE_YEARS_DAYS;
  const todayCount = Math.min(options.today ?? 0, count);
  const staffOf = (role: string, cityId: number | null) =>
    staff.find((user) => user.role === role && (cityId === null || user.cityId === cityId));
  const admin = staffOf('admin', null);
  const governor = staffOf('governor', null);
  const chapters = cities.map((city) => {
    const president = staffOf('citypresident', city.id);
    const convenor = staffOf('convenor', city.id);
    const observer = staffOf('observer', city.id);
    return {
      city,
      president,
      convenor,
      observer,
      stories: president && convenor && observer ? CHAPTER_STORIES : OFFICE_STORIES,
      /** The member keys of the city so far, for repeat submits. */
      members: [] as number[],
    };
  });
  const chapterPick = weightedTable(
    chapters.map((chapter) => [CITY_WEIGHTS[chapter.city.name] ?? 3, chapter] as const),
  );
  let memberCount = 0;
  const emailsTaken = new Map<string, number>();

  const newMember = (cityId: number, createdAt: Date): GeneratedMember => {
    const first = firstName(random);
    const last = lastName(random);
    const key = memberCount++;
    // Mobile numbers: 10 digits from 6-9, unique per member (a bijection of the key mixed in).
    const serial = (key * 7_368_787 + 1_234_567) % 100_000_000;
    const mobile = `${random.pick(['9', '8', '7', '6'])}${random.int(10)}${String(serial).padStart(8, '0')}`;
    const base = `${first}.${last}`.toLowerCase();
    const seen = (emailsTaken.get(base) ?? 0) + 1;
    emailsTaken.set(base, seen);
    const email = `${base}${seen > 1 ? seen : ''}@${MAIL_DOMAINS(random)}`;
    return { key, fullName: `${first} ${last}`, email, mobile, cityId, createdAt };
  };

  const firstDay = Math.floor(now / DAY_MS) - spanDays + 1;
  const perDay = ticketsPerDay(count - todayCount, spanDays, firstDay);
  const times: number[] = [];
  for (let day = 0; day < spanDays; day++) {
    const dayTimes: number[] = [];
    for (let n = 0; n < (perDay[day] as number); n++) {
      const at = (firstDay + day) * DAY_MS + HOURS(random) * 3600_000 + random.int(3600_000);
      // The last day's tickets are all in the past.
      dayTimes.push(Math.min(at, now - 120_000 - random.int(3600_000)));
    }
    times.push(...dayTimes.sort((a, b) => a - b));
  }
  for (let n = 0; n < todayCount; n++) times.push(now - 60_000 - random.next() * 0.2 * DAY_MS);
  times.sort((a, b) => a - b);

  for (const time of times) {
    const createdAt = new Date(time);
    const chapter = chapterPick(random);
    const { city } = chapter;
    // About one ticket in four comes from a member who submitted before (a few of them often).
    let memberKey: number;
    let member: GeneratedMember | undefined;
    if (chapter.members.length > 0 && random.next() < 0.25) {
      memberKey = chapter.members[Math.floor(chapter.members.length * random.next() ** 0.5)] as number;
    } else {
      member = newMember(city.id, createdAt);
      memberKey = member.key;
      chapter.members.push(memberKey);
    }
    const kind = template(random);
    const description = kind.text(details(random));
    const committee =
      city.committees.find((candidate) => candidate.name === kind.committee) ?? city.committees[0];
    const ageDays = (now - time) / DAY_MS;
    const stories = (chapter.stories.find((bucket) => ageDays <= bucket.maxDays) ??
      chapter.stories.at(-1)) as (typeof chapter.stories)[number];
    const story = stories.stories(random);
    yield {
      memberKey,
      ...(member ? { newMember: member } : {}),
      ...play(random, story, {
        chapter,
        admin,
        governor,
        createdAt,
        now,
        title: ticketTitle(committee?.name ?? 'Help Desk', description),
        description,
        committeeId: committee?.id ?? null,
      }),
    };
  }
}

interface PlayContext {
  chapter: {
    city: GeneratorCity;
    president?: GeneratorStaff;
    convenor?: GeneratorStaff;
    observer?: GeneratorStaff;
  };
  admin?: GeneratorStaff;
  governor?: GeneratorStaff;
  createdAt: Date;
  now: number;
  title: string;
  description: string;
  committeeId: number | null;
}

/** Plays a story through the shared transition table: the ticket's row and its history. */
function play(random: Random, story: Step[], context: PlayContext): Omit<GeneratedTicket, 'memberKey'> {
  const { chapter, createdAt, now } = context;
  const { city } = chapter;
  let ticket: WorkflowTicket & TicketPatch = {
    ...NEW_TICKET_STATE,
    city: city.name,
    observerId: chapter.observer?.id ?? null,
  };
  const history: GeneratedTicket['history'] = [
    { ...submittedEntry({ id: null, role: 'customer' }), createdAt },
  ];
  const age = now - createdAt.getTime();
  // Steps happen in order, within weeks of the submit (an old ticket was not decided yesterday).
  const span = Math.min(age, (3 + random.int(60)) * DAY_MS);
  let updatedAt = createdAt;
  story.forEach(([role, action], step) => {
    const actor =
      role === 'admin'
        ? context.admin
        : role === 'governor'
          ? context.governor
          : role === 'citypresident'
            ? chapter.president
            : role === 'convenor'
              ? chapter.convenor
              : chapter.observer;
    if (!actor) throw new Error(`ticket generator: no ${role} for ${city.name}`);
    const comment =
      action === 'resolve'
        ? random.pick(RESOLUTIONS)
        : action === 'reject'
          ? random.pick(REJECTIONS)
          : action === 'approve'
            ? random.pick(APPROVE_NOTES)
            : '';
    const decision = decide({ role, city: city.name }, action, ticket, { comment });
    if (!decision.ok) throw new Error(`ticket generator: ${role} cannot ${action}: ${decision.reason}`);
    ticket = { ...ticket, ...decision.patch };
    const at = createdAt.getTime() + (span * (step + 1 + random.next() * 0.5)) / (story.length + 1);
    updatedAt = new Date(Math.min(at, now - 60_000));
    history.push({
      actorId: actor.id,
      actorRole: role as CommentRow['actorRole'],
      kind: CHAIN_ACTION_KINDS[action],
      action: decision.history.action,
      // The comment as written; a step without one is the event alone (ADR 0045).
      text: comment.trim() || null,
      statusAfter: decision.patch.status,
      assigneeAfter: ticket.currentAssignee,
      createdAt: updatedAt,
    });
  });
  return {
    row: {
      title: context.title,
      description: context.description,
      status: ticket.status,
      cityId: city.id,
      committeeId: context.committeeId,
      rejectionReason: ticket.rejectionReason ?? null,
      resolutionMethod: ticket.resolutionMethod ?? null,
      currentAssignee: ticket.currentAssignee,
      cityPresidentId: chapter.president?.id ?? null,
      convenorId: chapter.convenor?.id ?? null,
      observerId: chapter.observer?.id ?? null,
      cityPresidentStatus: ticket.cityPresidentStatus ?? null,
      adminStatus: ticket.adminStatus ?? null,
      convenorStatus: ticket.convenorStatus ?? null,
      observerStatus: ticket.observerStatus ?? null,
      version: story.length + 1,
      createdAt,
      updatedAt,
    },
    history,
  };
}
