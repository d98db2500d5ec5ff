/**
 * An in-memory stand-in for the ticket calls of docs/architecture.md#api and docs/architecture.md#workflow, for component tests (and
 * screenshots) while the real ticket api is being built. It answers like the contract says:
 * server-side paging and filters, `total`, stats from all tickets in scope, actions through the
 * shared `decide`, 409 on a stale version. The signed-in user is read from the bearer token
 * (`fake:{role}:{city}`), as the real api reads it from its signed token.
 */
import {
  API_PATHS,
  type CityStats,
  cityChartCounts,
  dashboardCounts,
  decide,
  filterTickets,
  type Ticket,
  type TicketComment,
} from 'shared-contracts';
import type { FakeAnswer, FakeApiHandler, RecordedCall } from 'shared-contracts/testing/fakeApi';

export type { FakeAnswer, RecordedCall };

export interface FakeUser {
  role: string;
  city: string | null;
}

export const fakeToken = (user: FakeUser) => `fake:${user.role}:${user.city ?? ''}`;

function userOf(authorization: string | null): FakeUser | null {
  const match = /^Bearer fake:([^:]*):(.*)$/.exec(authorization ?? '');
  return match ? { role: match[1] as string, city: match[2] || null } : null;
}

const CITIES = ['Pune', 'Mumbai', 'Nagpur'];
const NAMES = ['Ravi Kulkarni', 'Meera Shah', 'Anil Patil', 'Sunita Rao', 'Farhan Ali', 'Kavya Iyer'];
const TITLES = ['Water leakage', 'Possession delay', 'Parking dispute', 'Lift maintenance', 'Refund request'];
const STATUSES = ['pending', 'pending', 'in-review', 'approved', 'resolved', 'rejected'] as const;

/** `count` deterministic tickets across the demo cities, newest first. */
export function makeTickets(count: number, start = Date.UTC(2026, 10, 20, 9, 30)): Ticket[] {
  return Array.from({ length: count }, (_, index) => {
    const id = count - index;
    const city = CITIES[id % CITIES.length] as string;
    const status = STATUSES[id % STATUSES.length] as Ticket['status'];
    const approved = status !== 'pending';
    return {
      id,
      title: `${TITLES[id % TITLES.length]} ${id}`,
      description: `The member reports issue number ${id} in the ${city} project and asks the committee for help soon.`,
      status,
      city,
      cityData: { id: (id % CITIES.length) + 1, name: city },
      createdAt: new Date(start - index * 3_600_000).toISOString(),
      version: 1,
      currentAssignee: status === 'resolved' ? 'Completed' : approved ? 'Convenor' : 'CityPresident',
      cityPresidentStatus: approved && status !== 'in-review' ? 'approved' : null,
      adminStatus: status === 'in-review' ? 'approved' : null,
      observerId: 30 + (id % CITIES.length),
      customer: {
        id: 100 + id,
        fullName: NAMES[id % NAMES.length] as string,
        email: `member${id}@example.com`,
        mobile: `98765${String(id).padStart(5, '0')}`,
        city,
      },
      committee: { name: 'Grievance Committee' },
      cityPresident: { fullName: `${city} President` },
      convenor: { fullName: `${city} Convenor` },
      observer: { fullName: `${city} Observer` },
      comments: [
        {
          actionBy: null,
          createdAt: new Date(start - index * 3_600_000).toISOString(),
          text: 'Ticket submitted',
        },
      ],
      rejectionReason: status === 'rejected' ? 'Outside the committee scope' : null,
      resolutionMethod: status === 'resolved' ? 'Settled with the developer' : null,
    };
  });
}

const ACTION_ROUTES: [RegExp, string][] = [
  [/^\/tickets\/(\d+)\/action$/, 'admin-or-convenor'],
  [/^\/tickets\/citypresident\/(\d+)\/citypresidentaction$/, 'citypresident'],
  [/^\/tickets\/observer\/(\d+)\/observerticketAction$/, 'observer'],
  [/^\/tickets\/convenor\/(\d+)\/action$/, 'convenor'],
  [/^\/tickets\/governor\/(\d+)\/action$/, 'governor'],
];

export class FakeTicketApi implements FakeApiHandler {
  tickets: Ticket[];
  calls: RecordedCall[] = [];
  /** Paths (relative to /api) answered with this error instead. */
  failures = new Map<string, FakeAnswer>();
  /** Called before an action is decided, e.g. to let "someone else" act first. */
  beforeAction?: (ticket: Ticket) => void;

  constructor(tickets: Ticket[] = makeTickets(25)) {
    this.tickets = tickets;
  }

