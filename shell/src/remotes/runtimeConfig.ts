/**
 * Where each remote is loaded from is decided at run time by /config/remotes.json, never at
 * build time: shipping a new remote is uploading its dist/ (or pointing this file at a new
 * versioned folder), without rebuilding the shell.
 */

import { REMOTE_ROUTES, type RemoteId } from 'shared-contracts';
import { z } from 'zod';

const remoteIds = Object.keys(REMOTE_ROUTES) as [RemoteId, ...RemoteId[]];

export const runtimeConfigSchema = z.object({
  remotes: z.record(z.enum(remoteIds), z.string().min(1)),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_URL = '/config/remotes.json';

export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(RUNTIME_CONFIG_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Runtime config unavailable (${response.status})`);
  return runtimeConfigSchema.parse(await response.json());
}

/** Manifest URLs may be relative to the site ("/remotes/…"); the federation runtime wants absolute ones. */
export function absoluteManifestUrl(entry: string): string {
  return new URL(entry, window.location.href).href;
}
