// Ships one remote on its own (ADR 0032), without rebuilding the shell or the other remotes:
//
//   npm run release -- <remote> [--canary PERCENT] [--dist DIR] [--www DIR]
//     builds the remote (or takes an already built dist/ with --dist), checks its build contract
//     against the deployed shell's (refusing an incompatible build), copies it to a new,
//     never-overwritten folder www/remotes/<name>/<version>/, then points
//     www/config/remotes.json at it (written to a temporary file and renamed: a visitor reads the
//     old file or the new one, never half of one). With --canary, the release only goes to that
//     share of browsers (each browser stays on the side it drew) and the current one stays for
//     the others. For mf-public-intake the public routes' HTML is rewritten (ADR 0010).
//   npm run rollback -- <remote> [--www DIR]
//     drops the remote's canary if it has one, else points remotes.json back at the release
//     before the current one (again and again, one release per call).
//   npm run release -- <remote> --promote [--www DIR]
//     makes the remote's canary its release, for everyone.
//   npm run release -- <remote> --list [--www DIR]
//     prints the releases kept (www/releases.json) and which one is served.
//
// <remote> is user-admin, staff-dashboard or public-intake (or the folder or federation name).
// It runs under tsx (package.json) to share shared-contracts/build/compatibility.ts with the shell.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractOfManifest, incompatibility } from '../shared-contracts/build/compatibility.ts';
import { buildFrontend, writePagesFromConfig } from './build.mjs';
import { ROOT, remoteApp, WWW } from './lib/apps.mjs';

/** Written beside its target and renamed over it: readers see the old or the new file, whole. */
export function writeAtomically(file, text) {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const configFile = (www) => path.join(www, 'config', 'remotes.json');
// Beside www/config/, not in it: nginx serves /config/remotes.json only, the gateway all of config/.
const historyFile = (www) => path.join(www, 'releases.json');

function readHistory(www) {
  return existsSync(historyFile(www)) ? readJson(historyFile(www)) : {};
}

/** The first 8 hex digits of a hash of every file's path and bytes. */
export function treeHash(dir) {
  const hash = createHash('sha256');
  const walk = (current) => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update('\0').update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 8);
}

