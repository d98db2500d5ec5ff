// A real IMAP server for the tests of replies by email (ADR 0059): Debian's Dovecot, started by the
// test in the foreground on a free port, with a config, its state, its log and its mail in a
// temporary folder of its own, never the machine's service. `npm test` installs dovecot-imapd when
// it is missing (scripts/lib/browserTools.mjs). Any user name signs in with the one password; each
// test uses a mailbox user of its own.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { freePort } from '../../../e2e/support/globalSetup';

export const IMAP_PASSWORD = 'imap-test-password';

export interface Dovecot {
  port: number;
  /** IMAP_URL for one mailbox user. */
  urlFor(user: string): string;
  /** A signed-in client of that user's mailbox (the test closes it). */
  client(user: string): Promise<ImapFlow>;
  /** Puts a raw mail in the user's inbox, as a delivery would. */
  deliver(user: string, raw: string | Buffer): Promise<void>;
  /** How many mails a folder of the user's mailbox holds (0 when it does not exist). */
  count(user: string, folder: string): Promise<number>;
  stop(): Promise<void>;
}

function which(command: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/** Dovecot's server program, or an error saying how to get it. */
export function dovecotPath(): string {
  const found =
    process.env.DOVECOT_PATH ||
    which('dovecot') ||
    (existsSync('/usr/sbin/dovecot') ? '/usr/sbin/dovecot' : null);
  if (!found) {
    throw new Error(
      "These tests need Dovecot's IMAP server: `npm test` installs it as root on Debian; else " +
        'run `apt-get install -y dovecot-imapd` or set DOVECOT_PATH.',
    );
  }
  return found;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startDovecot(): Promise<Dovecot> {
  const binary = dovecotPath();
  const dir = await mkdtemp(path.join(tmpdir(), 'helpdesk-dovecot-'));
  // The mail processes run as an unprivileged user (Dovecot refuses uid 0 for mail): as root, the
  // user nobody, whose homes are created for it; otherwise the user running the tests.
  const asRoot = userInfo().uid === 0;
  const mailUser = asRoot ? 'nobody' : userInfo().username;
  const mailGroup = asRoot ? 'nogroup' : String(userInfo().gid);
  await chmod(dir, 0o755);
  const home = path.join(dir, 'home');
  await mkdir(home, { recursive: true });
  if (asRoot) {
    const nobody = spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim();
    const nogroup = spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout.trim();
    await chown(home, Number(nobody), Number(nogroup));
  }
  const port = await freePort();
  const config = path.join(dir, 'dovecot.conf');
  const log = path.join(dir, 'dovecot.log');
  await writeFile(
    config,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${log}
info_log_path = ${log}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:~/Maildir
first_valid_uid = 1
${asRoot ? '' : `default_login_user = ${mailUser}\ndefault_internal_user = ${mailUser}\n`}passdb {
  driver = static
  args = password=${IMAP_PASSWORD}
}
userdb {
  driver = static
  args = uid=${mailUser} gid=${mailGroup} home=${home}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
}
`,
  );
  const child: ChildProcess = spawn(binary, ['-F', '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const logged = await readFile(log, 'utf8').catch(() => '');
      child.kill('SIGKILL');
      throw new Error(`dovecot did not start on port ${port}:\n${output}\n${logged}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const urlFor = (user: string) =>
    `imap://${encodeURIComponent(user)}:${IMAP_PASSWORD}@127.0.0.1:${port}/INBOX`;
  const client = async (user: string) => {
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user, pass: IMAP_PASSWORD },
      logger: false,
    });
    await imap.connect();
    return imap;
  };
  const withClient = async <T>(user: string, use: (imap: ImapFlow) => Promise<T>): Promise<T> => {
    const imap = await client(user);
    try {
      return await use(imap);
    } finally {
      await imap.logout().catch(() => imap.close());
    }
  };
  return {
    port,
    urlFor,
    client,
    deliver: (user, raw) =>
      withClient(user, async (imap) => {
        await imap.append('INBOX', typeof raw === 'string' ? Buffer.from(raw) : raw);
      }),
    count: (user, folder) =>
      withClient(user, async (imap) => {
        const folders = await imap.list();
        if (!folders.some((one) => one.path === folder)) return 0;
        const status = await imap.status(folder, { messages: true });
        return status ? (status.messages ?? 0) : 0;
      }),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
