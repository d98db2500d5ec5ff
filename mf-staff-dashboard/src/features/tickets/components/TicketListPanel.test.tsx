import dayjs from 'dayjs';
import 'dayjs/locale/hi';
import { setLanguage } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import {
  clearToasts,
  installFakeApi,
  layOutElements,
  setScreen,
  signInAs,
  signOut,
} from '../../../testing/helpers';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { toIsoDay } from '../../../testing/ticketFilters';
import { TicketListPanel } from './TicketListPanel';

const FOOTER = /^Showing [\d,]+ to [\d,]+ of [\d,]+ entries$/;

async function renderPanel(cityOptions: string[] = ['Mumbai', 'Nagpur', 'Pune']) {
  await act(async () => {
    render(<TicketListPanel cityOptions={cityOptions} />);
  });
  await screen.findByText(FOOTER);
}

const table = () => screen.getByRole('table', { name: 'Tickets' });
const ids = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Ticket list pages' }))
    .getAllByRole('button')
    .map((button) => button.textContent);
const lastList = (api: FakeTicketApi) => api.listCalls().at(-1);

let restoreScreen: (() => void) | undefined;
beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  clearToasts();
  restoreScreen?.();
  restoreScreen = undefined;
  jest.restoreAllMocks();
  signOut();
});

describe('title by role and filter (docs/product.md#ticket-list-panel)', () => {
  test.each([
    ['admin', 'All', 'Admin Ticket Management'],
    ['admin', 'In Review', 'Admin Ticket Management'],
    ['citypresident', 'All', 'All City Tickets'],
    ['citypresident', 'In Review', 'In Review Tickets for Review'],
    ['citypresident', 'Resolved', 'All City Tickets'],
    ['convenor', 'All', 'Assigned Tickets for Convenor'],
    ['convenor', 'In Review', 'Assigned Tickets for Convenor'],
    ['observer', 'All', 'All Office Bearer Tickets'],
    ['observer', 'In Review', 'Tickets Awaiting Observer Review'],
    ['observer', 'Approved', 'All Office Bearer Tickets'],
    ['governor', 'All', 'Ticket Management'],
    ['credaipresident', 'In Review', 'Ticket Management'],
  ])('%s, filter %s → %p', async (role, filter, title) => {
    signInAs(role, 'Pune');
    installFakeApi();
    await renderPanel();
    await userEvent.setup().click(screen.getByRole('button', { name: filter }));
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
  });
});

describe('the desktop table (docs/product.md#ticket-list-panel)', () => {
  test('columns, prefixed ids, member, 5-word description, status, date, time and the eye icon', async () => {
    signInAs('admin');
    installFakeApi(new FakeTicketApi(makeTickets(3)));
    await renderPanel();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Ticket ID', 'User Name', 'Description', 'Status', 'Created Date', 'Created Time', 'Action']);
    const [first] = within(table()).getAllByRole('row').slice(1);
    const cells = within(first as HTMLElement).getAllByRole('cell');
    const created = new Date(Date.UTC(2026, 10, 20, 9, 30));
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'CREDAI-3',
      'Sunita Rao',
      'The member reports issue number...',
      'Approved',
      // Dates and times as en-IN writes them (the page's language is English), in the device's zone.
      new Intl.DateTimeFormat('en-IN', { year: 'numeric', month: 'short', day: 'numeric' }).format(created),
      new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' }).format(created),
      '',
    ]);
    expect(
      within(first as HTMLElement).getByRole('button', { name: 'View ticket CREDAI-3' }),
    ).toBeInTheDocument();
  });

  test("'No tickets found.' when nothing matches", async () => {
    signInAs('admin');
    installFakeApi(new FakeTicketApi([]));
    await renderPanel();
    expect(screen.getByText('No tickets found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  test('a load failure shows its message in a red alert; Retry loads again', async () => {
    signInAs('admin');
    const api = new FakeTicketApi();
    api.failures.set('/tickets/all', { status: 500, body: { error: 'The database is unreachable' } });
    installFakeApi(api);
    await act(async () => {
      render(<TicketListPanel cityOptions={[]} />);
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The database is unreachable');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    api.failures.clear();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Tickets' });
  });
});

