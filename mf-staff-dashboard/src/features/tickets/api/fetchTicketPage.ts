/**
 * One page of the ticket list panel, from the call docs/product.md#roles names for the role and status filter
 * (`ticketListingPlan`). Filtering, search and paging are the server's (docs/architecture.md#api): every
 * call asks for one page of 10, so the list stays fast at any number of tickets.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  ApiError,
  type CallOptions,
  type DueFilter,
  getUserTickets,
  listAllTickets,
  listCityPresidentPendingTickets,
  listCityPresidentTickets,
  listConvenorAssignedTickets,
  listGovernorTickets,
  listObserverAssignedTickets,
  listObserverTickets,
  MESSAGES,
  type StoredUser,
  TICKETS_PAGE_SIZE,
  type Ticket,
  type TicketListQueryInput,
  type TicketListResponse,
  type TicketSort,
  type TicketStatusFilter,
  ticketKeys,
} from 'shared-contracts';
import { type ListingSource, ticketListingPlan } from '../rules/ticketListing';

/** What the panel's controls ask for. */
export interface TicketPageRequest {
  page: number;
  status: TicketStatusFilter;
  /** 'Search by name or title' (already debounced). */
  q: string;
  /** 'Filter by city'; null for every city. */
  city: string | null;
  /** The creation day `YYYY-MM-DD`; null for every day. */
  date: string | null;
  /** Only the overdue tickets, or those due soon; null for all (docs/architecture.md#time-and-service-levels). */
  due?: DueFilter | null;
  /** `due`: the earliest due time first; null: newest first. */
  sort?: TicketSort | null;
  /** 'Filter by project': only the tickets about this RERA project; null for all (ADR 0055). */
  projectId?: number | null;
}

export interface TicketPage {
  tickets: Ticket[];
  total: number;
  /** The api counted only up to `total` (a search with many matches): there are at least that many. */
  totalIsLowerBound: boolean;
  /** The caller's city when the answer names it (the convenor's list does, docs/product.md#roles). */
  city: string | null;
}

type ListCall = (query: TicketListQueryInput, options?: CallOptions) => Promise<TicketListResponse>;

const CALLS: Record<Exclude<ListingSource, 'userOwn'>, ListCall> = {
  all: listAllTickets,
  cityPresidentPending: listCityPresidentPendingTickets,
  cityPresidentAll: listCityPresidentTickets,
  convenorAssigned: listConvenorAssignedTickets,
  observerAssigned: listObserverAssignedTickets,
  observerAll: listObserverTickets,
  governorPending: listGovernorTickets,
  // docs/product.md#roles filters "the already supplied list" locally for the observer's Approved, Resolved and
  // Rejected; with server paging the same list is the observer's tickets filtered by the server.
  supplied: listObserverTickets,
};

/** The caller's UTC offset in minutes on `day`, so the server reads the day as the list shows it. */
export function utcOffsetOn(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return -new Date(year, month - 1, date).getTimezoneOffset();
}

/** The query string of a list call: one page of 10 and only the filters that are set. */
export function listQuery(request: TicketPageRequest): TicketListQueryInput {
  const query: TicketListQueryInput = { page: request.page, pageSize: TICKETS_PAGE_SIZE };
  if (request.status !== 'all') query.status = request.status;
  if (request.q.trim()) query.q = request.q.trim();
  if (request.city) query.city = request.city;
  if (request.date) {
    query.date = request.date;
    query.tzOffset = utcOffsetOn(request.date);
  }
  if (request.due) query.due = request.due;
  if (request.sort) query.sort = request.sort;
  if (request.projectId) query.projectId = request.projectId;
  return query;
}

/** Fetches the page for the signed-in user, with the fallback to all tickets of docs/product.md#roles. */
export async function fetchTicketPage(
  user: Pick<StoredUser, 'id' | 'role'> | null,
  request: TicketPageRequest,
): Promise<TicketPage> {
  const plan = ticketListingPlan(user?.role, request.status);
  const query = listQuery(request);
  if (plan.source === 'userOwn') {
    if (!user) throw new ApiError({ status: 404, message: MESSAGES.userNotFound });
    const { tickets, total } = await getUserTickets(user.id, query);
    return { tickets, total, totalIsLowerBound: false, city: null };
  }
  let answer: TicketListResponse;
  try {
    answer = await CALLS[plan.source](query);
  } catch (error) {
    // A 401 has ended the session; anything else falls back to all tickets where the first description of the product says so.
    if (plan.fallback !== 'all' || (error instanceof ApiError && error.status === 401)) throw error;
    try {
      answer = await listAllTickets(query);
    } catch {
      throw error;
    }
  }
  return {
    tickets: answer.tickets,
    total: answer.total,
    totalIsLowerBound: answer.totalIsLowerBound ?? false,
    city: answer.city ?? null,
  };
}

/** The list panel's first request on arrival: page 1, every status, no search or filter. */
export const FIRST_PAGE: TicketPageRequest = {
  page: 1,
  status: 'all',
  q: '',
  city: null,
  date: null,
  due: null,
  sort: null,
};

/** The Overdue card's request: the first page of the same list, only the overdue tickets. */
export const OVERDUE_PAGE: TicketPageRequest = { ...FIRST_PAGE, due: 'overdue' };

/**
 * The cached page of the panel, keyed by the user it was asked for and every control (ADR 0012):
 * the dashboard's route prefetches `FIRST_PAGE` with it, an action invalidates every list.
 */
export const ticketPageQuery = (user: Pick<StoredUser, 'id' | 'role'> | null, request: TicketPageRequest) =>
  queryOptions({
    queryKey: ticketKeys.list(user?.id ?? null, user?.role ?? null, request),
    queryFn: () => fetchTicketPage(user, request),
  });
