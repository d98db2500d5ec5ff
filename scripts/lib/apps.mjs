// The apps of the suite and where their builds go: the one list the build, start and test
// scripts share.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WWW = path.join(ROOT, 'www');

/** Frontend apps: folder, and the folder under www/ nginx serves them from. */
export const FRONTENDS = [
  { folder: 'shell', served: 'shell', entry: 'main.js' },
  {
    folder: 'mf-public-intake',
    served: 'remotes/public-intake',
    entry: 'remoteEntry.js',
    remote: 'publicIntake',
  },
  {
    folder: 'mf-staff-dashboard',
    served: 'remotes/staff-dashboard',
    entry: 'remoteEntry.js',
    remote: 'staffDashboard',
  },
  { folder: 'mf-user-admin', served: 'remotes/user-admin', entry: 'remoteEntry.js', remote: 'userAdmin' },
];

export const API = { folder: 'api', entry: 'server.js' };

/** Newest modification time of the files below `dir` (skipping builds and dependencies). */
export function newestSourceTime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', 'data'].includes(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceTime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** A build is missing when its entry file is absent or older than its sources or shared-contracts. */
export function buildIsMissing(app) {
  const built = path.join(ROOT, app.folder, 'dist', app.entry);
  if (!existsSync(built)) return true;
  const sources = Math.max(
    newestSourceTime(path.join(ROOT, app.folder)),
    newestSourceTime(path.join(ROOT, 'shared-contracts')),
  );
  return statSync(built).mtimeMs < sources;
}
