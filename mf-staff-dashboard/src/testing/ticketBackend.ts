/**
 * An in-memory stand-in for the ticket calls of docs/architecture.md#api and docs/architecture.md#workflow, for component tests (and
 * screenshots) while the real ticket api is being built. It answers like the contract says:
 * server-side paging and filters, `total`, stats from all tickets in scope, actions through the
 * shared `decide`, 409 on a stale version. The signed-in user is read from the bearer token
 * (`fake:{role}:{city}`), as the real api reads it from its signed token.
 */
import {
  API_PATHS,
  APPEAL_OUTCOME_OF,
  APPEAL_PAGE_SIZE,
  type Appeal,
  type AppealDecision,
  type CannedResponse,
  CHAIN_ACTION_KINDS,
  type CityStats,
  cityChartCounts,
  dashboardCounts,
  decide,
  isRole,
  normaliseRole,
  STAGE_HOLDER_ROLE,
  TICKET_ACTIONS,
  type Ticket,
  type TicketAction,
  type TicketComment,
  type TicketMessage,
  type TicketStage,
} from 'shared-contracts';
import { FIXTURE_CITIES, makeTickets } from 'shared-contracts/testing/fixtures';
import type { FakeAnswer, FakeApiHandler, RecordedCall } from 'shared-contracts/testing/network';
import { callerOf } from 'shared-contracts/testing/signIn';
import { filterTickets } from './ticketFilters';

export type { FakeAnswer, RecordedCall };
export { makeTickets };

/** A step of the chain (approve, reject, resolve, review), which has its own history event. */
const isTicketAction = (action: string): action is TicketAction =>
  (TICKET_ACTIONS as readonly string[]).includes(action);

/** The committees of every fixture city (ids: city id × 10 + n), for the transfer form. */
export const FAKE_COMMITTEES = ['Legal', 'Technical', 'Finance'];
const committeesOf = (cityId: number) =>
  FAKE_COMMITTEES.map((name, index) => ({ id: cityId * 10 + index + 1, name }));

const ACTION_ROUTES: [RegExp, string][] = [
  [/^\/tickets\/(\d+)\/action$/, 'admin-or-convenor'],
  [/^\/tickets\/citypresident\/(\d+)\/citypresidentaction$/, 'citypresident'],
  [/^\/tickets\/observer\/(\d+)\/observerticketAction$/, 'observer'],
  [/^\/tickets\/convenor\/(\d+)\/action$/, 'convenor'],
  [/^\/tickets\/governor\/(\d+)\/action$/, 'governor'],
  // The holder of a stage a recusal handed them acts as the stage's role (ADR 0048).
  [/^\/tickets\/(\d+)\/holder-action$/, 'holder'],
];

/** The counts calls' `projectId`: one project's tickets, or all when absent. */
const ofProject = (tickets: Ticket[], projectId: string | undefined) =>
  projectId === undefined ? tickets : filterTickets(tickets, { projectId });

export class FakeTicketApi implements FakeApiHandler {
  tickets: Ticket[];
  calls: RecordedCall[] = [];
  /** Paths (relative to /api) answered with this error instead. */
  failures = new Map<string, FakeAnswer>();
  /** As the api: a search matching more than this many answers this many and `totalIsLowerBound`. */
  countLimit = Number.POSITIVE_INFINITY;
  /** Called before an action is decided, e.g. to let "someone else" act first. */
  beforeAction?: (ticket: Ticket) => void;
  /** The messages sent about each ticket (GET /tickets/{id}/messages), by ticket id. */
  messages = new Map<number, TicketMessage[]>();
  /** Each ticket's chain (GET /tickets/{id}/stages), by ticket id. */
  stages = new Map<number, TicketStage[]>();
  /** The members' appeals (GET /appeals, POST /appeals/{id}/decision), the association president's. */
  appeals: Appeal[] = [];
  /** How many interim replies a stage may have (the chapter's setting). */
  maxExtensions = 2;
  /** The canned answers a reply may start from (ADR 0065), as the api shows them for a ticket. */
  cannedResponses: CannedResponse[] = [];
  private nextId = 1000;

  constructor(tickets: Ticket[] = makeTickets(25)) {
    this.tickets = tickets;
  }

