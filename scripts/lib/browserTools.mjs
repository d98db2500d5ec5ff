// Chromium and nginx for the end-to-end tests, and Dovecot's IMAP server for the tests of replies by
// email: found, installed (as root on Debian), or named exactly, never silently skipped.
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

/** One apt-get at a time (dpkg has one lock), and its package lists read once per run. */
let aptQueue = Promise.resolve();
let listsRead = false;
function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = aptQueue.then(async () => {
    if (!listsRead) await aptGet(['update', '-qq'], env);
    listsRead = true;
    await aptGet(['install', '-y', '-qq', ...packages], env);
  });
  aptQueue = run.catch(() => undefined);
  return run;
}

const canInstall = () => process.getuid?.() === 0 && existsSync('/etc/debian_version') && which('apt-get');

/** apt-get with its output kept, to print whole if it fails (lanes print theirs side by side). */
function aptGet(args, env) {
  return new Promise((resolve, reject) => {
    // Another apt (an install of this run, or the machine's own) may hold dpkg's lock: wait for it.
    const child = spawn('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
  await aptInstall(missing);
  found = locate();
  if (!found.chromium || !found.nginx)
    throw new Error('apt-get finished but chromium or nginx is still missing.');
  console.log(`Installed ${missing.join(' and ')}.`);
  return found;
}

/** Where Dovecot's server program is (DOVECOT_PATH, the PATH, or Debian's /usr/sbin/dovecot). */
export function locateDovecot() {
  return (
    process.env.DOVECOT_PATH ||
    which('dovecot') ||
    (existsSync('/usr/sbin/dovecot') ? '/usr/sbin/dovecot' : null)
  );
}

/**
 * Resolves with the path of Dovecot (Debian's `dovecot-imapd`), installing it with apt-get when
 * allowed. The api tests of replies by email start it themselves, on a free port with a config of
 * their own in a temporary folder: the package's own service is never started or used.
 */
export async function ensureDovecot() {
  const found = locateDovecot();
  if (found) return found;
  if (!canInstall()) {
    throw new Error(
      "The tests of replies by email need Dovecot's IMAP server. Install Debian's package " +
        '(sudo apt-get install -y dovecot-imapd) or point DOVECOT_PATH at an existing dovecot binary.',
    );
  }
  console.log("Installing dovecot-imapd from Debian's packages for the tests of replies by email…");
  await aptInstall(['dovecot-imapd']);
  const installed = locateDovecot();
  if (!installed) throw new Error('apt-get finished but dovecot is still missing.');
  console.log('Installed dovecot-imapd.');
  return installed;
}
