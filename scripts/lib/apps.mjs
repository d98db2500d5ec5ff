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

/**
 * The api bundle, and the flags of the Node that runs it: Node 24's V8 sizes the young generation
 * up to 16 MB a semi-space, and the first CSV export of 1,000,000 tickets after a start grew the
 * process by 57 MB (29 MB on Node 20); 8 MB keeps it at 15 MB, as fast (bench/README.md, reports).
 * `--expose-gc` gives the api V8's `gc`, with which uploads free the pieces of their bodies already
 * on disk (api/src/services/tickets/bodyGarbage.ts, ADR 0080).
 */
export const API = {
  folder: 'api',
  entry: 'server.js',
  nodeFlags: ['--max-semi-space-size=8', '--expose-gc'],
};

/**
 * The name of a release folder, www/remotes/<name>/<version>/ (scripts/release.mjs): UTC time of
 * the release and the first 8 hex digits of its files' hash. nginx.conf and the gateway serve
 * these folders as immutable: a release folder is never written to again.
 */
export const RELEASE_VERSION = /^\d{8}-\d{6}-[0-9a-f]{8}$/;
export const isReleaseVersion = (name) => RELEASE_VERSION.test(name);

/** The frontend app of a remote, named as its folder, its URL name or its federation name. */
export function remoteApp(name) {
  const app = FRONTENDS.find(
    (candidate) =>
      candidate.remote &&
      [candidate.folder, candidate.remote, path.basename(candidate.served)].includes(name),
  );
  if (!app)
    throw new Error(
      `Unknown remote "${name}": one of ${FRONTENDS.filter((a) => a.remote)
        .map((a) => path.basename(a.served))
        .join(', ')}`,
    );
  return app;
}

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
