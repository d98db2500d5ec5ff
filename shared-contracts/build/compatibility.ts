/**
 * The compatibility contract between the shell and a remote (ADR 0032). Every app's build writes
 * a `BuildContract` into its `mf-manifest.json` (`metaData.helpdesk`, shared-contracts/build/webpack.ts);
 * the shell compares a remote's with its own before mounting it (shell/src/remotes/remoteLoader.ts),
 * and `npm run release` compares a new build's with the deployed shell's (scripts/release.mjs).
 * Pure TypeScript, no Node or browser API: the browser and the release script run the same code.
 */

/**
 * The shell contract, by part. Bump a number when that part changes in a way an already built
 * remote (or an already deployed shell) cannot follow:
 * - `routes`: the shape of a remote's exposed `./routes` module (ROUTES_EXPOSE, RemotePages: a
 *   default export mapping each owned path to a component) and the paths of REMOTE_ROUTES;
 * - `auth`: the shape of the shared auth store (authStore's state and actions, its storage keys).
 * shell/src/remotes/compatibility.test.ts pins the shapes these numbers stand for.
 */
export const SHELL_CONTRACT = { routes: 1, auth: 1 } as const;

export interface BuildContract {
  /** The shared-contracts version the app was built with. */
  sharedContracts: string;
  shellContract: { routes: number; auth: number };
  /** The version of each shared singleton the app was built with (installed, exact). */
  singletons: Record<string, string>;
}

/** major.minor.patch, prerelease and build ignored. */
function parse(version: string): [number, number, number] | null {
  const match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * Whether code built against `built` runs on `provided`: the same major, and for 0.x the same
 * minor (semver's caret, in both directions: a remote may be older or newer than the shell).
 */
export function sameLine(built: string, provided: string): boolean {
  const a = parse(built);
  const b = parse(provided);
  if (!a || !b) return false;
  return a[0] === b[0] && (a[0] !== 0 || a[1] === b[1]);
}

function isContract(value: unknown): value is BuildContract {
  if (!value || typeof value !== 'object') return false;
  const contract = value as Partial<BuildContract>;
  return (
    typeof contract.sharedContracts === 'string' &&
    typeof contract.shellContract?.routes === 'number' &&
    typeof contract.shellContract?.auth === 'number' &&
    !!contract.singletons &&
    typeof contract.singletons === 'object'
  );
}

/** The contract a manifest declares (`metaData.helpdesk`), or null when it declares none. */
export function contractOfManifest(manifest: unknown): BuildContract | null {
  const declared = (manifest as { metaData?: { helpdesk?: unknown } } | null)?.metaData?.helpdesk;
  return isContract(declared) ? declared : null;
}

/**
 * Why a remote built with `remote` cannot run under a shell built with `host`, or null when it
 * can. Every reason names the part and both versions, for the log and the release command.
 */
export function incompatibility(host: BuildContract, remote: BuildContract | null): string | null {
  if (!remote) return 'its manifest declares no build contract (built before contracts were declared?)';
  const reasons: string[] = [];
  for (const part of ['routes', 'auth'] as const) {
    if (remote.shellContract[part] !== host.shellContract[part])
      reasons.push(
        `shell contract "${part}" ${remote.shellContract[part]} (the shell has ${host.shellContract[part]})`,
      );
  }
  if (!sameLine(remote.sharedContracts, host.sharedContracts))
    reasons.push(`shared-contracts ${remote.sharedContracts} (the shell has ${host.sharedContracts})`);
  for (const [pkg, version] of Object.entries(remote.singletons)) {
    const provided = host.singletons[pkg];
    if (provided === undefined) continue; // a singleton the shell does not share: the remote keeps its own
    if (!sameLine(version, provided)) reasons.push(`${pkg} ${version} (the shell shares ${provided})`);
  }
  return reasons.length > 0 ? `built with ${reasons.join(', ')}` : null;
}
