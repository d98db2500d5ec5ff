import { HttpResponse, http, server } from '../../testing/network';
import { authStore } from '../auth/authStore';
import { loginAnswerSchema, mfaCodeSchema, mfaPolicySchema } from '../schemas/staffSignIn';
import {
  clearEnrolmentDue,
  confirmMfa,
  endSession,
  endUserSessions,
  enrollMfa,
  finishSignIn,
  getMfaPolicy,
  getMfaStatus,
  isEnrolmentDue,
  listSessions,
  logout,
  mfaPolicyQuery,
  mfaStatusQuery,
  resetUserMfa,
  sessionsQuery,
  setMfaPolicy,
  staffSignInKeys,
  startSignIn,
  verifyMfa,
} from './staffSignIn';

interface Seen {
  method: string;
  path: string;
  body: unknown;
  authorization?: string | null;
  keepalive: boolean;
}

function answer(status: number, answerBody: unknown): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      seen.push({
        method: request.method,
        path: new URL(request.url).pathname,
        authorization: request.headers.get('authorization'),
        keepalive: request.keepalive,
        body: await request.json().catch(() => undefined),
      });
      return HttpResponse.json(answerBody as Parameters<typeof HttpResponse.json>[0], { status });
    }),
  );
  return seen;
}

const at = '2026-11-28T10:00:00.000Z';
const session = {
  id: 4,
  device: 'Firefox',
  address: '203.0.113.9',
  createdAt: at,
  lastUsedAt: at,
  expiresAt: at,
  current: true,
};
const user = {
  id: 1,
  fullName: 'Sunita Kulkarni',
  email: 'admin@helpdesk.demo',
  role: 'admin',
  city: 'Pune',
};

describe('the staff sign-in calls', () => {
  it('signs out and ends a session by id', async () => {
    const seen = answer(200, { ok: true });
    await expect(logout('the-token')).resolves.toEqual({ ok: true });
    await expect(endSession(7)).resolves.toEqual({ ok: true });
    expect(seen[0]?.authorization).toBe('Bearer the-token');
    // The sign-out outlives the page: Logout then closing the tab still ends the session.
    expect(seen[0]?.keepalive).toBe(true);
    expect(seen[1]?.keepalive).toBe(false);
    expect(seen.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/auth/logout',
      'DELETE /api/auth/sessions/7',
    ]);
  });

  it('lists my sessions, also as a query', async () => {
    answer(200, { sessions: [session] });
    await expect(listSessions()).resolves.toEqual({ sessions: [session] });
    const query = sessionsQuery();
    expect(query.queryKey).toEqual(staffSignInKeys.sessions());
    expect(await query.queryFn?.({ signal: new AbortController().signal } as never)).toEqual({
      sessions: [session],
    });
  });

  it('finishes a sign-in with the challenge and a code', async () => {
    const seen = answer(200, { user, token: 't' });
    await expect(verifyMfa('c', '123456')).resolves.toEqual({ user, token: 't' });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/mfa',
      body: { challenge: 'c', code: '123456' },
    });
  });

  it('reads the second factor, enrols and confirms it', async () => {
    answer(200, { enrolled: false, required: true, recoveryCodesLeft: 0 });
    await expect(getMfaStatus()).resolves.toMatchObject({ required: true });
    const query = mfaStatusQuery();
    expect(query.queryKey).toEqual(staffSignInKeys.mfa());
    expect(await query.queryFn?.({ signal: new AbortController().signal } as never)).toMatchObject({
      enrolled: false,
    });
    answer(200, { otpauthUrl: 'otpauth://totp/x', secret: 'ABC' });
    await expect(enrollMfa()).resolves.toEqual({ otpauthUrl: 'otpauth://totp/x', secret: 'ABC' });
    const seen = answer(200, { recoveryCodes: ['abcde-fghjk'] });
    await expect(confirmMfa('654321')).resolves.toEqual({ recoveryCodes: ['abcde-fghjk'] });
    expect(seen[0]?.body).toEqual({ code: '654321' });
  });

  it("reads and saves the admins' policy, resets a user's second factor and ends their sessions", async () => {
    let seen = answer(200, { roles: ['admin', 'credaipresident'] });
    await expect(getMfaPolicy()).resolves.toEqual({ roles: ['admin', 'credaipresident'] });
    const query = mfaPolicyQuery();
    expect(query.queryKey).toEqual(staffSignInKeys.mfaPolicy());
    await expect(setMfaPolicy(['admin', 'credaipresident'])).resolves.toEqual({
      roles: ['admin', 'credaipresident'],
    });
    expect(seen.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/api/admin/mfa-policy', undefined],
      ['PUT', '/api/admin/mfa-policy', { roles: ['admin', 'credaipresident'] }],
    ]);
    seen = answer(200, { ok: true });
    await expect(resetUserMfa(12)).resolves.toEqual({ ok: true });
    const ending = answer(200, { ended: 3 });
    await expect(endUserSessions(12)).resolves.toEqual({ ended: 3 });
    expect([...seen, ...ending].map(({ method, path }) => `${method} ${path}`)).toEqual([
      'DELETE /api/admin/users/12/mfa',
      'DELETE /api/admin/users/12/sessions',
    ]);
  });
});

