/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { Client } from 'pg';
import type { DatabaseKind } from '../src/db/database';
import { type ApiProcess, listening, startApiProcess } from '../test/support/apiProcess';
import { TEST_SECRET } from '../test/support/session';
import { useTestDatabase } from '../test/support/testDatabase';
import { bearer, call, formRefs, planSubmit, sendSubmit, signIn } from './support/helpdeskClient';
import { countsById, type MailServer, startMailServer } from './support/mailServer';
import { waitUntil } from './support/net';
import { createCluster, type PostgresCluster } from './support/postgresCluster';

// The outbox's promise across a crash (ADR 0026, issue 17): a submit commits its messages, then the
// api process is killed with SIGKILL while the worker is sending them; started again on the same
// database, it delivers each message, under the same Message-ID (the outbox id). The mail server is
// held at the moment the message's data has arrived and not been answered, so the kill falls
// between the commit and the end of the send every time, not by luck of timing. On PGlite and on a
// PostgreSQL server of the suite's own; on PostgreSQL also the one window where a message goes
// twice (the server said 250, the api died before marking it): the same Message-ID both times,
// which is how a receiver drops the copy.
const DOMAIN = 'faults.example.org';
const MAIL_FROM = `Help Desk <help@${DOMAIN}>`;
// After a kill on PostgreSQL, a claimed message waits for its lease to run out (PGlite releases
// leases at start: one process). Each SMTP step times out after a quarter of it (5 s), far more
// than the test takes to kill a process it sees holding a message.
const LEASE_MS = 20_000;

interface TicketMessage {
  id: number;
  status: string;
  attempts: number;
}

const messageIdOf = (id: number) => `<outbox-${id}@${DOMAIN}>`;

let cluster: PostgresCluster | undefined;
afterAll(() => cluster?.destroy(), 60_000);

