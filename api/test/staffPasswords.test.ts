/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
// Passwords (ADR 0054): the 100,000 most common and those containing the person's name or email are
// refused wherever a password is set; a hash made with other parameters is replaced at sign-in.
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { App } from '../src/app';
import { users } from '../src/db/schema';
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from '../src/services/commonPasswords';
import { ARGON2_OPTIONS, needsRehash } from '../src/services/passwords';
import { ADMIN, bearer, buildDemoApp, login, newUser, tokenFor } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(60_000);

describe.each(databaseKinds)('passwords on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let admin: string;

  beforeAll(async () => {
    app = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '0' });
    admin = await tokenFor(app, ADMIN);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const create = (overrides: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/users/new',
      headers: bearer(admin),
      payload: newUser(overrides),
    });

  it.each([
    ['password123', COMMON_PASSWORD_MESSAGE],
    ['Password123', COMMON_PASSWORD_MESSAGE],
    ['qwertyuiop', COMMON_PASSWORD_MESSAGE],
    // One from deep in the list (about its 98,000th).
    ['277rte87hryloitru', COMMON_PASSWORD_MESSAGE],
    ['Kavita@2026', PERSONAL_PASSWORD_MESSAGE],
    ['myRane!!2026', PERSONAL_PASSWORD_MESSAGE],
  ])('refuses %s', async (password, message) => {
    const answer = await create({ password });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([{ path: 'password', message }]);
  });

  it('refuses one containing the email on a change, and takes a good one', async () => {
    const created = await create({ email: 'bhaskar.naik@example.com', fullName: 'B. Naik' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json().user;
    const change = (password: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/users/${id}`,
        headers: bearer(admin),
        payload: { ...newUser({ email: 'bhaskar.naik@example.com', fullName: 'B. Naik' }), password },
      });
    expect((await change('Bhaskar#Winter9')).statusCode).toBe(400);
    expect((await change('Tamarind-Lantern-73')).statusCode).toBe(200);
  });

  it('re-hashes at sign-in a hash made with other parameters, and signs in as before', async () => {
    const body = newUser({ password: 'Tamarind-Lantern-73' });
    expect((await create(body)).statusCode).toBe(201);
    const old = await hash(body.password, { memoryCost: 4096, timeCost: 3, parallelism: 1 });
    expect(needsRehash(old)).toBe(true);
    await app.db.update(users).set({ passwordHash: old }).where(eq(users.email, body.email));
    expect((await login(app, body.email, body.password)).statusCode).toBe(200);
    const [row] = await app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, body.email));
    expect(row?.hash).not.toBe(old);
    expect(row?.hash).toContain(
      `m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}`,
    );
    expect(needsRehash(row?.hash ?? '')).toBe(false);
    expect((await login(app, body.email, body.password)).statusCode).toBe(200);
  });
});