describe('filters: done by the server, one page at a time', () => {
  test('status buttons send the status and show which is active', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(30)));
    await renderPanel();
    const filters = screen.getByRole('group', { name: 'Filter by status' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'In Review', 'Approved', 'Resolved', 'Rejected']);
    expect(within(filters).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.setup().click(within(filters).getByRole('button', { name: 'Resolved' }));
    await waitFor(() => expect(lastList(api)?.query).toMatchObject({ status: 'resolved', page: '1' }));
    await waitFor(() => expect(screen.getByText('Showing 1 to 5 of 5 entries')).toBeInTheDocument());
    expect(within(table()).getAllByText('Resolved')).toHaveLength(5);
    expect(within(filters).getByRole('button', { name: 'Resolved' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('search by name or title asks the server once typing pauses', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(30)));
    await renderPanel();
    const before = api.listCalls().length;
    // The keys go in without yielding between them: on a loaded machine a pause between two keys
    // could outlast the debounce and ask for 'MEE' too, which is not what this test is about.
    await userEvent
      .setup({ delay: null })
      .type(screen.getByRole('searchbox', { name: 'Search by name or title' }), 'MEERA');
    await waitFor(() => expect(lastList(api)?.query.q).toBe('MEERA'));
    expect(api.listCalls().length).toBe(before + 1);
    await waitFor(() => expect(screen.getByText('Showing 1 to 5 of 5 entries')).toBeInTheDocument());
    expect(within(table()).getAllByText('Meera Shah')).toHaveLength(5);
  });

  test('filter by city offers the given cities and sends the chosen one', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(30)));
    await renderPanel(['Mumbai', 'Pune']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Filter by city' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Mumbai', 'Pune']);
    await user.click(within(listbox).getByRole('option', { name: 'Mumbai' }));
    await waitFor(() => expect(lastList(api)?.query.city).toBe('Mumbai'));
    await waitFor(() => expect(screen.getByText('Showing 1 to 10 of 10 entries')).toBeInTheDocument());
  });

  test('the date picker filters to the creation day', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(30, Date.now())));
    await renderPanel();
    const user = userEvent.setup();
    const picker = await screen.findByRole('button', { name: 'Created on' });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    // The calendar opens on this month; days after today cannot be picked.
    const today = new Date();
    const label = `${today.getDate()} ${today.toLocaleDateString('en', { month: 'long' })} ${today.getFullYear()}`;
    await user.click(await screen.findByRole('button', { name: label }));
    await waitFor(() => expect(lastList(api)?.query.date).toBe(toIsoDay(today)));
    expect(lastList(api)?.query.tzOffset).toBe(String(-today.getTimezoneOffset()));
    expect(picker).toHaveTextContent(String(today.getFullYear()));
  });

  test('in Hindi the calendar names its months and days in Hindi', async () => {
    signInAs('admin');
    installFakeApi(new FakeTicketApi(makeTickets(3, Date.now())));
    await renderPanel();
    await act(() => setLanguage('hi'));
    try {
      const user = userEvent.setup();
      const picker = await screen.findByRole('button', { name: 'बनाने की तारीख़' });
      await waitFor(() => expect(picker).toBeEnabled());
      await user.click(picker);
      const today = new Date();
      const month = dayjs(today).locale('hi').format('MMMM');
      expect(month).not.toBe(today.toLocaleDateString('en', { month: 'long' }));
      expect(
        await screen.findByRole('button', { name: `${today.getDate()} ${month} ${today.getFullYear()}` }),
      ).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  test('a new filter starts again at page 1', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(57)));
    await renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByText('Showing 21 to 30 of 57 entries')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Rejected' }));
    await waitFor(() => expect(lastList(api)?.query).toMatchObject({ status: 'rejected', page: '1' }));
  });
});

