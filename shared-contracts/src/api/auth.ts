/** docs/product.md#calls Auth calls. */
import { queryOptions } from '@tanstack/react-query';
import { authStore, type StoredUser } from '../auth/authStore';
import { MESSAGES } from '../i18n/text';
import { landingRoute } from '../rules/landingRoute';
import {
  type AuthCheckResponse,
  authCheckResponseSchema,
  type CityPresidentLookupResponse,
  cityPresidentLookupResponseSchema,
  type LoginRequestInput,
  type LoginResponse,
  loginResponseSchema,
  type RegisterAdminRequest,
  type RegisterAdminResponse,
  registerAdminResponseSchema,
} from '../schemas/auth';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request } from './request';

/** POST /auth/login. An answer without both user and token is 'Invalid response from server'. */
export function login(credentials: LoginRequestInput, options: CallOptions = {}): Promise<LoginResponse> {
  return request(
    'post',
    API_PATHS.auth.login,
    loginResponseSchema,
    { ...options, json: credentials },
    MESSAGES.invalidResponse,
  );
}

/**
 * docs/product.md#calls "Login success stores token and user, then navigates by role": signs in and returns
 * the stored user and the route to go to.
 */
export async function signInWithPassword(
  credentials: LoginRequestInput,
  options: CallOptions = {},
): Promise<{ user: StoredUser; landing: string }> {
  const answer = await login(credentials, options);
  const user = authStore.getState().login(answer);
  return { user, landing: landingRoute(user.role) };
}

/** POST /auth/register-admin. */
export function registerAdmin(
  body: RegisterAdminRequest,
  options: CallOptions = {},
): Promise<RegisterAdminResponse> {
  return request('post', API_PATHS.auth.registerAdmin, registerAdminResponseSchema, {
    ...options,
    json: body,
  });
}

/** The cached GET /auth/check. */
export const checkAuthQuery = () =>
  queryOptions({ queryKey: authKeys.check(), queryFn: ({ signal }) => checkAuth({ signal }) });

/** GET /auth/check: who the stored token belongs to (a 401 signs out). */
export function checkAuth(options: CallOptions = {}): Promise<AuthCheckResponse> {
  return request('get', API_PATHS.auth.check, authCheckResponseSchema, options);
}

/** The query keys of the auth calls that read server data (ADR 0012). */
export const authKeys = {
  check: () => ['auth', 'check'] as const,
  cityPresident: (city: string | number) => ['auth', 'city-president', String(city)] as const,
};

/** The cached GET /auth/city-president/{city}. */
export const cityPresidentQuery = (city: string | number) =>
  queryOptions({
    queryKey: authKeys.cityPresident(city),
    queryFn: ({ signal }) => getCityPresident(city, { signal }),
  });

/** GET /auth/city-president/{city}: `data` is null when the city has none. */
export function getCityPresident(
  city: string | number,
  options: CallOptions = {},
): Promise<CityPresidentLookupResponse> {
  return request(
    'get',
    pathFor(API_PATHS.auth.cityPresident, { city }),
    cityPresidentLookupResponseSchema,
    options,
  );
}
