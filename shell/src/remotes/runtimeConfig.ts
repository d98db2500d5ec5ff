/**
 * Where each remote is loaded from is decided at run time by /config/remotes.json, never at
 * build time: shipping a new remote is uploading its dist/ (or pointing this file at a new
 * versioned folder), without rebuilding the shell. `npm run release` writes it (ADR 0032).
 *
 * A remote may also have a canary: a second release shown to a share of browsers, each browser
 * staying on the side it drew (its bucket, kept in localStorage).
 */

import { REMOTE_ROUTES, type RemoteId } from 'shared-contracts';
import { z } from 'zod';

const remoteIds = Object.keys(REMOTE_ROUTES) as [RemoteId, ...RemoteId[]];

const canarySchema = z.object({
  entry: z.string().min(1),
  /** Share of browsers, in percent (0–100), that load `entry` instead of the remote's release. */
  percent: z.number().min(0).max(100),
});

export const runtimeConfigSchema = z.object({
  remotes: z.record(z.enum(remoteIds), z.string().min(1)),
  canary: z.partialRecord(z.enum(remoteIds), canarySchema).optional(),
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

export const CANARY_BUCKET_KEY = 'helpdesk.canaryBucket';

/**
 * This browser's bucket, 0–99: drawn once and kept, so a visitor does not flip between two
 * releases from one page to the next. Without storage (blocked), a fresh draw per page view.
 */
export function canaryBucket(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeStorage()): number {
  const kept = Number.parseInt(storage?.getItem(CANARY_BUCKET_KEY) ?? '', 10);
  if (Number.isInteger(kept) && kept >= 0 && kept < 100) return kept;
  const drawn = Math.floor(Math.random() * 100);
  try {
    storage?.setItem(CANARY_BUCKET_KEY, String(drawn));
  } catch {
    // storage full or refused: this page view still gets a bucket
  }
  return drawn;
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The manifest this browser loads `remote` from: the canary's for buckets below its percent. */
export function manifestFor(config: RuntimeConfig, remote: RemoteId, bucket: number): string | undefined {
  const canary = config.canary?.[remote];
  if (canary && bucket < canary.percent) return canary.entry;
  return config.remotes[remote];
}
