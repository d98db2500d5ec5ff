/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { count, eq } from 'drizzle-orm';
import {
  API_PATHS,
  type Guard,
  historyText,
  pathFor,
  type Role,
  TICKET_ACTIONS,
  type TicketAction,
  TRANSITIONS,
} from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { ticketComments, tickets } from '../src/db/schema';
import { bearer, buildDemoApp, newMemberToken, tokenFor } from './support/session';
import { insertTicket, TICKET_STATES, type TicketState } from './support/staffTicketFixtures';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

const api = (template: string, id: number) => `/api${pathFor(template, { id })}`;

/** Each acting role's own call (docs/product.md#roles, docs/product.md#calls). */
const ACTION_PATH: Record<string, string> = {
  admin: API_PATHS.tickets.adminAction,
  citypresident: API_PATHS.tickets.cityPresidentAction,
  convenor: API_PATHS.tickets.convenorAction,
  observer: API_PATHS.tickets.observerAction,
  governor: API_PATHS.tickets.governorAction,
};

/** A Pune account of each role that has an action call. */
const PUNE_ACTOR: Record<string, string> = {
  admin: 'admin@helpdesk.demo',
  citypresident: 'pune.president@helpdesk.demo',
  convenor: 'pune.convenor@helpdesk.demo',
  observer: 'pune.observer@helpdesk.demo',
  governor: 'governor@helpdesk.demo',
};

/**
 * Which states of TICKET_STATES satisfy each guard of the table, written from docs/workflow.md
 * ("allowed when") independently of the code that evaluates guards.
 */
const GUARD_HOLDS_IN: Partial<Record<Exclude<Guard, 'textRequired'>, TicketState[]>> = {
  openForApproval: ['pending', 'reviewedPending', 'adminApproved', 'awaitingObserver'],
  notApprovedYet: ['pending', 'reviewedPending'],
  notFinal: ['pending', 'reviewedPending', 'adminApproved', 'cityPresidentApproved', 'awaitingObserver'],
  approvedByChain: ['adminApproved', 'cityPresidentApproved', 'awaitingObserver'],
  notAwaitingObserver: [
    'pending',
    'reviewedPending',
    'adminApproved',
    'cityPresidentApproved',
    'resolved',
    'rejected',
  ],
  openForReview: ['pending', 'cityPresidentApproved'],
};

/** 200 when a row of the table names the role and action and its guards hold; else 403 or 409. */
function expectedStatus(role: string, action: TicketAction, state: TicketState): 200 | 403 | 409 {
  const row = TRANSITIONS.find(
    (transition) => transition.action === action && transition.actors.includes(role as Role),
  );
  if (!row) return 403;
  const holds = row.guards.every(
    (guard) => guard === 'textRequired' || (GUARD_HOLDS_IN[guard]?.includes(state) ?? false),
  );
  return holds ? 200 : 409;
}

/** docs/product.md#action-names, the other way round: the status each action leads to. */
const STATUS_OF: Record<TicketAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  resolve: 'resolved',
  review: 'in-review',
};

const STATES = Object.keys(TICKET_STATES) as TicketState[];
const MATRIX = Object.keys(ACTION_PATH).flatMap((role) =>
  TICKET_ACTIONS.flatMap((action) =>
    STATES.map((state) => [role, action, state, expectedStatus(role, action, state)] as const),
  ),
);