describe('pagination (docs/product.md#ticket-list-panel)', () => {
  test('desktop: Prev, every page, Next; the footers follow the page', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(makeTickets(57)));
    await renderPanel();
    expect(pageButtons()).toEqual(['Prev', '1', '2', '3', '4', '5', '6', 'Next']);
    expect(screen.getByText('Showing 1 to 10 of 57 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(ids()).toHaveLength(10);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Showing 11 to 20 of 57 entries')).toBeInTheDocument());
    expect(screen.getByText('Page 2 of 6')).toBeInTheDocument();
    expect(lastList(api)?.query).toMatchObject({ page: '2', pageSize: '10' });
    expect(ids()[0]).toBe('CREDAI-47');

    await user.click(screen.getByRole('button', { name: 'Page 6' }));
    await waitFor(() => expect(screen.getByText('Showing 51 to 57 of 57 entries')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(ids()).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await waitFor(() => expect(screen.getByText('Page 5 of 6')).toBeInTheDocument());
  });

  test('desktop with thousands of pages: a window around the current page', async () => {
    signInAs('admin');
    installFakeApi(new FakeTicketApi(makeTickets(2500)));
    await renderPanel();
    expect(pageButtons()).toEqual(['Prev', '1', '2', '3', '250', 'Next']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(screen.getByText('Page 3 of 250')).toBeInTheDocument());
    expect(pageButtons()).toEqual(['Prev', '1', '2', '3', '4', '5', '250', 'Next']);
  });
});

describe('a total counted only up to a limit (a search with many matches)', () => {
  test("the footers read 'of 1,000+' and Next goes on past the last page counted", async () => {
    signInAs('admin');
    const api = new FakeTicketApi(makeTickets(6000));
    api.countLimit = 1000;
    installFakeApi(api);
    await renderPanel();
    expect(screen.getByText('Showing 1 to 10 of 6,000 entries')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or title' }), 'water');
    await waitFor(() => expect(screen.getByText('Showing 1 to 10 of 1,000+ entries')).toBeInTheDocument());
    expect(screen.getByText('Page 1 of 100+')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 100' }));
    await waitFor(() =>
      expect(screen.getByText('Showing 991 to 1,000 of 1,000+ entries')).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByText('Showing 1,001 to 1,010 of 1,010+ entries')).toBeInTheDocument(),
    );
    expect(lastList(api)?.query).toMatchObject({ q: 'water', page: '101' });
  });
});

describe('mobile layout (under 768 px, docs/product.md#ticket-list-panel)', () => {
  test('cards with id, badge, member, 10-word description, date, time and View Details', async () => {
    restoreScreen = setScreen(true);
    signInAs('admin');
    installFakeApi(new FakeTicketApi(makeTickets(57)));
    await renderPanel();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Tickets' })).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const first = cards[0] as HTMLElement;
    expect(first).toHaveAccessibleName('CREDAI-57');
    expect(within(first).getByText('CREDAI-57')).toBeInTheDocument();
    expect(within(first).getByText('Approved')).toBeInTheDocument();
    expect(first).toHaveTextContent('Member: Sunita Rao');
    expect(
      within(first).getByText('The member reports issue number 57 in the Pune project...'),
    ).toBeInTheDocument();
    expect(first).toHaveTextContent('Date:');
    expect(first).toHaveTextContent('Time:');
    expect(within(first).getByRole('button', { name: 'View Details' })).toBeInTheDocument();
  });

  test('pagination shows only the first, the current and the last page', async () => {
    restoreScreen = setScreen(true);
    signInAs('admin');
    installFakeApi(new FakeTicketApi(makeTickets(57)));
    await renderPanel();
    expect(pageButtons()).toEqual(['Prev', '1', '6', 'Next']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 3 of 6')).toBeInTheDocument());
    expect(pageButtons()).toEqual(['Prev', '1', '3', '6', 'Next']);
    expect(screen.getByText('Showing 21 to 30 of 57 entries')).toBeInTheDocument();
  });

  test('View Details opens the details dialog', async () => {
    restoreScreen = setScreen(true);
    signInAs('admin');
    installFakeApi(new FakeTicketApi(makeTickets(3)));
    await renderPanel();
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'View Details' })[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-3' })).toBeInTheDocument();
  });
});
