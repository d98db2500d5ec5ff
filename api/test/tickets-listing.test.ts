/**
 * @jest-environment ./api/test/support/apiTestEnvironment.ts
 */
import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { API_PATHS, decide, type WorkflowTicket } from 'shared-contracts/contracts';
import type { App } from '../src/app';
import { cities, committees, ticketComments, tickets, users } from '../src/db/schema';
import { bearer, buildDemoApp, DEMO_ACCOUNTS, newMemberToken, tokenFor } from './support/session';
import { insertMember, insertTicket } from './support/staffTicketFixtures';
import { APP_TIMEOUT_MS } from './support/testApp';
import { databaseKinds, useTestDatabase } from './support/testDatabase';

/** A ticket as the oracle sees it: the fields the lists filter on. */
interface Row {
  id: number;
  title: string;
  status: string;
  city: string;
  customerId: number;
  customerName: string;
  customerEmail: string;
  customerMobile: string;
  createdAt: Date;
  adminStatus: string | null;
  cityPresidentStatus: string | null;
  currentAssignee: string;
}

interface Account {
  email: string;
  role: string;
  city?: string;
}

/**
 * docs/product.md#roles per call, written out here independently of the api: who may call it, whether it is of
 * the caller's city, and which tickets it is about.
 */
const LISTS: { path: string; roles: string[]; cityScoped: boolean; about: (row: Row) => boolean }[] = [
  { path: API_PATHS.tickets.all, roles: ['admin', 'credaipresident'], cityScoped: false, about: () => true },
  {
    path: API_PATHS.tickets.cityPresidentPending,
    roles: ['citypresident'],
    cityScoped: true,
    about: (row) => row.status === 'pending' || row.status === 'in-review',
  },
  { path: API_PATHS.tickets.cityPresidentAll, roles: ['citypresident'], cityScoped: true, about: () => true },
  {
    path: API_PATHS.tickets.governorPending,
    roles: ['governor'],
    cityScoped: false,
    about: (row) => row.status === 'pending',
  },
  {
    path: API_PATHS.tickets.observerAssigned,
    roles: ['observer'],
    cityScoped: true,
    about: (row) => row.status === 'in-review' && row.currentAssignee === 'Observer',
  },
  { path: API_PATHS.tickets.observerAll, roles: ['observer'], cityScoped: true, about: () => true },
  {
    path: API_PATHS.tickets.convenorAssigned,
    roles: ['convenor'],
    cityScoped: true,
    about: (row) => row.adminStatus === 'approved' || row.cityPresidentStatus === 'approved',
  },
];

const ACCOUNTS: Account[] = Object.entries(DEMO_ACCOUNTS).map(([email, account]) => ({ email, ...account }));

interface Filters {
  status?: string;
  city?: string;
  q?: string;
  date?: string;
  tzOffset?: number;
  startDate?: string;
  endDate?: string;
}

const dayStart = (day: string, offset = 0) => Date.parse(`${day}T00:00:00Z`) - offset * 60_000;

/** The words of a text, any case (letters and digits between anything else). */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * `q` as ADR 0018 has it: every word of it is a word of the title or the member's name; or it is
 * the ticket's number (`CREDAI-12`, `#12`, `12`); or the member's whole email or mobile (staff see
 * them, so every list searches them).
 */
