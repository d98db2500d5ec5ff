/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { Client } from 'pg';
import { type ApiProcess, listening, startApiProcess } from '../test/support/apiProcess';
import { TEST_SECRET } from '../test/support/session';
import { formRefs, planSubmit, sendSubmit } from './support/helpdeskClient';
import { countsById, type MailServer, startMailServer } from './support/mailServer';
import { waitUntil } from './support/net';
import { createCluster, type PostgresCluster } from './support/postgresCluster';

// Two api processes on one PostgreSQL (ADR 0026: every instance runs a worker, rows are claimed
// with FOR UPDATE SKIP LOCKED under a lease): 250 submits spread over both write 500 messages,
// and the mail server, which knows each process by its SMTP user, accepts each Message-ID exactly
// once, with both workers having sent a share. Small batches and a short poll keep the two
// workers claiming side by side the whole time.
const SUBMITS = 250;
const CLIENTS = 4;
const DOMAIN = 'faults.example.org';

describe('two api workers on one PostgreSQL', () => {
  let cluster: PostgresCluster;
  let mail: MailServer;
  const apis: ApiProcess[] = [];

  beforeAll(async () => {
    cluster = await createCluster();
    mail = await startMailServer();
  }, 60_000);

  afterAll(async () => {
    for (const api of apis) {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      await api.exited;
    }
    await mail?.close();
    await cluster?.destroy();
  }, 60_000);

  it(`send each of ${SUBMITS * 2} messages exactly once between them`, async () => {
    const start = (sender: string) => {
      const api = startApiProcess({
        DATABASE_URL: cluster.url(),
        HELPDESK_SECRET: TEST_SECRET,
        HELPDESK_DEMO_DATA: 'true',
        HELPDESK_DEMO_TICKETS: '0',
        RATE_LIMIT_MAX: '1000000',
        SUBMIT_MAX_PER_IP: '1000000',
        SMTP_URL: mail.urlFor(sender),
        MAIL_FROM: `Help Desk <help@${DOMAIN}>`,
        OUTBOX_POLL_MS: '50',
        OUTBOX_BATCH: '5',
      });
      apis.push(api);
      return api;
    };
    // One after the other: the first creates the demo data, the second finds it.
    const a = await listening(start('a'));
    const b = await listening(start('b'));
    const refs = await formRefs(a);

    let next = 0;
    const client = async () => {
      while (next < SUBMITS) {
        const index = next++;
        const answer = await sendSubmit(index % 2 ? b : a, planSubmit(refs));
        if (answer.status !== 201) throw new Error(`submit ${index} answered ${answer.status}`);
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, client));

    const db = new Client({ connectionString: cluster.url() });
    await db.connect();
    try {
      await waitUntil(
        async () =>
          (await db.query(`select count(*)::int as n from outbox where status <> 'sent'`)).rows[0].n === 0,
        'every message to be sent',
        180_000,
      );
      const rows = (await db.query<{ id: number }>('select id from outbox order by id')).rows;
      expect(rows).toHaveLength(SUBMITS * 2);
      const expected = rows.map((row) => `<outbox-${row.id}@${DOMAIN}>`).sort();
      const counts = countsById(mail.accepted);
      expect([...counts.keys()].sort()).toEqual(expected);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
      expect(mail.accepted).toHaveLength(SUBMITS * 2);
      // Both workers took part (each process's commits wake its own worker first).
      const bySender = { a: 0, b: 0 } as Record<string, number>;
      for (const message of mail.accepted) bySender[message.user] = (bySender[message.user] ?? 0) + 1;
      console.log(`messages sent by worker a: ${bySender.a}, by worker b: ${bySender.b}`);
      expect(bySender.a).toBeGreaterThan(0);
      expect(bySender.b).toBeGreaterThan(0);
      // Nothing was claimed twice: every row's single attempt was its only one.
      const attempts = await db.query('select count(*)::int as n from outbox where attempts <> 1');
      expect(attempts.rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  }, 300_000);
});
