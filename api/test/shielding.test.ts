/**
 * Shielded identity (ADR 0049): a member who asks to be kept from the chapter is an alias to every
 * Pune staff token on every GET the api has (walked from its OpenAPI description, with the
 * member's name, email and mobile as searches) and in the ticket CSV export and staff emails; the
 * association president sees them and unmasks with a reason (audited); replies still reach the
 * member. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { and, eq } from 'drizzle-orm';
import { MEMBER_ALIAS_PATTERN } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { auditLog, outbox } from '../src/db/schema';
import { withPersonalParams } from '../src/services/outbox/personalParams';
import {
  ADMIN,
  bearer,
  buildDemoApp,
  CREDAI_PRESIDENT,
  GOVERNOR,
  PUNE_CONVENOR,
  PUNE_OBSERVER,
  PUNE_PRESIDENT,
  tokenFor,
} from './support/session';
import { type DemoRefs, demoRefs, keyOf, submit, submitFields } from './support/submitForm';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

jest.setTimeout(300_000);

const NAME = 'Shailaja Vrindavan';
const MOBILE = '9123456780';

describe.each(databaseKinds)('shielded identity on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let refs: DemoRefs;
  const tokens: Record<string, string> = {};
  const email = `shailaja.${process.pid}.${Date.now()}@example.com`;
  let ticketId = 0;
  let memberId = 0;
  let key = '';

  beforeAll(async () => {
    app = await buildDemoApp(database(), { OUTBOX_WORKER: 'false', HELPDESK_DEMO_TICKETS: '0' });
    await app.ready();
    refs = await demoRefs(app);
    for (const who of [ADMIN, CREDAI_PRESIDENT, GOVERNOR, PUNE_PRESIDENT, PUNE_CONVENOR, PUNE_OBSERVER]) {
      tokens[who] = await tokenFor(app, who);
    }
    const answer = await submit(
      app,
      submitFields(refs, {
        fullName: NAME,
        email,
        mobile: MOBILE,
        shieldIdentity: 'true',
        againstName: 'Delta Developers',
        description: 'Quillwort tower lobby flooded after every rain and the developer refuses repairs.',
      }),
    );
    expect(answer.statusCode).toBe(201);
    ticketId = answer.json().ticketId;
    memberId = answer.json().userId;
    key = keyOf(answer.json().shareUrl);
    // The member writes, and a Pune office bearer answers: both sides of the history.
    const memberReply = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/replies`,
      headers: { 'x-access-key': key },
      payload: { text: 'Any news about the lobby?' },
    });
    expect(memberReply.statusCode).toBe(201);
    const staffReply = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/replies`,
      headers: bearer(tokens[PUNE_PRESIDENT] ?? ''),
      payload: { text: 'We are looking into it.' },
    });
    expect(staffReply.statusCode).toBe(201);
  }, APP_TIMEOUT_MS);
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, who: string) => app.inject({ url, headers: bearer(tokens[who] ?? '') });

  /** Every GET the api describes, with its path parameters filled in each way that may apply. */
  async function getUrls(): Promise<string[]> {
    const docs = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const searches = ['', NAME, email, MOBILE, 'Quillwort'].map((q) =>
      q ? `q=${encodeURIComponent(q)}` : '',
    );
    const urls: string[] = [];
    for (const [path, methods] of Object.entries(docs.paths)) {
      if (!('get' in methods) || path.startsWith('/api/docs')) continue;
      const filled = path.includes('{id}')
        ? [ticketId, memberId].map((id) => path.replace('{id}', String(id)))
        : [path];
      for (const url of filled) {
        const withCity = url.replace('{city}', 'Pune');
        if (withCity.includes('{')) continue;
        const extra = withCity.endsWith('export.csv') ? ['kind=tickets', 'kind=summary'] : [''];
        for (const first of extra)
          for (const q of searches) {
            const query = [first, q].filter(Boolean).join('&');
            urls.push(query ? `${withCity}?${query}` : withCity);
          }
      }
    }
    return urls;
  }

  it('never shows the member’s name, email or mobile to Pune staff on any GET or the CSV export', async () => {
    const urls = await getUrls();
    expect(urls.length).toBeGreaterThan(100);
    expect(urls).toContain(`/api/tickets/${ticketId}`);
    expect(urls.some((url) => url.startsWith('/api/reports/export.csv?kind=tickets'))).toBe(true);
    let seenTicket = 0;
    for (const who of [PUNE_PRESIDENT, PUNE_CONVENOR, PUNE_OBSERVER, GOVERNOR]) {
      for (const url of urls) {
        const answer = await get(url, who);
        const body = answer.body.toLowerCase();
        const found = [NAME.toLowerCase(), email.toLowerCase(), MOBILE].filter((value) =>
          body.includes(value),
        );
        expect({ who, url, found }).toEqual({ who, url, found: [] });
        if (body.includes('quillwort')) seenTicket++;
      }
    }
    // The walk did reach the shielded ticket (its details, lists, history, export).
    expect(seenTicket).toBeGreaterThan(20);
    const details = (await get(`/api/tickets/${ticketId}`, PUNE_PRESIDENT)).json().ticket;
    expect(details.customer).toEqual({
      fullName: details.customer.alias,
      shielded: true,
      alias: details.customer.alias,
    });
    expect(details.customer.alias).toMatch(MEMBER_ALIAS_PATTERN);
    const memberEntry = details.comments.find((entry: { kind: string }) => entry.kind === 'member.replied');
    expect(memberEntry.actionBy).toBe(details.customer.alias);
    const csv = await get('/api/reports/export.csv?kind=tickets', PUNE_PRESIDENT);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(details.customer.alias);
    const listed = (await get('/api/tickets/citypresident/all?q=Quillwort', PUNE_PRESIDENT)).json();
    expect(listed.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([ticketId]);
    expect(listed.tickets[0].customer.alias).toBe(details.customer.alias);
    for (const q of [NAME, email, MOBILE]) {
      const found = (
        await get(`/api/tickets/citypresident/all?q=${encodeURIComponent(q)}`, PUNE_PRESIDENT)
      ).json();
      expect(found.tickets.map((ticket: { id: number }) => ticket.id)).not.toContain(ticketId);
    }
  });

  it('shows the identity to the association president and admins, in lists and by search', async () => {
    for (const who of [CREDAI_PRESIDENT, ADMIN]) {
      const details = (await get(`/api/tickets/${ticketId}`, who)).json().ticket;
      expect(details.customer).toMatchObject({ fullName: NAME, email, mobile: MOBILE });
      const found = (await get(`/api/tickets/all?q=${encodeURIComponent(email)}`, who)).json();
      expect(found.tickets.map((ticket: { id: number }) => ticket.id)).toContain(ticketId);
    }
  });

  it('unmasks for the association president with a reason, audited; never for the chapter', async () => {
    const unmask = (who: string, payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/tickets/${ticketId}/unmask`,
        headers: bearer(tokens[who] ?? ''),
        payload: payload as object,
      });
    expect((await unmask(CREDAI_PRESIDENT, {})).statusCode).toBe(400);
    expect((await unmask(CREDAI_PRESIDENT, { reason: '  ' })).statusCode).toBe(400);
    expect((await unmask(PUNE_PRESIDENT, { reason: 'curious' })).statusCode).toBe(403);
    const shown = await unmask(CREDAI_PRESIDENT, { reason: 'Legal notice to the developer' });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().customer).toEqual({ id: memberId, fullName: NAME, email, mobile: MOBILE });
    const rows = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.unmask'), eq(auditLog.targetId, ticketId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.detail).toContain('Legal notice to the developer');
    // The chapter still sees the alias.
    expect((await get(`/api/tickets/${ticketId}`, PUNE_PRESIDENT)).json().ticket.customer.shielded).toBe(
      true,
    );
    expect((await unmask(ADMIN, { reason: 'x' })).statusCode).toBe(200);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/tickets/999999/unmask',
          headers: bearer(tokens[ADMIN] ?? ''),
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('answers a chapter office bearer’s step on a shielded ticket with the alias, as its GET does', async () => {
    // A member of their own (the last test counts the first member's tickets).
    const name = 'Vasudha Kirtane';
    const address = `vasudha.${process.pid}.${Date.now()}@example.com`;
    const mobile = '9123456781';
    const filed = await submit(
      app,
      submitFields(refs, {
        fullName: name,
        email: address,
        mobile,
        shieldIdentity: 'true',
        description: 'The basement of Quillwort tower floods and the pumps never run.',
      }),
    );
    const id = filed.json().ticketId;
    const leaks = (body: string) =>
      [name.toLowerCase(), address.toLowerCase(), mobile].filter((value) =>
        body.toLowerCase().includes(value),
      );
    const approved = await app.inject({
      method: 'POST',
      url: `/api/tickets/citypresident/${id}/citypresidentaction`,
      headers: bearer(tokens[PUNE_PRESIDENT] ?? ''),
      payload: { action: 'approve', comment: '' },
    });
    expect(approved.statusCode).toBe(200);
    expect(leaks(approved.body)).toEqual([]);
    const read = (await get(`/api/tickets/${id}`, PUNE_PRESIDENT)).json().ticket;
    expect(approved.json().ticket.customer).toEqual(read.customer);
    expect(approved.json().ticket.shieldIdentity).toBe(true);
    // Moved to another chapter: the answer to the one who moved it keeps the alias too.
    const mumbai = (await app.inject({ url: '/api/cities/getAllCities' }))
      .json()
      .cities.find((city: { name: string }) => city.name === 'Mumbai');
    const committee = (
      await app.inject({ url: `/api/committees/getAllCommittees?cityId=${mumbai.id}` })
    ).json().committees[0];
    const moved = await app.inject({
      method: 'POST',
      url: `/api/tickets/${id}/transfer`,
      headers: bearer(tokens[PUNE_PRESIDENT] ?? ''),
      payload: { cityId: mumbai.id, committeeId: committee.id, reason: 'A Mumbai project.' },
    });
    expect(moved.statusCode).toBe(200);
    expect(leaks(moved.body)).toEqual([]);
    expect(moved.json().ticket.customer.alias).toBe(read.customer.alias);
  });

  it('names the member by the alias in staff emails, and still writes to the member', async () => {
    const rows = await app.db.select().from(outbox).where(eq(outbox.ticketId, ticketId));
    const staff = rows.filter(
      (row) => row.template === 'ticketSubmittedStaff' || row.template === 'ticketRepliedStaff',
    );
    expect(staff.length).toBeGreaterThanOrEqual(2);
    for (const row of staff) {
      // The row names the member by reference only (ADR 0078); the email the worker renders from
      // it names them by the alias.
      expect(JSON.stringify(row.params)).not.toContain('Shailaja');
      const params = JSON.stringify((await withPersonalParams(app.db, row)).params);
      expect(params).not.toContain('Shailaja');
      expect(params).toMatch(/Member [0-9A-F]{4}/);
      expect(row.recipient.toLowerCase()).not.toBe(email.toLowerCase());
    }
    // The office bearer's reply goes to the member's own address.
    expect(rows).toContainEqual(
      expect.objectContaining({ template: 'ticketRepliedMember', recipient: email, channel: 'email' }),
    );
    // A later ticket of theirs, not shielded: the chapter's list of the member's tickets leaves the
    // shielded one out (its alias beside their name would undo the shield).
    const plain = await submit(app, submitFields(refs, { fullName: NAME, email, mobile: MOBILE }));
    const listed = (await get(`/api/tickets/user/${memberId}`, PUNE_PRESIDENT)).json();
    expect(listed.tickets.map((ticket: { id: number }) => ticket.id)).toEqual([plain.json().ticketId]);
    const all = (await get(`/api/tickets/user/${memberId}`, CREDAI_PRESIDENT)).json();
    expect(all.tickets).toHaveLength(2);
    // The member's own view is as it always was.
    const own = await app.inject({ url: `/api/tickets/${ticketId}`, headers: { 'x-access-key': key } });
    expect(own.json().ticket.customer).toMatchObject({ fullName: NAME });
    expect(own.json().ticket.customer.shielded).toBeUndefined();
  });
});
