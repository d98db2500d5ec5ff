/** docs/product.md#calls Tickets calls, the per-role calls, and the additions of docs/architecture.md#api. */

import { queryOptions } from '@tanstack/react-query';

import { MESSAGES } from '../i18n/text';
import { normaliseRole } from '../rules/normaliseRole';
import { isRole } from '../schemas/role';
import {
  type CityStatsResponse,
  cityStatsResponseSchema,
  type TicketActionRequestInput,
  type TicketHistoryResponse,
  type TicketListQueryInput,
  type TicketListResponse,
  type TicketResponse,
  type TicketStats,
  type TicketStatsQuery,
  type TicketStatusPatch,
  ticketHistoryResponseSchema,
  ticketListResponseSchema,
  ticketResponseSchema,
  ticketStatsSchema,
  type UserTicketsResponse,
  userTicketsResponseSchema,
} from '../schemas/tickets';
import { ACTION_PATHS } from '../workflow/roles';
import { ApiError, asApiError } from './errors';
import { http } from './http';
import { API_PATHS, pathFor } from './paths';
import { accessKeyHeaders, type CallOptions, request, toSearchParams } from './request';

/**
 * The query keys of the ticket calls (ADR 0012). An action invalidates every list and every
 * count by prefix (`lists()`, `stats()`) and stores its answer under the ticket's `detail`.
 */
export const ticketKeys = {
  all: ['tickets'] as const,
  lists: () => [...ticketKeys.all, 'list'] as const,
  /** One list: its source (a role's call, a member's tickets) and everything that shapes it. */
  list: (...scope: readonly unknown[]) => [...ticketKeys.lists(), ...scope] as const,
  details: () => [...ticketKeys.all, 'detail'] as const,
  detail: (id: number) => [...ticketKeys.details(), id] as const,
  stats: () => [...ticketKeys.all, 'stats'] as const,
  cityStats: () => [...ticketKeys.stats(), 'cities'] as const,
};

/** The cached GET /tickets/{id}, with the share key when the page has one. */
export const ticketQuery = (id: number, accessKey: string | null = null) =>
  queryOptions({
    queryKey: [...ticketKeys.detail(id), accessKey] as const,
    queryFn: ({ signal }) => getTicket(id, { accessKey, signal }).then((answer) => answer.ticket),
  });

/**
 * The cached GET /tickets/stats (the four cards), of one project's tickets when `projectId` is
 * given (the list's project filter). Without it the key is the prefix the route prefetches.
 */
export const ticketStatsQuery = (projectId: number | null = null) =>
  queryOptions({
    queryKey: projectId === null ? ticketKeys.stats() : [...ticketKeys.stats(), { projectId }],
    queryFn: ({ signal }) => getTicketStats(projectId === null ? {} : { projectId }, { signal }),
  });

/** The cached GET /tickets/stats/cities (the chart and 'Filter by city'), as ticketStatsQuery. */
export const cityStatsQuery = (projectId: number | null = null) =>
  queryOptions({
    queryKey: projectId === null ? ticketKeys.cityStats() : [...ticketKeys.cityStats(), { projectId }],
    queryFn: ({ signal }) => getCityStats(projectId === null ? {} : { projectId }, { signal }),
  });

/** A fresh idempotency key for a submit form: 32 random bytes in base64url (256 bits; a UUID has 122). */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

function list(path: string, query: TicketListQueryInput, options: CallOptions): Promise<TicketListResponse> {
  return request('get', path, ticketListResponseSchema, { ...options, searchParams: toSearchParams(query) });
}

/** GET /tickets/all with paging, filters and the `[startDate, endDate)` range. */
export function listAllTickets(query: TicketListQueryInput = {}, options: CallOptions = {}) {
  return list(API_PATHS.tickets.all, query, options);
}

