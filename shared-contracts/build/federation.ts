/**
 * The one Module Federation sharing contract, imported by every app's webpack config.
 * Everything here is a singleton: one React, one router, one Mantine theme and notification
 * bus, one i18n instance, one auth store (shared-contracts) and one query cache (ADR 0012) for
 * the whole page.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type BuildContract, SHELL_CONTRACT } from './compatibility';

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

/** The apps that build with these singletons, and the package whose copy of them the shell shares. */
export const FEDERATED_APPS = [
  'shell',
  'mf-public-intake',
  'mf-staff-dashboard',
  'mf-user-admin',
  'shared-contracts',
] as const;

/** The package.json npm resolves `pkg` to from `dir` (node_modules up the tree), or null. */
function installedFrom(dir: string, pkg: string): string | null {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', pkg, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return null;
  }
}

/**
 * Every shared singleton pinned once for all apps (ADR 0032): each app that declares one declares
 * the same range, and each resolves to the same installed copy's version. Returns the
 * differences, one line each (empty when all agree). A team bumping react in its remote alone
 * would otherwise ship a remote built against a react the shell does not share.
 */
export function singletonPinDifferences(root: string, apps: readonly string[] = FEDERATED_APPS): string[] {
  const problems: string[] = [];
  for (const pkg of SINGLETONS) {
    if (pkg === 'shared-contracts') continue;
    const declared = new Map<string, string[]>();
    const installed = new Map<string, string[]>();
    for (const app of apps) {
      const manifest = JSON.parse(readFileSync(path.join(root, app, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const range = manifest.dependencies?.[pkg] ?? manifest.devDependencies?.[pkg];
      if (range === undefined) continue;
      declared.set(range, [...(declared.get(range) ?? []), app]);
      const file = installedFrom(path.join(root, app), pkg);
      const version = file
        ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
        : 'missing';
      installed.set(version, [...(installed.get(version) ?? []), app]);
    }
    const list = (found: Map<string, string[]>) =>
      [...found].map(([value, owners]) => `${value} in ${owners.join(', ')}`).join('; ');
    if (declared.size > 1) problems.push(`${pkg} is declared differently: ${list(declared)}`);
    if (installed.size > 1) problems.push(`${pkg} is installed in different versions: ${list(installed)}`);
  }
  return problems;
}

/** Fails the build (every app's webpack config calls sharedSingletons) when a singleton's pin differs. */
export function assertSingletonsPinned(root = path.join(__dirname, '..', '..')): void {
  const problems = singletonPinDifferences(root);
  if (problems.length > 0)
    throw new Error(
      `Shared singletons must have one version for all apps (ADR 0032):\n- ${problems.join('\n- ')}`,
    );
}

/** What this build was made with, written into its manifest (ADR 0032, ./compatibility.ts). */
export function buildContract(): BuildContract {
  return {
    sharedContracts: installedVersion('shared-contracts'),
    shellContract: { ...SHELL_CONTRACT },
    singletons: Object.fromEntries(
      SINGLETONS.filter((pkg) => pkg !== 'shared-contracts').map((pkg) => [pkg, installedVersion(pkg)]),
    ),
  };
}

export function sharedSingletons() {
  assertSingletonsPinned();
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
