/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { DatabaseKind } from '../src/db/database';
import { ReplyAddresses } from '../src/services/mail/replyAddresses';
import { type ApiProcess, listening, startApiProcess } from '../test/support/apiProcess';
import { type Dovecot, startDovecot } from '../test/support/dovecot';
import { TEST_SECRET } from '../test/support/session';
import { useTestDatabase } from '../test/support/testDatabase';
import { bearer, call, formRefs, planSubmit, sendSubmit, signIn } from './support/helpdeskClient';
import { waitUntil } from './support/net';
import { createCluster, type PostgresCluster } from './support/postgresCluster';

// Replies by email across a crash (ADR 0059, issue 36): the api fetches a member's reply from a real
// Dovecot, files it (the reply and the record of its Message-ID commit together) and is killed with
// SIGKILL before it moves the mail out of the inbox. The IMAP connection runs through a proxy that
// holds the api's MOVE command unanswered, so the kill falls between the commit and the move every
// time, not by luck of timing. Started again, the api finds the mail still in the inbox, recognises
// it and moves it: the ticket has the reply exactly once. On PGlite and on a PostgreSQL server of
// the suite's own.
const TIMEOUT_MS = 300_000;
const REPLY_ADDRESS = 'help@crash.example.org';

/** A TCP proxy to Dovecot that, once asked, holds everything the api sends from its first MOVE on. */
interface MoveHoldingProxy {
  port: number;
  /** True once a MOVE command arrived and was held. */
  heldMove: () => boolean;
  close(): Promise<void>;
}

function moveHoldingProxy(upstreamPort: number): Promise<MoveHoldingProxy> {
  let held = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(upstreamPort, '127.0.0.1');
    sockets.add(client).add(upstream);
    upstream.pipe(client);
    let holding = false;
    client.on('data', (chunk: Buffer) => {
      if (!holding && /\bMOVE\b/i.test(chunk.toString('latin1'))) {
        holding = true;
        held = true;
      }
      if (!holding) upstream.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        heldMove: () => held,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

let cluster: PostgresCluster | undefined;
let dovecot: Dovecot | undefined;
beforeAll(async () => {
  dovecot = await startDovecot();
}, 60_000);
afterAll(async () => {
  await cluster?.destroy();
  await dovecot?.stop();
}, 60_000);

describe.each<DatabaseKind>(['pglite', 'postgres'])('a reply by email across kill -9 on %s', (kind) => {
  if (kind === 'postgres') {
    beforeAll(async () => {
      cluster = await createCluster();
    }, 60_000);
  }
  const serverUrl = () => {
    if (!cluster) throw new Error('the PostgreSQL server of this file is not up');
    return cluster.url();
  };
  const database = useTestDatabase(kind, serverUrl);
  const running: ApiProcess[] = [];
  const mailbox = `crash-${kind}-${process.pid}`;

  afterEach(async () => {
    for (const api of running.splice(0)) {
      if (api.child.exitCode === null) api.child.kill('SIGKILL');
      await api.exited;
    }
  });

  function startApi(imapPort: number): ApiProcess {
    if (!dovecot) throw new Error('dovecot is not up');
    const api = startApiProcess({
      ...database().env,
      HELPDESK_SECRET: TEST_SECRET,
      HELPDESK_DEMO_DATA: 'true',
      HELPDESK_DEMO_TICKETS: '0',
      RATE_LIMIT_MAX: '1000000',
      SUBMIT_MAX_PER_IP: '1000000',
      REPLY_ADDRESS,
      IMAP_URL: dovecot.urlFor(mailbox).replace(`:${dovecot.port}/`, `:${imapPort}/`),
      IMAP_POLL_MS: '200',
    });
    running.push(api);
    return api;
  }

  async function memberReplies(url: string, ticketId: number): Promise<string[]> {
    const token = await signIn(url, 'pune.president@helpdesk.demo');
    const answer = await call(`${url}/api/tickets/${ticketId}/history`, { headers: bearer(token) });
    const history = (answer.body as { history: { kind: string | null; text: string }[] }).history;
    return history.filter((entry) => entry.kind === 'member.replied').map((entry) => entry.text);
  }

  it(
    'killed after filing a reply and before moving its mail, it files it exactly once after the restart',
    async () => {
      if (!dovecot) throw new Error('dovecot is not up');
      const proxy = await moveHoldingProxy(dovecot.port);
      try {
        const first = startApi(proxy.port);
        const url = await listening(first);
        const plan = planSubmit(await formRefs(url));
        const submitted = await sendSubmit(url, plan);
        expect(submitted.status).toBe(201);
        const { ticketId } = submitted.body as { ticketId: number };

        const raw = await new MailComposer({
          from: `Ravi Kumar <${plan.fields.email}>`,
          to: new ReplyAddresses(TEST_SECRET, REPLY_ADDRESS).forTicket(ticketId),
          subject: `Re: We received your ticket #${ticketId}`,
          text: 'The lift works again since this morning.\n\nOn Monday, Help Desk wrote:\n> We received your ticket\n',
          messageId: `<crash-${kind}-${ticketId}@mail.example.com>`,
        })
          .compile()
          .build();
        await dovecot.deliver(mailbox, raw);

        // Filed and committed (the MOVE is sent only after the commit), then held: the kill falls here.
        await waitUntil(proxy.heldMove, 'the api to move the filed mail', 120_000);
        expect(await memberReplies(url, ticketId)).toEqual(['The lift works again since this morning.']);
        first.child.kill('SIGKILL');
        await first.exited;
        expect(await dovecot.count(mailbox, 'INBOX')).toBe(1);
        expect(await dovecot.count(mailbox, 'Processed')).toBe(0);

        const second = startApi(dovecot.port);
        const again = await listening(second);
        await waitUntil(
          async () => (await dovecot?.count(mailbox, 'Processed')) === 1,
          'the restarted api to move the mail',
          120_000,
        );
        expect(await dovecot.count(mailbox, 'INBOX')).toBe(0);
        expect(await memberReplies(again, ticketId)).toEqual(['The lift works again since this morning.']);
        expect(second.output()).toMatch(/"duplicate":true[^\n]*reply mailbox: a mail was handled/);
      } finally {
        await proxy.close();
      }
    },
    TIMEOUT_MS,
  );
});