/** GET /tickets/user/{id}: a member's tickets (the member's share key or a staff token). */
export function getUserTickets(
  userId: number,
  query: TicketListQueryInput = {},
  options: CallOptions = {},
): Promise<UserTicketsResponse> {
  return request('get', pathFor(API_PATHS.tickets.byUser, { id: userId }), userTicketsResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** GET /tickets/user/{id}/latest. */
export function getLatestUserTicket(userId: number, options: CallOptions = {}): Promise<TicketResponse> {
  return request(
    'get',
    pathFor(API_PATHS.tickets.latestByUser, { id: userId }),
    ticketResponseSchema,
    options,
  );
}

/** GET /tickets/{id} (the ticket's share key or a staff token). */
export function getTicket(id: number, options: CallOptions = {}): Promise<TicketResponse> {
  return request('get', pathFor(API_PATHS.tickets.byId, { id }), ticketResponseSchema, options);
}

/** PATCH /tickets/{id}/status. */
export function patchTicketStatus(
  id: number,
  body: TicketStatusPatch,
  options: CallOptions = {},
): Promise<TicketResponse> {
  return request('patch', pathFor(API_PATHS.tickets.status, { id }), ticketResponseSchema, {
    ...options,
    json: body,
  });
}

/** GET /tickets/{id}/history: every entry, no limit. */
export function getTicketHistory(id: number, options: CallOptions = {}): Promise<TicketHistoryResponse> {
  return request('get', pathFor(API_PATHS.tickets.history, { id }), ticketHistoryResponseSchema, options);
}

/** GET /tickets/stats: the four card counts, scoped to what the caller may see. */
export function getTicketStats(
  query: TicketStatsQuery = {},
  options: CallOptions = {},
): Promise<TicketStats> {
  return request('get', API_PATHS.tickets.stats, ticketStatsSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** GET /tickets/stats/cities: the chart bars. */
export function getCityStats(
  query: TicketStatsQuery = {},
  options: CallOptions = {},
): Promise<CityStatsResponse> {
  return request('get', API_PATHS.tickets.cityStats, cityStatsResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** GET /tickets/citypresident/getcitypresidenttickets: pending tickets of the president's city. */
export function listCityPresidentPendingTickets(query: TicketListQueryInput = {}, options: CallOptions = {}) {
  return list(API_PATHS.tickets.cityPresidentPending, query, options);
}

/** GET /tickets/citypresident/all: every ticket of the president's city. */
export function listCityPresidentTickets(query: TicketListQueryInput = {}, options: CallOptions = {}) {
  return list(API_PATHS.tickets.cityPresidentAll, query, options);
}

/** GET /tickets/governor/tickets: pending tickets for review. */
export function listGovernorTickets(query: TicketListQueryInput = {}, options: CallOptions = {}) {
  return list(API_PATHS.tickets.governorPending, query, options);
}

/** GET /tickets/observer/assigned-tickets: the observer's pending tickets. */
export function listObserverAssignedTickets(query: TicketListQueryInput = {}, options: CallOptions = {}) {
  return list(API_PATHS.tickets.observerAssigned, query, options);
}

/** GET /tickets/observer/all. */
export function listObserverTickets(query: TicketListQueryInput = {}, options: CallOptions = {}) {
  return list(API_PATHS.tickets.observerAll, query, options);
}

/** GET /tickets/convenor/assigned-tickets (the answer names the city). */
export function listConvenorAssignedTickets(query: TicketListQueryInput = {}, options: CallOptions = {}) {
  return list(API_PATHS.tickets.convenorAssigned, query, options);
}

/** The action path of a role, or an 'Unauthorized role' error for any other role. */
export function actionPath(role: string | null | undefined, ticketId: number): string {
  const normalised = normaliseRole(role);
  const template = isRole(normalised) ? ACTION_PATHS[normalised] : undefined;
  if (!template) throw new ApiError({ status: 403, message: MESSAGES.unauthorizedRole });
  return pathFor(template, { id: ticketId });
}

/**
 * POST the action through the caller's role-specific call (docs/product.md#roles, docs/product.md#calls); the body is action,
 * comment and user with role. The answer is the updated ticket.
 */
export function ticketAction(
  role: string | null | undefined,
  ticketId: number,
  body: Omit<TicketActionRequestInput, 'user'>,
  options: CallOptions = {},
): Promise<TicketResponse> {
  let path: string;
  try {
    path = actionPath(role, ticketId);
  } catch (error) {
    return Promise.reject(error);
  }
  const json: TicketActionRequestInput = { ...body, user: { role: normaliseRole(role) } };
  return request('post', path, ticketResponseSchema, { ...options, json });
}

/**
 * Downloads a stored file (docs/product.md#calls /uploads/…) with the share key when there is one
 * (docs/architecture.md#security-decisions: files go only to callers who may see the ticket). Returns the Blob to open
 * or save; the caller makes an object URL of it.
 */
export async function downloadAttachment(url: string, options: CallOptions = {}): Promise<Blob> {
  const { accessKey, signal } = options;
  try {
    const response = await http(url, {
      prefix: '',
      headers: accessKeyHeaders(accessKey),
      signal,
    });
    return await response.blob();
  } catch (error) {
    throw asApiError(error);
  }
}
