/** docs/product.md#calls Users calls. */
import { queryOptions } from '@tanstack/react-query';
import {
  type CityPresidentsQuery,
  type CityPresidentsResponse,
  cityPresidentsResponseSchema,
  type UserCreateInput,
  type UserFilterQuery,
  type UserFilterResponse,
  type UserListQuery,
  type UserListResponse,
  type UserResponse,
  type UserUpdateInput,
  userFilterResponseSchema,
  userListResponseSchema,
  userResponseSchema,
} from '../schemas/users';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request, toSearchParams } from './request';

/**
 * The query keys of the users calls (ADR 0012). Saving a user invalidates `userKeys.all`: every
 * list, filter and the /activity overview built from them.
 */
export const userKeys = {
  all: ['users'] as const,
  list: (query: UserListQuery = {}) => [...userKeys.all, 'list', query] as const,
  overview: () => [...userKeys.all, 'overview'] as const,
};

/** The cached GET /admin/users of one page. */
export const usersQuery = (query: UserListQuery = {}) =>
  queryOptions({ queryKey: userKeys.list(query), queryFn: ({ signal }) => listUsers(query, { signal }) });

/** GET /admin/users with role, search and paging. */
export function listUsers(query: UserListQuery = {}, options: CallOptions = {}): Promise<UserListResponse> {
  return request('get', API_PATHS.users.list, userListResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** GET /admin/users/{id}. */
export function getUser(id: number, options: CallOptions = {}): Promise<UserResponse> {
  return request('get', pathFor(API_PATHS.users.byId, { id }), userResponseSchema, options);
}

/** POST /admin/users/new. */
export function createUser(body: UserCreateInput, options: CallOptions = {}): Promise<UserResponse> {
  return request('post', API_PATHS.users.create, userResponseSchema, { ...options, json: body });
}

/** POST /admin/users/{id}: a blank password keeps the current one. */
export function updateUser(
  id: number,
  body: UserUpdateInput,
  options: CallOptions = {},
): Promise<UserResponse> {
  return request('post', pathFor(API_PATHS.users.update, { id }), userResponseSchema, {
    ...options,
    json: body,
  });
}

/** GET /admin/users/filter with role and city. */
export function filterUsers(query: UserFilterQuery, options: CallOptions = {}): Promise<UserFilterResponse> {
  return request('get', API_PATHS.users.filter, userFilterResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** GET /users/city-presidents with city. */
export function listCityPresidents(
  query: CityPresidentsQuery = {},
  options: CallOptions = {},
): Promise<CityPresidentsResponse> {
  return request('get', API_PATHS.users.cityPresidents, cityPresidentsResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}
