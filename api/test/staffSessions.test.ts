/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
// Sessions behind the tokens (ADR 0053): sign-out ends the token at once, /profile's list ends any
// session, an admin ends all of a user's, and the idle timeout and absolute lifetime hold, on both
// databases and (on PostgreSQL) across two api instances.
import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { auditLog, users } from '../src/db/schema';
import { ManualClock } from '../src/services/clock';
import { ADMIN, bearer, buildDemoApp, login, PUNE_CONVENOR, tokenFor } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(60_000);

const MINUTE = 60_000;

describe.each(databaseKinds)('sessions on %s', (kind) => {
  const database = useTestDatabase(kind);
  const clock = new ManualClock();
  let app: App;

  beforeAll(async () => {
    app = await buildDemoApp(
      database(),
      { HELPDESK_DEMO_TICKETS: '0', SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '8' },
      undefined,
      clock,
    );
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const check = (token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/check', headers: bearer(token) });
  // A list reads the session in its own statement (requireToken): checked apart from /auth/check.
  const list = (token: string) =>
    app.inject({ method: 'GET', url: '/api/tickets/stats', headers: bearer(token) });
  const signInFrom = async (email: string, device: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': device },
      payload: { email, password: 'Demo@12345' },
    });
    expect(response.statusCode).toBe(200);
    return response.json().token as string;
  };

  it('signing out makes the same token 401 on the next call, lists included', async () => {
    const token = await tokenFor(app, ADMIN);
    expect((await check(token)).statusCode).toBe(200);
    expect((await list(token)).statusCode).toBe(200);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect((await check(token)).statusCode).toBe(401);
    expect((await list(token)).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode,
    ).toBe(401);
    // Signing in again gives a new session that works.
    expect((await check(await tokenFor(app, ADMIN))).statusCode).toBe(200);
  });

  it('lists my live sessions with device, address and last use, and ends another one', async () => {
    const laptop = await signInFrom(PUNE_CONVENOR, 'Laptop browser');
    const phone = await signInFrom(PUNE_CONVENOR, 'Phone browser');
    const answer = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(laptop) });
    expect(answer.statusCode).toBe(200);
    const { sessions } = answer.json() as {
      sessions: { id: number; device: string; address: string; lastUsedAt: string; current: boolean }[];
    };
    const mine = sessions.find((session) => session.current);
    const other = sessions.find((session) => session.device === 'Phone browser');
    expect(mine?.device).toBe('Laptop browser');
    expect(mine?.address).toBe('127.0.0.1');
    expect(Date.parse(mine?.lastUsedAt ?? '')).not.toBeNaN();
    expect(other?.current).toBe(false);

    // Another user cannot end it (404, as for a session that does not exist).
    const admin = await tokenFor(app, ADMIN);
    const foreign = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other?.id}`,
      headers: bearer(admin),
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list(phone)).statusCode).toBe(200);

    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${other?.id}`,
      headers: bearer(laptop),
    });
    expect(ended.statusCode).toBe(200);
    expect((await list(phone)).statusCode).toBe(401);
    expect((await check(phone)).statusCode).toBe(401);
    expect((await check(laptop)).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(laptop) });
    expect(after.json().sessions.map((session: { id: number }) => session.id)).not.toContain(other?.id);
  });

  it('an admin ends every session of a user, audited', async () => {
    const first = await tokenFor(app, PUNE_CONVENOR);
    const second = await tokenFor(app, PUNE_CONVENOR);
    const admin = await tokenFor(app, ADMIN);
    const [convenor] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, PUNE_CONVENOR));
    const other = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${convenor?.id}/sessions`,
      headers: bearer(first),
    });
    expect(other.statusCode).toBe(403);
    const answer = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${convenor?.id}/sessions`,
      headers: bearer(admin),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().ended).toBeGreaterThanOrEqual(2);
    expect((await check(first)).statusCode).toBe(401);
    expect((await list(second)).statusCode).toBe(401);
    expect((await check(admin)).statusCode).toBe(200);
    const audited = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.sessions_end'), eq(auditLog.targetId, convenor?.id ?? 0)));
    expect(audited).toHaveLength(1);
  });

  it('a session unused for SESSION_IDLE_MINUTES is over; one in use is not', async () => {
    const idle = await tokenFor(app, PUNE_CONVENOR);
    const busy = await tokenFor(app, PUNE_CONVENOR);
    for (let step = 0; step < 4; step += 1) {
      clock.advance(10 * MINUTE);
      expect((await list(busy)).statusCode).toBe(200);
    }
    // 40 minutes: the idle one is past its 30; the busy one was used every 10.
    expect((await check(idle)).statusCode).toBe(401);
    expect((await check(busy)).statusCode).toBe(200);
    clock.advance(31 * MINUTE);
    expect((await list(busy)).statusCode).toBe(401);
  });

  it('a session ends SESSION_MAX_HOURS after sign-in however busy (absolute lifetime)', async () => {
    const token = await tokenFor(app, PUNE_CONVENOR);
    // Used every 20 minutes for 7 h 40 min: still good.
    for (let minutes = 20; minutes < 8 * 60; minutes += 20) {
      clock.advance(20 * MINUTE);
      expect((await check(token)).statusCode).toBe(200);
    }
    clock.advance(20 * MINUTE);
    expect((await check(token)).statusCode).toBe(401);
  });

  it('refuses sign-out and the sessions list without a token', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    expect((await login(app, ADMIN, 'wrong password')).statusCode).toBe(401);
  });
});

// Several api instances on one PostgreSQL (PGlite allows one process).
const onPostgres = databaseKinds.includes('postgres') ? describe : describe.skip;
onPostgres('sign-out across two api instances on postgres', () => {
  const database = useTestDatabase('postgres');
  let first: App;
  let second: App;

  beforeAll(async () => {
    first = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '0' });
    second = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '0' });
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('a token signed out on one instance is refused by the other on its next call', async () => {
    const token = await tokenFor(first, ADMIN);
    const onSecond = () => second.inject({ method: 'GET', url: '/api/tickets/all', headers: bearer(token) });
    const checkOnFirst = () =>
      first.inject({ method: 'GET', url: '/api/auth/check', headers: bearer(token) });
    // Both instances have seen (and remembered) the token.
    expect((await onSecond()).statusCode).toBe(200);
    expect((await checkOnFirst()).statusCode).toBe(200);
    const out = await second.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await checkOnFirst()).statusCode).toBe(401);
    expect((await onSecond()).statusCode).toBe(401);
  });
});
