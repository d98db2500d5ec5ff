import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { nginxConfForRun, writeTestCertificate } from '../../e2e/support/globalSetup';
import { type ApiProcess, listening, startApiProcess } from '../test/support/apiProcess';
import { TEST_SECRET } from '../test/support/session';
import { keyOf, pngOfSize } from '../test/support/submitForm';
import {
  bearer,
  call,
  download,
  formRefs,
  Ledger,
  planSubmit,
  readTicket,
  type SubmitAnswer,
  sendSubmit,
  settleAndCheckSubmits,
  signIn,
} from './support/helpdeskClient';
import { freePort, waitUntil } from './support/net';
import { createCluster, type PostgresCluster } from './support/postgresCluster';

// Two api processes on one PostgreSQL and one upload folder, behind the real nginx (nginx.conf as
// shipped, only its ports rewritten and a second upstream server added): what one instance wrote,
// the other serves; then a rolling restart (SIGTERM to one, start it again, then the other)
// under load through nginx, where no request may be lost.
const WORKERS = 4;
// Load before, during and after the restarts; the whole scenario stops after LOAD_LIMIT_MS anyway.
const LOAD_AROUND_MS = 4_000;
const LOAD_LIMIT_MS = 90_000;
// A server that refused a connection gets no request from nginx for its fail_timeout (10 s), then
// one request that must succeed: the next instance stops only after both (docs/operations.md).
const REJOIN_MS = 15_000;

