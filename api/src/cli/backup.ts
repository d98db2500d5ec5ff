// Backs up and restores an installation on PostgreSQL: the database (pg_dump's custom format) and
// the stored attachments of UPLOAD_DIR, in one folder. Same DATABASE_URL and UPLOAD_DIR as the api.
//
//   npm run backup -w api -- backup /srv/backups/2026-11-25     (the api may keep running)
//   npm run backup -w api -- restore /srv/backups/2026-11-25    (into an empty database and folder)
//   node api/dist/backup.js backup …                           (the bundle, where tsx is not installed)
//
// Consistent without stopping the api: pg_dump reads one snapshot, and the files are copied after
// it. A file is in place before the row that names it commits, and a named file is never removed,
// so every file a dumped row names is already there when the copy starts. Files that arrive later
// are extra: once restored, no row names them and the api's sweep removes them.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { loadConfig } from '../config';
import { StartupError } from '../startupError';

const USAGE =
  'Usage: npm run backup -w api -- backup <folder>    (writes <folder>/database.dump and <folder>/uploads/)\n' +
  '       npm run backup -w api -- restore <folder>   (into the empty database of DATABASE_URL and an empty UPLOAD_DIR)\n' +
  "PostgreSQL's pg_dump and pg_restore must be on the PATH, or in PG_BIN, of the server's version or newer.";

const DUMP_FILE = 'database.dump';
const UPLOADS = 'uploads';
// The folders of stored files (incoming/ holds only uploads in progress).
const STORED_FOLDERS = ['attachments', 'photos'];

export interface BackupIo {
  env: NodeJS.ProcessEnv;
  out(line: string): void;
}

class BackupError extends Error {}

/** Runs the command; resolves with the exit code (messages go to io.out). */
export async function runBackup(argv: string[], io: BackupIo): Promise<number> {
  const [command, folder, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !folder || rest.length > 0) {
    io.out(USAGE);
    return command === '--help' || command === '-h' ? 0 : 1;
  }
  try {
    const config = loadConfig(io.env, { isServer: false });
    if (!config.databaseUrl) {
      throw new BackupError(
        'Backups need PostgreSQL (DATABASE_URL). For the embedded database, stop the api and copy DATA_DIR.',
      );
    }
    const target = { url: config.databaseUrl, uploadDir: config.uploadDir, env: io.env };
    const summary =
      command === 'backup'
        ? await backup(target, path.resolve(folder))
        : await restore(target, path.resolve(folder));
    io.out(summary);
    return 0;
  } catch (error) {
    if (error instanceof BackupError || error instanceof StartupError) {
      io.out(`${command} failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

interface Target {
  url: string;
  uploadDir: string;
  env: NodeJS.ProcessEnv;
}

async function backup(target: Target, folder: string): Promise<string> {
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new BackupError(`${folder} is not empty: back up into a new folder`);
  }
  mkdirSync(folder, { recursive: true });
  // First the database, then the files (see the top of this file).
  await pgTool(target, 'pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${path.join(folder, DUMP_FILE)}`,
  ]);
  const files = copyStored(target.uploadDir, path.join(folder, UPLOADS));
  writeFileSync(
    path.join(folder, 'backup.json'),
    `${JSON.stringify({ createdAt: new Date().toISOString(), database: DUMP_FILE, uploads: UPLOADS, files }, null, 2)}\n`,
  );
  return `Backed up the database and ${files} stored files into ${folder}`;
}

async function restore(target: Target, folder: string): Promise<string> {
  const dump = path.join(folder, DUMP_FILE);
  if (!existsSync(dump)) throw new BackupError(`${dump} does not exist: is ${folder} a backup folder?`);
  const tables = await tablesIn(target.url);
  if (tables > 0) {
    throw new BackupError(
      `the database of DATABASE_URL already has ${tables} tables: restore into a new, empty database`,
    );
  }
  if (STORED_FOLDERS.some((name) => listFiles(path.join(target.uploadDir, name)).length > 0)) {
    throw new BackupError(`${target.uploadDir} already holds files: restore into an empty UPLOAD_DIR`);
  }
  await pgTool(target, 'pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    dump,
  ]);
  const files = copyStored(path.join(folder, UPLOADS), target.uploadDir);
  return `Restored the database and ${files} stored files from ${folder}`;
}

/** Copies the stored files of one upload folder into another; returns how many. */
function copyStored(from: string, to: string): number {
  let count = 0;
  for (const name of STORED_FOLDERS) {
    const source = path.join(from, name);
    mkdirSync(path.join(to, name), { recursive: true });
    for (const file of listFiles(source)) {
      cpSync(path.join(source, file), path.join(to, name, file), { errorOnExist: true, force: false });
      count++;
    }
  }
  return count;
}

function listFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

async function tablesIn(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`cannot connect to DATABASE_URL: ${error.message}`);
  });
  try {
    const { rows } = await client.query<{ count: string }>(
      "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Runs pg_dump or pg_restore on the database of `url`. The password goes in PGPASSWORD, not in
 * the arguments, which other users of the machine can read.
 */
function pgTool(target: Target, tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  const url = new URL(target.url);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const program = target.env.PG_BIN ? path.join(target.env.PG_BIN, tool) : tool;
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${url.toString()}`], {
      env: { ...target.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += chunk));
    child.on('error', (error) =>
      reject(
        new BackupError(
          `cannot run ${program} (${error.message}): install PostgreSQL's client programs or set PG_BIN`,
        ),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${tool} exited with ${code}: ${errors.trim()}`)),
    );
  });
}

if (require.main === module) {
  runBackup(process.argv.slice(2), { env: process.env, out: (line) => console.log(line) }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
