import { Route, Routes, useParams } from 'react-router-dom';
import type { TicketInput } from 'shared-contracts';
import { act, render, screen, userEvent, within } from 'shared-contracts/testing/render';
import '../../../i18n';
import { MEMBER_KEYS_STORAGE_KEY, memberKeyFor, rememberMemberKey } from '../../../lib/memberKeys';
import { deferred, json, mockApi } from '../../../testing/api';
import { LocationProbe } from '../../../testing/LocationProbe';
import { UserTickets } from './UserTickets';

const KEY = 'm'.repeat(43);
const OTHER_KEY = 'o'.repeat(43);

function ticket(id: number, change: Partial<TicketInput> = {}): TicketInput {
  return {
    id,
    title: `Ticket number ${id}`,
    description: `Description of ticket ${id}`,
    status: 'pending',
    createdAt: '2026-01-15T10:30:00.000Z',
    ...change,
  };
}

const answer = (tickets: TicketInput[], total = tickets.length) => ({
  user: { id: 3, fullName: 'Ravi Kumar' },
  tickets,
  total,
});

function UserTicketsRoute() {
  const { userId } = useParams();
  return <UserTickets idSegment={userId} />;
}

function renderList(path: string) {
  return render(
    <Routes>
      <Route path="/tickets/:userId" element={<UserTicketsRoute />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: path },
  );
}

const card = (title: string) =>
  screen.getByRole('heading', { level: 3, name: title }).closest('article') as HTMLElement;

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('the member list (docs/product.md#member-tickets-screen)', () => {
  test("loading, then 'Your Submitted Tickets' with a card per ticket; the key goes as X-Access-Key", async () => {
    const pending = deferred<Response>();
    const api = mockApi({ 'GET /api/tickets/user/3': () => pending.promise });
    renderList(`/tickets/3#key=${KEY}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Tickets' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your tickets...');
    await act(async () => pending.resolve(json(answer([ticket(1), ticket(2)]))));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your Submitted Tickets' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(api.requests[0]?.headers.get('X-Access-Key')).toBe(KEY);
    expect(new URL(api.requests[0]?.url ?? '').search).toBe('?page=1&pageSize=10');
    expect(screen.getByRole('link', { name: 'Submit Another Ticket' })).toHaveAttribute(
      'href',
      '/add-ticket',
    );
  });

  test('a key that opened the list is remembered on this device', async () => {
    mockApi({ 'GET /api/tickets/user/3': answer([ticket(1)]) });
    renderList(`/tickets/3#key=${KEY}`);
    await screen.findByRole('heading', { level: 2, name: 'Your Submitted Tickets' });
    expect(memberKeyFor(3)).toBe(KEY);
  });

  test('without a key in the URL, the key remembered on this device', async () => {
    rememberMemberKey(3, KEY);
    const api = mockApi({ 'GET /api/tickets/user/3': answer([ticket(1)]) });
    renderList('/tickets/3');
    await screen.findByRole('heading', { level: 2, name: 'Your Submitted Tickets' });
    expect(api.requests[0]?.headers.get('X-Access-Key')).toBe(KEY);
  });

  test("empty: 'You haven't submitted any tickets yet.'", async () => {
    mockApi({ 'GET /api/tickets/user/3': answer([]) });
    renderList(`/tickets/3#key=${KEY}`);
    expect(await screen.findByText("You haven't submitted any tickets yet.")).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Submitted Tickets' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit Another Ticket' })).toBeInTheDocument();
  });

  test("a non-numeric user id: 'Invalid user ID. Please try again.', no call, 'Back to Home'", async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderList('/tickets/x!y');
    expect(await screen.findByText('Invalid user ID. Please try again.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  test('a wrong key: the error state; the key is not remembered', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    rememberMemberKey(3, KEY);
    mockApi({ 'GET /api/tickets/user/3': json({ error: 'Not found' }, 404) });
    renderList(`/tickets/3#key=${OTHER_KEY}`);
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(JSON.parse(localStorage.getItem(MEMBER_KEYS_STORAGE_KEY) ?? '{}')).toEqual({ '3': KEY });
  });

  test('more than a page: Show more tickets adds the next page', async () => {
    const first = Array.from({ length: 10 }, (_, i) => ticket(i + 1));
    const api = mockApi({
      'GET /api/tickets/user/3': (request: Request) =>
        new URL(request.url).searchParams.get('page') === '2'
          ? json(answer([ticket(10), ticket(11), ticket(12)], 12))
          : json(answer(first, 12)),
    });
    const user = userEvent.setup();
    renderList(`/tickets/3#key=${KEY}`);
    await screen.findByRole('heading', { level: 2, name: 'Your Submitted Tickets' });
    expect(screen.getAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more tickets' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Ticket number 12' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Show more tickets' })).not.toBeInTheDocument();
    expect(api.requests[1]?.headers.get('X-Access-Key')).toBe(KEY);
  });

  test('a failed next page: the error state', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    let calls = 0;
    mockApi({
      'GET /api/tickets/user/3': () =>
        ++calls === 1 ? json(answer([ticket(1)], 5)) : json({ error: 'Internal server error' }, 500),
    });
    const user = userEvent.setup();
    renderList(`/tickets/3#key=${KEY}`);
    await user.click(await screen.findByRole('button', { name: 'Show more tickets' }));
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
  });
});

