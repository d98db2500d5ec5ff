/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { eq } from 'drizzle-orm';
import { API_PATHS, ticketListResponseSchema } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { cities, tickets, users } from '../src/db/schema';
import { COUNT_LIMIT, MERGED_COUNT_LIMIT } from '../src/services/tickets/listing';
import { bearer, buildDemoApp, tokenFor } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

/** A member made for this file, with contact details no demo member has. */
interface Member {
  id: number;
  fullName: string;
  email: string;
  mobile: string;
}

describe.each(databaseKinds)('ticket search (q) on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  const tokens: Record<string, string> = {};
  const cityIds: Record<string, number> = {};
  let pune: Member;
  let mumbai: Member;
  let puneTicket: number;
  let mumbaiTicket: number;

  async function addMember(city: string, fullName: string, email: string, mobile: string): Promise<Member> {
    const [row] = await app.db
      .insert(users)
      .values({
        fullName,
        email,
        mobile,
        role: 'customer',
        cityId: cityIds[city] as number,
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    return { id: (row as { id: number }).id, fullName, email, mobile };
  }

  /** Tickets written in one statement (the search words come from the database's own trigger). */
  async function addTickets(
    city: string,
    member: Member,
    count: number,
    title: (index: number) => string,
    createdAt: (index: number) => Date,
  ): Promise<number[]> {
    const rows = Array.from({ length: count }, (_, index) => ({
      title: title(index),
      description: 'Written by the search test.',
      cityId: cityIds[city] as number,
      customerId: member.id,
      createdAt: createdAt(index),
      updatedAt: createdAt(index),
    }));
    const ids: number[] = [];
    for (let start = 0; start < rows.length; start += 500) {
      const created = await app.db
        .insert(tickets)
        .values(rows.slice(start, start + 500))
        .returning({ id: tickets.id });
      ids.push(...created.map((row) => row.id));
    }
    return ids;
  }

  beforeAll(async () => {
    app = await buildDemoApp(database());
    for (const row of await app.db.select({ id: cities.id, name: cities.name }).from(cities)) {
      cityIds[row.name] = row.id;
    }
    pune = await addMember('Pune', 'Eknath Quasimodo', 'eknath.q@example.org', '9123401234');
    mumbai = await addMember('Mumbai', 'Farokh Quasimodo', 'farokh.q@example.org', '9123405678');
    puneTicket = (
      await addTickets(
        'Pune',
        pune,
        1,
        () => 'Committee: Xylophone recital noise',
        () => new Date(),
      )
    )[0] as number;
    mumbaiTicket = (
      await addTickets(
        'Mumbai',
        mumbai,
        1,
        () => 'Committee: Xylophone lessons',
        () => new Date(),
      )
    )[0] as number;
    for (const email of [
      'admin@helpdesk.demo',
      'pune.president@helpdesk.demo',
      'mumbai.president@helpdesk.demo',
      'mumbai.observer@helpdesk.demo',
      'governor@helpdesk.demo',
    ]) {
      tokens[email] = await tokenFor(app, email);
    }
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  async function search(
    q: string,
    email = 'admin@helpdesk.demo',
    path: string = API_PATHS.tickets.all,
    page = 1,
  ) {
    const search = new URLSearchParams({ q, page: String(page), pageSize: '10' });
    const answer = await app.inject({
      method: 'GET',
      url: `/api${path}?${search}`,
      headers: bearer(tokens[email] as string),
    });
    expect(answer.statusCode).toBe(200);
    return ticketListResponseSchema.parse(answer.json());
  }
  const ids = async (q: string, email?: string, path?: string) =>
    (await search(q, email, path)).tickets.map((ticket) => ticket.id);

  it('finds a ticket by its number, written as the lists show it or as a plain number', async () => {
    for (const q of [
      `CREDAI-${puneTicket}`,
      `credai-${puneTicket}`,
      `CREDAI ${puneTicket}`,
      `#${puneTicket}`,
    ]) {
      expect(await ids(q)).toEqual([puneTicket]);
    }
    // A plain number also matches words of titles and names that are that number: the ticket is there.
    expect(await ids(String(puneTicket))).toContain(puneTicket);
    expect(await ids('CREDAI-2147483647')).toEqual([]);
  });

  it("finds tickets by the member's name and by words of the title, any case, newest first", async () => {
    const both = [mumbaiTicket, puneTicket].sort((a, b) => b - a);
    expect(await ids('quasimodo')).toEqual(both);
    expect(await ids('EKNATH quasimodo')).toEqual([puneTicket]);
    expect(await ids('xylophone')).toEqual(both);
    expect(await ids('xylophone lessons')).toEqual([mumbaiTicket]);
    // Every word must be there; words are whole words (not parts of one).
    expect(await ids('xylophone quasimodo eknath')).toEqual([puneTicket]);
    expect(await ids('xylophone piano')).toEqual([]);
    expect(await ids('xylo')).toEqual([]);
    // Nothing to match: no letters or digits (and no pattern characters as wildcards).
    expect((await search('%')).total).toBe(0);
    expect((await search('_ %')).total).toBe(0);
  });

  it("finds a member's tickets by their whole email or mobile (as staff write them)", async () => {
    expect(await ids('eknath.q@example.org')).toEqual([puneTicket]);
    expect(await ids('EKNATH.Q@EXAMPLE.ORG')).toEqual([puneTicket]);
    for (const q of ['9123405678', '+91 91234 05678', '091234-05678', '(912) 340 5678']) {
      expect(await ids(q)).toEqual([mumbaiTicket]);
    }
    // Part of an email or a number is not a contact search.
    expect(await ids('9123405')).toEqual([]);
  });

  it('follows a member renamed after their tickets were written', async () => {
    await app.db.update(users).set({ fullName: 'Eknath Zanzibarwala' }).where(eq(users.id, pune.id));
    try {
      expect(await ids('zanzibarwala')).toEqual([puneTicket]);
      expect(await ids('eknath quasimodo')).toEqual([]);
    } finally {
      await app.db.update(users).set({ fullName: pune.fullName }).where(eq(users.id, pune.id));
    }
    expect(await ids('eknath quasimodo')).toEqual([puneTicket]);
  });

  it("never finds another city's ticket for a city-scoped caller, by any field", async () => {
    const puneQueries = [
      `CREDAI-${puneTicket}`,
      'Eknath Quasimodo',
      'xylophone recital',
      'eknath.q@example.org',
      '9123401234',
    ];
    for (const [email, path] of [
      ['mumbai.president@helpdesk.demo', API_PATHS.tickets.cityPresidentAll],
      ['mumbai.president@helpdesk.demo', API_PATHS.tickets.cityPresidentPending],
      ['mumbai.observer@helpdesk.demo', API_PATHS.tickets.observerAll],
    ] as const) {
      for (const q of puneQueries) {
        const answer = await search(q, email, path);
        expect([q, answer.total, answer.tickets]).toEqual([q, 0, []]);
      }
      // The same searches find the caller's own city's ticket.
      expect((await search('quasimodo', email, path)).tickets.map((ticket) => ticket.id)).toEqual([
        mumbaiTicket,
      ]);
      expect((await search('farokh.q@example.org', email, path)).total).toBe(1);
    }
    // Seeing every city: both.
    expect(
      (
        await search('quasimodo', 'pune.president@helpdesk.demo', API_PATHS.tickets.cityPresidentAll)
      ).tickets.map((ticket) => ticket.id),
    ).toEqual([puneTicket]);
    expect(await ids('quasimodo', 'governor@helpdesk.demo', API_PATHS.tickets.governorPending)).toHaveLength(
      2,
    );
  });

  it('matches every word however many, split as PostgreSQL splits them', async () => {
    const member = await addMember('Pune', 'Ishaan Omkareshwar', 'ishaan.o@example.org', '9123409999');
    const [ticket] = await addTickets(
      'Pune',
      member,
      1,
      () => 'Committee: Quince-orchard gate motor hums loudly at night, mail gate.keeper@orchard.in',
      () => new Date(),
    );
    // More words than are merged in date order: the rest are checked ticket by ticket.
    expect(await ids('quince orchard gate motor hums loudly night omkareshwar')).toEqual([ticket]);
    expect(await ids('quince orchard gate motor hums loudly night ishaan zzz')).toEqual([]);
    // A hyphenated word is the whole and its parts; the same word twice is once.
    expect(await ids('Quince-Orchard')).toEqual([ticket]);
    expect(await ids('orchard ORCHARD omkareshwar')).toEqual([ticket]);
    // Fewer words than the text seems to hold: an address is one word to PostgreSQL.
    expect(await ids('gate.keeper@orchard.in')).toEqual([ticket]);
    expect(await ids('gate.keeper@orchard.in omkareshwar')).toEqual([ticket]);
    expect(await ids('quince-orchard.gate')).toEqual([]);
  });

  it('keeps the words with the ticket: a new title, status, city, or the ticket gone', async () => {
    const member = await addMember('Pune', 'Jyoti Upkeepwala', 'jyoti.u@example.org', '9123408888');
    const [ticket] = (await addTickets(
      'Pune',
      member,
      1,
      () => 'Committee: Marigold garden lights',
      () => new Date(),
    )) as [number];
    const pending = ['pune.president@helpdesk.demo', API_PATHS.tickets.cityPresidentPending] as const;
    expect(await ids('marigold upkeepwala', ...pending)).toEqual([ticket]);

    await app.db
      .update(tickets)
      .set({ title: 'Committee: Jasmine garden lights' })
      .where(eq(tickets.id, ticket));
    expect(await ids('marigold')).toEqual([]);
    expect(await ids('jasmine upkeepwala')).toEqual([ticket]);

    // Resolved: out of the city president's pending list, in the status filter's.
    await app.db.update(tickets).set({ status: 'resolved' }).where(eq(tickets.id, ticket));
    expect(await ids('jasmine', ...pending)).toEqual([]);
    const resolved = await app.inject({
      method: 'GET',
      url: `/api${API_PATHS.tickets.all}?q=jasmine&status=resolved`,
      headers: bearer(tokens['admin@helpdesk.demo'] as string),
    });
    expect(resolved.json().tickets.map((row: { id: number }) => row.id)).toEqual([ticket]);

    // Moved to Mumbai: Mumbai's president finds it, Pune's no longer does.
    await app.db
      .update(tickets)
      .set({ cityId: cityIds.Mumbai as number, status: 'pending' })
      .where(eq(tickets.id, ticket));
    expect(await ids('jasmine', ...pending)).toEqual([]);
    expect(
      await ids(
        'jasmine upkeepwala',
        'mumbai.president@helpdesk.demo',
        API_PATHS.tickets.cityPresidentPending,
      ),
    ).toEqual([ticket]);

    await app.db.delete(tickets).where(eq(tickets.id, ticket));
    expect(await ids('jasmine upkeepwala')).toEqual([]);
    const left = await app.runSql<{ n: number }>({
      text: 'select count(*)::int as n from ticket_words where ticket_id = $1',
      values: [ticket],
    });
    expect(left[0]?.n).toBe(0);
  });

  it('searches within the days asked for', async () => {
    const member = await addMember('Nagpur', 'Kavya Calendarwala', 'kavya.c@example.org', '9123407777');
    const [older, newer] = (await addTickets(
      'Nagpur',
      member,
      2,
      (i) => `Committee: Lantern ${i}`,
      (i) => new Date(Date.UTC(2024, 4, 10 + i * 10, 12)),
    )) as [number, number];
    const within = async (query: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api${API_PATHS.tickets.all}?q=lantern+calendarwala&${query}`,
          headers: bearer(tokens['admin@helpdesk.demo'] as string),
        })
      )
        .json()
        .tickets.map((row: { id: number }) => row.id);
    expect(await within('startDate=2024-05-01&endDate=2024-06-01')).toEqual([newer, older]);
    expect(await within('startDate=2024-05-15')).toEqual([newer]);
    expect(await within('date=2024-05-10')).toEqual([older]);
    expect(await within('endDate=2024-05-10')).toEqual([]);
  });

  describe(`past ${COUNT_LIMIT.toLocaleString('en')} matches`, () => {
    const FILLER = 2_000;
    let recent: number[];
    let old: number[];

    beforeAll(async () => {
      const member = await addMember('Nagpur', 'Gopal Walkthrough', 'gopal.w@example.org', '9000012345');
      // Recent and frequent: among the newest tickets (the search reads them in date order).
      const now = Date.now();
      recent = await addTickets(
        'Nagpur',
        member,
        COUNT_LIMIT + 5,
        (i) => `Committee: Zebra crossing ${i}`,
        (i) => new Date(now - 60_000 - i * 1000),
      );
      // Old and outnumbered by newer tickets of the same member and city.
      const filler = await addTickets(
        'Nagpur',
        member,
        FILLER,
        () => 'Committee: Filler',
        (i) => new Date(now - 3_600_000 - i * 1000),
      );
      old = await addTickets(
        'Nagpur',
        member,
        COUNT_LIMIT + 3,
        (i) => `Committee: Yakshagana troupe ${i}`,
        (i) => new Date(Date.UTC(2020, 0, 1) + i * 60_000),
      );
      expect(filler).toHaveLength(FILLER);
    }, APP_TIMEOUT_MS);

    // Newest first: the recent ones were written newest first, the old ones oldest first. One word
    // counts to COUNT_LIMIT, several words to MERGED_COUNT_LIMIT (ADR 0082).
    it.each([
      ['zebra', () => recent, COUNT_LIMIT],
      ['yakshagana troupe', () => [...old].reverse(), MERGED_COUNT_LIMIT],
    ])('"%s": the total is a lower bound, the page still the newest', async (q, newestFirst, limit) => {
      const newest = newestFirst();
      const first = await search(q);
      expect(first.total).toBe(limit);
      expect(first.totalIsLowerBound).toBe(true);
      expect(first.tickets.map((ticket) => ticket.id)).toEqual(newest.slice(0, 10));
      // The page just past the bound counts to its own end: a lower bound while more match.
      const next = await search(q, undefined, undefined, limit / 10 + 1);
      expect(next.tickets.map((ticket) => ticket.id)).toEqual(newest.slice(limit, limit + 10));
      expect(next.total).toBe(Math.min(limit + 10, newest.length));
      expect(next.totalIsLowerBound).toBe(newest.length > limit + 10 ? true : undefined);
      // A page past the limit counts on to its own end; the last page is exact again.
      const deep = await search(q, undefined, undefined, 101);
      expect(deep.tickets.map((ticket) => ticket.id)).toEqual(newest.slice(1000, 1010));
      expect(deep.total).toBe(newest.length);
      expect(deep.totalIsLowerBound).toBeUndefined();
    });

    it('keeps exact totals below the limit and for the lists without q', async () => {
      const few = await search('zebra 7');
      expect(few.tickets.map((ticket) => ticket.id)).toEqual([recent[7]]);
      expect(few.total).toBe(1);
      expect(few.totalIsLowerBound).toBeUndefined();
      const answer = await app.inject({
        method: 'GET',
        url: `/api${API_PATHS.tickets.all}?city=Nagpur`,
        headers: bearer(tokens['admin@helpdesk.demo'] as string),
      });
      expect(answer.json().total).toBeGreaterThan(2 * COUNT_LIMIT + FILLER);
      expect(answer.json().totalIsLowerBound).toBeUndefined();
    });
  });
});
