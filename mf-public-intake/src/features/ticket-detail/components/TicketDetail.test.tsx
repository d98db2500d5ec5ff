import { notifications } from '@mantine/notifications';
import { Route, Routes, useParams } from 'react-router-dom';
import { setLanguage, type TicketInput } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import '../../../i18n';
import { rememberMemberKey } from '../../../lib/memberKeys';
import { encodeRouteId } from '../../../rules/routeId';
import { deferred, json, mockApi } from '../../../testing/api';
import { LocationProbe } from '../../../testing/LocationProbe';
import { TicketDetail } from './TicketDetail';

const KEY = 'k'.repeat(43);
const MEMBER_KEY = 'm'.repeat(43);

const TICKET: TicketInput = {
  id: 9,
  title: 'Legal: lift in block B',
  description: 'The lift in block B is broken.\nSecond line.',
  status: 'pending',
  createdAt: '2026-01-15T10:30:00.000Z',
  currentAssignee: 'CityPresident',
  customer: { id: 3, fullName: 'Ravi Kumar', email: 'r***@example.com', mobile: '98******10' },
  committee: { name: 'Legal' },
  cityData: { name: 'Pune' },
  city: 'Pune',
  cityPresident: { fullName: 'Asha Pune' },
  convenor: { fullName: 'Chetan Convenor' },
  observer: { fullName: 'Om Observer' },
  attachments: [
    { id: 1, kind: 'attachment', fileName: 'scan.pdf', url: '/uploads/attachments/abc', size: 2048 },
    { id: 2, kind: 'photo', fileName: 'photo.jpg', url: '/uploads/photos/def' },
  ],
};

function renderDetail(path: string) {
  return render(
    <Routes>
      <Route path="/ticket-detail/:id" element={<TicketDetailRoute />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route: path },
  );
}

function TicketDetailRoute() {
  const { id } = useParams();
  return <TicketDetail idSegment={id} />;
}

function serveTicket(ticket: TicketInput = TICKET) {
  return mockApi({ 'GET /api/tickets/9': { ticket } });
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Ticket Submitted Successfully!' });
const section = (name: string) => {
  const title = screen.getByRole('heading', { level: 2, name });
  return title.closest('.mantine-Paper-root') as HTMLElement;
};
/** The value of a label in a description list. */
const detailValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => notifications.clean());
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('loading and errors (docs/product.md#ticket-detail-screen, docs/product.md#validation, docs/product.md#errors)', () => {
  test('a loading state, then the ticket; the key of the fragment goes as X-Access-Key', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ 'GET /api/tickets/9': () => answer.promise });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    expect(screen.getByRole('status')).toHaveTextContent('Loading ticket...');
    await act(async () => answer.resolve(json({ ticket: TICKET })));
    expect(await heading()).toBeInTheDocument();
    // The ticket once (the chain tracker asks for its steps beside it).
    const tickets = api.requests.filter((request) => new URL(request.url).pathname === '/api/tickets/9');
    expect(tickets).toHaveLength(1);
    expect(tickets[0]?.headers.get('X-Access-Key')).toBe(KEY);
  });

  test('the url-safe encoded id opens the same ticket', async () => {
    const api = serveTicket();
    renderDetail(`/ticket-detail/${encodeRouteId(9)}#key=${KEY}`);
    expect(await heading()).toBeInTheDocument();
    expect(api.paths().filter((path) => !path.endsWith('/stages'))).toEqual(['GET /api/tickets/9']);
  });

  test.each(['abc!', '0', '-4', '9.5'])(
    "a non-numeric id %p: 'Invalid ticket ID. Please try again.', no call",
    async (id) => {
      const api = serveTicket();
      renderDetail(`/ticket-detail/${id}`);
      expect(await screen.findByText('Invalid ticket ID. Please try again.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Submit a New Ticket' })).toHaveAttribute(
        'href',
        '/add-ticket',
      );
      expect(api.requests).toHaveLength(0);
    },
  );

  test('no key (or a wrong one): the server says not found; the error state, no contact details', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const api = mockApi({ 'GET /api/tickets/9': json({ error: 'Ticket not found' }, 404) });
    renderDetail('/ticket-detail/9');
    expect(await screen.findByText('Ticket not found')).toBeInTheDocument();
    expect(api.requests[0]?.headers.has('X-Access-Key')).toBe(false);
    expect(screen.queryByText('User Information')).not.toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Submit a New Ticket' });
    await userEvent.setup().click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/add-ticket');
    expect(console.error).toHaveBeenCalled();
  });

  test('no answer: the error helper message', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/tickets/9': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    expect(
      await screen.findByText('No response from server. Please check your internet connection.'),
    ).toBeInTheDocument();
  });

  test("an answer without a ticket: 'Invalid response format from server'", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/tickets/9': { tickets: [] } });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    expect(await screen.findByText('Invalid response format from server')).toBeInTheDocument();
  });
});

