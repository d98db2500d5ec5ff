/**
 * Backups keep personal data private (ADR 0052; issue 33's "Done when" 3, the backup part): the
 * folder is 0700 and every file 0600 whatever the umask; a waiting outbox row holds its link sealed,
 * so no backup holds a working link; with BACKUP_PASSPHRASE no file holds a
 * working link, a name or a file's bytes in plain text, and the restore needs the passphrase. On
 * PostgreSQL (backups are for PostgreSQL); on PGlite the command says so.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { App } from '../src/app';
import { runBackup } from '../src/cli/backup';
import { outbox } from '../src/db/schema';
import { openParams } from '../src/services/outbox/sealedParams';
import { buildDemoApp } from './support/session';
import { demoRefs, keyOf, pngOfSize, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(180_000);

const NAME = 'Ottoline Brackenbury';
const FILE_MARK = 'BRACKENBURY-FILE-BYTES-51c2';

/** Every file under `folder` (path → bytes as latin1), and every folder's path. */
function walk(folder: string, files: Map<string, string>, folders: string[]) {
  folders.push(folder);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) walk(full, files, folders);
    else files.set(full, readFileSync(full, 'latin1'));
  }
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

async function run(args: string[], env: Record<string, string>) {
  const lines: string[] = [];
  const code = await runBackup(args, { env: { NODE_ENV: 'test', ...env }, out: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

describe.each(databaseKinds)('backups on %s', (kind) => {
  const database = useTestDatabase(kind);
  const restored = useTestDatabase(kind);
  let app: App;
  let shareKey: string;
  const scratch: string[] = [];

  beforeAll(async () => {
    app = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '0', OUTBOX_WORKER: 'false' });
    await app.ready();
    const refs = await demoRefs(app);
    const submitted = await submit(app, submitFields(refs, { fullName: NAME }), {
      files: [{ filename: 'lift.png', data: Buffer.concat([pngOfSize(200), Buffer.from(FILE_MARK)]) }],
    });
    expect(submitted.statusCode).toBe(201);
    shareKey = keyOf(submitted.json().shareUrl);
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
    for (const folder of scratch) rmSync(folder, { recursive: true, force: true });
  });

  const newFolder = () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-backup-test-'));
    scratch.push(parent);
    return path.join(parent, 'backup');
  };
  const envOf = (db: ReturnType<typeof database>, extra: Record<string, string> = {}) => ({
    ...db.env,
    UPLOAD_DIR: path.join(db.dataDir, 'uploads'),
    ...extra,
  });

  it('keeps the waiting confirmation link sealed: no working link in the outbox table', async () => {
    const rows = await app.db.select().from(outbox);
    const confirmation = rows.find((row) => row.template === 'ticketSubmittedMember');
    expect(confirmation?.status).toBe('queued');
    expect(JSON.stringify(rows)).not.toContain(shareKey);
    expect(String(openParams(confirmation?.params ?? {}).shareUrl)).toContain(shareKey);
  });

  if (kind === 'pglite') {
    it('says that backups need PostgreSQL', async () => {
      const answer = await run(['backup', newFolder()], envOf(database()));
      expect(answer.code).toBe(1);
      expect(answer.output).toContain('Backups need PostgreSQL');
    });
    return;
  }

  it('writes a 0700 folder of 0600 files, even under a permissive umask', async () => {
    const folder = newFolder();
    const umask = process.umask(0o000);
    try {
      const answer = await run(['backup', folder], envOf(database()));
      expect(answer).toMatchObject({ code: 0 });
    } finally {
      process.umask(umask);
    }
    const files = new Map<string, string>();
    const folders: string[] = [];
    walk(folder, files, folders);
    expect(files.size).toBeGreaterThanOrEqual(3); // the dump, backup.json, the stored file
    for (const each of folders) expect(modeOf(each).toString(8)).toBe('700');
    for (const file of files.keys()) expect(modeOf(file).toString(8)).toBe('600');
    // Plain, the stored file is there as it was (the encrypted backup below hides it); the
    // outbox's waiting link is sealed, so even this backup holds no working link.
    expect([...files.values()].some((bytes) => bytes.includes(FILE_MARK))).toBe(true);
    for (const bytes of files.values()) expect(bytes.includes(shareKey)).toBe(false);
  });

  it('with BACKUP_PASSPHRASE holds no link, name or file bytes in plain text, and restores only with it', async () => {
    const folder = newFolder();
    const passphrase = 'correct horse battery staple 42';
    expect((await run(['backup', folder], envOf(database(), { BACKUP_PASSPHRASE: passphrase }))).code).toBe(
      0,
    );
    const files = new Map<string, string>();
    walk(folder, files, []);
    for (const [file, bytes] of files) {
      expect(modeOf(file).toString(8)).toBe('600');
      for (const secret of [shareKey, NAME, FILE_MARK]) expect(bytes.includes(secret)).toBe(false);
    }
    // Without the passphrase, or with a wrong one, nothing is restored.
    const target = restored();
    const without = await run(['restore', folder], envOf(target));
    expect(without).toMatchObject({ code: 1 });
    expect(without.output).toContain('BACKUP_PASSPHRASE');
    const wrong = await run(['restore', folder], envOf(target, { BACKUP_PASSPHRASE: 'not it' }));
    expect(wrong).toMatchObject({ code: 1 });
    expect(wrong.output).toContain('cannot decrypt');
    // With it: the ticket and its file are back.
    const right = await run(['restore', folder], envOf(target, { BACKUP_PASSPHRASE: passphrase }));
    expect(right).toMatchObject({ code: 0 });
    const client = new Client({ connectionString: target.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('select submitter_name as name from tickets');
      expect(rows.map((row) => row.name)).toEqual([NAME]);
    } finally {
      await client.end();
    }
    const back = new Map<string, string>();
    walk(path.join(target.dataDir, 'uploads'), back, []);
    expect([...back.values()].some((bytes) => bytes.includes(FILE_MARK))).toBe(true);
  });
});
