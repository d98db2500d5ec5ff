import { ApiError } from 'shared-contracts';
import { installFakeApi, signInAs, signOut } from '../../../testing/helpers';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { fetchTicketPage, listQuery, type TicketPageRequest, utcOffsetOn } from './fetchTicketPage';

const request = (extra: Partial<TicketPageRequest> = {}): TicketPageRequest => ({
  page: 1,
  status: 'all',
  q: '',
  city: null,
  date: null,
  ...extra,
});

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('the list query (docs/architecture.md#api: the server filters and pages)', () => {
  test('one page of 10 and only the filters that are set', () => {
    expect(listQuery(request())).toEqual({ page: 1, pageSize: 10 });
    expect(listQuery(request({ page: 3, status: 'resolved', q: '  leak ', city: 'Pune' }))).toEqual({
      page: 3,
      pageSize: 10,
      status: 'resolved',
      q: 'leak',
      city: 'Pune',
    });
  });
  test('a day is sent with the offset of that day, so the server reads the day the list shows', () => {
    expect(listQuery(request({ date: '2026-11-20' }))).toEqual({
      page: 1,
      pageSize: 10,
      date: '2026-11-20',
      tzOffset: utcOffsetOn('2026-11-20'),
    });
    expect(utcOffsetOn('2026-11-20')).toBe(-new Date(2026, 10, 20).getTimezoneOffset());
  });
});

describe('which call fills the list (docs/product.md#ticket-listing-by-role)', () => {
  test.each([
    ['admin', 'all', '/tickets/all', undefined],
    ['credaipresident', 'all', '/tickets/all', undefined],
    ['citypresident', 'all', '/tickets/citypresident/getcitypresidenttickets', undefined],
    ['citypresident', 'in-review', '/tickets/citypresident/getcitypresidenttickets', 'in-review'],
    ['citypresident', 'approved', '/tickets/citypresident/all', 'approved'],
    ['citypresident', 'rejected', '/tickets/citypresident/all', 'rejected'],
    ['convenor', 'all', '/tickets/convenor/assigned-tickets', undefined],
    ['convenor', 'resolved', '/tickets/convenor/assigned-tickets', 'resolved'],
    ['observer', 'all', '/tickets/observer/assigned-tickets', undefined],
    ['observer', 'in-review', '/tickets/observer/assigned-tickets', 'in-review'],
    ['observer', 'approved', '/tickets/observer/all', 'approved'],
    ['observer', 'resolved', '/tickets/observer/all', 'resolved'],
    ['governor', 'all', '/tickets/governor/tickets', undefined],
    ['customer', 'all', '/tickets/user/7', undefined],
    ['someoneelse', 'all', '/tickets/all', undefined],
  ] as const)('%s with %s → %s (status %p)', async (role, status, path, sent) => {
    signInAs(role, 'Pune');
    const api = installFakeApi();
    const user = { id: 7, role };
    await fetchTicketPage(user, request({ status }));
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.path).toBe(path);
    expect(api.calls[0]?.query.status).toBe(sent);
    expect(api.calls[0]?.query.pageSize).toBe('10');
  });

  test('the convenor list names the city', async () => {
    signInAs('convenor', 'Pune');
    installFakeApi();
    expect((await fetchTicketPage({ id: 7, role: 'convenor' }, request())).city).toBe('Pune');
  });

  test('a customer without a stored user: User not found', async () => {
    await expect(fetchTicketPage(null, request())).rejects.toThrow('User not found');
  });

  test.each(['citypresident', 'convenor', 'observer'])(
    '%s falls back to all tickets when the own call fails',
    async (role) => {
      signInAs(role, 'Pune');
      const api = new FakeTicketApi(makeTickets(12));
      for (const path of [
        '/tickets/citypresident/getcitypresidenttickets',
        '/tickets/convenor/assigned-tickets',
        '/tickets/observer/assigned-tickets',
      ])
        api.failures.set(path, { status: 500, body: { error: 'Broken' } });
      installFakeApi(api);
      const page = await fetchTicketPage({ id: 7, role }, request());
      expect(api.calls.map((call) => call.path).at(-1)).toBe('/tickets/all');
      expect(page.total).toBeGreaterThan(0);
    },
  );

  test('when the fallback fails too, the first error is the one shown', async () => {
    signInAs('citypresident', 'Pune');
    const api = new FakeTicketApi();
    api.failures.set('/tickets/citypresident/getcitypresidenttickets', {
      status: 500,
      body: { error: 'First' },
    });
    api.failures.set('/tickets/all', { status: 403, body: { error: 'Second' } });
    installFakeApi(api);
    await expect(fetchTicketPage({ id: 7, role: 'citypresident' }, request())).rejects.toThrow('First');
  });

  test('no fallback after a 401 (the session is over) or for roles the first description of the product gives none', async () => {
    signInAs('citypresident', 'Pune');
    const api = new FakeTicketApi();
    api.failures.set('/tickets/citypresident/getcitypresidenttickets', {
      status: 401,
      body: { error: 'Expired' },
    });
    api.failures.set('/tickets/governor/tickets', { status: 500, body: { error: 'Down' } });
    installFakeApi(api);
    const failure = fetchTicketPage({ id: 7, role: 'citypresident' }, request());
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(fetchTicketPage({ id: 7, role: 'governor' }, request())).rejects.toThrow('Down');
    expect(api.calls.some((call) => call.path === '/tickets/all')).toBe(false);
  });
});
