import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CreateAdminIo } from '../src/cli/createAdmin';
import { repoDir } from '../src/paths';
import { login, TEST_SECRET } from './support/session';
import { APP_TIMEOUT_MS, buildTestApp } from './support/testApp';
import { databaseKinds, type TestDatabase, useTestDatabase } from './support/testDatabase';

/** Runs the command in this process, on the test database, as production would. */
async function createAdmin(database: TestDatabase, argv: string[], password?: string) {
  // Loaded here, after testApp.ts has swapped in the PGlite that runs outside jest's sandbox.
  const { runCreateAdmin } = await import('../src/cli/createAdmin');
  const lines: string[] = [];
  const io: CreateAdminIo = {
    env: { NODE_ENV: 'production', ...database.env }, // no HELPDESK_SECRET: not needed here
    readPassword: async () => password,
    out: (line) => lines.push(line),
  };
  const code = await runCreateAdmin(argv, io);
  return { code, output: lines.join('\n') };
}

// Each case runs the command (a password hash, a database opened): on a loaded CI machine more
// than jest's default 5 s (seen). The bound only catches a hang.
jest.setTimeout(60_000);

describe.each(databaseKinds)('the create-admin command on %s', (kind) => {
  const database = useTestDatabase(kind);

  it(
    'creates an admin in production mode without HELPDESK_SECRET, who can then sign in',
    async () => {
      const result = await createAdmin(
        database(),
        ['--email', 'Ops.Admin@Example.org', '--name', 'Asha Rao', '--mobile', '9876543210'],
        'Str0ng@Passphrase',
      );

      expect(result).toEqual({
        code: 0,
        output: `Admin ops.admin@example.org created (id 1) in the ${kind} database. Sign in with it.`,
      });
      const app = await buildTestApp(database(), { HELPDESK_SECRET: TEST_SECRET });
      try {
        const response = await login(app, 'ops.admin@example.org', 'Str0ng@Passphrase');
        expect(response.statusCode).toBe(200);
        expect(response.json().user.role).toBe('admin');
        // The bootstrap call is gone now that an admin exists.
        const register = await app.inject({
          method: 'POST',
          url: '/api/auth/register-admin',
          payload: { fullName: 'Mallory', email: 'mallory@example.org', password: 'Takeover@123' },
        });
        expect(register.statusCode).toBe(404);
      } finally {
        await app.close();
      }
    },
    APP_TIMEOUT_MS,
  );

  it('refuses an email that exists, in any case', async () => {
    const result = await createAdmin(
      database(),
      ['--email', 'OPS.ADMIN@example.org', '--name', 'Someone Else'],
      'Str0ng@Passphrase',
    );

    expect(result).toEqual({
      code: 1,
      output: 'Cannot create the admin: A user with this email already exists',
    });
  });

  it.each([
    ['a bad email', ['--email', 'ops@', '--name', 'Asha Rao'], 'Str0ng@Passphrase', 'email: '],
    ['a short password', ['--email', 'ops2@example.org', '--name', 'Asha Rao'], 'short', 'password: '],
    ['no name', ['--email', 'ops2@example.org'], 'Str0ng@Passphrase', 'Usage: npm run create-admin'],
    ['an unknown option', ['--email', 'ops2@example.org', '--name', 'A', '--role', 'x'], 'x', 'Usage:'],
    ['two different passwords', ['--email', 'ops2@example.org', '--name', 'Asha Rao'], undefined, 'differ'],
  ])('refuses %s', async (_what, argv, password, message) => {
    const result = await createAdmin(database(), argv, password);

    expect(result.code).toBe(1);
    expect(result.output).toContain(message);
  });
});

describe('the create-admin command as a process', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-create-admin-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'reads the password from standard input and never prints it',
    () => {
      const result = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(repoDir, 'api/src/cli/createAdmin.ts'),
          '--email',
          'root@example.org',
          '--name',
          'Asha Rao',
        ],
        {
          cwd: repoDir,
          input: 'Str0ng@Passphrase\n',
          encoding: 'utf8',
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DATABASE_URL: '',
            DATA_DIR: dataDir,
            HELPDESK_SECRET: '',
          },
        },
      );

      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('Admin root@example.org created (id 1) in the pglite database.');
      expect(result.stdout).not.toContain('Str0ng@Passphrase');
    },
    APP_TIMEOUT_MS,
  );
});
