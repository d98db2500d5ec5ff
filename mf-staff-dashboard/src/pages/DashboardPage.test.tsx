import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import {
  clearToasts,
  HeldCalls,
  installFakeApi,
  layOutElements,
  signInAs,
  signOut,
} from '../testing/helpers';
import { FakeTicketApi, makeTickets } from '../testing/ticketBackend';
import DashboardPage from './DashboardPage';

// Recharts measures its container, which jsdom cannot; the bars are checked through the
// accessible data table the panel renders beside the chart.
jest.mock('../features/dashboard/components/CityBarChart', () => ({
  __esModule: true,
  default: ({ rows }: { rows: { city: string }[] }) => <div data-testid="bar-chart">{rows.length} bars</div>,
}));

async function renderDashboard() {
  await act(async () => {
    render(<DashboardPage />, { route: '/dashboard' });
  });
  // The list panel has answered once its footer shows.
  await screen.findByText(/^Showing \d+ to \d+ of \d+ entries$/);
}

const cityDropdown = () => screen.getByRole('combobox', { name: 'City' });
const chartTable = () => screen.findByRole('table', { name: 'Tickets by city' });

beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe('the dashboard (docs/product.md#dashboard)', () => {
  test.each([
    ['admin', null, 'Admin Dashboard', 'Tickets by City'],
    ['citypresident', 'Pune', 'City President Dashboard', 'Tickets in Your City'],
    ['credaipresident', null, 'Credai President Dashboard', 'Tickets by City'],
    ['convenor', 'Pune', 'Convenor Dashboard', 'Tickets in Your City'],
    ['observer', 'Pune', 'Office Bearer Dashboard', 'Tickets Assigned to You'],
    ['governor', null, 'Help Desk', 'Tickets Awaiting Your Review'],
    ['customer', null, 'Help Desk', 'Your Tickets'],
    ['CityPresident', 'Pune', 'City President Dashboard', 'Tickets in Your City'],
  ])('%s (%s): title %p, chart title %p', async (role, city, title, chart) => {
    signInAs(role, city);
    installFakeApi();
    await renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: chart })).toBeInTheDocument();
  });

  test.each([
    ['credaipresident', null, true],
    ['admin', null, false],
    ['citypresident', 'Pune', false],
  ])(
    '%s (%s): the Appeals list on the dashboard: %p (docs/architecture.md#the-members-last-word)',
    async (role, city, shown) => {
      signInAs(role, city);
      const api = installFakeApi();
      await renderDashboard();
      if (shown) {
        const appeals = screen.getByRole('region', { name: 'Appeals' });
        expect(await within(appeals).findByText('No open appeals.')).toBeInTheDocument();
      } else {
        expect(screen.queryByRole('region', { name: 'Appeals' })).not.toBeInTheDocument();
        expect(api.calls.some((call) => call.path === '/appeals')).toBe(false);
      }
    },
  );

  test('cards, chart, the first page and the overdue count come from four calls, none returning more than a page', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(57)));
    await renderDashboard();
    await chartTable();
    expect(
      within(screen.getByRole('listitem', { name: 'Total Tickets' })).getByText('57'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Tickets' })).getAllByRole('row')).toHaveLength(11);
    const paths = api.calls.map((call) => call.path).sort();
    expect(paths).toEqual([
      '/cities/getAllCities',
      '/tickets/all',
      '/tickets/all',
      '/tickets/stats',
      '/tickets/stats/cities',
    ]);
    for (const call of api.listCalls()) expect(call.query).toMatchObject({ page: '1', pageSize: '10' });
    // One of the two list calls is the Overdue card's: the server filters and counts.
    expect(api.listCalls().filter((call) => call.query.due === 'overdue')).toHaveLength(1);
  });

  test('the chart shows every city; the dropdown narrows it to one, and says when a city has no data', async () => {
    signInAs('admin');
    const tickets = makeTickets(30).filter((ticket) => ticket.city !== 'Nagpur');
    installFakeApi(new FakeTicketApi(tickets));
    await renderDashboard();
    const table = await chartTable();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mumbai', 'Pune']);
    const user = userEvent.setup();
    await waitFor(() => expect(cityDropdown()).toBeEnabled());
    expect(cityDropdown()).toHaveAttribute('placeholder', 'Search cities...');
    await user.click(cityDropdown());
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mumbai', 'Nagpur', 'Pune']);
    await user.type(cityDropdown(), 'pun');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pune']);
    await user.click(screen.getByRole('option', { name: 'Pune' }));
    expect(
      within(await chartTable())
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Pune']);

    await user.clear(cityDropdown());
    await user.type(cityDropdown(), 'Xyz');
    expect(screen.getByText('No cities found')).toBeInTheDocument();
    await user.clear(cityDropdown());
    await user.type(cityDropdown(), 'Nag');
    await user.click(screen.getByRole('option', { name: 'Nagpur' }));
    expect(screen.getByText('No ticket data available for Nagpur')).toBeInTheDocument();
  });

  test('the city list is at most 200 px high', async () => {
    signInAs('admin');
    installFakeApi();
    await renderDashboard();
    await waitFor(() => expect(cityDropdown()).toBeEnabled());
    await userEvent.setup().click(cityDropdown());
    const listbox = await screen.findByRole('listbox');
    const limited = listbox.querySelector<HTMLElement>('[style*="max-height"]');
    // 200 px in Mantine's scaled rem: 200 / 16 = 12.5rem.
    expect(limited?.style.maxHeight).toBe('calc(12.5rem * var(--mantine-scale))');
  });

  test('the dropdown reads Loading cities... and is disabled while the cities load', async () => {
    signInAs('admin');
    const held = new HeldCalls(['/cities/getAllCities']);
    installFakeApi(new FakeTicketApi(), held);
    await renderDashboard();
    expect(cityDropdown()).toBeDisabled();
    expect(cityDropdown()).toHaveAttribute('placeholder', 'Loading cities...');
    await act(async () => held.release());
    await waitFor(() => expect(cityDropdown()).toBeEnabled());
  });

  test.each([
    ['citypresident', 'Pune'],
    ['convenor', 'Pune'],
  ])('%s: the chart is locked to their city, the dropdown disabled', async (role, city) => {
    signInAs(role, city);
    const api = installFakeApi();
    await renderDashboard();
    const table = await chartTable();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([city]);
    expect(cityDropdown()).toBeDisabled();
    expect(cityDropdown()).toHaveValue(city);
    expect(api.calls.some((call) => call.path === '/cities/getAllCities')).toBe(false);
  });

  test('with one city or fewer the dropdown is disabled', async () => {
    signInAs('observer', 'Pune');
    const api = new FakeTicketApi();
    installFakeApi(api);
    const original = api.handle.bind(api);
    api.handle = (method, path, query, body, authorization) =>
      path === '/cities/getAllCities'
        ? { status: 200, body: { cities: [{ id: 1, name: 'Pune' }] } }
        : original(method, path, query, body, authorization);
    await renderDashboard();
    await chartTable();
    await waitFor(() => expect(cityDropdown()).not.toHaveAttribute('placeholder', 'Loading cities...'));
    expect(cityDropdown()).toBeDisabled();
  });

  test('a failed load of the counts shows red alerts; the list still works', async () => {
    signInAs('admin');
    const api = new FakeTicketApi();
    api.failures.set('/tickets/stats', { status: 500, body: { error: 'Stats are down' } });
    api.failures.set('/tickets/stats/cities', { status: 500, body: { error: 'Stats are down' } });
    installFakeApi(api);
    await renderDashboard();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('The ticket counts could not be loaded: Stats are down'),
      expect.stringContaining('The chart could not be loaded: Stats are down'),
    ]);
    api.failures.clear();
    await userEvent.setup().click(within(alerts[0] as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Total Tickets' })).toBeInTheDocument();
  });

  test('the information card lists the role descriptions of docs/product.md#overview and marks the signed-in role', async () => {
    signInAs('citypresident', 'Pune');
    installFakeApi();
    await renderDashboard();
    const card = screen.getByRole('region', { name: 'About the review chain' });
    const items = within(card).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace('Your role', '').trim())).toEqual([
      'The City President reviews, approves, rejects or resolves tickets of their city.',
      'The Convenor manages tickets approved by City Presidents.',
      "The Observer gives an additional review of tickets approved by City Presidents, and the observer's approval is needed for final approval.",
      'Admin has full access to tickets and users.',
      'CredaiPresident oversees all cities.',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Your role')).toBeInTheDocument();
    expect(within(card).getAllByText('Your role')).toHaveLength(1);
  });

  test('after an action the counts are asked for again', async () => {
    signInAs('citypresident', 'Pune');
    const api = installFakeApi();
    await renderDashboard();
    const user = userEvent.setup();
    const before = api.calls.filter((call) => call.path === '/tickets/stats').length;
    await user.click(screen.getAllByRole('button', { name: /^View ticket/ })[0] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Ticket has been approved successfully!');
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/tickets/stats').length).toBe(before + 1),
    );
  });
});

