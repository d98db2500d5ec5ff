/**
 * The member's last word (docs/architecture.md#the-members-last-word): rating the outcome,
 * reopening, appealing (by the ticket's key), the association president's appeals and decisions,
 * and the transfer of a ticket to another city or committee.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  type AppealDecisionRequest,
  type AppealListQuery,
  type AppealListResponse,
  type AppealRequest,
  type AppealResponse,
  appealListResponseSchema,
  appealResponseSchema,
  type RatingRequestInput,
  type ReopenRequest,
  type TransferRequest,
} from '../schemas/lastWord';
import { type TicketResponse, ticketResponseSchema } from '../schemas/tickets';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request, toSearchParams } from './request';

/**
 * The query keys of these calls (ADR 0012). The member's calls answer the ticket: a mutation
 * invalidates `ticketKeys.detail(id)` (its history and stages live under it); a decision
 * invalidates `lastWordKeys.appeals` and the ticket lists.
 */
export const lastWordKeys = {
  appeals: ['appeals'] as const,
  appealList: (query: AppealListQuery = {}) =>
    [...lastWordKeys.appeals, 'list', query.state ?? 'open', query.page ?? 1] as const,
};

/** The cached GET /appeals (association president). */
export const appealsQuery = (query: AppealListQuery = {}) =>
  queryOptions({
    queryKey: lastWordKeys.appealList(query),
    queryFn: ({ signal }) => listAppeals(query, { signal }),
  });

/** POST /tickets/{id}/rating (key holder): 1 to 5 stars and a comment; answers the member's view of the ticket. */
export function postRating(
  ticketId: number,
  body: RatingRequestInput,
  options: CallOptions = {},
): Promise<TicketResponse> {
  return request('post', pathFor(API_PATHS.tickets.rating, { id: ticketId }), ticketResponseSchema, {
    ...options,
    json: body,
  });
}

/** POST /tickets/{id}/reopen (key holder): within the chapter's window after the resolution, once. */
export function postReopen(
  ticketId: number,
  body: ReopenRequest,
  options: CallOptions = {},
): Promise<TicketResponse> {
  return request('post', pathFor(API_PATHS.tickets.reopen, { id: ticketId }), ticketResponseSchema, {
    ...options,
    json: body,
  });
}

/** POST /tickets/{id}/appeal (key holder): after a rejection or a low rating, within 30 days, once. */
export function postAppeal(
  ticketId: number,
  body: AppealRequest,
  options: CallOptions = {},
): Promise<TicketResponse> {
  return request('post', pathFor(API_PATHS.tickets.appeal, { id: ticketId }), ticketResponseSchema, {
    ...options,
    json: body,
  });
}

/** GET /appeals (association president): open ones by due time, or decided ones. */
export function listAppeals(
  query: AppealListQuery = {},
  options: CallOptions = {},
): Promise<AppealListResponse> {
  return request('get', API_PATHS.appeals.list, appealListResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** POST /appeals/{id}/decision (association president): uphold, remand or dismiss, with reasons. */
export function postAppealDecision(
  appealId: number,
  body: AppealDecisionRequest,
  options: CallOptions = {},
): Promise<AppealResponse> {
  return request('post', pathFor(API_PATHS.appeals.decision, { id: appealId }), appealResponseSchema, {
    ...options,
    json: body,
  });
}

/** POST /tickets/{id}/transfer (the city president of its city, admin): to another city and/or committee. */
export function postTransfer(
  ticketId: number,
  body: TransferRequest,
  options: CallOptions = {},
): Promise<TicketResponse> {
  return request('post', pathFor(API_PATHS.tickets.transfer, { id: ticketId }), ticketResponseSchema, {
    ...options,
    json: body,
  });
}
