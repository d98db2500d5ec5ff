/**
 * Loads a remote's pages once per page view and keeps the promise, so React can suspend on it
 * across renders without fetching again. A failure stays cached (a down remote is not hammered
 * on every render) until the user presses Retry, which evicts it and re-registers the remote so
 * the federation runtime forgets its own cached failure too.
 */
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { type RemoteId, type RemotePages, ROUTES_EXPOSE } from 'shared-contracts';
import { absoluteManifestUrl, fetchRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

let configPromise: Promise<RuntimeConfig> | null = null;
const pagesByRemote = new Map<RemoteId, Promise<RemotePages<RemoteId>>>();

function runtimeConfig(): Promise<RuntimeConfig> {
  configPromise ??= fetchRuntimeConfig().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

async function registerRemote(remote: RemoteId, force: boolean): Promise<void> {
  const config = await runtimeConfig();
  const entry = config.remotes[remote];
  if (!entry) throw new Error(`No manifest configured for remote "${remote}"`);
  registerRemotes([{ name: remote, entry: absoluteManifestUrl(entry) }], { force });
}

const registered = new Set<RemoteId>();

async function load(remote: RemoteId, afterFailure: boolean): Promise<RemotePages<RemoteId>> {
  await registerRemote(remote, afterFailure && registered.has(remote));
  registered.add(remote);
  const module = await loadRemote<{ default: RemotePages<RemoteId> }>(`${remote}/${ROUTES_EXPOSE.slice(2)}`);
  if (!module?.default) throw new Error(`Remote "${remote}" exposes no routes`);
  return module.default;
}

export function remotePages<R extends RemoteId>(remote: R): Promise<RemotePages<R>> {
  let pages = pagesByRemote.get(remote);
  if (!pages) {
    pages = load(remote, false);
    pagesByRemote.set(remote, pages);
  }
  return pages as Promise<RemotePages<R>>;
}

/** Retry: forget the failure and load again from the network. */
export function retryRemote(remote: RemoteId): void {
  pagesByRemote.set(remote, load(remote, true));
}