describe('an action through the query cache (ADR 0012)', () => {
  test('an approval fetches the ticket once; the row takes the answer; the cards, the chart and the lists follow by invalidation', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(23)));
    await renderDashboard();
    await chartTable();
    const count = (path: string) =>
      api.calls.filter((call) => call.method === 'GET' && call.path === path).length;
    const inReview = () =>
      Number(
        within(screen.getByRole('listitem', { name: 'In Review Tickets' })).getByText(/^\d+$/).textContent,
      );
    const before = {
      stats: count('/tickets/stats'),
      cities: count('/tickets/stats/cities'),
      list: count('/tickets/all'),
    };
    const inReviewBefore = inReview();
    const row = () =>
      screen.getByRole('button', { name: 'View ticket CREDAI-19' }).closest('tr') as HTMLElement;
    expect(within(row()).getByText('Pending')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'View ticket CREDAI-19' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-19' });
    await user.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Ticket has been approved successfully!');

    // The row shows the action's answer at once: no call for the list, none for the ticket.
    expect(within(row()).getByText('In Review')).toBeInTheDocument();
    expect(count('/tickets/19')).toBe(1);
    expect(count('/tickets/all')).toBe(before.list);
    // The counts were invalidated: asked for once more each, and the card follows.
    await waitFor(() => expect(inReview()).toBe(inReviewBefore + 1));
    expect(count('/tickets/stats')).toBe(before.stats + 1);
    expect(count('/tickets/stats/cities')).toBe(before.cities + 1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Ticket Details/ })).not.toBeInTheDocument(),
    );
    expect(count('/tickets/19')).toBe(1);

    // The lists were invalidated too: the first page, seen a moment ago, is asked for again.
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(count('/tickets/all')).toBe(before.list + 2));
    expect(within(row()).getByText('In Review')).toBeInTheDocument();
  });
});