describe.each(databaseKinds)('ticket actions on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildDemoApp(database(), { HELPDESK_DEMO_TICKETS: '0' });
    // HELPDESK_DEMO_TICKETS=0: the demo accounts without the demo tickets.
    expect((await app.db.select({ n: count() }).from(tickets))[0]?.n).toBe(0);
    const emails = [
      ...Object.values(PUNE_ACTOR),
      'president@helpdesk.demo',
      'mumbai.president@helpdesk.demo',
      'mumbai.convenor@helpdesk.demo',
      'mumbai.observer@helpdesk.demo',
    ];
    for (const email of emails) tokens[email] = await tokenFor(app, email);
    const adminToken = tokens['admin@helpdesk.demo'] as string;
    tokens.customer = await newMemberToken(app, adminToken);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const act = (email: string, role: string, id: number, body: object) =>
    app.inject({
      method: 'POST',
      url: api(ACTION_PATH[role] as string, id),
      headers: bearer(tokens[email] as string),
      payload: body,
    });
  const as = (role: keyof typeof PUNE_ACTOR, id: number, body: object) =>
    act(PUNE_ACTOR[role] as string, role, id, body);
  const history = (id: number, email = 'admin@helpdesk.demo') =>
    app.inject({
      method: 'GET',
      url: api(API_PATHS.tickets.history, id),
      headers: bearer(tokens[email] as string),
    });

  describe('the chain', () => {
    it('city president approves → convenor resolves → awaiting the office bearer → observer resolves → resolved', async () => {
      const id = await insertTicket(app);

      const approved = await as('citypresident', id, { action: 'approve', comment: '', version: 1 });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().ticket).toMatchObject({
        id,
        status: 'approved',
        cityPresidentStatus: 'approved',
        currentAssignee: 'Convenor',
        version: 2,
      });

      const byConvenor = await as('convenor', id, {
        action: 'resolve',
        comment: 'Developer agreed to fix the lift',
        version: 2,
      });
      expect(byConvenor.statusCode).toBe(200);
      expect(byConvenor.json().ticket).toMatchObject({
        status: 'in-review',
        convenorStatus: 'resolved',
        currentAssignee: 'Observer',
        resolutionMethod: 'Developer agreed to fix the lift',
        version: 3,
      });

      const final = await as('observer', id, { action: 'resolve', comment: 'Checked on site', version: 3 });
      expect(final.statusCode).toBe(200);
      const ticket = final.json().ticket;
      expect(ticket).toMatchObject({
        status: 'resolved',
        observerStatus: 'approved',
        currentAssignee: 'Completed',
        resolutionMethod: 'Developer agreed to fix the lift',
        version: 4,
      });
      expect(
        ticket.comments.map((entry: { action: string; text: string; actionBy: string }) => entry),
      ).toEqual([
        expect.objectContaining({ action: 'submitted' }),
        expect.objectContaining({
          action: 'approve',
          text: 'Approved by City President',
          actionBy: 'Aditya Patwardhan',
          actorRole: 'citypresident',
        }),
        expect.objectContaining({
          action: 'resolve',
          text: 'Developer agreed to fix the lift',
          actionBy: 'Meera Gokhale',
          actorRole: 'convenor',
        }),
        expect.objectContaining({
          action: 'resolve',
          text: 'Checked on site',
          actionBy: 'Sachin Bhosale',
          actorRole: 'observer',
        }),
      ]);

      // The history call answers the same entries; each records the step it entered.
      const answer = await history(id, 'pune.observer@helpdesk.demo');
      expect(answer.statusCode).toBe(200);
      expect(answer.json().history).toEqual(ticket.comments);
      // The entries the api wrote itself are read by their code, so the screens show them in the
      // member's or the staff's language; the comments are people's words, shown as written.
      expect(
        answer.json().history.map((entry: Parameters<typeof historyText>[0]) => historyText(entry)),
      ).toEqual([
        { key: 'common:history.submitted' },
        { key: 'common:history.approve', values: { role: 'citypresident' } },
        null,
        null,
      ]);
      const stored = await app.db
        .select({ statusAfter: ticketComments.statusAfter, assigneeAfter: ticketComments.assigneeAfter })
        .from(ticketComments)
        .where(eq(ticketComments.ticketId, id))
        .orderBy(ticketComments.id);
      expect(stored).toEqual([
        { statusAfter: 'pending', assigneeAfter: 'CityPresident' },
        { statusAfter: 'approved', assigneeAfter: 'Convenor' },
        { statusAfter: 'in-review', assigneeAfter: 'Observer' },
        { statusAfter: 'resolved', assigneeAfter: 'Completed' },
      ]);

      // Final: nobody can act any more.
      expect((await as('admin', id, { action: 'reject', comment: 'Too late' })).statusCode).toBe(409);
    });

    it('admin approval: in-review with the convenor; the city president can no longer approve', async () => {
      const id = await insertTicket(app);

      const approved = await as('admin', id, { action: 'approve', comment: 'Forwarded' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().ticket).toMatchObject({
        status: 'in-review',
        adminStatus: 'approved',
        currentAssignee: 'Convenor',
      });
      const again = await as('citypresident', id, { action: 'approve' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toBe('This ticket has already been approved');

      // A convenor's resolve waits for the office bearer, whose resolve is final.
      expect((await as('convenor', id, { action: 'resolve', comment: 'Done' })).json().ticket).toMatchObject({
        status: 'in-review',
        currentAssignee: 'Observer',
      });
      expect(
        (await as('observer', id, { action: 'resolve', comment: 'Confirmed' })).json().ticket.status,
      ).toBe('resolved');
    });

    it('a convenor resolves outright when no observer is on the ticket', async () => {
      const id = await insertTicket(app, { state: 'cityPresidentApproved', fields: { observerId: null } });

      const answer = await as('convenor', id, { action: 'resolve', comment: 'Refund paid' });
      expect(answer.json().ticket).toMatchObject({ status: 'resolved', currentAssignee: 'Completed' });
    });

    it('rejections need a reason and are final', async () => {
      const id = await insertTicket(app);

      const blank = await as('citypresident', id, { action: 'reject', comment: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({
        error: 'A rejection reason is required',
        details: [{ path: 'comment', message: 'A rejection reason is required' }],
      });

      const rejected = await as('citypresident', id, { action: 'reject', comment: 'Outside our scope' });
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json().ticket).toMatchObject({
        status: 'rejected',
        cityPresidentStatus: 'rejected',
        rejectionReason: 'Outside our scope',
        currentAssignee: 'CityPresident',
      });
      for (const role of ['admin', 'convenor', 'observer'] as const) {
        expect((await as(role, id, { action: 'resolve', comment: 'x' })).statusCode).toBe(409);
      }
    });

    it.each([
      ['convenor', 'cityPresidentApproved', 'rejected', { convenorStatus: 'rejected' }],
      ['observer', 'awaitingObserver', 'rejected', { observerStatus: 'rejected' }],
      ['admin', 'pending', 'rejected', { adminStatus: 'rejected' }],
    ] as const)('%s rejects a %s ticket', async (role, state, status, fields) => {
      const id = await insertTicket(app, { state });
      const answer = await as(role, id, { action: 'reject', comment: 'Duplicate complaint' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().ticket).toMatchObject({
        status,
        rejectionReason: 'Duplicate complaint',
        ...fields,
      });
    });

    it('resolve needs a resolution text', async () => {
      const id = await insertTicket(app);
      const answer = await as('admin', id, { action: 'resolve' });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe('A resolution reason is required');
    });

    it.each([
      ['governor', 'pending', {}],
      ['convenor', 'pending', { convenorStatus: 'in-review' }],
      ['observer', 'cityPresidentApproved', { observerStatus: 'in-review' }],
    ] as const)('review by the %s moves a %s ticket to in-review', async (role, state, fields) => {
      const id = await insertTicket(app, { state });
      const answer = await as(role, id, { action: 'review' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().ticket).toMatchObject({ status: 'in-review', ...fields });
      expect(answer.json().ticket.comments.at(-1)).toMatchObject({
        action: 'review',
        text:
          'Moved to review by ' +
          (role === 'governor' ? 'Governor' : role === 'convenor' ? 'Convenor' : 'Office Bearer'),
      });
    });
  });

  describe('who may act', () => {
    it('takes the role from the token, never from the body', async () => {
      const id = await insertTicket(app);
      const answer = await as('citypresident', id, { action: 'approve', user: { role: 'admin' } });
      expect(answer.json().ticket).toMatchObject({ status: 'approved', cityPresidentStatus: 'approved' });
      expect(answer.json().ticket.adminStatus).toBeNull();
    });

    it('refuses office bearers of another city with 403, and changes nothing', async () => {
      const id = await insertTicket(app, { city: 'Pune', state: 'cityPresidentApproved' });
      const cases = [
        ['mumbai.president@helpdesk.demo', 'citypresident', 'reject'],
        ['mumbai.convenor@helpdesk.demo', 'convenor', 'resolve'],
        ['mumbai.observer@helpdesk.demo', 'observer', 'review'],
      ] as const;
      for (const [email, role, action] of cases) {
        const answer = await act(email, role, id, { action, comment: 'Trying' });
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error).toBe('This ticket belongs to another city');
      }
      const [row] = await app.db.select().from(tickets).where(eq(tickets.id, id));
      expect(row).toMatchObject({ status: 'approved', version: 1 });
    });

    it("answers 403 to a role on another role's call, and 401 without a token", async () => {
      const id = await insertTicket(app);
      for (const [role, path] of Object.entries(ACTION_PATH)) {
        for (const [other, email] of Object.entries(PUNE_ACTOR)) {
          if (other === role) continue;
          const answer = await app.inject({
            method: 'POST',
            url: api(path, id),
            headers: bearer(tokens[email] as string),
            payload: { action: 'approve' },
          });
          expect(answer.statusCode).toBe(403);
        }
        for (const token of [tokens['president@helpdesk.demo'], tokens.customer]) {
          const answer = await app.inject({
            method: 'POST',
            url: api(path, id),
            headers: bearer(token as string),
            payload: { action: 'approve' },
          });
          expect(answer.statusCode).toBe(403);
        }
        const anonymous = await app.inject({
          method: 'POST',
          url: api(path, id),
          payload: { action: 'approve' },
        });
        expect(anonymous.statusCode).toBe(401);
      }
    });

    it('answers 404 for a ticket that does not exist and 400 for a bad body', async () => {
      expect((await as('admin', 999_999, { action: 'approve' })).statusCode).toBe(404);
      const id = await insertTicket(app);
      expect((await as('admin', id, { action: 'escalate' })).statusCode).toBe(400);
      expect((await as('admin', id, { action: 'approve', version: -1 })).statusCode).toBe(400);
    });
  });

  describe('every actor × action × state of the table', () => {
    it.each(MATRIX)('%s %s on a %s ticket → %i', async (role, action, state, status) => {
      const id = await insertTicket(app, { state });
      const answer = await as(role as keyof typeof PUNE_ACTOR, id, {
        action,
        comment: 'Because',
        version: 1,
      });
      expect(answer.statusCode).toBe(status);
      const [row] = await app.db.select().from(tickets).where(eq(tickets.id, id));
      const [entries] = await app.db
        .select({ n: count() })
        .from(ticketComments)
        .where(eq(ticketComments.ticketId, id));
      if (status === 200) {
        expect(row?.version).toBe(2);
        expect(entries?.n).toBe(2);
        expect(answer.json().ticket.status).toBe(row?.status);
      } else {
        // A refusal changes nothing.
        expect(row).toMatchObject({ version: 1, ...TICKET_STATES[state] });
        expect(entries?.n).toBe(1);
      }
    });

    it('the Credai President and members have no action call', async () => {
      const id = await insertTicket(app);
      for (const token of [tokens['president@helpdesk.demo'], tokens.customer]) {
        for (const action of TICKET_ACTIONS) {
          const answer = await app.inject({
            method: 'PATCH',
            url: api(API_PATHS.tickets.status, id),
            headers: bearer(token as string),
            payload: { status: STATUS_OF[action], comment: 'Because' },
          });
          expect(answer.statusCode).toBe(403);
        }
      }
    });
  });

  describe('concurrent actions', () => {
    it('two approvers racing: exactly one wins, 50 times', async () => {
      for (let round = 0; round < 50; round++) {
        const id = await insertTicket(app);
        const answers = await Promise.all([
          as('admin', id, { action: 'approve', version: 1 }),
          as('citypresident', id, { action: 'approve', version: 1 }),
        ]);
        const codes = answers.map((answer) => answer.statusCode).sort();
        expect(codes).toEqual([200, 409]);
        const [row] = await app.db.select().from(tickets).where(eq(tickets.id, id));
        expect(row?.version).toBe(2);
        const approvals = await app.db
          .select({ action: ticketComments.action })
          .from(ticketComments)
          .where(eq(ticketComments.ticketId, id));
        expect(approvals.filter((entry) => entry.action === 'approve')).toHaveLength(1);
        const winner = answers.find((answer) => answer.statusCode === 200)?.json().ticket;
        expect(row?.status).toBe(winner.status);
      }
    }, 120_000);

    it('without a version the second approver is told the ticket is already approved', async () => {
      for (let round = 0; round < 10; round++) {
        const id = await insertTicket(app);
        const answers = await Promise.all([
          as('admin', id, { action: 'approve' }),
          as('citypresident', id, { action: 'approve' }),
        ]);
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      }
    }, 60_000);

    it('a stale version is refused with 409 and changes nothing', async () => {
      const id = await insertTicket(app);
      await as('governor', id, { action: 'review', version: 1 });
      const stale = await as('citypresident', id, { action: 'reject', comment: 'No', version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe('This ticket was changed by someone else. Reload it and try again.');
      const fresh = await as('citypresident', id, { action: 'reject', comment: 'No', version: 2 });
      expect(fresh.statusCode).toBe(200);
    });
  });

  describe('PATCH /api/tickets/{id}/status', () => {
    const patch = (email: string, id: number, body: object) =>
      app.inject({
        method: 'PATCH',
        url: api(API_PATHS.tickets.status, id),
        headers: bearer(tokens[email] as string),
        payload: body,
      });

    it('moves a ticket through the action that leads to the status', async () => {
      const id = await insertTicket(app);
      const approved = await patch('admin@helpdesk.demo', id, { status: 'Approved' });
      expect(approved.statusCode).toBe(200);
      expect(approved.json().ticket).toMatchObject({ status: 'in-review', adminStatus: 'approved' });

      const resolved = await patch('pune.president@helpdesk.demo', id, {
        status: 'resolved',
        comment: 'Settled',
        version: 2,
      });
      expect(resolved.json().ticket).toMatchObject({ status: 'resolved', resolutionMethod: 'Settled' });
    });

    it('refuses pending (409), a role without the action (403) and a bad status (400)', async () => {
      const id = await insertTicket(app);
      expect((await patch('admin@helpdesk.demo', id, { status: 'pending' })).statusCode).toBe(409);
      expect((await patch('admin@helpdesk.demo', id, { status: 'in-review' })).statusCode).toBe(403);
      expect((await patch('admin@helpdesk.demo', id, { status: 'closed' })).statusCode).toBe(400);
      expect((await patch('mumbai.president@helpdesk.demo', id, { status: 'approved' })).statusCode).toBe(
        403,
      );
    });
  });

  describe('GET /api/tickets/{id}/history', () => {
    it('answers staff who may see the ticket; 404 to another city, to another member and without a token or key', async () => {
      const id = await insertTicket(app, { city: 'Pune' });
      await as('citypresident', id, { action: 'approve' });

      for (const email of [
        'admin@helpdesk.demo',
        'president@helpdesk.demo',
        'governor@helpdesk.demo',
        'pune.convenor@helpdesk.demo',
      ]) {
        const answer = await history(id, email);
        expect(answer.statusCode).toBe(200);
        expect(answer.json().history.map((entry: { action: string }) => entry.action)).toEqual([
          'submitted',
          'approve',
        ]);
      }
      expect((await history(id, 'mumbai.president@helpdesk.demo')).statusCode).toBe(404);
      expect((await history(999_999)).statusCode).toBe(404);
      // Key holders and the member read the public entries (conversation.test.ts); anyone else: 404.
      expect((await history(id, 'customer')).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: api(API_PATHS.tickets.history, id) })).statusCode).toBe(
        404,
      );
    });
  });
});