describe('the two steps of a sign-in', () => {
  afterEach(() => authStore.getState().logout());

  it('a password alone signs in a user without a second factor', async () => {
    answer(200, { user, token: 't1' });
    await expect(startSignIn({ email: user.email, password: 'x' })).resolves.toMatchObject({
      kind: 'signedIn',
      landing: '/dashboard',
    });
    expect(authStore.getState().token).toBe('t1');
  });

  it('a user who must set up a second factor first is sent to the enrolment screen', async () => {
    answer(200, { user, token: 't3', mfaEnrolmentRequired: true });
    await expect(startSignIn({ email: user.email, password: 'x' })).resolves.toMatchObject({
      kind: 'signedIn',
      landing: '/profile',
      mustEnrol: true,
    });
    expect(authStore.getState().token).toBe('t3');
    // Said before the token is stored, for the screens the stored token re-renders; cleared by the
    // sign-in screen once it has led on.
    expect(isEnrolmentDue()).toBe(true);
    clearEnrolmentDue();
    expect(isEnrolmentDue()).toBe(false);
    answer(200, { user: { ...user, role: 'customer' }, token: 't5', mfaEnrolmentRequired: true });
    await expect(startSignIn({ email: user.email, password: 'x' })).resolves.toMatchObject({
      landing: '/add-ticket',
      mustEnrol: false,
    });
    answer(200, { user, token: 't4', mfaEnrolmentRequired: false });
    await expect(startSignIn({ email: user.email, password: 'x' })).resolves.toMatchObject({
      landing: '/dashboard',
      mustEnrol: false,
    });
    expect(isEnrolmentDue()).toBe(false);
  });

  it('asks for the code when the answer is a challenge, and stores nothing until it comes', async () => {
    answer(200, { mfaRequired: true, challenge: 'c' });
    await expect(startSignIn({ email: user.email, password: 'x' })).resolves.toEqual({
      kind: 'code',
      challenge: 'c',
    });
    expect(authStore.getState().token).toBeNull();
    answer(200, { user, token: 't2' });
    await expect(finishSignIn('c', '123456')).resolves.toMatchObject({ landing: '/dashboard' });
    expect(authStore.getState().token).toBe('t2');
  });
});

describe('the staff sign-in schemas', () => {
  it('a login answer is a token or a challenge, nothing else', () => {
    expect(loginAnswerSchema.safeParse({ user, token: 't', mfaEnrolmentRequired: true }).success).toBe(true);
    expect(loginAnswerSchema.safeParse({ mfaRequired: true, challenge: 'c' }).success).toBe(true);
    expect(loginAnswerSchema.safeParse({ mfaRequired: true }).success).toBe(false);
    expect(loginAnswerSchema.safeParse({ user }).success).toBe(false);
  });

  it('a code is trimmed and required; the policy takes roles only', () => {
    expect(mfaCodeSchema.parse(' 123456 ')).toBe('123456');
    expect(mfaCodeSchema.safeParse('  ').success).toBe(false);
    expect(mfaCodeSchema.safeParse('1'.repeat(33)).success).toBe(false);
    expect(mfaCodeSchema.safeParse('12\u000034').success).toBe(false);
    expect(mfaPolicySchema.safeParse({ roles: ['admin', 'credaipresident'] }).success).toBe(true);
    expect(mfaPolicySchema.safeParse({ roles: ['root'] }).success).toBe(false);
  });
});
