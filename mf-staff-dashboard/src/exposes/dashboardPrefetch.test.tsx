import { Suspense } from 'react';
import { API_PATHS, QUERY_FRESH_MS } from 'shared-contracts';
import { act, render, screen, waitFor } from 'shared-contracts/testing/render';
import DashboardPage from '../pages/DashboardPage';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../testing/helpers';
import { FakeTicketApi, makeTickets } from '../testing/ticketBackend';
import pages, { prefetchDashboard } from './routes';

jest.mock('../features/dashboard/components/CityBarChart', () => ({
  __esModule: true,
  default: () => <div data-testid="bar-chart" />,
}));

const DASHBOARD_CALLS = [
  API_PATHS.tickets.stats,
  API_PATHS.tickets.cityStats,
  API_PATHS.tickets.all,
  API_PATHS.cities.list,
];

async function renderDashboard(page = <DashboardPage />) {
  let rendered!: ReturnType<typeof render>;
  await act(async () => {
    rendered = render(<Suspense>{page}</Suspense>, { route: '/dashboard' });
  });
  await screen.findByText(/^Showing 1 to 10 of 23 entries$/);
  return rendered;
}

const callsTo = (api: FakeTicketApi, path: string) => api.calls.filter((call) => call.path === path).length;
const dashboardCalls = (api: FakeTicketApi) => DASHBOARD_CALLS.map((path) => callsTo(api, path));

beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe("the dashboard's calls start with the download of its code (prefetchQuery)", () => {
  test("the route's lazy factory prefetches; the page's queries take those calls: each is made once", async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(23)));
    const Route = pages['/dashboard'];
    await renderDashboard(<Route />);
    expect(dashboardCalls(api)).toEqual([1, 1, 2, 1]);
    expect(await screen.findByRole('listitem', { name: 'Total Tickets' })).toHaveTextContent('23');
  });

  test('answers already in: the page shows them without calling again', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(23)));
    prefetchDashboard();
    await waitFor(() => expect(dashboardCalls(api)).toEqual([1, 1, 2, 1]));
    await renderDashboard();
    expect(dashboardCalls(api)).toEqual([1, 1, 2, 1]);
  });

  test('an answer older than the freshness limit is shown and asked for again', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(23)));
    prefetchDashboard();
    await waitFor(() => expect(dashboardCalls(api)).toEqual([1, 1, 2, 1]));
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + QUERY_FRESH_MS + 1);
    await renderDashboard();
    await waitFor(() => expect(dashboardCalls(api)).toEqual([2, 2, 4, 2]));
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
    // The first page and the Overdue card's count.
    await waitFor(() => expect(callsTo(api, API_PATHS.tickets.cityPresidentPending)).toBe(2));
    expect(callsTo(api, API_PATHS.cities.list)).toBe(0);
  });
});
