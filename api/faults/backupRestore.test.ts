import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { repoDir } from '../src/paths';
import { type ApiProcess, listening, startApiProcess } from '../test/support/apiProcess';
import { TEST_SECRET } from '../test/support/session';
import { pngOfSize } from '../test/support/submitForm';
import {
  bearer,
  call,
  download,
  formRefs,
  Ledger,
  planSubmit,
  readTicket,
  signIn,
} from './support/helpdeskClient';
import { createCluster, type PostgresCluster } from './support/postgresCluster';

// The backup command (api/src/cli/backup.ts) run while the api takes submits, restored into a new
// database and upload folder: every ticket, history entry and attachment of the backup is there,
// as it was, and an api on the restored copy serves them.
const TIMEOUT_MS = 240_000;

function runCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoDir, 'api/src/cli/backup.ts'), ...args],
      {
        cwd: repoDir,
        env: { ...process.env, NODE_ENV: 'production', ...env },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function rows(url: string, statement: string): Promise<Record<string, unknown>[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

/** Every row of a table as JSON, by id. */
async function table(url: string, name: string): Promise<Map<number, unknown>> {
  const found = await rows(url, `select id, row_to_json(t)::text as json from ${name} t order by id`);
  return new Map(found.map((row) => [Number(row.id), JSON.parse(String(row.json))]));
}

describe('backup and restore', () => {
  let cluster: PostgresCluster;
  let root: string;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    cluster = await createCluster();
    await cluster.sql('create database live');
    await cluster.sql('create database restored');
    root = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-faults-backup-'));
  }, 60_000);

  afterAll(async () => {
    for (const api of running) {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      await api.exited;
    }
    await cluster?.destroy();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  const startApi = async (database: string, uploadDir: string) => {
    const api = startApiProcess({
      DATABASE_URL: cluster.url(database),
      UPLOAD_DIR: uploadDir,
      HELPDESK_SECRET: TEST_SECRET,
      HELPDESK_DEMO_DATA: 'true',
      HELPDESK_DEMO_TICKETS: '30',
      RATE_LIMIT_MAX: '1000000',
      SUBMIT_MAX_PER_IP: '1000000',
    });
    running.push(api);
    return listening(api);
  };

  it(
    'restores every ticket, history entry and attachment into a fresh database and folder',
    async () => {
      const liveUploads = path.join(root, 'live-uploads');
      const live = await startApi('live', liveUploads);
      const token = await signIn(live);
      const refs = await formRefs(live);
      const ledger = new Ledger();

      // Tickets with files and history before the backup…
      for (let i = 0; i < 6; i++) {
        const plan = planSubmit(refs);
        plan.file ??= pngOfSize(3000 + i);
        await ledger.submit(live, plan);
      }
      const before = [...ledger.acknowledged.values()].map(({ answer }) => answer.ticketId);
      expect(before).toHaveLength(6);
      for (const id of before.slice(0, 3)) {
        const approved = await call(`${live}/api/tickets/${id}/action`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify({ action: 'approve', comment: '' }),
        });
        expect(approved.status).toBe(200);
      }

      // …and more arriving while it runs.
      const backupDir = path.join(root, 'backup');
      const env = { DATABASE_URL: cluster.url('live'), UPLOAD_DIR: liveUploads, PG_BIN: cluster.bin };
      let backingUp = true;
      const during = (async () => {
        while (backingUp) await ledger.submit(live, { ...planSubmit(refs), file: pngOfSize(5000) });
      })();
      const backedUp = await runCommand(['backup', backupDir], env);
      backingUp = false;
      await during;
      expect(backedUp).toEqual({ code: 0, output: expect.stringContaining('Backed up the database and') });

      const restoredUploads = path.join(root, 'restored-uploads');
      const restoreEnv = {
        DATABASE_URL: cluster.url('restored'),
        UPLOAD_DIR: restoredUploads,
        PG_BIN: cluster.bin,
      };
      const restored = await runCommand(['restore', backupDir], restoreEnv);
      expect(restored).toEqual({ code: 0, output: expect.stringContaining('Restored the database and') });

      // Every row of the backup as it is live (nothing changed them since), and nothing missing
      // that was acknowledged before the backup started.
      for (const name of ['users', 'tickets', 'ticket_comments', 'attachments']) {
        const [liveRows, restoredRows] = [
          await table(cluster.url('live'), name),
          await table(cluster.url('restored'), name),
        ];
        expect(restoredRows.size).toBeGreaterThan(0);
        for (const [id, row] of restoredRows)
          expect({ name, id, row }).toEqual({ name, id, row: liveRows.get(id) });
      }
      const restoredTickets = await table(cluster.url('restored'), 'tickets');
      for (const id of before) expect(restoredTickets.has(id)).toBe(true);
      const history = await rows(
        cluster.url('restored'),
        `select count(*)::int as n from ticket_comments where action = 'approve' and ticket_id in (${before.slice(0, 3).join(',')})`,
      );
      expect(history[0]?.n).toBe(3);

      // Every attachment's file, byte for byte (its sha256 is in its row).
      const files = await rows(cluster.url('restored'), 'select kind, stored_name, sha256 from attachments');
      expect(files.length).toBeGreaterThanOrEqual(6);
      for (const file of files) {
        const folder = file.kind === 'photo' ? 'photos' : 'attachments';
        const bytes = readFileSync(path.join(restoredUploads, folder, String(file.stored_name)));
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
      }

      // An api on the copy serves it: sign-in, a ticket with its history, its file.
      const copy = await startApi('restored', restoredUploads);
      const copyToken = await signIn(copy);
      const first = ledger.acknowledged.values().next().value;
      if (!first) throw new Error('no submit was acknowledged');
      const ticket = await readTicket(copy, copyToken, first.answer.ticketId);
      expect(ticket.adminStatus).toBe('approved');
      expect(ticket.comments?.map((entry) => entry.action)).toEqual(
        expect.arrayContaining(['submitted', 'approve']),
      );
      expect(await download(copy, copyToken, ticket.attachments?.[0]?.url ?? '')).toEqual(first.plan.file);

      // A restore never overwrites: the same backup again is refused.
      const again = await runCommand(['restore', backupDir], restoreEnv);
      expect(again.code).toBe(1);
      expect(again.output).toContain('restore into a new, empty database');
    },
    TIMEOUT_MS,
  );
});
