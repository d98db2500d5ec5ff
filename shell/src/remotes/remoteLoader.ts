/**
 * Loads a remote's pages once per page view and keeps the promise, so React can suspend on it
 * across renders without fetching again. A failure stays cached (a down remote is not hammered
 * on every render) until the user presses Retry, which evicts it and re-registers the remote so
 * the federation runtime forgets its own cached failure too.
 *
 * Each remote's manifest's build contract is checked against the shell's own as it arrives
 * (ADR 0032): an incompatible remote is never executed; its routes show the section fallback
 * and the console says why.
 */
import {
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import { REMOTE_ROUTES, type RemoteId, type RemotePages, ROUTES_EXPOSE } from 'shared-contracts';
import {
  type BuildContract,
  contractOfManifest,
  incompatibility,
} from 'shared-contracts/build/compatibility';
import { absoluteManifestUrl, canaryBucket, fetchRuntimeConfig, manifestFor } from './runtimeConfig';

declare const __HELPDESK_BUILD_CONTRACT__: BuildContract | undefined;

/** The shell's own build contract (compiled in by shared-contracts/build/webpack.ts). */
function hostContract(): BuildContract | null {
  return typeof __HELPDESK_BUILD_CONTRACT__ === 'undefined' ? null : __HELPDESK_BUILD_CONTRACT__;
}

export class IncompatibleRemoteError extends Error {
  constructor(
    readonly remote: RemoteId,
    readonly reason: string,
  ) {
    super(`Remote "${remote}" is incompatible with this shell: ${reason}`);
    this.name = 'IncompatibleRemoteError';
  }
}

const pagesByRemote = new Map<RemoteId, Promise<RemotePages<RemoteId>>>();

/**
 * The manifest URL of a remote, read from /config/remotes.json when the remote is first loaded
 * in this page view (not once per page): a tab left open across a release loads the new release
 * for a section it opens afterwards.
 */
async function manifestUrl(remote: RemoteId): Promise<string> {
  const config = await fetchRuntimeConfig();
  const entry = manifestFor(config, remote, canaryBucket());
  if (!entry) throw new Error(`No manifest configured for remote "${remote}"`);
  return absoluteManifestUrl(entry);
}

/**
 * Checks each remote's manifest as the federation runtime fetches it (one request, and a refusal
 * surfaces like any other load failure: the runtime's RUNTIME-003 with this reason in it).
 */
function contractCheck(host: BuildContract): ModuleFederationRuntimePlugin {
  return {
    name: 'helpdesk-build-contract',
    async fetch(url, init, remoteInfo) {
      const response = await fetch(url, init);
      const remote = remoteInfo?.name;
      if (!response.ok || !remote || !(remote in REMOTE_ROUTES)) return response;
      const reason = incompatibility(host, contractOfManifest(await response.clone().json()));
      if (!reason) return response;
      const error = new IncompatibleRemoteError(remote as RemoteId, reason);
      console.error(`[federation] ${error.message}; showing its section's fallback (${url})`);
      throw error;
    },
  };
}

let checking = false;
function checkContracts(): void {
  const host = hostContract();
  if (checking || !host) return; // a shell built without a contract (unit tests) cannot judge
  registerPlugins([contractCheck(host)]);
  checking = true;
}

const registered = new Set<RemoteId>();

async function load(remote: RemoteId, afterFailure: boolean): Promise<RemotePages<RemoteId>> {
  const url = await manifestUrl(remote);
  checkContracts();
  registerRemotes([{ name: remote, entry: url }], { force: afterFailure && registered.has(remote) });
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
