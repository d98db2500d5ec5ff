import { readFileSync } from 'node:fs';
import path from 'node:path';

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** Where each app of the suite is served from, relative to www/. */
const APPS = ['shell', 'remotes/public-intake', 'remotes/staff-dashboard', 'remotes/user-admin'];

/**
 * Every URL path, over all four apps, of a chunk that carries `pkg`. Each app bundles its own
 * fallback copy of a shared package; Module Federation must download only one of them.
 */
export function chunksCarrying(www: string, pkg: string): Set<string> {
  const paths = new Set<string>();
  for (const app of APPS) {
    const manifest = JSON.parse(readFileSync(path.join(www, app, 'mf-manifest.json'), 'utf8')) as Manifest;
    const prefix = app === 'shell' ? '/' : `/${app}/`;
    for (const shared of manifest.shared.filter((entry) => entry.name === pkg)) {
      for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) paths.add(prefix + file);
    }
  }
  return paths;
}
