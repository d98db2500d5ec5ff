import { TimeoutError } from 'ky';
import { HttpResponse, http, server } from '../../testing/network';
import { authStore } from '../auth/authStore';
import { citiesResponseSchema } from '../schemas/cities';
import { checkAuth, getCityPresident, login, registerAdmin, signInWithPassword } from './auth';
import { assignCommittee, createCity, listCities, setCityConvenor } from './cities';
import { createCommittee, getCommittee, listCommittees } from './committees';
import { ApiError, asApiError, SETUP_ERROR_STATUS, toApiError } from './errors';
import { API_BASE, onUnauthorized } from './http';
import { API_PATHS, pathFor, UPLOAD_PATHS, uploadPath } from './paths';
import { request as apiRequest, toSearchParams } from './request';
import {
  actionPath,
  cityStatsQuery,
  downloadAttachment,
  getCityStats,
  getLatestUserTicket,
  getTicket,
  getTicketHistory,
  getTicketStats,
  getUserTickets,
  listAllTickets,
  listCityPresidentPendingTickets,
  listCityPresidentTickets,
  listConvenorAssignedTickets,
  listGovernorTickets,
  listObserverAssignedTickets,
  listObserverTickets,
  patchTicketStatus,
  ticketAction,
  ticketKeys,
  ticketStatsQuery,
} from './tickets';
import { createUser, filterUsers, getUser, listCityPresidents, listUsers, updateUser } from './users';

