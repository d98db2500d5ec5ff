/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import type { App } from '../src/app';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { type DemoRefs, demoRefs, keyOf, submit, submitFields, withMemberLink } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';
import { resignedToken } from './support/tokens';

const relaxed = { SUBMIT_MAX_PER_IP: '100000', LOOKUP_MAX_PER_IP: '100000', HELPDESK_DEMO_TICKETS: '0' };

interface Submitted {
  ticketId: number;
  userId: number;
  shareUrl: string;
  memberUrl?: string;
}

const NOT_FOUND = { error: 'Ticket not found', details: [] };
const MEMBER_NOT_FOUND = { error: 'User not found', details: [] };

describe.each(databaseKinds)('private ticket access on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  // Member one (Pune): tickets A and B. Member two (Mumbai): ticket C.
  let a: Submitted;
  let b: Submitted;
  let c: Submitted;
  const emailOne = 'ravi.kumar@example.com';
  const emailTwo = 'asha.rao@example.org';

  const getTicket = (id: number | string, headers: Record<string, string> = {}) =>
    app.inject({ url: `/api/tickets/${id}`, headers });
  const getMember = (id: number | string, headers: Record<string, string> = {}, latest = false) =>
    app.inject({ url: `/api/tickets/user/${id}${latest ? '/latest' : ''}`, headers });
  const key = (submitted: Submitted) => ({ 'x-access-key': keyOf(submitted.shareUrl) });
  const memberKey = (submitted: Submitted) => ({ 'x-access-key': keyOf(submitted.memberUrl ?? '') });

  /** A 404 that tells nothing: the one body, and no contact detail of anyone. */
  function expectNothingFound(response: Awaited<ReturnType<typeof getTicket>>, body = NOT_FOUND) {
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(body);
    expect(response.body).not.toMatch(/example\.(com|org)|98765|91234|\*\*\*/);
  }

  beforeAll(async () => {
    app = await buildDemoApp(database(), relaxed);
    refs = await demoRefs(app);
    a = await withMemberLink(app, (await submit(app, submitFields(refs, { email: emailOne }))).json());
    b = (await submit(app, submitFields(refs, { email: emailOne.toUpperCase() }))).json();
    c = await withMemberLink(
      app,
      (
        await submit(
          app,
          submitFields(refs, {
            email: emailTwo,
            fullName: 'Asha Rao',
            mobile: '9123456789',
            cityId: String(refs.cityId('Mumbai')),
          }),
        )
      ).json(),
    );
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  describe('GET /api/tickets/{id}', () => {
    it('opens with the ticket key, with the contact details masked', async () => {
      const response = await getTicket(a.ticketId, key(a));

      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { ticket } = response.json();
      expect(ticket.id).toBe(a.ticketId);
      expect(ticket.customer).toMatchObject({
        fullName: 'Ravi Kumar',
        email: 'r***@example.com',
        mobile: '98******10',
      });
      expect(response.body).not.toContain(emailOne);
      expect(response.body).not.toContain('9876543210');
    });

    it('opens with the member key any ticket of that member, masked', async () => {
      for (const ticket of [a, b]) {
        const response = await getTicket(ticket.ticketId, memberKey(a));
        expect(response.statusCode).toBe(200);
        expect(response.json().ticket.customer.email).toBe('r***@example.com');
      }
    });

    it('answers random ids, neighbouring ids, and wrong, truncated or missing keys with the same 404', async () => {
      const attempts: [number | string, Record<string, string>][] = [
        [987_654, key(a)],
        [2_147_483_647, {}],
        [a.ticketId + 1000, key(a)],
        [a.ticketId - 1 || 999_999, key(a)],
        [b.ticketId, key(a)], // another ticket of the same member
        [c.ticketId, key(a)],
        [a.ticketId, key(c)],
        [c.ticketId, memberKey(a)], // another member's ticket
        [a.ticketId, {}],
        [a.ticketId, { 'x-access-key': keyOf(a.shareUrl).slice(0, -1) }],
        [a.ticketId, { 'x-access-key': `${keyOf(a.shareUrl)}x` }],
        [a.ticketId, { 'x-access-key': keyOf(a.shareUrl).toLowerCase() }],
        [a.ticketId, { 'x-access-key': '' }],
        [a.ticketId, { 'x-access-key': 'x'.repeat(5000) }],
        // The last character changed (to another one a 32-byte key can end with: 1 in 16 keys end in A).
        [
          a.ticketId,
          {
            'x-access-key': `${keyOf(a.shareUrl).slice(0, 42)}${keyOf(a.shareUrl).endsWith('A') ? 'E' : 'A'}`,
          },
        ],
      ];
      for (const [id, headers] of attempts) expectNothingFound(await getTicket(id, headers));
    });

    it('never takes the share link itself, or the key in the query, instead of the header', async () => {
      expectNothingFound(await app.inject({ url: `/api/tickets/${a.ticketId}?key=${keyOf(a.shareUrl)}` }));
    });

    it('refuses an id that is not a plain number with 400', async () => {
      for (const id of ['abc', '1.5', '-1', '0']) {
        expect((await getTicket(id, key(a))).statusCode).toBe(400);
      }
    });

    it('shows staff in scope the ticket in full, and answers staff of another city with 404', async () => {
      const cases: [string, Submitted, boolean][] = [
        ['admin@helpdesk.demo', c, true],
        ['president@helpdesk.demo', c, true],
        ['governor@helpdesk.demo', a, true],
        ['pune.president@helpdesk.demo', a, true],
        ['pune.convenor@helpdesk.demo', b, true],
        ['pune.observer@helpdesk.demo', a, true],
        ['pune.president@helpdesk.demo', c, false],
        ['pune.observer@helpdesk.demo', c, false],
        ['mumbai.convenor@helpdesk.demo', c, true],
        ['mumbai.convenor@helpdesk.demo', a, false],
        ['nagpur.president@helpdesk.demo', a, false],
      ];
      for (const [email, ticket, allowed] of cases) {
        const response = await getTicket(ticket.ticketId, bearer(await tokenFor(app, email)));
        if (allowed) {
          expect({ email, status: response.statusCode }).toEqual({ email, status: 200 });
          expect(response.json().ticket.customer.email).toMatch(/@example\.(com|org)$/);
          expect(response.json().ticket.customer.email).not.toContain('***');
        } else {
          expectNothingFound(response);
        }
      }
    });

    it('lets a key work beside a token that may not see the ticket, masked', async () => {
      const token = await tokenFor(app, 'nagpur.president@helpdesk.demo');
      const response = await getTicket(a.ticketId, { ...bearer(token), ...key(a) });
      expect(response.statusCode).toBe(200);
      expect(response.json().ticket.customer.email).toBe('r***@example.com');
    });

    it('ignores an invalid or expired token: the key still opens the ticket, and alone it gets the 404', async () => {
      const genuine = await tokenFor(app, 'admin@helpdesk.demo');
      const expired = await resignedToken(genuine, (claims) => ({
        ...claims,
        exp: Math.floor(Date.now() / 1000) - 60,
      }));
      for (const token of ['not-a-token', expired]) {
        expect((await getTicket(a.ticketId, { ...bearer(token), ...key(a) })).statusCode).toBe(200);
        expectNothingFound(await getTicket(a.ticketId, bearer(token)));
      }
    });

    it('lets a signed-in member open their own tickets in full, and no one else’s', async () => {
      const admin = await tokenFor(app, 'admin@helpdesk.demo');
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/users/new',
        headers: bearer(admin),
        payload: {
          fullName: 'Nina Desai',
          email: 'nina.desai@example.com',
          mobile: '9811111111',
          city: 'Pune',
          role: 'customer',
          password: 'Member@2026',
          isActive: true,
        },
      });
      expect(created.statusCode).toBe(201);
      const own: Submitted = (
        await submit(app, submitFields(refs, { email: 'Nina.Desai@example.com' }))
      ).json();
      const token = await tokenFor(app, 'nina.desai@example.com', 'Member@2026');

      const response = await getTicket(own.ticketId, bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json().ticket.customer.email).toBe('nina.desai@example.com');
      expectNothingFound(await getTicket(a.ticketId, bearer(token)));
      expect((await getMember(own.userId, bearer(token))).statusCode).toBe(200);
      expectNothingFound(await getMember(a.userId, bearer(token)), MEMBER_NOT_FOUND);
    });
  });

  describe('GET /api/tickets/user/{id} and /latest', () => {
    it('opens with the member key: the member (masked) and their tickets, newest first', async () => {
      const response = await getMember(a.userId, memberKey(a));

      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.user).toEqual({
        id: a.userId,
        fullName: 'Ravi Kumar',
        email: 'r***@example.com',
        mobile: '98******10',
        city: 'Pune',
        committee: refs.committee.name,
      });
      expect(body.total).toBe(2);
      expect(body.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([b.ticketId, a.ticketId]);
      expect(response.body).not.toContain(emailOne);

      const latest = await getMember(a.userId, memberKey(a), true);
      expect(latest.statusCode).toBe(200);
      expect(latest.json().ticket.id).toBe(b.ticketId);
    });

    it('pages the list', async () => {
      const response = await app.inject({
        url: `/api/tickets/user/${a.userId}?page=2&pageSize=1`,
        headers: memberKey(a),
      });
      expect(response.json()).toMatchObject({ total: 2, tickets: [{ id: a.ticketId }] });
    });

    it("is not opened by a ticket's key, another member's key, a wrong key or none", async () => {
      const attempts: [number, Record<string, string>][] = [
        [a.userId, key(a)],
        [a.userId, memberKey(c)],
        [c.userId, memberKey(a)],
        [a.userId, {}],
        [a.userId, { 'x-access-key': keyOf(a.memberUrl ?? '').slice(1) }],
        [a.userId + 1000, memberKey(a)],
        [987_654, {}],
      ];
      for (const [id, headers] of attempts) {
        expectNothingFound(await getMember(id, headers), MEMBER_NOT_FOUND);
        expectNothingFound(await getMember(id, headers, true));
      }
    });

    it('shows staff the tickets of their scope, and city staff no member without a ticket in their city', async () => {
      const admin = await getMember(a.userId, bearer(await tokenFor(app, 'admin@helpdesk.demo')));
      expect(admin.json()).toMatchObject({ total: 2, user: { email: emailOne } });

      const pune = await getMember(a.userId, bearer(await tokenFor(app, 'pune.convenor@helpdesk.demo')));
      expect(pune.json().total).toBe(2);

      const mumbai = await tokenFor(app, 'mumbai.president@helpdesk.demo');
      expectNothingFound(await getMember(a.userId, bearer(mumbai)), MEMBER_NOT_FOUND);
      expectNothingFound(await getMember(a.userId, bearer(mumbai), true));
      expect((await getMember(c.userId, bearer(mumbai))).json()).toMatchObject({
        total: 1,
        user: { email: emailTwo },
      });
    });
  });

  it('answers a missing ticket and a wrong key in about the same time', async () => {
    // A rough guard against an early return for missing ids; the measured numbers are in the report.
    const time = async (id: number) => {
      const started = process.hrtime.bigint();
      await getTicket(id, key(c));
      return Number(process.hrtime.bigint() - started);
    };
    const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;
    const missing: number[] = [];
    const wrong: number[] = [];
    for (let round = 0; round < 30; round++) {
      missing.push(await time(999_999));
      wrong.push(await time(a.ticketId));
    }
    expect(median(missing) / median(wrong)).toBeGreaterThan(0.25);
    expect(median(missing) / median(wrong)).toBeLessThan(4);
  });
});

