/** docs/product.md#calls Committees calls. */
import { queryOptions } from '@tanstack/react-query';
import {
  type CommitteeCreate,
  type CommitteeResponse,
  type CommitteesQuery,
  type CommitteesResponse,
  committeeResponseSchema,
  committeesResponseSchema,
} from '../schemas/committees';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request, toSearchParams } from './request';

/** The query keys of the committees calls (ADR 0012). */
export const committeeKeys = {
  all: ['committees'] as const,
  list: (query: CommitteesQuery = {}) => [...committeeKeys.all, 'list', query] as const,
};

/** The cached GET /committees/getAllCommittees (optionally only one city's). */
export const committeesQuery = (query: CommitteesQuery = {}) =>
  queryOptions({
    queryKey: committeeKeys.list(query),
    queryFn: ({ signal }) => listCommittees(query, { signal }),
  });

/** GET /committees/getAllCommittees (optionally only one city's). */
export function listCommittees(
  query: CommitteesQuery = {},
  options: CallOptions = {},
): Promise<CommitteesResponse> {
  return request('get', API_PATHS.committees.list, committeesResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** GET /committees/{id}. */
export function getCommittee(id: number, options: CallOptions = {}): Promise<CommitteeResponse> {
  return request('get', pathFor(API_PATHS.committees.byId, { id }), committeeResponseSchema, options);
}

/** POST /committees. */
export function createCommittee(
  body: CommitteeCreate,
  options: CallOptions = {},
): Promise<CommitteeResponse> {
  return request('post', API_PATHS.committees.create, committeeResponseSchema, { ...options, json: body });
}
