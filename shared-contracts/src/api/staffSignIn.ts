/** Staff sign-in calls (ADR 0053, 0054): sign-out, sessions, the second factor. */
import { queryOptions } from '@tanstack/react-query';
import { authStore, type StoredUser } from '../auth/authStore';
import { MESSAGES } from '../i18n/text';
import { landingRoute } from '../rules/landingRoute';
import { MFA_ENROLMENT_ROUTE } from '../rules/mfaEnrolment';
import { type LoginRequestInput, type LoginResponse, loginResponseSchema } from '../schemas/auth';
import {
  loginAnswerSchema,
  type MfaConfirmResponse,
  type MfaEnrollResponse,
  type MfaPolicy,
  type MfaStatus,
  mfaConfirmResponseSchema,
  mfaEnrollResponseSchema,
  mfaPolicySchema,
  mfaStatusSchema,
  okResponseSchema,
  type StaffSessionsResponse,
  sessionsEndedResponseSchema,
  staffSessionsResponseSchema,
} from '../schemas/staffSignIn';
import { API_PATHS, pathFor } from './paths';
import { type CallOptions, request } from './request';

/** The query keys of the sign-in calls that read server data (ADR 0012). */
export const staffSignInKeys = {
  sessions: () => ['auth', 'sessions'] as const,
  mfa: () => ['auth', 'mfa'] as const,
  mfaPolicy: () => ['admin', 'mfa-policy'] as const,
};

/**
 * POST /auth/logout: the token stops working at once. The token is passed in, so the page can
 * forget it first and end it on the server after (a sign-out never waits for the network). Sent
 * with `keepalive`, so the call still goes when the page is closed or left right after Logout.
 */
export function logout(token: string, options: CallOptions = {}): Promise<{ ok: true }> {
  return request('post', API_PATHS.auth.logout, okResponseSchema, {
    ...options,
    keepalive: true,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** GET /auth/sessions: my live sessions. */
export function listSessions(options: CallOptions = {}): Promise<StaffSessionsResponse> {
  return request('get', API_PATHS.auth.sessions, staffSessionsResponseSchema, options);
}

export const sessionsQuery = () =>
  queryOptions({ queryKey: staffSignInKeys.sessions(), queryFn: ({ signal }) => listSessions({ signal }) });

/** DELETE /auth/sessions/{id}: ends one of my sessions. */
export function endSession(id: number, options: CallOptions = {}): Promise<{ ok: true }> {
  return request('delete', pathFor(API_PATHS.auth.session, { id }), okResponseSchema, options);
}

/** POST /auth/mfa: finishes a sign-in with a code. */
export function verifyMfa(
  challenge: string,
  code: string,
  options: CallOptions = {},
): Promise<LoginResponse> {
  return request('post', API_PATHS.auth.mfa, loginResponseSchema, { ...options, json: { challenge, code } });
}

/** GET /auth/mfa: my second factor. */
export function getMfaStatus(options: CallOptions = {}): Promise<MfaStatus> {
  return request('get', API_PATHS.auth.mfa, mfaStatusSchema, options);
}

export const mfaStatusQuery = () =>
  queryOptions({ queryKey: staffSignInKeys.mfa(), queryFn: ({ signal }) => getMfaStatus({ signal }) });

/** POST /auth/mfa/enroll: a new secret, as a QR code's URL and as text. */
export function enrollMfa(options: CallOptions = {}): Promise<MfaEnrollResponse> {
  return request('post', API_PATHS.auth.mfaEnroll, mfaEnrollResponseSchema, options);
}

/** POST /auth/mfa/confirm: the first code; the recovery codes, shown once. */
export function confirmMfa(code: string, options: CallOptions = {}): Promise<MfaConfirmResponse> {
  return request('post', API_PATHS.auth.mfaConfirm, mfaConfirmResponseSchema, { ...options, json: { code } });
}

/** GET /admin/mfa-policy: the roles that must use a second factor (admins). */
export function getMfaPolicy(options: CallOptions = {}): Promise<MfaPolicy> {
  return request('get', API_PATHS.auth.mfaPolicy, mfaPolicySchema, options);
}

export const mfaPolicyQuery = () =>
  queryOptions({ queryKey: staffSignInKeys.mfaPolicy(), queryFn: ({ signal }) => getMfaPolicy({ signal }) });

/** PUT /admin/mfa-policy: chooses the roles that must use a second factor; answers the saved ones. */
export function setMfaPolicy(roles: MfaPolicy['roles'], options: CallOptions = {}): Promise<MfaPolicy> {
  return request('put', API_PATHS.auth.mfaPolicy, mfaPolicySchema, { ...options, json: { roles } });
}

/** DELETE /admin/users/{id}/mfa: resets a user's second factor (404 when they have none). */
export function resetUserMfa(id: number, options: CallOptions = {}): Promise<{ ok: true }> {
  return request('delete', pathFor(API_PATHS.auth.userMfa, { id }), okResponseSchema, options);
}

/** DELETE /admin/users/{id}/sessions: ends every session of a user; how many were open. */
export function endUserSessions(id: number, options: CallOptions = {}): Promise<{ ended: number }> {
  return request(
    'delete',
    pathFor(API_PATHS.auth.userSessions, { id }),
    sessionsEndedResponseSchema,
    options,
  );
}

/**
 * A sign-in whose user must set up a second factor first (ADR 0054) sets this before it stores the
 * token: the stored token re-renders the screens at once (the shell's `/` sends a signed-in user
 * on), before the sign-in screen hears the answer; those screens send the user to enrol instead.
 * The sign-in screen clears it once it has led on.
 */
let enrolmentDue = false;

export function isEnrolmentDue(): boolean {
  return enrolmentDue;
}

export function clearEnrolmentDue(): void {
  enrolmentDue = false;
}

/**
 * The sign-in screen's first step: the password. Either signed in (token and user stored, the
 * route to go to) or a code is asked for (ADR 0054): the challenge for `finishSignIn`. A user whose
 * role must use a second factor and has none yet (`mfaEnrolmentRequired`) is to enrol first: their
 * route is the enrolment screen.
 */
export async function startSignIn(
  credentials: LoginRequestInput,
  options: CallOptions = {},
): Promise<
  | { kind: 'signedIn'; user: StoredUser; landing: string; mustEnrol: boolean }
  | { kind: 'code'; challenge: string }
> {
  enrolmentDue = false;
  const answer = await request(
    'post',
    API_PATHS.auth.login,
    loginAnswerSchema,
    { ...options, json: credentials },
    MESSAGES.invalidResponse,
  );
  if ('challenge' in answer) return { kind: 'code', challenge: answer.challenge };
  // Staff only: a member's screens are the public ones, /profile is not theirs.
  const mustEnrol = answer.mfaEnrolmentRequired === true && landingRoute(answer.user.role) !== '/add-ticket';
  enrolmentDue = mustEnrol;
  const user = authStore.getState().login(answer);
  return {
    kind: 'signedIn',
    user,
    landing: mustEnrol ? MFA_ENROLMENT_ROUTE : landingRoute(user.role),
    mustEnrol,
  };
}

/** The second step: the code from the app (or a recovery code); stores token and user. */
export async function finishSignIn(
  challenge: string,
  code: string,
  options: CallOptions = {},
): Promise<{ user: StoredUser; landing: string }> {
  const answer = await verifyMfa(challenge, code, options);
  enrolmentDue = false;
  const user = authStore.getState().login(answer);
  return { user, landing: landingRoute(user.role) };
}
