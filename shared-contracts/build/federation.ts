/**
 * The one Module Federation sharing contract, imported by every app's webpack config.
 * Everything here is a singleton: one React, one router, one Mantine theme and notification
 * bus, one i18n instance, one auth store (shared-contracts) and one query cache (ADR 0012) for
 * the whole page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/notifications',
  'zustand',
  '@tanstack/react-query',
  'i18next',
  'react-i18next',
  'shared-contracts',
] as const;

/** The version npm actually installed, so `requiredVersion` can never drift from package.json. */
function installedVersion(pkg: string): string {
  const manifest =
    pkg === 'shared-contracts' ? path.join(__dirname, '..', 'package.json') : packageJsonOf(pkg);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function packageJsonOf(pkg: string): string {
  // Some packages do not export ./package.json; walk up from their resolved entry instead.
  let dir = path.dirname(require.resolve(pkg));
  while (!dir.endsWith(path.join('node_modules', pkg))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot locate package.json of ${pkg}`);
    dir = parent;
  }
  return path.join(dir, 'package.json');
}

export function sharedSingletons() {
  return Object.fromEntries(
    SINGLETONS.map((pkg) => {
      const version = installedVersion(pkg);
      return [pkg, { singleton: true, requiredVersion: `^${version}`, version }];
    }),
  );
}

/** Module Federation names of the remotes; the shell's runtime config uses the same names. */
export const REMOTE_NAMES = {
  publicIntake: { folder: 'mf-public-intake', devPort: 3001, urlPath: '/remotes/public-intake/' },
  staffDashboard: { folder: 'mf-staff-dashboard', devPort: 3002, urlPath: '/remotes/staff-dashboard/' },
  userAdmin: { folder: 'mf-user-admin', devPort: 3003, urlPath: '/remotes/user-admin/' },
} as const;

export type RemoteName = keyof typeof REMOTE_NAMES;
export const SHELL_DEV_PORT = 3000;
export const API_PORT = 4000;
