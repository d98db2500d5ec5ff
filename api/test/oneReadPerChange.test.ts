/**
 * One read of the ticket per change (issue 30): an approval, a staff reply and an escalation each
 * read the ticket's row once, and carry what they read to the history, the stage log, the
 * messages and the answer. Counted from the statements the api sends to its database: every
 * statement PGlite is asked to parse is recorded, and those that select from `tickets` are the
 * reads of a ticket row. On PGlite only (its one client sees every statement of the api).
 */
import type { App } from '../src/app';
import { ManualClock } from '../src/services/clock';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { useTestDatabase } from './support/testDatabase';

jest.setTimeout(120_000);

const ADMIN = 'admin@helpdesk.demo';
const PRESIDENT = 'pune.president@helpdesk.demo';

/** The SQL of a Parse ('P') or simple Query ('Q') message of PostgreSQL's protocol, else null. */
function sqlOf(message: Uint8Array): string | null {
  const type = message[0];
  if (type !== 0x50 && type !== 0x51) return null;
  let start = 5;
  // A Parse message names its statement first (a C string, often empty), then the query.
  if (type === 0x50) start = message.indexOf(0, start) + 1;
  return new TextDecoder().decode(message.subarray(start, message.indexOf(0, start)));
}

/** A statement that reads rows of `tickets` (a write of the row is not a read of it). */
const readsTickets = (sql: string) =>
  /^\s*select\b/i.test(sql) && /\b(from|join)\s+"?tickets"?(\s|$)/i.test(sql);

describe('one read of the ticket per change, on PGlite', () => {
  const database = useTestDatabase('pglite');
  const clock = new ManualClock(new Date('2026-12-04T17:00:00+05:30'));
  let app: App;
  let refs: DemoRefs;
  const statements: string[] = [];
  let recording = false;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    // No background work: the statements counted are the request's own.
    app = await buildDemoApp(
      database(),
      { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' },
      undefined,
      clock,
    );
    await app.ready();
    refs = await demoRefs(app);
    for (const email of [ADMIN, PRESIDENT]) tokens[email] = await tokenFor(app, email);
    const client = (app.db as unknown as { $client: { execProtocolStream: (...args: unknown[]) => unknown } })
      .$client;
    const execute = client.execProtocolStream.bind(client);
    client.execProtocolStream = (message: unknown, ...rest: unknown[]) => {
      if (recording && message instanceof Uint8Array) {
        const sql = sqlOf(message);
        if (sql) statements.push(sql);
      }
      return execute(message, ...rest);
    };
  }, APP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
  });

  /** The statements reading `tickets` while `work` runs. */
  async function ticketReadsOf(work: () => Promise<void>): Promise<string[]> {
    statements.length = 0;
    recording = true;
    try {
      await work();
    } finally {
      recording = false;
    }
    expect(statements.length).toBeGreaterThan(0);
    return statements.filter(readsTickets);
  }

  async function newTicket(): Promise<number> {
    clock.set(new Date('2026-12-04T17:00:00+05:30'));
    const response = await submit(app, submitFields(refs));
    expect(response.statusCode).toBe(201);
    return response.json().ticketId as number;
  }

  it('an approval reads the ticket once and answers it as it now is', async () => {
    const id = await newTicket();
    let answer:
      | {
          ticket: {
            status: string;
            currentAssignee: string;
            version: number;
            stage: string;
            comments: unknown[];
          };
        }
      | undefined;
    const reads = await ticketReadsOf(async () => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/tickets/citypresident/${id}/citypresidentaction`,
        headers: bearer(tokens[PRESIDENT] ?? ''),
        payload: { action: 'approve', comment: 'Looks right', version: 1 },
      });
      expect(response.statusCode).toBe(200);
      answer = response.json();
    });
    expect(reads).toHaveLength(1);
    // The answer is the ticket as the change left it, history and next stage included.
    expect(answer?.ticket).toMatchObject({
      status: 'approved',
      currentAssignee: 'Convenor',
      version: 2,
      stage: 'resolution',
    });
    const read = await app.inject({ url: `/api/tickets/${id}`, headers: bearer(tokens[PRESIDENT] ?? '') });
    // (The action's answer never carried the last word's rating and appeal; the ticket's read adds them.)
    expect({ ...answer?.ticket, rating: null, appeal: null }).toEqual(read.json().ticket);
  });

  it('a staff reply reads the ticket once', async () => {
    const id = await newTicket();
    const reads = await ticketReadsOf(async () => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/tickets/${id}/replies`,
        headers: bearer(tokens[ADMIN] ?? ''),
        payload: { text: 'Which floor?' },
      });
      expect(response.statusCode).toBe(201);
    });
    expect(reads).toHaveLength(1);
  });

  it('an escalation reads its ticket only in the tick’s own read of the due stages', async () => {
    // A tick with nothing due, then one with an escalation: the same reads of `tickets`.
    clock.set(new Date('2026-12-04T17:30:00+05:30'));
    await app.slaScheduler.tick();
    const idle = await ticketReadsOf(async () => {
      await app.slaScheduler.tick();
    });
    const id = await newTicket();
    clock.set(new Date('2027-01-20T12:00:00+05:30'));
    const escalating = await ticketReadsOf(async () => {
      const result = await app.slaScheduler.tick();
      expect(result.alerts).toBeGreaterThan(0);
    });
    expect(escalating).toHaveLength(idle.length);
    const history = await app.inject({
      url: `/api/tickets/${id}/history`,
      headers: bearer(tokens[ADMIN] ?? ''),
    });
    expect(history.json().history.map((entry: { kind: string }) => entry.kind)).toContain('stage.escalated');
  });
});
