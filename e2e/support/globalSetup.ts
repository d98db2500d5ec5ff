/**
 * Starts what a visitor meets in production: the built suite (www/, from `npm run build`)
 * behind the real nginx with the repository's nginx.conf, in front of the built api on a fresh
 * embedded database. Only the listen port, the api address and the prefix differ.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { type Dovecot, dovecotPath, startDovecot } from '../../api/test/support/dovecot';
import { type MailCatcher, startMailCatcher } from '../../scripts/lib/mailCatcher.mjs';
import globalTeardown from './globalTeardown';
import {
  ARTIFACTS,
  ROOT,
  RUN_BASE,
  type RunState,
  SCREENSHOTS,
  STACK_COUNT,
  stackDir,
  stateFileOf,
} from './paths';

declare global {
  // Shared with globalTeardown, which runs in the same process.
  var __E2E_PROCESSES__: ChildProcess[] | undefined;
  var __E2E_MAIL_CATCHERS__: MailCatcher[] | undefined;
  var __E2E_DOVECOT__: Dovecot | undefined;
}

/** Whether a server can listen on `port` of 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first port the kernel hands out for outgoing connections and for port 0. */
function ephemeralPortsFrom(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) > FIRST_CHOSEN_PORT + 1_000 ? Number(low) : 32_768;
  } catch {
    return 32_768;
  }
}

const FIRST_CHOSEN_PORT = 20_000;
/** The ports this process has handed out: each once, though its taker may not listen yet. */
const handedOut = new Set<number>();

/**
 * A port of 127.0.0.1 nothing listens on right now (the fault suite uses it too), drawn at random
 * below the range the kernel gives outgoing connections. The taker may listen minutes later (nginx,
 * once its api has seeded the demo data): a port of that range may by then be the local end of
 * any connection the other lanes open, and CI saw nginx fail to bind one (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const below = ephemeralPortsFrom();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = FIRST_CHOSEN_PORT + Math.floor(Math.random() * (below - FIRST_CHOSEN_PORT));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port of 127.0.0.1 between ${FIRST_CHOSEN_PORT} and ${below}`);
}

/**
 * Waits until `url` answers, or `child` exits. The bound only catches a hung start: under
 * `npm test` the api seeds its demo data while the unit, api and fault lanes share the cores.
 */
async function waitFor(url: string, child: ChildProcess, what: string, output: () => string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    // No pid: the program could not even be started (its error is in the output).
    if (child.exitCode !== null || child.pid === undefined)
      throw new Error(`${what} exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not answer ${url} in time:\n${output()}`);
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  child.on('error', (error) => (output += `\n${error.message}`));
  globalThis.__E2E_PROCESSES__ = [...(globalThis.__E2E_PROCESSES__ ?? []), child];
  return { child, output: () => output };
}

/** The ports of a run: the site over plain HTTP and over TLS, and the redirect to HTTPS. */
export interface NginxPorts {
  http: number;
  https: number;
  redirect: number;
  api: number;
}

/**
 * nginx.conf as shipped, with only the ports this run uses. The TLS server also listens on plain
 * HTTP: the browser tests load the site over http://127.0.0.1 (a self-signed certificate would
 * need every test to skip its check), while the TLS listener is checked on its own.
 */
export function nginxConfForRun(ports: NginxPorts): string {
  const conf = readFileSync(path.join(ROOT, 'nginx.conf'), 'utf8');
  const rewritten = conf
    .replace(/listen 80;/, `listen 127.0.0.1:${ports.redirect};`)
    .replace(
      /listen 443 ssl http2;/,
      `listen 127.0.0.1:${ports.http};\n    listen 127.0.0.1:${ports.https} ssl http2;`,
    )
    .replace(/server 127\.0\.0\.1:4000;/, `server 127.0.0.1:${ports.api};`);
  const missing = Object.values(ports).filter((port) => !rewritten.includes(`127.0.0.1:${port}`));
  if (missing.length > 0) {
    throw new Error('nginx.conf no longer has the listen/upstream lines the e2e setup rewrites');
  }
  return rewritten;
}