describe("the list's project filter narrows the cards and the chart (ADR 0055)", () => {
  test("with ?project= the cards count that project's tickets and the chart shows its cities only", async () => {
    signInAs('admin');
    const project = { id: 3, reraNumber: 'P52100012345', name: 'Skyline Heights' };
    // Three of 30 tickets are about the project: one in Mumbai, two in Pune.
    const tickets = makeTickets(30).map((ticket, index) =>
      index < 3
        ? {
            ...ticket,
            project,
            city: index === 0 ? 'Mumbai' : 'Pune',
            cityData: { name: index === 0 ? 'Mumbai' : 'Pune' },
          }
        : { ...ticket, city: 'Nagpur', cityData: { name: 'Nagpur' } },
    );
    const api = installFakeApi(new FakeTicketApi(tickets));
    await act(async () => {
      render(<DashboardPage />, { route: '/dashboard?project=3' });
    });
    await screen.findByText('Showing 1 to 3 of 3 entries');
    await waitFor(() =>
      expect(
        within(screen.getByRole('listitem', { name: 'Total Tickets' })).getByText('3'),
      ).toBeInTheDocument(),
    );
    expect(
      within(await chartTable())
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mumbai', 'Pune']);
    const countsCalls = api.calls.filter((call) => call.path.startsWith('/tickets/stats'));
    expect(
      countsCalls
        .filter((call) => call.query.projectId === '3')
        .map((call) => call.path)
        .sort(),
    ).toEqual(['/tickets/stats', '/tickets/stats/cities']);
    // 'Filter by city' still offers the cities of every ticket (the unfiltered chart counts).
    const user = userEvent.setup();
    await waitFor(() => expect(cityDropdown()).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'Filter by city' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(expect.arrayContaining(['Mumbai', 'Nagpur', 'Pune']));
  });
});
