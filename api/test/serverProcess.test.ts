import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApiProcess, listening, startApiProcess } from './support/apiProcess';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './support/session';

// Real api processes (src/server.ts run by tsx) on one PGlite folder. These rules exist only for
// the embedded database, so this file runs on PGlite alone.
// A fresh PGlite (initdb, migrations) takes seconds alone and far longer on a busy CI machine.
const START_TIMEOUT_MS = 180_000;

function startApi(dataDir: string, env: NodeJS.ProcessEnv = {}): ApiProcess {
  return startApiProcess({ DATA_DIR: dataDir, HELPDESK_SECRET: '', HELPDESK_DEMO_DATA: '', ...env });
}

describe('api processes on one PGlite folder', () => {
  let dataDir: string;
  const running: ApiProcess[] = [];
  const lockPath = () => path.join(dataDir, 'pglite.lock');

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-process-test-'));
  });
  afterEach(async () => {
    for (const api of running.splice(0)) {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      await api.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses a second process with a clear message, then the first shuts down cleanly',
    async () => {
      const first = startApi(dataDir);
      running.push(first);
      const url = await listening(first);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);

      const second = startApi(dataDir);
      running.push(second);

      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(
        `Another api process (pid ${first.child.pid}) is using the embedded database in ${path.join(dataDir, 'pglite')}. ` +
          'Stop it first, or set DATABASE_URL to use PostgreSQL.',
      );
      // The refused process left the first one's lock alone.
      expect(readFileSync(lockPath(), 'utf8')).toBe(String(first.child.pid));

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(lockPath())).toBe(false);
    },
    START_TIMEOUT_MS,
  );

  it(
    'takes over the lock of a process that was killed',
    async () => {
      const killed = startApi(dataDir);
      running.push(killed);
      await listening(killed);
      killed.child.kill('SIGKILL');
      await killed.exited;
      expect(readFileSync(lockPath(), 'utf8')).toBe(String(killed.child.pid));

      const next = startApi(dataDir);
      running.push(next);
      const url = await listening(next);

      expect(await (await fetch(`${url}/api/health`)).json()).toEqual({
        status: 'ok',
        database: { kind: 'pglite', reachable: true },
        email: 'held',
        replica: { state: 'off', lagMs: null },
      });
      expect(readFileSync(lockPath(), 'utf8')).toBe(String(next.child.pid));
    },
    START_TIMEOUT_MS,
  );

  it(
    'on a fresh folder with HELPDESK_DEMO_DATA (npm start), signs in every demo account',
    async () => {
      const api = startApi(dataDir, { NODE_ENV: 'development', HELPDESK_DEMO_DATA: 'true' });
      running.push(api);
      const url = await listening(api);

      for (const [email, account] of Object.entries(DEMO_ACCOUNTS)) {
        const response = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: DEMO_PASSWORD }),
        });
        expect({ email, status: response.status }).toEqual({ email, status: 200 });
        expect((await response.json()).user.role).toBe(account.role);
      }
      // Neither the demo password nor a token reached the log.
      expect(api.output()).not.toContain(DEMO_PASSWORD);
      expect(api.output()).not.toMatch(/eyJ[\w-]+\.eyJ/);
    },
    START_TIMEOUT_MS,
  );
});

describe('an api process in production', () => {
  it.each([
    [
      'without HELPDESK_SECRET',
      {},
      'HELPDESK_SECRET: is required when NODE_ENV=production: it signs the sign-in tokens.',
    ],
    [
      'with a HELPDESK_SECRET shorter than 32 bytes',
      { HELPDESK_SECRET: 'short' },
      'HELPDESK_SECRET: must be at least 32 bytes long',
    ],
    [
      'with HELPDESK_DEMO_DATA',
      { HELPDESK_SECRET: 'k7Qm2vX9pL4tR8wZ1cN6bH3jF5dS0aYe', HELPDESK_DEMO_DATA: 'true' },
      'HELPDESK_DEMO_DATA: must not be true when NODE_ENV=production',
    ],
  ])(
    'refuses to start %s, saying why',
    async (_what, env, message) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-process-test-'));
      try {
        const api = startApi(dataDir, { NODE_ENV: 'production', ...env });

        expect(await api.exited).toBe(1);
        expect(api.output()).toContain('api failed to start: Invalid environment variables:');
        expect(api.output()).toContain(message);
        expect(api.output()).not.toMatch(/\n\s+at /); // no stack trace
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    START_TIMEOUT_MS,
  );
});