/** A self-signed certificate where nginx.conf expects the real one (certs/ under the prefix). */
export function writeTestCertificate(runDir: string): void {
  const certs = path.join(runDir, 'certs');
  mkdirSync(certs, { recursive: true });
  execFileSync(
    process.env.OPENSSL_PATH || 'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(certs, 'privkey.pem'),
      '-out',
      path.join(certs, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
}

/** Earlier runs' folders, once their jest process is gone, are only clutter. */
function removeRunsOfDeadProcesses() {
  if (!existsSync(ARTIFACTS)) return;
  for (const name of readdirSync(ARTIFACTS)) {
    const pid = Number(/^run-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(ARTIFACTS, name), { recursive: true, force: true });
    }
  }
}

/**
 * Jest runs no teardown when the setup fails: whatever this setup had started (the api, nginx,
 * the mail catcher) is stopped before the error is reported, instead of outliving the run.
 */
export default async function globalSetup() {
  try {
    await startStacks();
  } catch (error) {
    await globalTeardown();
    throw error;
  }
}

async function startStacks() {
  const www = path.join(ROOT, 'www');
  const apiBundle = path.join(ROOT, 'api', 'dist', 'server.js');
  if (!existsSync(path.join(www, 'shell', 'index.html')) || !existsSync(apiBundle)) {
    throw new Error('No production build: run `npm run build` first (npm test does it for you).');
  }

  removeRunsOfDeadProcesses();
  rmSync(RUN_BASE, { recursive: true, force: true });
  process.env.E2E_RUN_DIR = RUN_BASE; // inherited by the test workers
  process.env.E2E_STACKS = String(STACK_COUNT);
  mkdirSync(SCREENSHOTS, { recursive: true });
  // One IMAP server for the run (ADR 0059): each stack's api reads a mailbox of its own on it.
  if (dovecotInstalled()) globalThis.__E2E_DOVECOT__ = await startDovecot();
  // The stacks start side by side: each mostly waits on its api seeding the demo data.
  await Promise.all(Array.from({ length: STACK_COUNT }, (_, i) => startOneStack(www, apiBundle, i + 1)));
}

function dovecotInstalled(): boolean {
  try {
    dovecotPath();
    return true;
  } catch {
    return false;
  }
}

/** The address the stacks' reply mailboxes receive. */
export const E2E_REPLY_ADDRESS = 'help@replies.helpdesk.test';

/** One stack: the api on a fresh embedded database, the mail catcher and nginx, in stackDir(index). */
async function startOneStack(www: string, apiBundle: string, index: number) {
  const runDir = stackDir(index);
  for (const dir of ['logs', 'run', 'tmp', 'data']) mkdirSync(path.join(runDir, dir), { recursive: true });
  // A private copy of the site: tests redeploy a remote into it without touching www/.
  cpSync(www, path.join(runDir, 'www'), { recursive: true });

  const ports: NginxPorts = {
    http: await freePort(),
    https: await freePort(),
    redirect: await freePort(),
    api: await freePort(),
  };
  const [nginxPort, apiPort] = [ports.http, ports.api];
  writeFileSync(path.join(runDir, 'nginx.conf'), nginxConfForRun(ports));
  writeTestCertificate(runDir);

  // The api's emails go to the same catcher as `npm start`'s (ADR 0029); tests read its inbox.
  const mail = await startMailCatcher();
  globalThis.__E2E_MAIL_CATCHERS__ = [...(globalThis.__E2E_MAIL_CATCHERS__ ?? []), mail];

  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const baseUrl = `http://127.0.0.1:${nginxPort}`;
  const dovecot = globalThis.__E2E_DOVECOT__;
  const imap = dovecot ? { port: dovecot.port, user: `desk-${index}` } : null;
  const api = start(process.execPath, [apiBundle], {
    NODE_ENV: 'test',
    PORT: String(apiPort),
    DATA_DIR: path.join(runDir, 'data'),
    HELPDESK_DEMO_DATA: 'true',
    // Enough tickets for a search to pass the api's count limit (1,000): the list shows "1,000+".
    HELPDESK_DEMO_TICKETS: '2000',
    DATABASE_URL: '', // the browser suite always runs on the embedded database
    TRUST_PROXY: '127.0.0.1', // nginx, as in production: each client is counted on its own
    // Every browser of the suite is one client (127.0.0.1) and the suite submits more than the
    // production default of 20 tickets an hour; the limit itself is proved by the api tests.
    SUBMIT_MAX_PER_IP: '1000',
    SUBMIT_EMAILS_PER_ADDRESS: '1000',
    SMTP_URL: mail.smtpUrl,
    // The emails' links lead to this run's site, so a test can follow them as a reader would.
    PUBLIC_URL: baseUrl,
    // Members' emails answer to the ticket's address; the api reads this stack's mailbox (ADR 0059).
    ...(dovecot && imap
      ? { REPLY_ADDRESS: E2E_REPLY_ADDRESS, IMAP_URL: dovecot.urlFor(imap.user), IMAP_POLL_MS: '1000' }
      : {}),
    // The integrations test's HTTPS receiver on 127.0.0.1 (ADR 0064): allowed, and its test certificate trusted.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_CA_FILE: path.join(ROOT, 'api', 'test', 'support', 'tls', 'receiver.cert.pem'),
  });
  await waitFor(`${apiUrl}/api/health`, api.child, 'The api', api.output);

  const nginx = start(
    process.env.NGINX_PATH || 'nginx',
    ['-p', runDir, '-c', path.join(runDir, 'nginx.conf'), '-g', 'daemon off;'],
    {},
  );
  await waitFor(`${baseUrl}/config/remotes.json`, nginx.child, 'nginx', nginx.output);

  const state: RunState = {
    baseUrl,
    apiUrl,
    www: path.join(runDir, 'www'),
    tlsUrl: `https://127.0.0.1:${ports.https}`,
    redirectUrl: `http://127.0.0.1:${ports.redirect}`,
    mailUrl: mail.inboxUrl,
    imap,
  };
  writeFileSync(stateFileOf(index), JSON.stringify(state, null, 2));
}