  private scoped(user: { role: string; city: string | null } | null): Ticket[] {
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
    const now = Date.now();
    const dueAt = (ticket: Ticket) => (ticket.dueAt ? Date.parse(ticket.dueAt) : Number.POSITIVE_INFINITY);
    const soonAt = (ticket: Ticket) =>
      ticket.dueSoonAt ? Date.parse(ticket.dueSoonAt) : Number.POSITIVE_INFINITY;
    let filtered = filterTickets(tickets, {
      status: query.status,
      q: query.q,
      city: query.city,
      date: query.date,
      projectId: query.projectId,
    });
    // The api's `due` filter and `sort=due` (docs/architecture.md#time-and-service-levels).
    if (query.due === 'overdue') filtered = filtered.filter((ticket) => dueAt(ticket) <= now);
    if (query.due === 'soon')
      filtered = filtered.filter((ticket) => soonAt(ticket) <= now && now < dueAt(ticket));
    if (query.sort === 'due') filtered = [...filtered].sort((a, b) => dueAt(a) - dueAt(b));
    const page = Number(query.page ?? 1);
    const size = Number(query.pageSize ?? 10);
    const bound = Math.max(this.countLimit, page * size);
    const lowerBound = !!query.q && filtered.length > bound;
    return {
      status: 200,
      body: {
        tickets: filtered.slice((page - 1) * size, page * size),
        total: lowerBound ? bound : filtered.length,
        ...(lowerBound ? { totalIsLowerBound: true } : {}),
        city,
      },
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
    const user = callerOf(authorization);
    const mine = this.scoped(user);
    const paths = API_PATHS.tickets;
    const open = (ticket: Ticket) => ticket.status === 'pending' || ticket.status === 'in-review';

    if (path === API_PATHS.appeals.list && method === 'GET') return this.listAppeals(query, user);
    const decisionPath = /^\/appeals\/(\d+)\/decision$/.exec(path);
    if (decisionPath && method === 'POST') return this.decideAppeal(Number(decisionPath[1]), body, user);

    if (method === 'GET') {
      if (path.startsWith('/uploads/')) return { status: 200, body: `contents of ${path}` };
      switch (path) {
        case '/cities/getAllCities':
          return {
            status: 200,
            body: { cities: FIXTURE_CITIES.map((name, index) => ({ id: index + 1, name })) },
          };
        case API_PATHS.committees.list:
          return {
            status: 200,
            body: { committees: query.cityId ? committeesOf(Number(query.cityId)) : [] },
          };
        case API_PATHS.cannedResponses.list:
          return { status: 200, body: { cannedResponses: this.cannedResponses, lang: 'mr' } };
        case paths.stats:
          return { status: 200, body: dashboardCounts(ofProject(mine, query.projectId)) };
        case paths.cityStats:
          return {
            status: 200,
            body: cityChartCounts(ofProject(mine, query.projectId)) satisfies CityStats[],
          };
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
      const chain = /^\/tickets\/(\d+)\/stages$/.exec(path);
      if (chain) {
        const ticket = mine.find((row) => row.id === Number(chain[1]));
        if (!ticket) return { status: 404, body: { error: 'Ticket not found' } };
        return { status: 200, body: { stages: this.stages.get(ticket.id) ?? [] } };
      }
      const sub = /^\/tickets\/(\d+)\/(history|messages)$/.exec(path);
      if (sub) {
        const ticket = mine.find((row) => row.id === Number(sub[1]));
        if (!ticket) return { status: 404, body: { error: 'Ticket not found' } };
        return sub[2] === 'history'
          ? { status: 200, body: { history: ticket.comments ?? [] } }
          : { status: 200, body: { messages: this.messages.get(ticket.id) ?? [] } };
      }
      const byId = /^\/tickets\/(\d+)$/.exec(path);
      if (byId) {
        const ticket = mine.find((row) => row.id === Number(byId[1]));
        return ticket
          ? { status: 200, body: { ticket } }
          : { status: 404, body: { error: 'Ticket not found' } };
      }
    }
    const replies = /^\/tickets\/(\d+)\/replies$/.exec(path);
    if (method === 'POST' && replies && user) {
      const index = this.tickets.findIndex((row) => row.id === Number(replies[1]));
      const ticket = this.tickets[index];
      if (!ticket) return { status: 404, body: { error: 'Ticket not found' } };
      const request = body as { text?: string; visibility?: string; attachment?: File };
      if (!request.text?.trim())
        return { status: 400, body: { error: 'Reply text is required', details: [] } };
      const visibility = request.visibility === 'internal' ? 'internal' : 'public';
      const file = request.attachment;
      const actorRole = normaliseRole(user.role);
      // As the api answers a reply or a note: its event (a person's words, no values), the words as text.
      const entry: TicketComment = {
        id: this.nextId++,
        actionBy: `${user.city ?? ''} ${user.role}`.trim(),
        actorRole: isRole(actorRole) ? actorRole : null,
        action: visibility === 'internal' ? 'note' : 'reply',
        kind: visibility === 'internal' ? 'staff.noted' : 'staff.replied',
        values: {},
        createdAt: new Date().toISOString(),
        text: request.text.trim(),
        visibility,
        attachment: file
          ? {
              id: this.nextId++,
              kind: 'attachment',
              fileName: file.name,
              url: `/uploads/attachments/r${this.nextId}`,
            }
          : null,
      };
      this.tickets[index] = { ...ticket, comments: [...(ticket.comments ?? []), entry] };
      if (visibility === 'public')
        this.messages.set(ticket.id, [
          ...(this.messages.get(ticket.id) ?? []),
          {
            id: this.nextId++,
            channel: 'email',
            to: 'm***@example.com',
            event: 'ticket.replied',
            status: 'queued',
            attempts: 0,
            sentAt: null,
          },
        ]);
      return { status: 201, body: { entry } };
    }
    const interim = /^\/tickets\/(\d+)\/interim-reply$/.exec(path);
    if (method === 'POST' && interim && user) return this.interimReply(Number(interim[1]), body, user);
    const transfer = /^\/tickets\/(\d+)\/transfer$/.exec(path);
    if (method === 'POST' && transfer && user) return this.transfer(Number(transfer[1]), body, user);
    if (method === 'POST') {
      for (const [pattern, kind] of ACTION_ROUTES) {
        const match = pattern.exec(path);
        if (!match || !user) continue;
        const index = this.tickets.findIndex((row) => row.id === Number(match[1]));
        const ticket = this.tickets[index];
        if (!ticket) return { status: 404, body: { error: 'Ticket not found' } };
        this.beforeAction?.(ticket);
        const current = this.tickets[index] as Ticket;
        const request = body as { action: string; comment?: string; version?: number };
        const acting =
          kind === 'holder' && current.stage
            ? { role: STAGE_HOLDER_ROLE[current.stage], city: current.city ?? null }
            : user;
        const decision = decide(acting, request.action, current, {
          comment: request.comment ?? '',
          version: request.version,
        });
        if (!decision.ok) return { status: decision.httpStatus, body: { error: decision.reason } };
        // As the api answers a chain step: its event, the actor's words as `comment` when they
        // wrote some, and the English text (their words, else 'Approved by City President').
        const { action, text } = decision.history;
        const comment = request.comment?.trim();
        const actorRole = normaliseRole(user.role);
        const entry: TicketComment = {
          actionBy: `${user.city ?? ''} ${user.role}`.trim(),
          actorRole: isRole(actorRole) ? actorRole : null,
          action,
          kind: isTicketAction(action) ? CHAIN_ACTION_KINDS[action] : null,
          values: comment ? { comment } : {},
          createdAt: new Date().toISOString(),
          text,
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

  /**
   * POST /tickets/{id}/interim-reply as the api answers it: only the open stage's holder (by
   * role), at most `maxExtensions` per stage (422), a date after the current due time (422).
   */
  private interimReply(
    ticketId: number,
    body: unknown,
    user: { role: string; city: string | null },
  ): FakeAnswer {
    const stages = this.stages.get(ticketId) ?? [];
    const stage = stages.find((row) => row.leftAt == null);
    if (!stage?.dueAt) {
      return { status: 422, body: { error: 'This ticket has no open stage to extend', details: [] } };
    }
    if (stage.holderRole !== user.role) {
      return {
        status: 403,
        body: { error: 'Only the holder of the current stage can post an interim reply' },
      };
    }
    const request = body as { reason: string; expectedBy: string };
    if (stage.extensions.length >= this.maxExtensions) {
      return {
        status: 422,
        body: {
          error: `At most ${this.maxExtensions} interim replies per stage`,
          details: [{ code: 'SLA_TOO_MANY_EXTENSIONS' }],
        },
      };
    }
    const dueAt = `${request.expectedBy}T12:30:00.000Z`;
    if (Date.parse(dueAt) <= Date.parse(stage.dueAt)) {
      return {
        status: 422,
        body: { error: 'The expected date must be after the current due date', details: [] },
      };
    }
    const extended: TicketStage = {
      ...stage,
      dueAt,
      extensions: [
        ...stage.extensions,
        {
          reason: request.reason,
          expectedBy: request.expectedBy,
          dueAt,
          createdAt: new Date().toISOString(),
        },
      ],
    };
    this.stages.set(
      ticketId,
      stages.map((row) => (row === stage ? extended : row)),
    );
    this.tickets = this.tickets.map((ticket) =>
      ticket.id === ticketId
        ? { ...ticket, dueAt, dueSoonAt: null, version: (ticket.version ?? 0) + 1 }
        : ticket,
    );
    return { status: 200, body: { stage: extended } };
  }

  /** GET /appeals: the association president's only; open ones by due time, decided ones newest first. */
  private listAppeals(query: Record<string, string>, user: { role: string } | null): FakeAnswer {
    if (user?.role !== 'credaipresident') return { status: 403, body: { error: 'Access denied' } };
    const decided = query.state === 'decided';
    const rows = this.appeals
      .filter((appeal) => (appeal.outcome !== null) === decided)
      .sort((a, b) =>
        decided
          ? Date.parse(b.decidedAt ?? '') - Date.parse(a.decidedAt ?? '')
          : Date.parse(a.dueAt) - Date.parse(b.dueAt),
      );
    const page = Number(query.page ?? 1);
    return {
      status: 200,
      body: {
        appeals: rows.slice((page - 1) * APPEAL_PAGE_SIZE, page * APPEAL_PAGE_SIZE),
        total: rows.length,
      },
    };
  }

  /**
   * POST /appeals/{id}/decision: once (409 APPEAL_ALREADY_DECIDED after); the ticket carries the
   * decided appeal, and a remand hands it back to its city president.
   */
  private decideAppeal(appealId: number, body: unknown, user: { role: string } | null): FakeAnswer {
    if (user?.role !== 'credaipresident') return { status: 403, body: { error: 'Access denied' } };
    const appeal = this.appeals.find((row) => row.id === appealId);
    if (!appeal) return { status: 404, body: { error: 'Appeal not found' } };
    if (appeal.outcome !== null) {
      return {
        status: 409,
        body: {
          error: 'This appeal has already been decided',
          details: [{ code: 'APPEAL_ALREADY_DECIDED' }],
        },
      };
    }
    const request = body as { outcome: AppealDecision; reason: string };
    const decided: Appeal = {
      ...appeal,
      outcome: APPEAL_OUTCOME_OF[request.outcome],
      decisionReason: request.reason,
      decidedAt: new Date().toISOString(),
    };
    this.appeals = this.appeals.map((row) => (row.id === appealId ? decided : row));
    this.tickets = this.tickets.map((ticket) =>
      ticket.id !== appeal.ticketId
        ? ticket
        : request.outcome === 'remand'
          ? {
              ...ticket,
              appeal: decided,
              status: 'in-review',
              currentAssignee: 'CityPresident',
              closedAt: null,
            }
          : { ...ticket, appeal: decided, closedAt: decided.decidedAt },
    );
    return { status: 200, body: { appeal: decided } };
  }

  /**
   * POST /tickets/{id}/transfer as the api answers it: the shared table decides who may (the city
   * president of the ticket's city, an admin) and on which state; the same city and committee is
   * refused with 422 TRANSFER_SAME_PLACE; else the ticket starts again in the new city, pending.
   */
  private transfer(ticketId: number, body: unknown, user: { role: string; city: string | null }): FakeAnswer {
    const index = this.tickets.findIndex((row) => row.id === ticketId);
    const ticket = this.tickets[index];
    if (!ticket) return { status: 404, body: { error: 'Ticket not found' } };
    const request = body as { cityId: number; committeeId: number; reason: string; version?: number };
    const decision = decide(user, 'transfer', ticket, { comment: request.reason, version: request.version });
    if (!decision.ok) return { status: decision.httpStatus, body: { error: decision.reason } };
    const city = FIXTURE_CITIES[request.cityId - 1] ?? '';
    const committee = committeesOf(request.cityId).find((row) => row.id === request.committeeId);
    if (city === ticket.city && committee?.name === ticket.committee?.name) {
      return {
        status: 422,
        body: {
          error: 'Choose another city or committee to transfer to',
          details: [{ code: 'TRANSFER_SAME_PLACE' }],
        },
      };
    }
    const moved: Ticket = {
      ...ticket,
      ...decision.patch,
      city,
      cityData: { name: city },
      committee: committee ? { name: committee.name } : null,
      version: (ticket.version ?? 0) + 1,
    };
    this.tickets[index] = moved;
    return { status: 200, body: { ticket: moved } };
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