describe('the submitted ticket (docs/product.md#ticket-detail-screen)', () => {
  test('user information as the server gives it (masked for a link viewer)', async () => {
    serveTicket();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    const card = section('User Information');
    expect(detailValue(card, 'Name')).toBe('Ravi Kumar');
    expect(detailValue(card, 'Email')).toBe('r***@example.com');
    expect(detailValue(card, 'Mobile')).toBe('98******10');
  });

  test("an email the server does not give: 'Not provided'", async () => {
    serveTicket({
      ...TICKET,
      customer: { id: 3, fullName: 'Ravi Kumar', email: null, mobile: '98******10' },
    });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    expect(detailValue(section('User Information'), 'Email')).toBe('Not provided');
  });

  test("share: the read-only link with its key; Copy Link reads 'Copied!' for 2 seconds", async () => {
    jest.useFakeTimers();
    serveTicket();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    const card = section('Share This Ticket');
    const link = within(card).getByLabelText('Link to this ticket');
    expect(link).toHaveValue(`http://localhost/ticket-detail/9#key=${KEY}`);
    expect(link).toHaveAttribute('readonly');
    expect(within(card).getByText('Anyone with this link can view this ticket.')).toBeInTheDocument();
    const write = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(within(card).getByRole('button', { name: 'Copy Link' }));
    expect(write).toHaveBeenCalledWith(`http://localhost/ticket-detail/9#key=${KEY}`);
    // The copy settles in microtasks: flushed here without moving the fake clock (a polling
    // query would advance it towards the 2 seconds being measured).
    await act(async () => {
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
    });
    expect(within(card).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1900));
    expect(within(card).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(100));
    expect(within(card).getByRole('button', { name: 'Copy Link' })).toBeInTheDocument();
  });

  test('share without the clipboard API: the copy command on the selected link', async () => {
    serveTicket();
    const user = userEvent.setup();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('not allowed'));
    const execCommand = jest.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    execCommand.mockReturnValue(false);
  });

  test('the ticket card: title, CREDAI id, description in full, attachments with icons', async () => {
    serveTicket();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    const card = screen
      .getByRole('heading', { level: 2, name: 'Legal: lift in block B' })
      .closest('article') as HTMLElement;
    expect(within(card).getByText('Ticket ID: CREDAI-9')).toBeInTheDocument();
    expect(within(card).getByText(/^Submitted on /)).toBeInTheDocument();
    expect(within(card).getByText(/The lift in block B is broken\.\s+Second line\./)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'PDF document' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Image' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'View scan.pdf' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Download photo.jpg' })).toBeInTheDocument();
    // No actions on the public card.
    expect(within(card).queryByRole('button', { name: /Approve|Reject|Resolve/ })).not.toBeInTheDocument();
  });

  test("the ticket's RERA project, and how many complaints staff linked with it: a number, nothing of the other members (ADR 0056)", async () => {
    serveTicket({
      ...TICKET,
      project: { id: 4, name: 'Sahyadri Heights', reraNumber: 'P52100012345' },
      similarCount: 3,
    });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    const card = screen
      .getByRole('heading', { level: 2, name: 'Legal: lift in block B' })
      .closest('article') as HTMLElement;
    expect(within(card).getByText('Project: Sahyadri Heights (RERA P52100012345)')).toBeInTheDocument();
    expect(within(card).getByText('Linked with 3 similar complaints')).toBeInTheDocument();
  });

  test.each<['hi' | 'mr', string, string]>([
    ['hi', 'प्रोजेक्ट: Sahyadri Heights (RERA P52100012345)', '2 मिलती-जुलती शिकायतों से जुड़ी'],
    ['mr', 'प्रकल्प: Sahyadri Heights (RERA P52100012345)', '२ समान तक्रारींशी जोडलेली'],
  ])('in %s too', async (language, project, similar) => {
    await setLanguage(language);
    try {
      serveTicket({
        ...TICKET,
        project: { id: 4, name: 'Sahyadri Heights', reraNumber: 'P52100012345' },
        similarCount: 2,
      });
      renderDetail(`/ticket-detail/9#key=${KEY}`);
      expect(await screen.findByText(project)).toBeInTheDocument();
      expect(screen.getByText(similar)).toBeInTheDocument();
    } finally {
      await setLanguage('en');
    }
  });

  test('one similar complaint reads in the singular', async () => {
    serveTicket({ ...TICKET, similarCount: 1 });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    expect(screen.getByText('Linked with 1 similar complaint')).toBeInTheDocument();
    expect(screen.queryByText(/^Project: /)).not.toBeInTheDocument();
  });

  test('no similar complaint and no project: neither line', async () => {
    serveTicket({ ...TICKET, similarCount: 0, project: null });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    expect(screen.queryByText(/similar complaint/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Project: /)).not.toBeInTheDocument();
  });

  test.each<[string, Partial<TicketInput>, string, string, string]>([
    [
      'in progress',
      { status: 'pending', currentAssignee: 'CityPresident' },
      'City President',
      'cyan',
      'Your ticket is currently being handled by City President.',
    ],
    [
      'with the office bearer',
      { status: 'in-review', currentAssignee: 'Observer' },
      'Office Bearer',
      'cyan',
      'Your ticket is currently being handled by Office Bearer.',
    ],
    [
      'without an assignee',
      { status: 'approved', currentAssignee: null },
      'Unknown',
      'cyan',
      'Your ticket is currently being handled by Unknown.',
    ],
    [
      'resolved',
      { status: 'Resolved', currentAssignee: 'Completed', resolutionMethod: 'Fixed' },
      'Completed',
      'green',
      'This ticket has been successfully resolved.',
    ],
  ])('current status %s', async (_case, change, assignee, color, message) => {
    serveTicket({ ...TICKET, ...change });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    const card = section('Current Status');
    const badge = within(card).getByText(assignee);
    expect(badge.closest('[data-color]')).toHaveAttribute('data-color', color);
    expect(within(card).getByText(message)).toBeInTheDocument();
  });

  test('assignment details: committee, city, president, convenor, office bearer', async () => {
    serveTicket();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    const card = section('Ticket Assignment Details');
    expect(detailValue(card, 'Committee')).toBe('Legal');
    expect(detailValue(card, 'City')).toBe('Pune');
    expect(detailValue(card, 'City President')).toBe('Asha Pune');
    expect(detailValue(card, 'Convenor')).toBe('Chetan Convenor');
    expect(detailValue(card, 'Office Bearer')).toBe('Om Observer');
  });

  test("assignment details without a committee or people: 'Not assigned', the city value, no names", async () => {
    serveTicket({
      ...TICKET,
      committee: null,
      cityData: null,
      city: 'Nashik',
      cityPresident: null,
      convenor: null,
      observer: null,
    });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    const card = section('Ticket Assignment Details');
    expect(detailValue(card, 'Committee')).toBe('Not assigned');
    expect(detailValue(card, 'City')).toBe('Nashik');
    expect(within(card).queryByText('Convenor')).not.toBeInTheDocument();
  });

  test("'Submit Another Ticket'; no 'View All My Tickets' without the member's key", async () => {
    serveTicket();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    expect(screen.getByRole('link', { name: 'Submit Another Ticket' })).toHaveAttribute(
      'href',
      '/add-ticket',
    );
    expect(screen.queryByRole('link', { name: 'View All My Tickets' })).not.toBeInTheDocument();
  });

  test("'View All My Tickets' when this device holds the member's key", async () => {
    rememberMemberKey(3, MEMBER_KEY);
    serveTicket();
    const user = userEvent.setup();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    await user.click(screen.getByRole('link', { name: 'View All My Tickets' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/tickets/3#key=${MEMBER_KEY}`);
  });

  test('a key of another member does not show it', async () => {
    rememberMemberKey(4, MEMBER_KEY);
    serveTicket();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    expect(screen.queryByRole('link', { name: 'View All My Tickets' })).not.toBeInTheDocument();
  });
});

describe('attachments: View and Download with the key', () => {
  let createObjectURL: jest.Mock;
  beforeEach(() => {
    createObjectURL = jest.fn(() => 'blob:http://localhost/file-1');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  });

  test("View opens the file's server URL with a view link asked for with the key, never a blob:", async () => {
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const api = mockApi({
      'GET /api/tickets/9': { ticket: TICKET },
      'POST /api/files/view-link': { url: '/uploads/attachments/abc?view=1900000000.mac' },
    });
    const user = userEvent.setup();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    await user.click(screen.getByRole('button', { name: 'View scan.pdf' }));
    await waitFor(() => expect(tab.location.href).toBe('/uploads/attachments/abc?view=1900000000.mac'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const viewLink = api.requests.find((request) => new URL(request.url).pathname === '/api/files/view-link');
    expect(viewLink?.headers.get('X-Access-Key')).toBe(KEY);
    expect(await viewLink?.json()).toEqual({ url: '/uploads/attachments/abc' });
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  test('Download saves it under its name', async () => {
    mockApi({
      'GET /api/tickets/9': { ticket: TICKET },
      'GET /uploads/photos/def': () => new Response('JPEG', { headers: { 'content-type': 'image/jpeg' } }),
    });
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Download photo.jpg' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('photo.jpg');
    expect(clicked[0]?.href).toBe('blob:http://localhost/file-1');
  });

  test('a refused file: the error toast, and the new tab is closed', async () => {
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    mockApi({
      'GET /api/tickets/9': { ticket: TICKET },
      'POST /api/files/view-link': json({ error: 'Not found' }, 404),
    });
    const user = userEvent.setup();
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    await user.click(screen.getByRole('button', { name: 'View scan.pdf' }));
    expect(await screen.findByText('The attachment could not be opened: Not found')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });

  test('the legacy attachmentPath and photoPath are listed too', async () => {
    serveTicket({ ...TICKET, attachments: null, attachmentPath: 'a1.docx', photoPath: 'p1.png' });
    renderDetail(`/ticket-detail/9#key=${KEY}`);
    await heading();
    expect(screen.getByRole('img', { name: 'Word document' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image' })).toBeInTheDocument();
    expect(screen.getByText('a1.docx')).toBeInTheDocument();
  });
});

describe("the member's chain tracker (docs/architecture.md#time-and-service-levels)", () => {
  const STAGES = {
    stages: [
      {
        id: 1,
        stage: 'review',
        holderRole: 'citypresident',
        holderName: null,
        actingFor: null,
        enteredAt: '2026-01-15T10:30:00.000Z',
        dueAt: '2026-01-16T12:30:00.000Z',
        leftAt: '2026-01-16T09:00:00.000Z',
        leftBy: null,
        outcome: 'approve',
        alerts: [],
        extensions: [],
      },
      {
        id: 2,
        stage: 'resolution',
        holderRole: 'convenor',
        holderName: null,
        actingFor: null,
        enteredAt: '2026-01-16T09:00:00.000Z',
        dueAt: '2099-01-30T12:30:00.000Z',
        leftAt: null,
        leftBy: null,
        outcome: null,
        alerts: [{ level: 'next-level', at: '2026-01-23T12:31:00.000Z', toRole: 'observer' }],
        extensions: [
          {
            reason: 'The builder asked for the site records',
            expectedBy: '2099-01-30',
            dueAt: '2099-01-30T12:30:00.000Z',
            createdAt: '2026-01-24T06:00:00.000Z',
          },
        ],
      },
    ],
  };

  test('each step with the role holding it, when it started, by when it is expected, escalated and extended with the reason', async () => {
    const api = mockApi({ 'GET /api/tickets/9': { ticket: TICKET }, 'GET /api/tickets/9/stages': STAGES });
    renderDetail(`/ticket-detail/${encodeRouteId(9)}#key=${KEY}`);
    await heading();
    const tracker = screen.getByRole('region', { name: 'Where your complaint is' });
    const steps = await within(tracker).findAllByRole('listitem');
    expect(steps).toHaveLength(2);
    const review = within(tracker).getByRole('listitem', { name: 'City president’s review' });
    expect(review).toHaveTextContent('Done');
    expect(detailValue(review, 'With')).toBe('City President');
    const resolution = within(tracker).getByRole('listitem', { name: 'Convenor’s resolution' });
    expect(detailValue(resolution, 'With')).toBe('Convenor');
    expect(detailValue(resolution, 'Expected by')).toMatch(/2099/);
    expect(within(resolution).getByText('In progress')).toBeInTheDocument();
    expect(within(resolution).getByText('Escalated')).toBeInTheDocument();
    expect(within(resolution).getByText('Escalated to the Office Bearer.')).toBeInTheDocument();
    expect(within(resolution).getByText('Extended')).toBeInTheDocument();
    expect(
      within(resolution).getByText(/^Extended to .*2099: The builder asked for the site records$/),
    ).toBeInTheDocument();
    // The stages are asked for with the share key, like the ticket.
    const call = api.requests.find((request) => new URL(request.url).pathname === '/api/tickets/9/stages');
    expect(call?.headers.get('X-Access-Key')).toBe(KEY);
  });

  test('a ticket whose steps are not recorded says so', async () => {
    mockApi({ 'GET /api/tickets/9': { ticket: TICKET }, 'GET /api/tickets/9/stages': { stages: [] } });
    renderDetail(`/ticket-detail/${encodeRouteId(9)}#key=${KEY}`);
    await heading();
    expect(await screen.findByText('The steps of this complaint are not recorded yet.')).toBeInTheDocument();
  });
});
