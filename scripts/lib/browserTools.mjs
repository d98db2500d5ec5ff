// Chromium and nginx for the end-to-end tests: found, installed (as root on Debian), or named
// exactly, never silently skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function which(command) {
  const result = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function locate() {
  return {
    chromium: process.env.CHROMIUM_PATH || which('chromium') || which('chromium-browser'),
    nginx:
      process.env.NGINX_PATH || which('nginx') || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : null),
  };
}

const canInstall = () => process.getuid?.() === 0 && existsSync('/etc/debian_version') && which('apt-get');

/** apt-get with its output kept, to print whole if it fails (lanes print theirs side by side). */
function aptGet(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('apt-get', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`apt-get ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

/**
 * Resolves with the paths of chromium and nginx, installing them with apt-get when allowed. The
 * install mostly waits on the network: `npm test` starts it first and runs the lanes that do not
 * need a browser or nginx beside it.
 */
export async function ensureBrowserTools() {
  let found = locate();
  const missing = Object.entries(found)
    .filter(([, path]) => !path)
    .map(([name]) => name);
  if (missing.length === 0) return found;

  if (!canInstall()) {
    throw new Error(
      `The end-to-end tests need ${missing.join(' and ')}. Install Debian's packages ` +
        `(sudo apt-get install -y ${missing.join(' ')}) or point CHROMIUM_PATH / NGINX_PATH at existing binaries.`,
    );
  }
  console.log(`Installing ${missing.join(' and ')} from Debian's packages for the end-to-end tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await aptGet(['update', '-qq'], env);
  await aptGet(['install', '-y', '-qq', ...missing], env);
  found = locate();
  if (!found.chromium || !found.nginx)
    throw new Error('apt-get finished but chromium or nginx is still missing.');
  console.log(`Installed ${missing.join(' and ')}.`);
  return found;
}
