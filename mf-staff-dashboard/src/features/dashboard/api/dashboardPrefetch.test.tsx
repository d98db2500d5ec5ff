import { API_PATHS } from 'shared-contracts';
import { act, render, screen, waitFor } from 'shared-contracts/testing/render';
import DashboardPage from '../../../pages/DashboardPage';
import { FakeTicketApi, makeTickets } from '../../../testing/fakeApi';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { forgetPrefetched, PREFETCH_FRESH_MS, prefetchDashboard } from './dashboardPrefetch';

jest.mock('../components/CityBarChart', () => ({
  __esModule: true,
  default: () => <div data-testid="bar-chart" />,
}));

const DASHBOARD_CALLS = [
  API_PATHS.tickets.stats,
  API_PATHS.tickets.cityStats,
  API_PATHS.tickets.all,
  API_PATHS.cities.list,
];

async function renderDashboard() {
  let rendered!: ReturnType<typeof render>;
  await act(async () => {
    rendered = render(<DashboardPage />, { route: '/dashboard' });
  });
  await screen.findByText(/^Showing 1 to 10 of 23 entries$/);
  return rendered;
}

const callsTo = (api: FakeTicketApi, path: string) => api.calls.filter((call) => call.path === path).length;

beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  forgetPrefetched();
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe('the dashboard calls started with the download of its code', () => {
  test('the page takes the answers already on their way: each call is made once', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(23)));
    prefetchDashboard();
    await waitFor(() => expect(DASHBOARD_CALLS.map((path) => callsTo(api, path))).toEqual([1, 1, 1, 1]));
    await renderDashboard();
    expect(DASHBOARD_CALLS.map((path) => callsTo(api, path))).toEqual([1, 1, 1, 1]);
    expect(await screen.findByRole('listitem', { name: 'Total Tickets' })).toHaveTextContent('23');
  });

  test('an answer older than the freshness limit is not shown: the page asks again', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(23)));
    prefetchDashboard();
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + PREFETCH_FRESH_MS + 1);

    await renderDashboard();
    await waitFor(() => expect(DASHBOARD_CALLS.map((path) => callsTo(api, path))).toEqual([2, 2, 2, 2]));
  });

  test('each answer is taken once: a later visit of the page calls again', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(23)));
    prefetchDashboard();
    const first = await renderDashboard();
    first.unmount();
    await renderDashboard();
    await waitFor(() => expect(DASHBOARD_CALLS.map((path) => callsTo(api, path))).toEqual([2, 2, 2, 2]));
  });

  test('nothing is fetched without a signed-in user', async () => {
    const api = installFakeApi(new FakeTicketApi(makeTickets(3)));
    prefetchDashboard();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });

  test("a city president's chart is locked to their city: no city list is fetched", async () => {
    signInAs('citypresident', 'Pune');
    const api = installFakeApi(new FakeTicketApi(makeTickets(3)));
    prefetchDashboard();
    await waitFor(() => expect(callsTo(api, API_PATHS.tickets.stats)).toBe(1));
    expect(callsTo(api, API_PATHS.tickets.cityPresidentPending)).toBe(1);
    expect(callsTo(api, API_PATHS.cities.list)).toBe(0);
  });
});