const now = '2026-01-15T10:30:00.000Z';
const ticket = { id: 5, title: 'Lift', description: 'Lift broken', status: 'pending', createdAt: now };
const user = {
  id: 2,
  fullName: 'Asha',
  email: 'asha@x.co',
  mobile: '9876543210',
  city: 'Pune',
  role: 'convenor',
  isActive: true,
};
const sessionUser = { id: 1, fullName: 'Admin One', email: 'admin@x.co', role: 'Admin', city: null };

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string | FormData | null;
}
let seen: Seen[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers every call of the page with `handler` (through msw) and records it. */
function serve(handler: (request: Request) => Response | Promise<Response>) {
  server.use(
    http.all('*', async ({ request }) => {
      const type = request.headers.get('content-type') ?? '';
      const copy = request.clone();
      const body =
        request.method === 'GET'
          ? null
          : type.includes('multipart')
            ? await copy.formData()
            : await copy.text();
      seen.push({
        method: request.method,
        url: request.url.replace('http://localhost', ''),
        headers: request.headers,
        body,
      });
      return handler(request);
    }),
  );
}

/** The multipart body of the first call. */
function _sentForm(): FormData {
  const body = seen[0]?.body;
  if (!(body instanceof FormData)) throw new Error('no multipart body was sent');
  return body;
}

beforeEach(() => {
  seen = [];
  authStore.getState().signOut();
});
afterEach(() => jest.restoreAllMocks());

describe('every call: method, path, query, body and parsed answer', () => {
  const list = { tickets: [ticket], total: 1 };
  it.each<[string, () => Promise<unknown>, string, string, unknown, unknown]>([
    [
      'login',
      () => login({ email: 'a@b.co', password: 'pw' }),
      'POST',
      '/api/auth/login',
      { user: sessionUser, token: 't' },
      { email: 'a@b.co', password: 'pw' },
    ],
    [
      'registerAdmin',
      () => registerAdmin({ fullName: 'A', email: 'a@b.co', password: 'password1' }),
      'POST',
      '/api/auth/register-admin',
      { user: sessionUser },
      { fullName: 'A', email: 'a@b.co', password: 'password1' },
    ],
    ['checkAuth', () => checkAuth(), 'GET', '/api/auth/check', { user: sessionUser }, null],
    [
      'getCityPresident',
      () => getCityPresident('Navi Mumbai'),
      'GET',
      '/api/auth/city-president/Navi%20Mumbai',
      { data: { fullName: 'P' } },
      null,
    ],
    [
      'listUsers',
      () => listUsers({ role: 'admin', search: 'as', page: 2, pageSize: 10 }),
      'GET',
      '/api/admin/users?role=admin&search=as&page=2&pageSize=10',
      { users: [user], total: 1 },
      null,
    ],
    [
      'listUsers without a query',
      () => listUsers(),
      'GET',
      '/api/admin/users',
      { users: [], total: 0 },
      null,
    ],
    ['getUser', () => getUser(2), 'GET', '/api/admin/users/2', { user }, null],
    [
      'createUser',
      () => createUser({ ...user, password: 'password1' }),
      'POST',
      '/api/admin/users/new',
      { user },
      { ...user, password: 'password1' },
    ],
    [
      'updateUser',
      () => updateUser(2, { ...user, password: '' }),
      'POST',
      '/api/admin/users/2',
      { user },
      { ...user, password: '' },
    ],
    [
      'filterUsers',
      () => filterUsers({ role: 'convenor', city: 'Pune' }),
      'GET',
      '/api/admin/users/filter?role=convenor&city=Pune',
      { users: [user] },
      null,
    ],
    [
      'listCityPresidents',
      () => listCityPresidents({ city: 'Pune' }),
      'GET',
      '/api/users/city-presidents?city=Pune',
      { users: [{ id: 3, fullName: 'P' }] },
      null,
    ],
    [
      'listCityPresidents without a city',
      () => listCityPresidents(),
      'GET',
      '/api/users/city-presidents',
      { users: [] },
      null,
    ],
    [
      'listCommittees',
      () => listCommittees(),
      'GET',
      '/api/committees/getAllCommittees',
      { committees: [{ id: 1, name: 'Legal' }] },
      null,
    ],
    [
      'listCommittees of a city',
      () => listCommittees({ cityId: 4 }),
      'GET',
      '/api/committees/getAllCommittees?cityId=4',
      { committees: [] },
      null,
    ],
    [
      'getCommittee',
      () => getCommittee(1),
      'GET',
      '/api/committees/1',
      { committee: { id: 1, name: 'Legal' } },
      null,
    ],
    [
      'createCommittee',
      () => createCommittee({ name: 'Legal' }),
      'POST',
      '/api/committees',
      { committee: { id: 1, name: 'Legal' } },
      { name: 'Legal' },
    ],
    [
      'listCities',
      () => listCities(),
      'GET',
      '/api/cities/getAllCities',
      { cities: [{ id: 1, name: 'Pune' }] },
      null,
    ],
    [
      'createCity',
      () => createCity({ name: 'Pune' }),
      'POST',
      '/api/cities',
      { city: { id: 1, name: 'Pune' } },
      { name: 'Pune' },
    ],
    [
      'assignCommittee',
      () => assignCommittee(1, 2),
      'POST',
      '/api/cities/committee/1/assign',
      { cityId: 1, committeeId: 2 },
      { committeeId: 2 },
    ],
    [
      'setCityConvenor',
      () => setCityConvenor(1, 7),
      'PUT',
      '/api/cities/1/convenor',
      { city: { id: 1, name: 'Pune', convenorId: 7 } },
      { convenorId: 7 },
    ],
    [
      'listAllTickets',
      () => listAllTickets({ startDate: '2026-01-15', endDate: '2026-01-16', status: 'all', q: '' }),
      'GET',
      '/api/tickets/all?startDate=2026-01-15&endDate=2026-01-16&status=all',
      list,
      null,
    ],
    ['listAllTickets without a query', () => listAllTickets(), 'GET', '/api/tickets/all', list, null],
    [
      'getUserTickets',
      () => getUserTickets(3),
      'GET',
      '/api/tickets/user/3',
      { user: { id: 3, fullName: 'Ravi' }, tickets: [], total: 0 },
      null,
    ],
    [
      'getLatestUserTicket',
      () => getLatestUserTicket(3),
      'GET',
      '/api/tickets/user/3/latest',
      { ticket },
      null,
    ],
    ['getTicket', () => getTicket(5), 'GET', '/api/tickets/5', { ticket }, null],
    [
      'patchTicketStatus',
      () => patchTicketStatus(5, { status: 'in-review', comment: '' }),
      'PATCH',
      '/api/tickets/5/status',
      { ticket },
      { status: 'in-review', comment: '' },
    ],
    ['getTicketHistory', () => getTicketHistory(5), 'GET', '/api/tickets/5/history', { history: [] }, null],
    [
      'getTicketStats',
      () => getTicketStats(),
      'GET',
      '/api/tickets/stats',
      { total: 1, inReview: 0, resolved: 0, rejected: 0 },
      null,
    ],
    [
      'getTicketStats of a city',
      () => getTicketStats({ city: 'Pune' }),
      'GET',
      '/api/tickets/stats?city=Pune',
      { total: 1, inReview: 0, resolved: 0, rejected: 0 },
      null,
    ],
    ['getCityStats', () => getCityStats(), 'GET', '/api/tickets/stats/cities', [], null],
    [
      'getUserTickets of a page',
      () => getUserTickets(3, { page: 2 }, { accessKey: 'k' }),
      'GET',
      '/api/tickets/user/3?page=2',
      { user: { id: 3, fullName: 'Ravi' }, tickets: [], total: 0 },
      null,
    ],
    [
      'listConvenorAssignedTickets without a query',
      () => listConvenorAssignedTickets(),
      'GET',
      '/api/tickets/convenor/assigned-tickets',
      list,
      null,
    ],
    [
      'getCityStats of a city',
      () => getCityStats({ city: 'Pune' }),
      'GET',
      '/api/tickets/stats/cities?city=Pune',
      [{ city: 'Pune', total: 1, pending: 1, resolved: 0, rejected: 0 }],
      null,
    ],
    [
      'listCityPresidentPendingTickets',
      () => listCityPresidentPendingTickets(),
      'GET',
      '/api/tickets/citypresident/getcitypresidenttickets',
      list,
      null,
    ],
    [
      'listCityPresidentTickets',
      () => listCityPresidentTickets(),
      'GET',
      '/api/tickets/citypresident/all',
      list,
      null,
    ],
    ['listGovernorTickets', () => listGovernorTickets(), 'GET', '/api/tickets/governor/tickets', list, null],
    [
      'listObserverAssignedTickets',
      () => listObserverAssignedTickets(),
      'GET',
      '/api/tickets/observer/assigned-tickets',
      list,
      null,
    ],
    ['listObserverTickets', () => listObserverTickets(), 'GET', '/api/tickets/observer/all', list, null],
    [
      'listConvenorAssignedTickets',
      () => listConvenorAssignedTickets({ page: 1 }),
      'GET',
      '/api/tickets/convenor/assigned-tickets?page=1',
      { ...list, city: 'Pune' },
      null,
    ],
  ])('%s', async (_name, invoke, method, url, answer, body) => {
    serve(() => json(answer));
    await expect(invoke()).resolves.toBeDefined();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe(method);
    expect(seen[0]?.url).toBe(url);
    if (body !== null) expect(JSON.parse(seen[0]?.body as string)).toEqual(body);
  });

  it('answers are parsed (role and status normalised, unknown keys dropped)', async () => {
    serve(() => json({ user: { ...sessionUser, extra: 1 }, token: 't' }));
    const answer = await login({ email: 'a@b.co', password: 'pw' });
    expect(answer.user).toEqual({
      id: 1,
      fullName: 'Admin One',
      email: 'admin@x.co',
      role: 'admin',
      city: null,
    });
  });

  it('sends the share key as X-Access-Key when given, and no key otherwise', async () => {
    serve(() => json({ ticket }));
    await getTicket(5, { accessKey: 'k'.repeat(43) });
    await getTicket(5);
    expect(seen[0]?.headers.get('X-Access-Key')).toBe('k'.repeat(43));
    expect(seen[1]?.headers.has('X-Access-Key')).toBe(false);
  });

  it('attaches the bearer token from the store', async () => {
    authStore.getState().signIn('tok', { id: 1, name: 'A', email: 'a@b.co', role: 'admin' });
    serve(() => json({ user: sessionUser }));
    await checkAuth();
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });
});

describe('answers without the expected data (docs/product.md#errors)', () => {
  it.each<[string, () => Promise<unknown>, unknown, string]>([
    ['ticket without ticket', () => getTicket(5), {}, 'Invalid response format from server'],
    ['tickets without tickets', () => listAllTickets(), { total: 0 }, 'Invalid response format from server'],
    [
      'login without token',
      () => login({ email: 'a@b.co', password: 'x' }),
      { user: sessionUser },
      'Invalid response from server',
    ],
    [
      'login without user',
      () => login({ email: 'a@b.co', password: 'x' }),
      { token: 't' },
      'Invalid response from server',
    ],
  ])('%s → %p', async (_name, invoke, answer, message) => {
    serve(() => json(answer));
    await expect(invoke()).rejects.toMatchObject({ name: 'ApiError', status: 200, message });
  });

  it('a body that is not JSON is an invalid answer too', async () => {
    serve(
      () =>
        new Response('<html>proxy error</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    await expect(listCities()).rejects.toMatchObject({ message: 'Invalid response format from server' });
  });
});

describe('the error helper (docs/product.md#errors)', () => {
  it.each<[string, Response, object]>([
    [
      'error and details',
      json({ error: 'Invalid request body', details: [{ path: 'email', message: 'bad' }] }, 400),
      { status: 400, message: 'Invalid request body', details: [{ path: 'email', message: 'bad' }] },
    ],
    ['error only', json({ error: 'Not found' }, 404), { status: 404, message: 'Not found' }],
    ['no error field', json({ message: 'nope' }, 500), { status: 500, message: 'An error occurred' }],
    ['blank error field', json({ error: ' ' }, 409), { status: 409, message: 'An error occurred' }],
    [
      'text body',
      new Response('Bad gateway', { status: 502 }),
      { status: 502, message: 'An error occurred' },
    ],
  ])('server answered with %s', async (_name, response, info) => {
    serve(() => response);
    const error = await listCities().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(toApiError(error)).toEqual(info);
  });

  it('no answer: status 0 and the connection message', async () => {
    serve(() => HttpResponse.error());
    await expect(listCities()).rejects.toMatchObject({
      status: 0,
      message: 'No response from server. Please check your internet connection.',
    });
  });

  it('a timeout is no answer as well', () => {
    expect(toApiError(new TimeoutError(new Request('http://localhost/api/x')))).toEqual({
      status: 0,
      message: 'No response from server. Please check your internet connection.',
    });
  });

  it('anything else: Error setting up request', async () => {
    expect(toApiError(new Error('boom'))).toEqual({
      status: SETUP_ERROR_STATUS,
      message: 'Error setting up request',
    });
    expect(toApiError('a string')).toEqual({ status: -1, message: 'Error setting up request' });
    // A request the browser refuses to build (a header name with a space) never leaves the page.
    await expect(
      apiRequest('get', API_PATHS.cities.list, citiesResponseSchema, { headers: { 'bad name': 'x' } }),
    ).rejects.toMatchObject({ status: -1, message: 'Error setting up request' });
  });

  it('an ApiError passes through unchanged', () => {
    const error = new ApiError({ status: 403, message: 'Unauthorized role' });
    expect(asApiError(error)).toBe(error);
    expect(toApiError(error)).toEqual({ status: 403, message: 'Unauthorized role' });
    expect(toApiError(new ApiError({ status: 400, message: 'x', details: [1] }))).toEqual({
      status: 400,
      message: 'x',
      details: [1],
    });
  });
});

describe('401 signs out and tells the shell (ADR 0003)', () => {
  it('clears token and user and calls the listeners when the session is over', async () => {
    authStore.getState().signIn('expired', { id: 1, name: 'A', email: 'a@b.co', role: 'admin' });
    const listener = jest.fn();
    const unsubscribe = onUnauthorized(listener);
    serve(() => json({ error: 'Unauthorized' }, 401));
    await expect(listUsers()).rejects.toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(authStore.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('a 401 without a session (wrong password at login) signs nobody out and navigates nowhere', async () => {
    const listener = jest.fn();
    const unsubscribe = onUnauthorized(listener);
    serve(() => json({ error: 'Invalid email or password' }, 401));
    await expect(login({ email: 'a@b.co', password: 'bad' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid email or password',
    });
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });
});

describe('sign-in (docs/product.md#calls: store token and user, then navigate by role)', () => {
  it.each([
    ['Admin', '/dashboard'],
    ['customer', '/add-ticket'],
  ])('role %p lands on %p', async (role, landing) => {
    serve(() => json({ user: { ...sessionUser, role }, token: 'tok' }));
    const result = await signInWithPassword({ email: 'admin@x.co', password: 'pw' });
    expect(result.landing).toBe(landing);
    expect(result.user.role).toBe(role.toLowerCase());
    expect(authStore.getState().token).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user') as string)).toMatchObject({ name: 'Admin One' });
  });
});

describe('ticket actions through the role-specific call (docs/product.md#roles)', () => {
  it.each([
    ['admin', '/api/tickets/5/action'],
    ['CityPresident', '/api/tickets/citypresident/5/citypresidentaction'],
    ['convenor', '/api/tickets/convenor/5/action'],
    ['observer', '/api/tickets/observer/5/observerticketAction'],
    ['governor', '/api/tickets/governor/5/action'],
  ])('%p posts to %p with action, comment and user role', async (role, url) => {
    serve(() => json({ ticket }));
    await ticketAction(role, 5, { action: 'reject', comment: 'Spam', version: 2 });
    expect(seen[0]?.url).toBe(url);
    expect(JSON.parse(seen[0]?.body as string)).toEqual({
      action: 'reject',
      comment: 'Spam',
      version: 2,
      user: { role: role.toLowerCase() },
    });
  });

  it.each(['credaipresident', 'customer', null])('%p: Unauthorized role, and no call', async (role) => {
    serve(() => json({ ticket }));
    await expect(ticketAction(role, 5, { action: 'approve' })).rejects.toMatchObject({
      status: 403,
      message: 'Unauthorized role',
    });
    expect(() => actionPath(role, 5)).toThrow('Unauthorized role');
    expect(seen).toHaveLength(0);
  });
});

describe('attachments and paths', () => {
  it('downloads from /uploads (not /api) with the share key', async () => {
    serve(() => new Response('PDF', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const blob = await downloadAttachment(uploadPath('attachment', 'a b.pdf'), { accessKey: 'k' });
    expect(await blob.text()).toBe('PDF');
    expect(seen[0]?.url).toBe('/uploads/attachments/a%20b.pdf');
    expect(seen[0]?.headers.get('X-Access-Key')).toBe('k');
  });

  it('a refused download is an ApiError', async () => {
    serve(() => json({ error: 'Not found' }, 404));
    await expect(downloadAttachment(uploadPath('photo', 'p.png'))).rejects.toMatchObject({
      status: 404,
      message: 'Not found',
    });
    expect(seen[0]?.url).toBe('/uploads/photos/p.png');
  });

  it('one base and one path table', () => {
    expect(API_BASE).toBe('/api');
    expect(API_PATHS.tickets.observerAction).toBe('/tickets/observer/:id/observerticketAction');
    expect(API_PATHS.health).toBe('/health');
    expect(API_PATHS.docs).toBe('/docs');
    expect(UPLOAD_PATHS).toEqual({
      attachment: '/uploads/attachments/:file',
      photo: '/uploads/photos/:file',
    });
  });

  it('pathFor fills and encodes parameters, and refuses a missing one', () => {
    expect(pathFor('/tickets/:id/history', { id: 4 })).toBe('/tickets/4/history');
    expect(() => pathFor('/tickets/:id', {})).toThrow('Missing path parameter: id');
  });

  it('toSearchParams drops empty values', () => {
    expect(toSearchParams({ a: 1, b: '', c: undefined, d: null, e: false })).toEqual({ a: '1', e: 'false' });
    expect(toSearchParams({ b: '' })).toBeUndefined();
    expect(toSearchParams(undefined)).toBeUndefined();
  });
});

describe("the dashboard's counts, of every ticket or of one project (ADR 0055)", () => {
  it('asks with projectId and keeps the answer under the counts prefix an action invalidates', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/tickets/stats', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json({ total: 2, inReview: 1, resolved: 0, rejected: 0 });
      }),
      http.get('*/api/tickets/stats/cities', ({ request }) => {
        asked.push(new URL(request.url).search);
        return HttpResponse.json([{ city: 'Pune', total: 2, pending: 1, resolved: 0, rejected: 0 }]);
      }),
    );
    const signal = new AbortController().signal;
    for (const query of [ticketStatsQuery(7), cityStatsQuery(7)]) {
      expect(query.queryKey.slice(0, 2)).toEqual(ticketKeys.stats());
      expect(query.queryKey.at(-1)).toEqual({ projectId: 7 });
      await query.queryFn?.({ signal } as never);
    }
    expect(ticketStatsQuery().queryKey).toEqual(ticketKeys.stats());
    expect(cityStatsQuery().queryKey).toEqual(ticketKeys.cityStats());
    await ticketStatsQuery().queryFn?.({ signal } as never);
    await cityStatsQuery().queryFn?.({ signal } as never);
    expect(asked).toEqual(['?projectId=7', '?projectId=7', '', '']);
  });
});