describe.each(databaseKinds)('lookup limit per address on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;

  beforeAll(async () => {
    app = await buildDemoApp(database(), {
      LOOKUP_MAX_PER_IP: '5',
      LOOKUP_WINDOW_MS: '900000',
      HELPDESK_DEMO_TICKETS: '0',
    });
    refs = await demoRefs(app);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it('answers the 6th lookup from one address with 429, and does not count staff', async () => {
    const submitted: Submitted = (await submit(app, submitFields(refs))).json();
    const lookup = (headers: Record<string, string>, remoteAddress = '198.51.100.4') =>
      app.inject({ url: `/api/tickets/${submitted.ticketId}`, headers, remoteAddress });
    const admin = bearer(await tokenFor(app, 'admin@helpdesk.demo'));

    for (let attempt = 1; attempt <= 5; attempt++) {
      const headers =
        attempt % 2 ? { 'x-access-key': keyOf(submitted.shareUrl) } : { 'x-access-key': 'guess' };
      expect((await lookup(headers)).statusCode).toBe(attempt % 2 ? 200 : 404);
    }
    const sixth = await lookup({ 'x-access-key': keyOf(submitted.shareUrl) });

    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: 'Too many requests from your address: try again in 15 minutes',
      details: [],
    });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect((await lookup(admin)).statusCode).toBe(200);
    expect((await lookup({ 'x-access-key': keyOf(submitted.shareUrl) }, '198.51.100.5')).statusCode).toBe(
      200,
    );
    // The member list and the downloads share the count.
    expect(
      (await app.inject({ url: `/api/tickets/user/${submitted.userId}`, remoteAddress: '198.51.100.4' }))
        .statusCode,
    ).toBe(429);
    expect(
      (await app.inject({ url: `/uploads/attachments/${'a'.repeat(32)}.pdf`, remoteAddress: '198.51.100.4' }))
        .statusCode,
    ).toBe(429);
  });
});
