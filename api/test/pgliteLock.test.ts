import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseLockedError, lockDatabaseFolder } from '../src/db/pgliteLock';

// The lock alone; the same rules with real api processes are in serverProcess.test.ts.
describe('the lock on the PGlite folder', () => {
  let dataDir: string;
  let lockPath: string;
  const databaseDir = () => path.join(dataDir, 'pglite');

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-lock-test-'));
    lockPath = path.join(dataDir, 'pglite.lock');
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is a file holding our pid, removed on release', () => {
    const release = lockDatabaseFolder(lockPath, databaseDir());

    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockPath)).toBe(false);
  });

  it('refuses a live process with a message that says what to do', () => {
    const livePid = process.ppid; // jest's parent process: alive and not us
    writeFileSync(lockPath, String(livePid));

    expect(() => lockDatabaseFolder(lockPath, databaseDir())).toThrow(DatabaseLockedError);
    expect(() => lockDatabaseFolder(lockPath, databaseDir())).toThrow(
      `Another api process (pid ${livePid}) is using the embedded database in ${databaseDir()}. ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL.',
    );
    expect(readFileSync(lockPath, 'utf8')).toBe(String(livePid));
  });

  it('takes over a lock whose process is gone', () => {
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockPath, String(deadPid));

    const release = lockDatabaseFolder(lockPath, databaseDir());

    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock left with our own pid by an earlier run (pid 1 in a restarted container)', () => {
    writeFileSync(lockPath, String(process.pid));

    const release = lockDatabaseFolder(lockPath, databaseDir());

    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('refuses a second open in the same process', () => {
    const release = lockDatabaseFolder(lockPath, databaseDir());

    expect(() => lockDatabaseFolder(lockPath, databaseDir())).toThrow(DatabaseLockedError);
    release();
  });

  it('treats a lock it cannot read as held, never as stale', () => {
    writeFileSync(lockPath, 'not a pid');

    expect(() => lockDatabaseFolder(lockPath, databaseDir())).toThrow(`delete ${lockPath}`);
  });

  it('leaves a lock that another process took meanwhile', () => {
    const release = lockDatabaseFolder(lockPath, databaseDir());
    writeFileSync(lockPath, String(process.ppid)); // as if the lock had been taken over

    release();

    expect(readFileSync(lockPath, 'utf8')).toBe(String(process.ppid));
  });
});
