/** Spec §7 Users calls. */
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
