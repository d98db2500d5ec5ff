/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ApiProcess, listening, startApiProcess } from '../test/support/apiProcess';
import { pgliteTemplate } from '../test/support/pgliteTemplate';
import { TEST_SECRET } from '../test/support/session';
import { bearer, call, formRefs, planSubmit, sendSubmit, signIn } from './support/helpdeskClient';
import { countsById, type MailServer, startMailServer } from './support/mailServer';
import { waitUntil } from './support/net';
import { createCluster, type PostgresCluster } from './support/postgresCluster';

// The mail server down for two real minutes (port closed, open connections cut, one message cut
// in the middle of its data), while two api processes keep taking submits: one on PGlite, one on
// a PostgreSQL server of the suite's own, both sending to the same server under their own
// Message-ID domain. Nothing may be lost (every row ends sent, every Message-ID arrives) and
// nothing duplicated (each arrives once). The outage is not shortened: what is under test is a
// worker that keeps failing for minutes (pooled connections gone, refusals, back-off) and then
// recovers on its own. Only the back-off's first delay is shortened (OUTBOX_RETRY_BASE_MS=1 s,
// doubling: retries 1, 3, 7, 15, 31, 63 and 127 s after the first failure), so the messages are
// delivered seconds after the server is back instead of half an hour (30 s doubling).
const OUTAGE_MS = 120_000;
// Submits at the outage's start and in its middle: both retry schedules land soon after its end.
const SUBMIT_AT_MS = [0, 60_000];

interface TicketMessage {
  id: number;
  status: string;
  attempts: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the SMTP server down for two minutes', () => {
  let cluster: PostgresCluster;
  let mail: MailServer;
  let dataDir: string;
  const processes: ApiProcess[] = [];

  beforeAll(async () => {
    cluster = await createCluster();
    mail = await startMailServer();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'helpdesk-faults-outage-'));
  }, 60_000);

  afterAll(async () => {
    for (const api of processes) {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      await api.exited;
    }
    await mail?.close();
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('loses and duplicates no email, on PGlite and on PostgreSQL', async () => {
    cpSync(pgliteTemplate(), path.join(dataDir, 'pglite'), { recursive: true });
    const start = (name: 'pglite' | 'postgres', env: Record<string, string>) => {
      const api = startApiProcess({
        ...env,
        HELPDESK_SECRET: TEST_SECRET,
        HELPDESK_DEMO_DATA: 'true',
        HELPDESK_DEMO_TICKETS: '0',
        SMTP_URL: mail.urlFor(name),
        MAIL_FROM: `Help Desk <help@${name}.example.org>`,
        OUTBOX_POLL_MS: '100',
        OUTBOX_RETRY_BASE_MS: '1000',
        OUTBOX_LEASE_MS: '20000',
      });
      processes.push(api);
      return api;
    };
    const apis = {
      pglite: await listening(start('pglite', { DATA_DIR: dataDir })),
      postgres: await listening(start('postgres', { DATABASE_URL: cluster.url() })),
    };
    const tickets: Record<keyof typeof apis, number[]> = { pglite: [], postgres: [] };
    const submitEach = async () => {
      for (const [name, url] of Object.entries(apis) as [keyof typeof apis, string][]) {
        const answer = await sendSubmit(url, planSubmit(await formRefs(url)));
        expect(answer.status).toBe(201);
        tickets[name].push((answer.body as { ticketId: number }).ticketId);
      }
    };

    // Before: delivered as usual.
    await submitEach();
    await waitUntil(() => mail.accepted.length === 4, 'the first four emails');

    // A message cut in the middle of its data (received, never answered), then the server goes.
    mail.hold(true);
    await submitEach();
    await waitUntil(() => mail.held.length > 0, 'an email to be in flight');
    const downAt = Date.now();
    await mail.down();
    mail.hold(false);

    for (const at of SUBMIT_AT_MS) {
      await sleep(Math.max(0, downAt + at - Date.now()));
      await submitEach();
    }
    await sleep(Math.max(0, downAt + OUTAGE_MS - Date.now()));
    // Still nothing lost: every message of the outage is queued, retried, not failed.
    for (const [name, url] of Object.entries(apis) as [keyof typeof apis, string][]) {
      const messages = await messagesOf(url, tickets[name].slice(1));
      expect(messages.every((message) => message.status === 'queued')).toBe(true);
      expect(Math.max(...messages.map((message) => message.attempts))).toBeGreaterThanOrEqual(5);
    }
    await mail.up();
    console.log(`mail server down for ${Date.now() - downAt} ms`);

    const allTickets = Object.values(tickets).flat();
    await waitUntil(() => mail.accepted.length >= allTickets.length * 2, 'every email', 150_000);
    for (const [name, url] of Object.entries(apis) as [keyof typeof apis, string][]) {
      let messages: TicketMessage[] = [];
      await waitUntil(async () => {
        messages = await messagesOf(url, tickets[name]);
        return messages.every((message) => message.status === 'sent');
      }, `every message of ${name} to be marked sent`);
      expect(messages).toHaveLength(tickets[name].length * 2);
      const expected = messages.map((message) => `<outbox-${message.id}@${name}.example.org>`).sort();
      const arrived = mail.accepted.filter((message) => message.user === name);
      // Nothing lost, nothing twice.
      expect([...countsById(arrived).entries()].sort()).toEqual(expected.map((id) => [id, 1]));
    }
    expect(mail.accepted).toHaveLength(allTickets.length * 2);
  }, 420_000);
});

async function messagesOf(url: string, ticketIds: number[]): Promise<TicketMessage[]> {
  const token = await signIn(url, 'pune.president@helpdesk.demo');
  const all: TicketMessage[] = [];
  for (const id of ticketIds) {
    const answer = await call(`${url}/api/tickets/${id}/messages`, { headers: bearer(token) });
    if (answer.status !== 200) throw new Error(`messages of ticket ${id} answered ${answer.status}`);
    all.push(...(answer.body as { messages: TicketMessage[] }).messages);
  }
  return all;
}
