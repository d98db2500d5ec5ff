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
//
// A backup holds every member's personal data (ADR 0052): its folder is 0700 and its files 0600,
// whatever the umask, and with BACKUP_PASSPHRASE every file is encrypted (AES-256-GCM with a key
// from scrypt of the passphrase and the salt in backup.json); restore then needs the passphrase.
import { spawn } from 'node:child_process';
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  cpSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
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

const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The files' key: scrypt of the passphrase and the backup's salt. */
const keyOf = (passphrase: string, salt: Buffer) => scryptSync(passphrase, salt, 32);

/** Encrypts a file in place: IV, then the ciphertext, then GCM's tag. */
async function encryptFile(file: string, key: Buffer): Promise<void> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = `${file}.sealing`;
  const out = createWriteStream(sealed, { mode: PRIVATE_FILE });
  out.write(iv);
  await pipeline(createReadStream(file), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) =>
    out.end(cipher.getAuthTag(), () => resolve()).on('error', reject),
  );
  renameSync(sealed, file);
}

/** Decrypts `file` into `to`; refuses a wrong passphrase or a changed file. */
async function decryptFile(file: string, to: string, key: Buffer): Promise<void> {
  const fd = openSync(file, 'r');
  const size = fstatSync(fd).size;
  const iv = Buffer.alloc(IV_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  readSync(fd, iv, 0, IV_BYTES, 0);
  readSync(fd, tag, 0, TAG_BYTES, size - TAG_BYTES);
  closeSync(fd);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      createReadStream(file, { start: IV_BYTES, end: size - TAG_BYTES - 1 }),
      decipher,
      createWriteStream(to, { mode: PRIVATE_FILE }),
    );
  } catch {
    rmSync(to, { force: true });
    throw new BackupError(
      `cannot decrypt ${path.basename(file)}: wrong BACKUP_PASSPHRASE, or the file was changed`,
    );
  }
}

/** Every file of the backup, 0600 (and encrypted with `key`); folders 0700. */
async function seal(folder: string, key: Buffer | null): Promise<void> {
  chmodSync(folder, PRIVATE_FOLDER);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) await seal(full, key);
    else {
      chmodSync(full, PRIVATE_FILE);
      if (key) await encryptFile(full, key);
    }
  }
}

async function backup(target: Target, folder: string): Promise<string> {
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new BackupError(`${folder} is not empty: back up into a new folder`);
  }
  // Nothing written below is readable by anyone else, even for a moment.
  const umask = process.umask(0o077);
  try {
    mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER });
    chmodSync(folder, PRIVATE_FOLDER);
    // First the database, then the files (see the top of this file).
    await pgTool(target, 'pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(folder, DUMP_FILE)}`,
    ]);
    const files = copyStored(target.uploadDir, path.join(folder, UPLOADS));
    const passphrase = target.env.BACKUP_PASSPHRASE;
    const salt = randomBytes(SALT_BYTES);
    await seal(folder, passphrase ? keyOf(passphrase, salt) : null);
    const encryption = passphrase
      ? { cipher: 'aes-256-gcm', kdf: 'scrypt', salt: salt.toString('base64') }
      : null;
    writeFileSync(
      path.join(folder, 'backup.json'),
      `${JSON.stringify({ createdAt: new Date().toISOString(), database: DUMP_FILE, uploads: UPLOADS, files, encryption }, null, 2)}\n`,
      { mode: PRIVATE_FILE },
    );
    return `Backed up the database and ${files} stored files into ${folder}${passphrase ? ' (encrypted)' : ''}`;
  } finally {
    process.umask(umask);
  }
}

/** The key of an encrypted backup (BACKUP_PASSPHRASE), or null for a plain one. */
function restoreKey(target: Target, folder: string): Buffer | null {
  const manifest = path.join(folder, 'backup.json');
  const encryption = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as { encryption?: { salt: string } | null }).encryption
    : null;
  if (!encryption) return null;
  const passphrase = target.env.BACKUP_PASSPHRASE;
  if (!passphrase) throw new BackupError('this backup is encrypted: set BACKUP_PASSPHRASE to restore it');
  return keyOf(passphrase, Buffer.from(encryption.salt, 'base64'));
}

/** A plain copy of an encrypted backup in a private temporary folder (removed by the caller). */
async function opened(folder: string, key: Buffer): Promise<string> {
  const plain = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-restore-'));
  chmodSync(plain, PRIVATE_FOLDER);
  await decryptFile(path.join(folder, DUMP_FILE), path.join(plain, DUMP_FILE), key);
  for (const name of STORED_FOLDERS) {
    mkdirSync(path.join(plain, UPLOADS, name), { recursive: true, mode: PRIVATE_FOLDER });
    for (const file of listFiles(path.join(folder, UPLOADS, name))) {
      await decryptFile(path.join(folder, UPLOADS, name, file), path.join(plain, UPLOADS, name, file), key);
    }
  }
  return plain;
}

async function restore(target: Target, backupFolder: string): Promise<string> {
  const key = restoreKey(target, backupFolder);
  const folder = key ? await opened(backupFolder, key) : backupFolder;
  try {
    return await restorePlain(target, folder, backupFolder);
  } finally {
    if (key) rmSync(folder, { recursive: true, force: true });
  }
}

async function restorePlain(target: Target, folder: string, named: string): Promise<string> {
  const dump = path.join(folder, DUMP_FILE);
  if (!existsSync(dump)) throw new BackupError(`${dump} does not exist: is ${named} a backup folder?`);
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
  return `Restored the database and ${files} stored files from ${named}`;
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
