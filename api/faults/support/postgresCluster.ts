// A PostgreSQL server of the fault suite's own: initdb in a temporary folder, pg_ctl on a free port
// of 127.0.0.1. The suite stops, restarts and throws it away; the machine's shared server (which
// other tests use at the same time) is never touched.
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './net';

const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder (PG_BIN overrides), or a clear error. */
function binFolder(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync(POSTGRES_ROOT)
    ? readdirSync(POSTGRES_ROOT)
        .filter((name) => existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      `The fault suite needs PostgreSQL's server programs (initdb, pg_ctl) in ${POSTGRES_ROOT}/*/bin: ` +
        'install Debian\'s "postgresql" package, or set PG_BIN to their folder.',
    );
  }
  return path.join(POSTGRES_ROOT, versions[0], 'bin');
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'Running as root, the fault suite runs PostgreSQL as the "postgres" user, which does not exist',
    );
  }
}

export interface PostgresCluster {
  port: number;
  /** The URL of a database on this server (default: `postgres`). */
  url(database?: string): string;
  /** Runs one statement on the `postgres` database. */
  sql(statement: string): Promise<void>;
  /** Folder of the server's programs (pg_dump, psql of the same version). */
  bin: string;
  /** pg_ctl stop -m fast: sessions are terminated (57P01), as in a restart or a failover. */
  stop(): Promise<void>;
  /** The server's log so far (to say why something did not start). */
  log(): string;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

/**
 * A new server: initdb'ed, or (`standbyOf`) a streaming replica of another made by pg_basebackup
 * (`-R`: it starts as a hot standby that follows the primary over the replication protocol, which
 * initdb's trust rules allow from 127.0.0.1).
 */
export async function createCluster({
  standbyOf,
}: {
  standbyOf?: PostgresCluster;
} = {}): Promise<PostgresCluster> {
  const bin = binFolder();
  const user = serverUser();
  const root = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-faults-pg-'));
  const dataDir = path.join(root, 'data');
  const socketDir = path.join(root, 'socket');
  const logFile = path.join(root, 'server.log');
  mkdirSync(socketDir);
  if (user) {
    for (const folder of [root, socketDir]) chownSync(folder, user.uid, user.gid);
  }
  const port = await freePort();

  const run = (program: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(path.join(bin, program), args, {
        cwd: root,
        ...user,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', reject);
      child.on('exit', (code) => {
        if (code === 0) resolve();
        else {
          const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
          reject(new Error(`${program} ${args.join(' ')} exited with ${code}:\n${output}\n${log}`));
        }
      });
    });

  if (standbyOf) {
    await run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(standbyOf.port),
      '-U',
      'postgres',
      '-D',
      dataDir,
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
  } else {
    await run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
  }
  const options = [
    `-p ${port}`,
    `-k ${socketDir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=50',
  ];
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options.join(' '), '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  let running = true;

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    bin,
    url,
    async sql(statement) {
      const client = new Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    },
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => undefined);
      running = false;
      rmSync(root, { recursive: true, force: true });
    },
  };
}