describe.each<DatabaseKind>(['pglite', 'postgres'])('the outbox across kill -9 on %s', (kind) => {
  if (kind === 'postgres') {
    beforeAll(async () => {
      cluster = await createCluster();
    }, 60_000);
  }
  const serverUrl = () => {
    if (!cluster) throw new Error('the PostgreSQL server of this file is not up');
    return cluster.url();
  };
  const running: ApiProcess[] = [];
  let mail: MailServer;

  beforeEach(async () => {
    mail = await startMailServer();
  });

  afterEach(async () => {
    for (const api of running.splice(0)) {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      await api.exited;
    }
    await mail.close();
  });

  function startApi(env: Record<string, string>, sender: string): ApiProcess {
    const api = startApiProcess({
      ...env,
      HELPDESK_SECRET: TEST_SECRET,
      HELPDESK_DEMO_DATA: 'true',
      HELPDESK_DEMO_TICKETS: '0',
      // The polls of this file's tests share one client address and, on PostgreSQL, one counted
      // rate limit across both tests: without room, the second test's first calls got 429s.
      RATE_LIMIT_MAX: '1000000',
      SUBMIT_MAX_PER_IP: '1000000',
      SMTP_URL: mail.urlFor(sender),
      MAIL_FROM,
      OUTBOX_POLL_MS: '100',
      OUTBOX_LEASE_MS: String(LEASE_MS),
    });
    running.push(api);
    return api;
  }

  async function kill(api: ApiProcess) {
    api.child.kill('SIGKILL');
    await api.exited;
  }

  /** Submits one ticket (committed with its two messages: the member's, the president's). */
  async function submitOne(url: string): Promise<number> {
    const answer = await sendSubmit(url, planSubmit(await formRefs(url)));
    expect(answer.status).toBe(201);
    return (answer.body as { ticketId: number }).ticketId;
  }

  /** The ticket's messages once none is queued any more (staff's view: id, state, attempts). */
  async function settledMessages(url: string, ticketId: number): Promise<TicketMessage[]> {
    const token = await signIn(url, 'pune.president@helpdesk.demo');
    let messages: TicketMessage[] = [];
    await waitUntil(
      async () => {
        const answer = await call(`${url}/api/tickets/${ticketId}/messages`, { headers: bearer(token) });
        messages = (answer.body as { messages: TicketMessage[] }).messages;
        return messages.length === 2 && messages.every((message) => message.status !== 'queued');
      },
      "the ticket's two messages to be settled",
      90_000,
    );
    return messages;
  }

  const database = useTestDatabase(kind, serverUrl);

  it('killed while its emails are in flight, it delivers each exactly once after the restart, under the same Message-ID', async () => {
    mail.hold(true);
    const first = startApi(database().env, 'first');
    const ticketId = await submitOne(await listening(first));
    await waitUntil(() => mail.held.length > 0, 'an email to be in flight');
    await kill(first);
    const inFlight = mail.held.map((message) => message.messageId);
    expect(mail.accepted).toEqual([]);

    mail.hold(false);
    const second = startApi(database().env, 'second');
    const messages = await settledMessages(await listening(second), ticketId);

    expect(messages.map((message) => message.status)).toEqual(['sent', 'sent']);
    const expected = messages.map((message) => messageIdOf(message.id)).sort();
    // Exactly one accepted email per outbox row, all sent by the restarted process.
    expect(mail.accepted.map((message) => message.messageId).sort()).toEqual(expected);
    expect(mail.accepted.every((message) => message.user === 'second')).toBe(true);
    // What was in flight is what was delivered: the same identity, its second attempt.
    for (const id of inFlight) expect(expected).toContain(id);
    for (const message of messages.filter((one) => inFlight.includes(messageIdOf(one.id)))) {
      expect(message.attempts).toBe(2);
    }
  }, 180_000);

  if (kind === 'postgres') {
    it('killed after the server accepted and before the mark, it sends again under the same Message-ID, so the receiver keeps one', async () => {
      mail.hold(true);
      const first = startApi(database().env, 'first');
      const ticketId = await submitOne(await listening(first));
      await waitUntil(() => mail.held.length === 2, 'both emails to be in flight');

      // The test holds the rows, so the worker's mark waits on them once the server has said 250.
      const locker = new Client({ connectionString: database().env.DATABASE_URL });
      // The sessions are watched from a second connection: inside the locker's transaction
      // pg_stat_activity is one snapshot taken at its first read, so it would never show a mark
      // that starts waiting later nor a session that has since ended.
      const watcher = new Client({ connectionString: database().env.DATABASE_URL });
      await Promise.all([locker.connect(), watcher.connect()]);
      const markSessions = (condition: string) =>
        `from pg_stat_activity where ${condition} and datname = current_database() and query ilike 'update "outbox"%' and pid <> pg_backend_pid()`;
      const countOf = async (condition: string) =>
        (await watcher.query(`select count(*)::int as n ${markSessions(condition)}`)).rows[0].n as number;
      try {
        await locker.query('begin');
        await locker.query('select id from outbox where ticket_id = $1 for update', [ticketId]);
        mail.acceptHeld();
        await waitUntil(
          async () => (await countOf("wait_event_type = 'Lock'")) === 2,
          "the worker's two marks to wait on the rows",
        );
        await kill(first);
        // A dead client's waiting statement would still run once the rows are free (PostgreSQL
        // notices the closed socket only when it answers): end those sessions first, as the
        // server does with a connection it has found dead. Only this test's database counts: the
        // file's server also holds the earlier tests' ones.
        await waitUntil(async () => {
          if ((await countOf("state = 'active'")) === 0) return true;
          await watcher.query(`select pg_terminate_backend(pid) ${markSessions("state = 'active'")}`);
          return false;
        }, "the dead worker's sessions to end");
      } finally {
        await locker.query('rollback');
        await Promise.all([locker.end(), watcher.end()]);
      }
      const firstCopies = mail.accepted.map((message) => message.messageId).sort();
      expect(firstCopies).toHaveLength(2);

      mail.hold(false);
      const second = startApi(database().env, 'second');
      const messages = await settledMessages(await listening(second), ticketId);

      expect(messages.map((message) => message.status)).toEqual(['sent', 'sent']);
      const expected = messages.map((message) => messageIdOf(message.id)).sort();
      expect(firstCopies).toEqual(expected);
      // Each sent twice (the window ADR 0026 names), each time with its one Message-ID.
      expect([...countsById(mail.accepted).entries()].sort()).toEqual(expected.map((id) => [id, 2]));
      expect(mail.accepted.filter((message) => message.user === 'second')).toHaveLength(2);
      // A receiver that keeps one message per Message-ID has exactly one of each.
      expect(new Set(mail.accepted.map((message) => message.messageId)).size).toBe(2);
    }, 180_000);
  }
});