function searchMatches(row: Row, q: string): boolean {
  const words = wordsOf(q);
  const own = new Set(wordsOf(`${row.title} ${row.customerName}`));
  if (words.length && words.every((word) => own.has(word))) return true;
  const number = /^(?:#|credai\s*-?\s*)?(\d+)$/i.exec(q)?.[1];
  if (number !== undefined && Number(number) === row.id) return true;
  if (q.toLowerCase() === row.customerEmail.toLowerCase()) return true;
  const mobile = /^(?:\+?91|0)?(\d{10})$/.exec(q.replace(/[\s()-]/g, ''))?.[1];
  return mobile !== undefined && mobile === row.customerMobile;
}

/** The same filters in plain code: the oracle the api's SQL is compared with. */
function matches(row: Row, filters: Filters): boolean {
  const status = filters.status?.toLowerCase();
  if (status && status !== 'all' && row.status !== status) return false;
  if (filters.city && row.city.toLowerCase() !== filters.city.toLowerCase()) return false;
  const q = filters.q?.trim();
  if (q && !searchMatches(row, q)) return false;
  const time = row.createdAt.getTime();
  const offset = filters.tzOffset ?? 0;
  if (filters.date) {
    const start = dayStart(filters.date, offset);
    if (time < start || time >= start + 86_400_000) return false;
  }
  if (filters.startDate && time < dayStart(filters.startDate, offset)) return false;
  if (filters.endDate && time >= dayStart(filters.endDate, offset)) return false;
  return true;
}

const newestFirst = (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

describe.each(databaseKinds)('staff ticket lists on %s', (kind) => {
  const database = useTestDatabase(kind);
  let app: App;
  let rows: Row[];
  /** The tickets this file adds beside the demo tickets. */
  const fixtureIds = new Set<number>();
  const tokens: Record<string, string> = {};

  /** Every ticket, read straight from the tables. */
  async function readAll(): Promise<Row[]> {
    const customer = alias(users, 'customer');
    return app.db
      .select({
        id: tickets.id,
        title: tickets.title,
        status: tickets.status,
        city: cities.name,
        customerId: tickets.customerId,
        customerName: customer.fullName,
        customerEmail: customer.email,
        customerMobile: customer.mobile,
        createdAt: tickets.createdAt,
        adminStatus: tickets.adminStatus,
        cityPresidentStatus: tickets.cityPresidentStatus,
        currentAssignee: tickets.currentAssignee,
      })
      .from(tickets)
      .innerJoin(cities, eq(cities.id, tickets.cityId))
      .innerJoin(customer, eq(customer.id, tickets.customerId));
  }

  beforeAll(async () => {
    app = await buildDemoApp(database());
    // Tickets the filters have to be careful with, beside the demo tickets (dated before them: the
    // demo's go back three years).
    const pune = await insertMember(app, 'Pune', 'Zubin Wadia');
    fixtureIds.add(
      await insertTicket(app, {
        city: 'Pune',
        customerId: pune,
        customerName: 'Zubin Wadia',
        title: '50% refund_pending',
        createdAt: new Date('2022-01-10T20:00:00Z'),
      }),
    );
    fixtureIds.add(
      await insertTicket(app, {
        city: 'Mumbai',
        title: 'Refund of 50 percent',
        createdAt: new Date('2022-01-10T17:00:00Z'),
      }),
    );
    fixtureIds.add(
      await insertTicket(app, {
        city: 'Mumbai',
        state: 'awaitingObserver',
        title: 'Same second, lower id',
        createdAt: new Date('2022-01-09T08:00:00Z'),
      }),
    );
    fixtureIds.add(
      await insertTicket(app, {
        city: 'Mumbai',
        state: 'adminApproved',
        title: 'Same second, higher id',
        createdAt: new Date('2022-01-09T08:00:00Z'),
      }),
    );
    rows = await readAll();
    for (const account of ACCOUNTS) tokens[account.email] = await tokenFor(app, account.email);
    tokens.customer = await newMemberToken(app, tokens['admin@helpdesk.demo'] as string);
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const get = (
    path: string,
    token: string | undefined,
    query: Record<string, string | number | undefined> = {},
  ) => {
    const search = new URLSearchParams(
      Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
    );
    return app.inject({
      method: 'GET',
      url: `/api${path}${search.size ? `?${search}` : ''}`,
      headers: token ? bearer(token) : {},
    });
  };

  /** What a list must answer for an account: its tickets newest first. */
  function expected(list: (typeof LISTS)[number], account: Account, filters: Filters = {}): Row[] {
    return rows
      .filter((row) => !list.cityScoped || row.city === account.city)
      .filter(list.about)
      .filter((row) => matches(row, filters))
      .sort(newestFirst);
  }

  const allowed = LISTS.flatMap((list) =>
    ACCOUNTS.filter((account) => list.roles.includes(account.role)).map(
      (account) => [list.path, account.email] as const,
    ),
  );

  it.each(allowed)(
    '%s for %s: exactly the tickets of docs/product.md#roles, newest first',
    async (path, email) => {
      const list = LISTS.find((candidate) => candidate.path === path) as (typeof LISTS)[number];
      const account = ACCOUNTS.find((candidate) => candidate.email === email) as Account;
      const answer = await get(path, tokens[email], { pageSize: 100 });

      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      const want = expected(list, account);
      expect(want.length).toBeGreaterThan(0);
      expect(body.total).toBe(want.length);
      expect(body.tickets.map((ticket: { id: number }) => ticket.id)).toEqual(
        want.slice(0, 100).map((row) => row.id),
      );
      if (list.cityScoped) {
        expect(body.city).toBe(account.city);
        for (const ticket of body.tickets) expect(ticket.city).toBe(account.city);
      } else {
        expect(body.city).toBeUndefined();
      }
    },
  );

  it('answers each list only to its roles (403), and nothing without a token (401)', async () => {
    for (const list of LISTS) {
      for (const account of ACCOUNTS) {
        const answer = await get(list.path, tokens[account.email]);
        expect([list.path, account.email, answer.statusCode]).toEqual([
          list.path,
          account.email,
          list.roles.includes(account.role) ? 200 : 403,
        ]);
      }
      expect((await get(list.path, tokens.customer)).statusCode).toBe(403);
      expect((await get(list.path, undefined)).statusCode).toBe(401);
    }
  });

  it('mumbai.president never sees a Pune ticket, whatever the filters', async () => {
    const token = tokens['mumbai.president@helpdesk.demo'];
    const puneMember = rows.find((row) => row.city === 'Pune')?.customerName as string;
    for (const path of [API_PATHS.tickets.cityPresidentAll, API_PATHS.tickets.cityPresidentPending]) {
      for (const query of [
        {},
        { city: 'Pune' },
        { city: 'pune', status: 'pending' },
        { q: puneMember },
        { pageSize: 100, page: 2 },
      ]) {
        const body = (await get(path, token, query)).json();
        for (const ticket of body.tickets) expect(ticket.city).toBe('Mumbai');
      }
      expect((await get(path, token, { city: 'Pune' })).json()).toEqual({
        tickets: [],
        total: 0,
        city: 'Mumbai',
      });
    }
  });

  describe('filters', () => {
    const admin = () => tokens['admin@helpdesk.demo'];
    const all = LISTS[0] as (typeof LISTS)[number];
    const adminAccount = { email: 'admin@helpdesk.demo', role: 'admin' };

    async function expectNarrowed(filters: Filters) {
      const query = Object.fromEntries(
        Object.entries(filters).filter(([, value]) => value !== undefined),
      ) as Record<string, string | number>;
      const answer = await get(API_PATHS.tickets.all, admin(), { ...query, pageSize: 100 });
      expect(answer.statusCode).toBe(200);
      const want = expected(all, adminAccount, filters);
      expect(answer.json().total).toBe(want.length);
      expect(answer.json().tickets.map((ticket: { id: number }) => ticket.id)).toEqual(
        want.slice(0, 100).map((row) => row.id),
      );
      return want.length;
    }

    it('status, city, q and date each narrow the list', async () => {
      const everything = rows.length;
      const some = rows.find((row) => row.status === 'resolved') as Row;
      const member = some.customerName.split(' ')[1] as string;
      const day = some.createdAt.toISOString().slice(0, 10);
      for (const filters of [
        { status: 'resolved' },
        { status: 'In-Review' },
        { city: 'mumbai' },
        { q: member.toUpperCase() },
        { q: 'lift' },
        { date: day },
      ] as Filters[]) {
        const found = await expectNarrowed(filters);
        expect(found).toBeGreaterThan(0);
        expect(found).toBeLessThan(everything);
      }
      // Together they narrow further; status all is no filter; an unknown city matches nothing.
      expect(await expectNarrowed({ status: 'resolved', city: some.city, q: member })).toBeGreaterThan(0);
      expect(await expectNarrowed({ status: 'all' })).toBe(everything);
      expect(await expectNarrowed({ city: 'Atlantis' })).toBe(0);
    });

    it('searches whole words of q, with no wildcard characters', async () => {
      const titles = async (q: string) =>
        (await get(API_PATHS.tickets.all, admin(), { q }))
          .json()
          .tickets.map((t: { title: string }) => t.title);
      expect(await titles('refund_pending')).toEqual(['50% refund_pending']);
      expect(await titles('%')).toEqual([]);
      expect(await titles('_')).toEqual([]);
      expect(await titles('zubin wad')).toEqual([]);
      expect(await titles('WADIA zubin')).toEqual(['50% refund_pending']);
      // The member's email and mobile, the ticket's number: compared with the oracle.
      const some = rows.find((row) => row.city === 'Nagpur') as Row;
      for (const q of [some.customerEmail.toUpperCase(), some.customerMobile, `CREDAI-${some.id}`]) {
        expect(await expectNarrowed({ q })).toBeGreaterThan(0);
      }
    });

    it("reads date in the caller's time zone (tzOffset) and startDate/endDate as [start, end)", async () => {
      const titles = async (query: Record<string, string | number>) =>
        (await get(API_PATHS.tickets.all, admin(), query))
          .json()
          .tickets.map((t: { title: string }) => t.title);
      // 2022-01-10T20:00Z is the 11th in India (UTC+5:30); 17:00Z is still the 10th there.
      expect(await titles({ date: '2022-01-10' })).toEqual(['50% refund_pending', 'Refund of 50 percent']);
      expect(await titles({ date: '2022-01-11', tzOffset: 330 })).toEqual(['50% refund_pending']);
      expect(await titles({ date: '2022-01-10', tzOffset: 330 })).toEqual(['Refund of 50 percent']);
      expect(await titles({ startDate: '2022-01-10', endDate: '2022-01-11' })).toEqual([
        '50% refund_pending',
        'Refund of 50 percent',
      ]);
      expect(await titles({ startDate: '2022-01-09', endDate: '2022-01-10' })).toEqual([
        'Same second, higher id',
        'Same second, lower id',
      ]);
      expect(await expectNarrowed({ startDate: '2022-01-09', endDate: '2022-01-11', tzOffset: -300 })).toBe(
        4,
      );
    });

    it('filters the lists of city roles too', async () => {
      const list = LISTS.find(
        (candidate) => candidate.path === API_PATHS.tickets.convenorAssigned,
      ) as (typeof LISTS)[number];
      const account = { email: 'mumbai.convenor@helpdesk.demo', role: 'convenor', city: 'Mumbai' };
      for (const filters of [
        { status: 'resolved' },
        { status: 'in-review', q: 'same second' },
      ] as Filters[]) {
        const answer = (
          await get(list.path, tokens[account.email], {
            ...(filters as Record<string, string>),
            pageSize: 100,
          })
        ).json();
        const want = expected(list, account, filters);
        expect(want.length).toBeGreaterThan(0);
        expect(answer.tickets.map((t: { id: number }) => t.id)).toEqual(want.map((row) => row.id));
      }
    });

    it('refuses bad filters with 400', async () => {
      for (const query of [
        { status: 'closed' },
        { date: '2026-13-01' },
        { pageSize: 101 },
        { page: 0 },
        { tzOffset: 900 },
      ]) {
        const answer = await get(API_PATHS.tickets.all, admin(), query);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().error).toBe('Invalid query parameters');
      }
    });
  });

  describe('paging', () => {
    it('pages of 10 by default; pages walk every ticket once; the total is every page', async () => {
      const token = tokens['admin@helpdesk.demo'];
      expect((await get(API_PATHS.tickets.all, token)).json().tickets).toHaveLength(10);

      const want = expected(
        LISTS[0] as (typeof LISTS)[number],
        { email: '', role: 'admin' },
        { status: 'pending' },
      );
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(want.length / 7); page++) {
        const body = (
          await get(API_PATHS.tickets.all, token, { status: 'pending', page, pageSize: 7 })
        ).json();
        expect(body.total).toBe(want.length);
        seen.push(...body.tickets.map((ticket: { id: number }) => ticket.id));
      }
      expect(seen).toEqual(want.map((row) => row.id));
      const beyond = (
        await get(API_PATHS.tickets.all, token, { status: 'pending', page: 1000, pageSize: 7 })
      ).json();
      expect(beyond).toEqual({ tickets: [], total: want.length });
    });

    it('answers tickets in the shape of one ticket, with names but without history', async () => {
      const body = (
        await get(API_PATHS.tickets.cityPresidentAll, tokens['pune.president@helpdesk.demo'], { pageSize: 1 })
      ).json();
      expect(body.tickets[0]).toMatchObject({
        id: expect.any(Number),
        city: 'Pune',
        version: expect.any(Number),
        customer: {
          fullName: expect.any(String),
          email: expect.stringMatching(/^[^@\s]+@[^@\s]+$/),
          mobile: expect.stringMatching(/^\d{10}$/),
        },
        cityData: { name: 'Pune' },
        cityPresident: { fullName: 'Aditya Patwardhan' },
      });
      expect(body.tickets[0].comments).toBeUndefined();
    });
  });

  describe('the demo tickets', () => {
    it('spread over cities, committees and every state', async () => {
      const demo = rows.filter((row) => !fixtureIds.has(row.id));
      expect(demo.length).toBeGreaterThanOrEqual(300);
      expect(new Set(demo.map((row) => row.status))).toEqual(
        new Set(['pending', 'in-review', 'approved', 'resolved', 'rejected']),
      );
      const perCity = new Map<string, number>();
      for (const row of demo) perCity.set(row.city, (perCity.get(row.city) ?? 0) + 1);
      for (const city of ['Pune', 'Mumbai', 'Nagpur']) expect(perCity.get(city)).toBeGreaterThan(30);
      expect(perCity.size).toBeGreaterThanOrEqual(5);
      const used = await app.db
        .selectDistinct({ name: committees.name })
        .from(tickets)
        .innerJoin(committees, eq(committees.id, tickets.committeeId));
      expect(used.length).toBeGreaterThanOrEqual(8);
      expect(demo.some((row) => row.currentAssignee === 'Observer')).toBe(true);
      expect(demo.some((row) => Date.now() - row.createdAt.getTime() < 86_400_000)).toBe(true);

      const demoMembers = new Set(demo.map((row) => row.customerId));
      const members = await app.db.select().from(users).where(eq(users.role, 'customer'));
      expect(members.filter((user) => demoMembers.has(user.id))).toHaveLength(demoMembers.size);
      for (const member of members.filter((user) => demoMembers.has(user.id))) {
        expect(member.email).toMatch(/^[a-z]+\.[a-z]+\d*@[a-z.]+$/);
        expect(member.fullName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
        expect(member.mobile).toMatch(/^[6-9]\d{9}$/);
      }
    });

    it('have histories that replay through the transition table to their stored state', async () => {
      const all = await app.db.select().from(tickets).innerJoin(cities, eq(cities.id, tickets.cityId));
      const entries = await app.db
        .select()
        .from(ticketComments)
        .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
      for (const { tickets: ticket, cities: city } of all.filter((row) => !fixtureIds.has(row.tickets.id))) {
        const history = entries.filter((entry) => entry.ticketId === ticket.id);
        expect(history[0]?.action).toBe('submitted');
        let state: WorkflowTicket & Record<string, unknown> = {
          status: 'pending',
          city: city.name,
          observerId: ticket.observerId,
          currentAssignee: 'CityPresident',
        };
        for (const entry of history.slice(1)) {
          const decision = decide({ role: entry.actorRole as string, city: city.name }, entry.action, state, {
            comment: entry.text ?? undefined,
          });
          expect(decision.ok).toBe(true);
          if (decision.ok) state = { ...state, ...decision.patch };
          expect(entry.statusAfter).toBe(state.status);
          expect(entry.assigneeAfter).toBe(state.currentAssignee);
          expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(ticket.createdAt.getTime());
        }
        expect(ticket.version).toBe(history.length);
        expect({
          status: ticket.status,
          currentAssignee: ticket.currentAssignee,
          adminStatus: ticket.adminStatus,
          cityPresidentStatus: ticket.cityPresidentStatus,
          convenorStatus: ticket.convenorStatus,
          observerStatus: ticket.observerStatus,
        }).toEqual({
          status: state.status,
          currentAssignee: state.currentAssignee,
          adminStatus: state.adminStatus ?? null,
          cityPresidentStatus: state.cityPresidentStatus ?? null,
          convenorStatus: state.convenorStatus ?? null,
          observerStatus: state.observerStatus ?? null,
        });
      }
    });
  });
});