function versionOf(dist, now) {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${treeHash(dist)}`;
}

/** Why the build in `dist` cannot run under the shell deployed in `www`, or null. */
export function releaseRefusal(www, dist) {
  const shellManifest = path.join(www, 'shell', 'mf-manifest.json');
  const shell = existsSync(shellManifest) ? contractOfManifest(readJson(shellManifest)) : null;
  if (!shell) return 'the deployed shell declares no build contract (run `npm run build` first)';
  const manifest = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifest)) return `${dist} holds no mf-manifest.json`;
  return incompatibility(shell, contractOfManifest(readJson(manifest)));
}

/** releaseRefusal for a release already on this site, by its manifest's URL (others: not judged). */
function refusalOfServed(www, manifestUrl) {
  if (!manifestUrl.startsWith('/')) return null;
  return releaseRefusal(www, path.join(www, path.dirname(manifestUrl)));
}

function afterChange(www, app, config) {
  writeAtomically(configFile(www), `${JSON.stringify(config, null, 2)}\n`);
  // The public routes' HTML names the public remote's files: rewrite it from the new config.
  if (app.remote === 'publicIntake') writePagesFromConfig(www);
}

export async function release(name, { www = WWW, dist, canary, now = new Date(), log = console.log } = {}) {
  const app = remoteApp(name);
  let built = dist;
  if (!built) {
    log(`building ${app.folder}…`);
    await buildFrontend(app);
    built = path.join(ROOT, app.folder, 'dist');
  }
  const refusal = releaseRefusal(www, built);
  if (refusal) throw new Error(`Release of ${app.folder} refused: ${refusal}`);

  const version = versionOf(built, now);
  const folder = path.join(www, app.served, version);
  if (existsSync(folder))
    throw new Error(`Release ${version} of ${app.folder} exists already; releases are never overwritten`);
  // Copied under a hidden name, then renamed: the folder appears complete or not at all.
  const partial = path.join(www, app.served, `.${version}.partial`);
  cpSync(built, partial, { recursive: true });
  renameSync(partial, folder);
  const manifest = `/${app.served}/${version}/mf-manifest.json`;

  const config = readJson(configFile(www));
  const history = readHistory(www);
  const releases = history[app.remote]?.releases ?? [];
  // What was served before the first release (the `npm run build` layout) is a release too: the
  // first rollback returns to it.
  const current = config.remotes[app.remote];
  if (current && !releases.some((entry) => entry.manifest === current))
    releases.push({ version: path.basename(path.dirname(current)), manifest: current, releasedAt: null });
  releases.push({ version, manifest, releasedAt: now.toISOString() });
  history[app.remote] = { releases };
  writeAtomically(historyFile(www), `${JSON.stringify(history, null, 2)}\n`);

  if (canary !== undefined) {
    const percent = Number(canary);
    if (!Number.isFinite(percent) || percent < 0 || percent > 100)
      throw new Error(`--canary takes a share of browsers in percent (0–100), not "${canary}"`);
    config.canary = { ...config.canary, [app.remote]: { entry: manifest, percent } };
  } else {
    config.remotes[app.remote] = manifest;
    if (config.canary) delete config.canary[app.remote];
  }
  afterChange(www, app, config);
  log(
    canary !== undefined
      ? `released ${app.folder} ${version} as a canary for ${canary} % of browsers (${manifest})`
      : `released ${app.folder} ${version} (${manifest})`,
  );
  return { version, manifest };
}

export function rollback(name, { www = WWW, log = console.log } = {}) {
  const app = remoteApp(name);
  const config = readJson(configFile(www));
  if (config.canary?.[app.remote]) {
    const dropped = config.canary[app.remote].entry;
    delete config.canary[app.remote];
    afterChange(www, app, config);
    log(
      `dropped the canary of ${app.folder} (${dropped}); every browser loads ${config.remotes[app.remote]}`,
    );
    return { manifest: config.remotes[app.remote] };
  }
  const releases = readHistory(www)[app.remote]?.releases ?? [];
  const index = releases.findIndex((entry) => entry.manifest === config.remotes[app.remote]);
  if (index < 1)
    throw new Error(`No release of ${app.folder} before the one served (${config.remotes[app.remote]})`);
  const previous = releases[index - 1];
  // The shell may have changed since that release: never roll back to a build it cannot run.
  const refusal = refusalOfServed(www, previous.manifest);
  if (refusal) throw new Error(`Rollback of ${app.folder} to ${previous.version} refused: ${refusal}`);
  config.remotes[app.remote] = previous.manifest;
  afterChange(www, app, config);
  log(`rolled ${app.folder} back to ${previous.version} (${previous.manifest})`);
  return { manifest: previous.manifest };
}

export function promote(name, { www = WWW, log = console.log } = {}) {
  const app = remoteApp(name);
  const config = readJson(configFile(www));
  const canary = config.canary?.[app.remote];
  if (!canary) throw new Error(`${app.folder} has no canary to promote`);
  const refusal = refusalOfServed(www, canary.entry);
  if (refusal) throw new Error(`Promotion of ${app.folder}'s canary refused: ${refusal}`);
  config.remotes[app.remote] = canary.entry;
  delete config.canary[app.remote];
  afterChange(www, app, config);
  log(`${app.folder}: the canary ${canary.entry} is now served to every browser`);
  return { manifest: canary.entry };
}

function list(name, { www = WWW } = {}) {
  const app = remoteApp(name);
  const config = readJson(configFile(www));
  const releases = readHistory(www)[app.remote]?.releases ?? [];
  if (releases.length === 0)
    console.log(`no release of ${app.folder} yet; served: ${config.remotes[app.remote]}`);
  for (const entry of releases) {
    const marks = [
      entry.manifest === config.remotes[app.remote] ? 'served' : '',
      entry.manifest === config.canary?.[app.remote]?.entry
        ? `canary ${config.canary[app.remote].percent} %`
        : '',
    ].filter(Boolean);
    console.log(`${entry.version}  ${entry.releasedAt ?? '(before releases)'}  ${marks.join(', ')}`);
  }
}

function option(args, flag) {
  const at = args.indexOf(flag);
  return at >= 0 ? args[at + 1] : undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [command, name, ...args] = process.argv.slice(2);
  const wwwOption = option(args, '--www');
  const www = wwwOption ? path.resolve(wwwOption) : WWW;
  const distOption = option(args, '--dist');
  const run = async () => {
    if (!name)
      throw new Error('Usage: npm run release -- <remote> [--canary PERCENT] | npm run rollback -- <remote>');
    if (command === 'rollback') return rollback(name, { www });
    if (args.includes('--promote')) return promote(name, { www });
    if (args.includes('--list')) return list(name, { www });
    return release(name, {
      www,
      dist: distOption && path.resolve(distOption),
      canary: option(args, '--canary'),
    });
  };
  run().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
