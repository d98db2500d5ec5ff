/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
// The TOTP second factor (ADR 0054): enrolment by secret and a first code, ten recovery codes;
// an enrolled user's password alone gets { mfaRequired, challenge } and no token; a wrong code, a
// reused code and a reused recovery code are refused; an admin's reset is audited.
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { App } from '../src/app';
import { auditLog, users } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { ADMIN, bearer, buildDemoApp, GOVERNOR, login, PUNE_CONVENOR, tokenFor } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(60_000);

/** The code an authenticator app shows for `secret` at `at`. */
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

describe.each(databaseKinds)('the second factor on %s', (kind) => {
  const database = useTestDatabase(kind);
  // The start of a 30-second step, so "the same step" and "the next step" are exact.
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 30_000) * 30_000));
  let app: App;
  /** The admin's secret, from the first test's enrolment (the last test signs in with it). */
  let adminSecret = '';

  beforeAll(async () => {
    app = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '0' }, undefined, clock);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const post = (url: string, payload: object, token?: string) =>
    app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });

  /** Enrols the user behind `token`: the secret and the recovery codes. */
  async function enrol(token: string) {
    const started = await app.inject({ method: 'POST', url: '/api/auth/mfa/enroll', headers: bearer(token) });
    expect(started.statusCode).toBe(200);
    const { secret, otpauthUrl } = started.json() as { secret: string; otpauthUrl: string };
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    const wrongCode = codeAt(secret, clock.now()) === '000000' ? '111111' : '000000';
    const wrong = await post('/api/auth/mfa/confirm', { code: wrongCode }, token);
    expect(wrong.statusCode).toBe(401);
    const confirmed = await post('/api/auth/mfa/confirm', { code: codeAt(secret, clock.now()) }, token);
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    return { secret, recoveryCodes };
  }

  async function challengeFor(email: string): Promise<string> {
    const answer = await login(app, email);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toEqual({ mfaRequired: true, challenge: expect.any(String) });
    expect(body.token).toBeUndefined();
    return body.challenge;
  }

  it('an enrolled admin: the password alone gets a challenge, no token; a code finishes, once', async () => {
    const before = await login(app, ADMIN);
    // Admins must enrol (the default policy): told so, with a working token until they do.
    expect(before.json()).toMatchObject({ token: expect.any(String), mfaEnrolmentRequired: true });
    const token = before.json().token as string;
    const status = await app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(token) });
    expect(status.json()).toEqual({ enrolled: false, required: true, recoveryCodesLeft: 0 });

    const { secret, recoveryCodes } = await enrol(token);
    adminSecret = secret;
    // A second enrolment is refused while this one stands.
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/mfa/enroll', headers: bearer(token) })).statusCode,
    ).toBe(409);

    let challenge = await challengeFor(ADMIN);
    // The confirming code was spent: the same step's code is refused.
    const reusedConfirm = await post('/api/auth/mfa', { challenge, code: codeAt(secret, clock.now()) });
    expect(reusedConfirm.statusCode).toBe(401);
    expect(reusedConfirm.json().token).toBeUndefined();
    const wrong = await post('/api/auth/mfa', { challenge, code: '12345x' });
    expect(wrong.statusCode).toBe(401);

    clock.advance(30_000);
    const code = codeAt(secret, clock.now());
    const signedIn = await post('/api/auth/mfa', { challenge, code });
    expect(signedIn.statusCode).toBe(200);
    const mfaToken = signedIn.json().token as string;
    expect(signedIn.json().user.email).toBe(ADMIN);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/check', headers: bearer(mfaToken) })).statusCode,
    ).toBe(200);

    // The same code again, even with a fresh challenge, is refused.
    challenge = await challengeFor(ADMIN);
    expect((await post('/api/auth/mfa', { challenge, code })).statusCode).toBe(401);

    // A recovery code works once (typed in capitals without its dash too).
    const recovery = recoveryCodes[0] ?? '';
    const typed = recovery.replace('-', '').toUpperCase();
    expect((await post('/api/auth/mfa', { challenge, code: typed })).statusCode).toBe(200);
    challenge = await challengeFor(ADMIN);
    expect((await post('/api/auth/mfa', { challenge, code: recovery })).statusCode).toBe(401);
    const left = await app.inject({ method: 'GET', url: '/api/auth/mfa', headers: bearer(mfaToken) });
    expect(left.json()).toEqual({ enrolled: true, required: true, recoveryCodesLeft: 9 });
  });

  it('refuses a forged or expired challenge', async () => {
    expect((await post('/api/auth/mfa', { challenge: 'not.a.challenge', code: '123456' })).statusCode).toBe(
      401,
    );
    const token = await tokenFor(app, PUNE_CONVENOR);
    // A bearer token is not a challenge (another audience).
    expect((await post('/api/auth/mfa', { challenge: token, code: '123456' })).statusCode).toBe(401);
    const { secret } = await enrol(token);
    const challenge = await challengeFor(PUNE_CONVENOR);
    clock.advance(6 * 60_000);
    const late = await post('/api/auth/mfa', { challenge, code: codeAt(secret, clock.now()) });
    expect(late.statusCode).toBe(401);
    expect(late.json().token).toBeUndefined();
  });

  it('an admin resets a user’s second factor (audited) and chooses the roles that must use one', async () => {
    const governorToken = await tokenFor(app, GOVERNOR);
    // The governor's role is not required by default: no nudge.
    expect((await login(app, GOVERNOR)).json().mfaEnrolmentRequired).toBeUndefined();
    await enrol(governorToken);
    await challengeFor(GOVERNOR);
    const [governor] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, GOVERNOR));
    const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN));
    const resetUrl = `/api/admin/users/${governor?.id}/mfa`;
    expect(
      (await app.inject({ method: 'DELETE', url: resetUrl, headers: bearer(governorToken) })).statusCode,
    ).toBe(403);

    // The admin enrolled in the first test: a code of a later step signs them in.
    const challenge = await challengeFor(ADMIN);
    clock.advance(30_000);
    const signedIn = await post('/api/auth/mfa', { challenge, code: codeAt(adminSecret, clock.now()) });
    expect(signedIn.statusCode).toBe(200);
    const adminToken = signedIn.json().token as string;

    const reset = await app.inject({ method: 'DELETE', url: resetUrl, headers: bearer(adminToken) });
    expect(reset.statusCode).toBe(200);
    expect((await login(app, GOVERNOR)).json().token).toEqual(expect.any(String));
    expect(
      (await app.inject({ method: 'DELETE', url: resetUrl, headers: bearer(adminToken) })).statusCode,
    ).toBe(404);
    const audited = await app.db
      .select({ actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.mfa_reset'), eq(auditLog.targetId, governor?.id ?? 0)));
    expect(audited).toEqual([{ actor: admin?.id }]);

    const policy = await app.inject({
      method: 'GET',
      url: '/api/admin/mfa-policy',
      headers: bearer(adminToken),
    });
    expect(policy.json()).toEqual({ roles: ['admin', 'credaipresident'] });
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/admin/mfa-policy',
      headers: bearer(adminToken),
      payload: { roles: ['governor'] },
    });
    expect(changed.json()).toEqual({ roles: ['governor'] });
    expect((await login(app, GOVERNOR)).json().mfaEnrolmentRequired).toBe(true);
  });
});