describe('the status card for each status (docs/product.md#member-status-card, docs/product.md#ticket-states)', () => {
  test.each<[string, Partial<TicketInput>, string, string, number, string, string | null, string | null]>([
    ['pending', { status: 'pending' }, 'Pending', 'yellow', 0, 'Pending', null, null],
    [
      'in-review',
      { status: 'in-review' },
      'In Review',
      'blue',
      50,
      'In Review',
      null,
      'Your ticket is in review.',
    ],
    [
      'approved',
      { status: 'Approved' },
      'Approved',
      'blue',
      50,
      'In Review',
      null,
      'Your ticket is in review.',
    ],
    [
      'resolved',
      { status: 'Resolved', resolutionMethod: 'The lift was repaired.' },
      'Resolved',
      'green',
      100,
      'Resolved',
      'Resolution Method',
      null,
    ],
    [
      'rejected',
      { status: 'Rejected', rejectionReason: 'Not a matter for the committee.' },
      'Rejected',
      'red',
      100,
      'Rejected',
      'Rejection Reason',
      null,
    ],
  ])('%s', async (_case, change, badge, color, percent, progressText, outcome, note) => {
    mockApi({ 'GET /api/tickets/user/3': answer([ticket(42, change)]) });
    renderList(`/tickets/3#key=${KEY}`);
    await screen.findByRole('heading', { level: 2, name: 'Your Submitted Tickets' });
    const article = card('Ticket number 42');
    expect(within(article).getByText('Ticket ID: CREDAI-42')).toBeInTheDocument();
    expect(within(article).getByText(/^Submitted on .*2026/)).toBeInTheDocument();
    expect(within(article).getByText('Description of ticket 42')).toBeInTheDocument();
    const badgeElement = within(article).getByText(badge, { selector: '.mantine-Badge-label' });
    expect(badgeElement.closest('[data-color]')).toHaveAttribute('data-color', color);

    const progress = within(article).getByRole('progressbar', { name: 'Ticket progress' });
    expect(progress).toHaveAttribute('aria-valuenow', String(percent));
    expect(progress).toHaveAttribute('aria-valuetext', progressText);
    if (change.status === 'Rejected') {
      // A full red bar labelled Rejected, instead of the steps.
      expect(within(article).queryByText('In Review')).not.toBeInTheDocument();
      expect(within(article).getAllByText('Rejected')).toHaveLength(2);
    } else {
      for (const step of ['Pending', 'In Review', 'Resolved']) {
        expect(within(article).getAllByText(step).length).toBeGreaterThan(0);
      }
    }

    if (outcome) {
      expect(within(article).getByText(outcome)).toBeInTheDocument();
      expect(
        within(article).getByText(change.resolutionMethod ?? change.rejectionReason ?? ''),
      ).toBeInTheDocument();
    } else {
      expect(within(article).queryByText(/Rejection Reason|Resolution Method/)).not.toBeInTheDocument();
    }
    if (note) expect(within(article).getByText(note)).toBeInTheDocument();
    else expect(within(article).queryByText('Your ticket is in review.')).not.toBeInTheDocument();
  });

  test('a resolved ticket without a resolution text has no box', async () => {
    mockApi({
      'GET /api/tickets/user/3': answer([ticket(42, { status: 'resolved', resolutionMethod: '  ' })]),
    });
    renderList(`/tickets/3#key=${KEY}`);
    await screen.findByRole('heading', { level: 2, name: 'Your Submitted Tickets' });
    expect(screen.queryByText('Resolution Method')).not.toBeInTheDocument();
  });

  test("the member's key opens attachments on the cards", async () => {
    const api = mockApi({
      'GET /api/tickets/user/3': answer([
        ticket(42, {
          attachments: [{ id: 1, kind: 'attachment', fileName: 'scan.pdf', url: '/uploads/attachments/abc' }],
        }),
      ]),
      'GET /uploads/attachments/abc': () => new Response('%PDF'),
    });
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:x'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderList(`/tickets/3#key=${KEY}`);
    await screen.findByRole('heading', { level: 2, name: 'Your Submitted Tickets' });
    await user.click(screen.getByRole('button', { name: 'Download scan.pdf' }));
    expect(api.requests[1]?.headers.get('X-Access-Key')).toBe(KEY);
  });
});

describe("each ticket's latest public entry (docs/architecture.md#conversation-and-notifications)", () => {
  test('the last public entry shows under the ticket, never an internal note; none without entries', async () => {
    mockApi({
      'GET /api/tickets/user/3': answer([
        ticket(1, {
          comments: [
            {
              id: 1,
              actionBy: null,
              action: 'submitted',
              kind: 'ticket.submitted',
              values: {},
              createdAt: '2026-01-15T10:30:00.000Z',
              text: 'Ticket submitted',
            },
            {
              id: 2,
              actionBy: 'Asha Pune',
              actorRole: 'citypresident',
              action: 'reply',
              kind: 'staff.replied',
              values: {},
              createdAt: '2026-01-16T10:30:00.000Z',
              text: 'We wrote to the developer.',
              visibility: 'public',
            },
            {
              id: 3,
              actionBy: 'Asha Pune',
              actorRole: 'citypresident',
              action: 'note',
              kind: 'staff.noted',
              values: {},
              createdAt: '2026-01-16T11:30:00.000Z',
              text: 'Internal: chase on Monday',
              visibility: 'internal',
            },
          ],
        }),
        ticket(2),
      ]),
    });
    renderList(`/tickets/3#key=${KEY}`);
    await screen.findByRole('heading', { level: 3, name: 'Ticket number 1' });
    const latest = within(card('Ticket number 1')).getByRole('group', { name: 'Latest update' });
    expect(latest).toHaveTextContent('We wrote to the developer.');
    expect(latest).toHaveTextContent(/Asha Pune, /);
    expect(screen.queryByText('Internal: chase on Monday')).not.toBeInTheDocument();
    expect(
      within(card('Ticket number 2')).queryByRole('group', { name: 'Latest update' }),
    ).not.toBeInTheDocument();
  });
});