  private scoped(user: FakeUser | null): Ticket[] {
    if (!user) return [];
    const ofCity = (ticket: Ticket) => ticket.city?.toLowerCase() === user.city?.toLowerCase();
    switch (user.role) {
      case 'citypresident':
      case 'convenor':
      case 'observer':
        return this.tickets.filter(ofCity);
      case 'governor':
        return this.tickets.filter((ticket) => ticket.status === 'pending');
      default:
        return this.tickets;
    }
  }

  private page(tickets: Ticket[], query: Record<string, string>, city: string | null = null): FakeAnswer {
    const filtered = filterTickets(tickets, {
      status: query.status,
      q: query.q,
      city: query.city,
      date: query.date,
    });
    const page = Number(query.page ?? 1);
    const size = Number(query.pageSize ?? 10);
    return {
      status: 200,
      body: { tickets: filtered.slice((page - 1) * size, page * size), total: filtered.length, city },
    };
  }

  /** Answers one call; `path` is relative to /api. */
  handle(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
    authorization: string | null,
  ) {
    this.calls.push({ method, path, query, body });
    const failure = this.failures.get(path);
    if (failure) return failure;
    const user = userOf(authorization);
    const mine = this.scoped(user);
    const paths = API_PATHS.tickets;
    const open = (ticket: Ticket) => ticket.status === 'pending' || ticket.status === 'in-review';

    if (method === 'GET') {
      if (path.startsWith('/uploads/')) return { status: 200, body: `contents of ${path}` };
      switch (path) {
        case '/cities/getAllCities':
          return { status: 200, body: { cities: CITIES.map((name, index) => ({ id: index + 1, name })) } };
        case paths.stats:
          return { status: 200, body: dashboardCounts(mine) };
        case paths.cityStats:
          return { status: 200, body: cityChartCounts(mine) satisfies CityStats[] };
        case paths.all:
        case paths.cityPresidentAll:
        case paths.observerAll:
          return this.page(mine, query);
        case paths.cityPresidentPending:
        case paths.observerAssigned:
          return this.page(mine.filter(open), query);
        case paths.convenorAssigned:
          return this.page(
            mine.filter((ticket) => ticket.status !== 'pending'),
            query,
            user?.city ?? null,
          );
        case paths.governorPending:
          return this.page(mine, query);
      }
      const byUser = /^\/tickets\/user\/(\d+)$/.exec(path);
      if (byUser) {
        const own = this.tickets.filter((ticket) => ticket.customer?.id === Number(byUser[1]));
        const answer = this.page(own, query);
        const body = answer.body as { tickets: Ticket[]; total: number };
        return {
          status: 200,
          body: {
            user: { id: Number(byUser[1]), fullName: 'Member' },
            tickets: body.tickets,
            total: body.total,
          },
        };
      }
      const byId = /^\/tickets\/(\d+)$/.exec(path);
      if (byId) {
        const ticket = mine.find((row) => row.id === Number(byId[1]));
        return ticket
          ? { status: 200, body: { ticket } }
          : { status: 404, body: { error: 'Ticket not found' } };
      }
    }
    if (method === 'POST') {
      for (const [pattern] of ACTION_ROUTES) {
        const match = pattern.exec(path);
        if (!match || !user) continue;
        const index = this.tickets.findIndex((row) => row.id === Number(match[1]));
        const ticket = this.tickets[index];
        if (!ticket) return { status: 404, body: { error: 'Ticket not found' } };
        this.beforeAction?.(ticket);
        const current = this.tickets[index] as Ticket;
        const request = body as { action: string; comment?: string; version?: number };
        const decision = decide(user, request.action, current, {
          comment: request.comment ?? '',
          version: request.version,
        });
        if (!decision.ok) return { status: decision.httpStatus, body: { error: decision.reason } };
        const entry: TicketComment = {
          actionBy: `${user.city ?? ''} ${user.role}`.trim(),
          createdAt: new Date().toISOString(),
          text: decision.history.text,
        };
        const updated: Ticket = {
          ...current,
          ...decision.patch,
          version: (current.version ?? 0) + 1,
          comments: [...(current.comments ?? []), entry],
        };
        this.tickets[index] = updated;
        return { status: 200, body: { ticket: updated } };
      }
    }
    return { status: 404, body: { error: `No fake for ${method} ${path}` } };
  }

  /** The list calls made so far (path and query), for asserting what the page asked for. */
  listCalls(): RecordedCall[] {
    const lists = new Set<string>([
      API_PATHS.tickets.all,
      API_PATHS.tickets.cityPresidentAll,
      API_PATHS.tickets.cityPresidentPending,
      API_PATHS.tickets.convenorAssigned,
      API_PATHS.tickets.observerAll,
      API_PATHS.tickets.observerAssigned,
      API_PATHS.tickets.governorPending,
    ]);
    return this.calls.filter((call) => lists.has(call.path));
  }
}