describe('two api instances behind nginx', () => {
  let cluster: PostgresCluster;
  let root: string;
  let nginx: ChildProcess | undefined;
  const apis = new Map<'a' | 'b', { port: number; process: ApiProcess; url: string }>();

  const startInstance = async (name: 'a' | 'b', port: number) => {
    const process = startApiProcess({
      PORT: String(port),
      DATABASE_URL: cluster.url(),
      UPLOAD_DIR: path.join(root, 'uploads'),
      HELPDESK_SECRET: TEST_SECRET,
      HELPDESK_DEMO_DATA: 'true',
      HELPDESK_DEMO_TICKETS: '0',
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_MAX: '1000000',
      SUBMIT_MAX_PER_IP: '1000000',
      LOOKUP_MAX_PER_IP: '1000000',
    });
    const url = await listening(process);
    apis.set(name, { port, process, url });
    return url;
  };

  const stopInstance = async (name: 'a' | 'b') => {
    const api = apis.get(name);
    if (!api) throw new Error(`no instance ${name}`);
    api.process.child.kill('SIGTERM');
    return api.process.exited;
  };

  beforeAll(async () => {
    cluster = await createCluster();
    root = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-faults-nginx-'));
    for (const dir of ['logs', 'run', 'tmp', 'www', 'uploads']) mkdirSync(path.join(root, dir));
    writeTestCertificate(root);
    // One after the other: the first seeds the demo data, the second finds it.
    const [portA, portB] = [await freePort(), await freePort()];
    await startInstance('a', portA);
    await startInstance('b', portB);
  }, 120_000);

  afterAll(async () => {
    nginx?.kill('SIGTERM');
    for (const api of apis.values()) {
      if (api.process.child.exitCode === null) api.process.child.kill('SIGKILL');
      await api.process.exited;
    }
    await cluster?.destroy();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  const instance = (name: 'a' | 'b') => {
    const api = apis.get(name);
    if (!api) throw new Error(`no instance ${name}`);
    return api.url;
  };

  it('serves through one what the other wrote: reads, downloads, actions, idempotent submits', async () => {
    const [a, b] = [instance('a'), instance('b')];
    const refs = await formRefs(a);
    const plan = planSubmit(refs);
    plan.file ??= pngOfSize(4096); // this one has a file to download

    const submitted = await sendSubmit(a, plan);
    expect(submitted.status).toBe(201);
    const answer = submitted.body as SubmitAnswer;

    // The private link, the file and the member's list, through the other instance.
    const key = keyOf(answer.shareUrl);
    const byLink = await call(`${b}/api/tickets/${answer.ticketId}`, { headers: { 'x-access-key': key } });
    expect(byLink.status).toBe(200);
    const ticket = (byLink.body as { ticket: { attachments: { url: string }[] } }).ticket;
    const file = await fetch(`${b}${ticket.attachments[0]?.url}`, { headers: { 'x-access-key': key } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(plan.file);

    // A token signed by one instance, an action through the other, seen by the first.
    const token = await signIn(a);
    const approved = await call(`${b}/api/tickets/${answer.ticketId}/action`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'approve', comment: '' }),
    });
    expect(approved.status).toBe(200);
    expect((await readTicket(a, token, answer.ticketId)).adminStatus).toBe('approved');
    expect(await download(a, token, ticket.attachments[0]?.url ?? '')).toEqual(plan.file);

    // The same submit again through the other instance: the first answer, no second ticket.
    const again = await sendSubmit(b, plan);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(answer);

    // One new submit sent to both at once: one ticket, the same answer from both.
    const raced = planSubmit(refs);
    const [first, second] = await Promise.all([sendSubmit(a, raced), sendSubmit(b, raced)]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(first.body).toEqual(second.body);
    const all = await call(`${b}/api/tickets/all?pageSize=1`, { headers: bearer(token) });
    expect((all.body as { total: number }).total).toBe(2);
    // A dozen calls through nginx to two api processes: seconds on a busy machine, not jest's 5.
  }, 60_000);

  it(
    'loses no request through nginx while each instance in turn gets SIGTERM and starts again',
    async () => {
      const nginxPorts = { http: await freePort(), https: await freePort(), redirect: await freePort() };
      const [a, b] = [apis.get('a'), apis.get('b')];
      if (!a || !b) throw new Error('both instances run');
      const conf = nginxConfForRun({ ...nginxPorts, api: a.port }).replace(
        `server 127.0.0.1:${a.port};`,
        `server 127.0.0.1:${a.port};\n    server 127.0.0.1:${b.port};`,
      );
      writeFileSync(path.join(root, 'nginx.conf'), conf);
      nginx = spawn(
        process.env.NGINX_PATH || 'nginx',
        ['-p', root, '-c', path.join(root, 'nginx.conf'), '-g', 'daemon off;'],
        { stdio: 'ignore' },
      );
      const site = `http://127.0.0.1:${nginxPorts.http}`;
      await waitUntil(async () => {
        try {
          return (await call(`${site}/api/health`)).status === 200;
        } catch {
          return false;
        }
      }, 'nginx to pass /api/health on');

      const token = await signIn(site);
      const refs = await formRefs(site);
      const ledger = new Ledger();
      const started = Date.now();
      let deadline = started + LOAD_LIMIT_MS;
      const worker = async (index: number) => {
        for (let round = index; Date.now() < deadline; round++) {
          const tickets = [...ledger.acknowledged.values()].map(({ answer }) => answer.ticketId);
          const someTicket = tickets[round % Math.max(1, tickets.length)];
          if (round % 3 === 0) await ledger.submit(site, planSubmit(refs));
          else if (round % 3 === 1 || someTicket === undefined) {
            await ledger.record('list', () => call(`${site}/api/tickets/all`, { headers: bearer(token) }));
          } else {
            await ledger.record('read', () =>
              call(`${site}/api/tickets/${someTicket}`, { headers: bearer(token) }),
            );
          }
        }
      };
      const exits: (number | null)[] = [];
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      // The procedure of docs/operations.md: one at a time; the next once the restarted one is
      // up and nginx's fail_timeout is over.
      const rollingRestart = async () => {
        await pause(LOAD_AROUND_MS);
        for (const name of ['a', 'b'] as const) {
          const port = apis.get(name)?.port ?? 0;
          exits.push(await stopInstance(name));
          await startInstance(name, port);
          if (name === 'a') await pause(REJOIN_MS);
        }
        await pause(LOAD_AROUND_MS);
        deadline = Math.min(deadline, Date.now());
      };

      await Promise.all([rollingRestart(), ...Array.from({ length: WORKERS }, (_, i) => worker(i))]);

      console.log(`Rolling restart behind nginx: ${JSON.stringify(ledger.counts())}`);
      expect(exits).toEqual([0, 0]); // each drained and closed cleanly
      expect(ledger.outcomes.filter(({ outcome }) => outcome === 'network' || outcome >= 500)).toEqual([]);
      expect(ledger.unacknowledged.size).toBe(0);
      expect(ledger.acknowledged.size).toBeGreaterThan(10);
      // Every ticket acknowledged through nginx is there, with its file, through either instance.
      await settleAndCheckSubmits(site, token, ledger, 2); // the 2 of the test above
    },
    LOAD_LIMIT_MS + 120_000,
  );
});
