import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { StartupError } from '../startupError';

export class DatabaseLockedError extends StartupError {
  override name = 'DatabaseLockedError';

  constructor(ownerPid: number | undefined, databaseDir: string, lockPath: string) {
    const owner = ownerPid === undefined ? 'Another api process' : `Another api process (pid ${ownerPid})`;
    super(
      `${owner} is using the embedded database in ${databaseDir}. ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL. ' +
        `(If no api process is running, delete ${lockPath}.)`,
    );
  }
}

// Locks this process holds: opening the same folder twice in one process is as unsafe as in two.
const heldByThisProcess = new Set<string>();

/**
 * PGlite does not lock its data folder, and two processes on one folder silently lose committed rows.
 * This takes an exclusive lock file holding our pid, or throws DatabaseLockedError when a live process
 * holds it. A lock left by a process that died is taken over. Returns the function that releases it.
 */
export function lockDatabaseFolder(lockPath: string, databaseDir: string): () => void {
  if (heldByThisProcess.has(lockPath)) throw new DatabaseLockedError(process.pid, databaseDir, lockPath);
  if (!createLockFile(lockPath)) {
    const ownerPid = readOwnerPid(lockPath);
    // Our own pid in the file cannot be a live owner (we hold no lock): it was left by an earlier run
    // that had the same pid, as pid 1 in a restarted container does.
    const ownerAlive = ownerPid === undefined || (ownerPid !== process.pid && isRunning(ownerPid));
    if (ownerAlive) throw new DatabaseLockedError(ownerPid, databaseDir, lockPath);
    rmSync(lockPath, { force: true });
    // Fails only if another process took the stale lock in the same instant.
    if (!createLockFile(lockPath))
      throw new DatabaseLockedError(readOwnerPid(lockPath), databaseDir, lockPath);
  }
  heldByThisProcess.add(lockPath);

  // A process that exits without closing the app (a crash on start, process.exit) still frees the folder.
  const releaseOnExit = () => removeIfOurs(lockPath);
  process.once('exit', releaseOnExit);
  return () => {
    process.off('exit', releaseOnExit);
    heldByThisProcess.delete(lockPath);
    removeIfOurs(lockPath);
  };
}

/** Creates the lock file with our pid, atomically; false when it already exists. */
function createLockFile(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  return true;
}

/** The pid in the lock file; undefined when unreadable (it is then treated as held, never as stale). */
function readOwnerPid(lockPath: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 only checks that the process exists
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function removeIfOurs(lockPath: string): void {
  if (readOwnerPid(lockPath) === process.pid) rmSync(lockPath, { force: true });
}
