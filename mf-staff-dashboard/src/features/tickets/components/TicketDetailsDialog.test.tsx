import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { dialogActions, setLanguage, type Ticket } from 'shared-contracts';
import { HttpResponse, http, server } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { TicketDetailsDialog } from './TicketDetailsDialog';
import { TicketListPanel } from './TicketListPanel';

const BASE = makeTickets(1)[0] as Ticket;

/** A Pune ticket in the given state (every approval and step field set explicitly). */
function ticketIn(state: Partial<Ticket>, id = 5): Ticket {
  return {
    ...BASE,
    id,
    status: 'pending',
    adminStatus: null,
    cityPresidentStatus: null,
    convenorStatus: null,
    observerStatus: null,
    rejectionReason: null,
    resolutionMethod: null,
    city: 'Pune',
    cityData: { name: 'Pune' },
    cityPresident: { fullName: 'Pune President' },
    convenor: { fullName: 'Pune Convenor' },
    observer: { fullName: 'Pune Observer' },
    ...state,
  };
}

const STATES: Record<string, Partial<Ticket>> = {
  pending: { status: 'pending' },
  'in-review (reviewed, nobody approved)': { status: 'in-review' },
  'in-review (approved by admin)': { status: 'in-review', adminStatus: 'approved' },
  approved: { status: 'approved', cityPresidentStatus: 'approved' },
  'in-review (resolved by convenor, awaiting the office bearer)': {
    status: 'in-review',
    cityPresidentStatus: 'approved',
    convenorStatus: 'resolved',
    resolutionMethod: 'Fixed on site',
  },
  resolved: { status: 'resolved', cityPresidentStatus: 'approved', resolutionMethod: 'Settled' },
  rejected: { status: 'rejected', rejectionReason: 'Not our scope' },
};

const ROLES: [string, string | null][] = [
  ['admin', null],
  ['credaipresident', null],
  ['citypresident', 'Pune'],
  ['citypresident', 'Mumbai'],
  ['convenor', 'Pune'],
  ['observer', 'Pune'],
  ['governor', null],
  ['customer', null],
];

const LABELS: Record<string, string> = { approve: 'Approve', reject: 'Reject', resolve: 'Resolve' };

function Harness({ ticket }: { ticket: Ticket }) {
  const [open, setOpen] = useState<Ticket | null>(ticket);
  return <TicketDetailsDialog ticket={open} onClose={() => setOpen(null)} />;
}

async function openDialog(ticket: Ticket, api = new FakeTicketApi([ticket])) {
  installFakeApi(api);
  await act(async () => {
    render(<Harness ticket={ticket} />);
  });
  const dialog = await screen.findByRole('dialog', { name: `Ticket Details - #CREDAI-${ticket.id}` });
  await waitFor(() => expect(screen.queryByText(/Loading the latest version/)).not.toBeInTheDocument());
  return { dialog, api };
}

const actionButtons = (dialog: HTMLElement) => {
  const group = within(dialog).queryByRole('group', { name: 'Actions' });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : [];
};

beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe('Approve, Reject and Resolve follow the shared workflow rules (docs/product.md#ticket-states, docs/workflow.md)', () => {
  const cases = ROLES.flatMap(([role, city]) =>
    Object.entries(STATES).map(([name, state]) => [role, city, name, state] as const),
  );
  test.each(cases)('%s of %s on a Pune ticket, %s', async (role, city, _name, state) => {
    signInAs(role, city);
    const ticket = ticketIn(state);
    const expected = dialogActions({ role, city }, ticket).map((action) => LABELS[action]);
    const { dialog } = await openDialog(ticket);
    expect(actionButtons(dialog)).toEqual(expected);
  });

  test.each([
    ['citypresident', 'Pune', 'pending', ['Approve', 'Reject', 'Resolve']],
    ['admin', null, 'pending', ['Approve', 'Reject', 'Resolve']],
    ['admin', null, 'in-review (approved by admin)', ['Reject', 'Resolve']],
    ['citypresident', 'Pune', 'in-review (approved by admin)', ['Reject', 'Resolve']],
    ['convenor', 'Pune', 'pending', ['Reject']],
    ['convenor', 'Pune', 'approved', ['Reject', 'Resolve']],
    ['convenor', 'Pune', 'in-review (resolved by convenor, awaiting the office bearer)', ['Reject']],
    [
      'observer',
      'Pune',
      'in-review (resolved by convenor, awaiting the office bearer)',
      ['Reject', 'Resolve'],
    ],
    ['observer', 'Pune', 'pending', ['Reject']],
    ['citypresident', 'Mumbai', 'pending', []],
    ['governor', null, 'pending', []],
    ['credaipresident', null, 'pending', []],
    ['admin', null, 'resolved', []],
    ['citypresident', 'Pune', 'rejected', []],
  ] as const)('spot check: %s (%s) on %s → %j', async (role, city, name, buttons) => {
    signInAs(role, city);
    const { dialog } = await openDialog(ticketIn(STATES[name] as Partial<Ticket>));
    expect(actionButtons(dialog)).toEqual(buttons);
  });
});

describe('what the dialog shows (docs/product.md#ticket-details-dialog)', () => {
  test('every field, the files, reasons, assignees, the current holder and the whole history', async () => {
    signInAs('admin');
    const ticket = ticketIn({
      status: 'resolved',
      type: 'Complaint',
      category: 'Construction quality',
      currentAssignee: 'Completed',
      rejectionReason: 'First rejected by mistake',
      resolutionMethod: 'Developer repaired the leak',
      attachments: [
        { id: 1, kind: 'attachment', fileName: 'report.pdf', url: '/uploads/attachments/a1.pdf' },
        { id: 2, kind: 'attachment', fileName: 'letter.docx', url: '/uploads/attachments/a2.docx' },
        { id: 3, kind: 'photo', fileName: 'site.png', url: '/uploads/photos/p3.png' },
      ],
      comments: [
        {
          actionBy: null,
          action: 'submitted',
          kind: 'ticket.submitted',
          values: {},
          createdAt: '2026-11-20T09:30:00.000Z',
          text: 'Ticket submitted',
        },
        {
          actionBy: 'Pune President',
          actorRole: 'citypresident',
          action: 'approve',
          kind: 'ticket.approved',
          values: { comment: 'Approved, over to the convenor' },
          createdAt: '2026-11-20T10:00:00.000Z',
          text: 'Approved, over to the convenor',
        },
        {
          actionBy: 'Pune Convenor',
          actorRole: 'convenor',
          action: 'resolve',
          kind: 'ticket.resolved',
          values: { comment: 'Developer repaired the leak' },
          createdAt: '2026-11-21T10:00:00.000Z',
          text: 'Developer repaired the leak',
        },
      ],
    });
    const { dialog } = await openDialog(ticket);
    const view = within(dialog);
    expect(view.getByText(/^Submitted on /)).toBeInTheDocument();
    const field = (label: string) => view.getByText(label).nextElementSibling?.textContent;
    expect(field('Member Name')).toBe('Meera Shah');
    expect(field('City')).toBe('Pune');
    expect(field('Mobile')).toBe('9876500001');
    expect(field('Email')).toBe('member1@example.com');
    expect(field('Status')).toBe('Resolved');
    expect(field('Committee')).toBe('Grievance Committee');
    expect(field('Type')).toBe('Complaint');
    expect(field('Category')).toBe('Construction quality');
    expect(view.getByRole('heading', { name: 'Description' })).toBeInTheDocument();
    expect(view.getByText(ticket.description)).toBeInTheDocument();
    expect(view.getByText('First rejected by mistake')).toBeInTheDocument();
    expect(view.getByRole('heading', { name: 'Resolution Method' })).toBeInTheDocument();
    const files = view.getAllByRole('button', { name: /^View .* in a new tab$/ });
    expect(files).toHaveLength(3);
    expect(
      ['report.pdf', 'letter.docx', 'site.png'].map((name) =>
        view.getByText(name).closest('[data-icon]')?.getAttribute('data-icon'),
      ),
    ).toEqual(['pdf', 'word', 'image']);
    expect(view.getByRole('button', { name: 'Download report.pdf' })).toBeInTheDocument();
    const assigned = view.getByRole('heading', { name: 'Assigned To' }).parentElement as HTMLElement;
    expect(
      within(assigned)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['City President: Pune President', 'Convenor: Pune Convenor', 'Observer: Pune Observer']);
    const holder = view.getByRole('heading', { name: 'Currently With' }).parentElement as HTMLElement;
    expect(holder).toHaveTextContent('Completed');
    const history = view.getByRole('heading', { name: 'Ticket History' }).parentElement as HTMLElement;
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('System');
    expect(entries[0]).toHaveTextContent('Ticket submitted');
    expect(entries[1]).toHaveTextContent('Pune President');
    expect(entries[2]).toHaveTextContent('Developer repaired the leak');
  });

  test('without optional data: no Type, Category, Attachment or reasons; nobody assigned; Pending Assignment', async () => {
    signInAs('admin');
    const ticket = ticketIn({
      cityPresident: null,
      convenor: null,
      observer: null,
      observerId: null,
      currentAssignee: null,
      comments: [],
    });
    const { dialog } = await openDialog(ticket);
    const view = within(dialog);
    for (const absent of ['Type', 'Category', 'Attachment', 'Rejection Reason', 'Resolution Method'])
      expect(view.queryByText(absent)).not.toBeInTheDocument();
    expect(view.getByText('No users assigned yet')).toBeInTheDocument();
    expect(view.getByText('Pending Assignment')).toBeInTheDocument();
    expect(view.getByText('Status').nextElementSibling).toHaveTextContent('Pending');
  });

  test("a ticket without a city: City reads 'Unknown', and in Hindi 'अज्ञात' (never English)", async () => {
    signInAs('admin');
    const { dialog } = await openDialog(ticketIn({ city: null, cityData: null }));
    expect(within(dialog).getByText('City').nextElementSibling).toHaveTextContent(/^Unknown$/);
    try {
      await act(() => setLanguage('hi'));
      await waitFor(() => expect(within(dialog).getByText('अज्ञात')).toBeInTheDocument());
      expect(within(dialog).queryByText('Unknown')).not.toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  test('the city president is shown as the current holder while the ticket waits for them', async () => {
    signInAs('admin');
    const { dialog } = await openDialog(ticketIn({ currentAssignee: 'CityPresident' }));
    const holder = within(dialog).getByRole('heading', { name: 'Currently With' })
      .parentElement as HTMLElement;
    expect(holder).toHaveTextContent('City President');
  });

  test("View opens the file's server URL with a view link (never a blob:); Download saves it", async () => {
    signInAs('admin');
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = jest.fn(() => 'blob:file-1');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const ticket = ticketIn({
      attachments: [
        { id: 1, kind: 'attachment', fileName: 'report.pdf', url: '/uploads/attachments/a1.pdf' },
      ],
    });
    const { dialog, api } = await openDialog(ticket);
    const asked: { body: unknown; authorization: string | null }[] = [];
    server.use(
      http.post('*/api/files/view-link', async ({ request }) => {
        asked.push({ body: await request.json(), authorization: request.headers.get('authorization') });
        return HttpResponse.json({ url: '/uploads/attachments/a1.pdf?view=1900000000.mac' });
      }),
    );
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'View report.pdf in a new tab' }));
    await waitFor(() => expect(tab.location.href).toBe('/uploads/attachments/a1.pdf?view=1900000000.mac'));
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(asked).toEqual([
      { body: { url: '/uploads/attachments/a1.pdf' }, authorization: expect.stringMatching(/^Bearer /) },
    ]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Download report.pdf' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('report.pdf');
    expect(api.calls.some((call) => call.path === '/uploads/attachments/a1.pdf')).toBe(true);
  });

  test('a view link refused: the error toast, and the new tab is closed', async () => {
    signInAs('admin');
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const ticket = ticketIn({
      attachments: [
        { id: 1, kind: 'attachment', fileName: 'report.pdf', url: '/uploads/attachments/a1.pdf' },
      ],
    });
    const { dialog } = await openDialog(ticket);
    server.use(
      http.post('*/api/files/view-link', () =>
        HttpResponse.json({ error: 'File not found', details: [] }, { status: 404 }),
      ),
    );
    await userEvent
      .setup()
      .click(within(dialog).getByRole('button', { name: 'View report.pdf in a new tab' }));
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    expect(tab.location.href).toBe('');
  });
});

describe('the confirmations (docs/product.md#validation)', () => {
  test('Confirm Rejection: Reject stays disabled until the reason is not blank', async () => {
    signInAs('citypresident', 'Pune');
    const { dialog } = await openDialog(ticketIn({}));
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Rejection' });
    const reject = within(confirm).getByRole('button', { name: 'Reject' });
    expect(reject).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox', { name: 'Rejection Reason' }), '   ');
    expect(reject).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox', { name: 'Rejection Reason' }), 'Duplicate');
    expect(reject).toBeEnabled();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Confirm Rejection' })).not.toBeInTheDocument(),
    );
  });

  test("Resolve Ticket: the only option is 'Other', selected, with its Resolution Reason; Resolve disabled while blank", async () => {
    signInAs('citypresident', 'Pune');
    const { dialog } = await openDialog(ticketIn({}));
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve Ticket' });
    const options = within(confirm).getByRole('combobox', { name: 'Resolution' });
    expect(
      within(options)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Other']);
    expect(options).toHaveValue('Other');
    const resolve = within(confirm).getByRole('button', { name: 'Resolve' });
    expect(resolve).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox', { name: 'Resolution Reason' }), ' \n ');
    expect(resolve).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox', { name: 'Resolution Reason' }), 'Repaired');
    expect(resolve).toBeEnabled();
  });

  test('Confirm Approval: the comment is optional', async () => {
    signInAs('citypresident', 'Pune');
    const { dialog } = await openDialog(ticketIn({}));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    expect(within(confirm).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('');
    expect(within(confirm).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });
});

describe('acting from the list (docs/product.md#ticket-details-dialog, docs/product.md#ticket-states, docs/product.md#errors)', () => {
  async function openFromList(role: string, city: string | null, tickets: Ticket[], id: number) {
    signInAs(role, city);
    const api = installFakeApi(new FakeTicketApi(tickets));
    const show = jest.spyOn(notifications, 'show');
    await act(async () => {
      render(<TicketListPanel cityOptions={[]} />);
    });
    await screen.findByRole('table', { name: 'Tickets' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `View ticket CREDAI-${id}` }));
    const dialog = await screen.findByRole('dialog', { name: `Ticket Details - #CREDAI-${id}` });
    await waitFor(() => expect(screen.queryByText(/Loading the latest version/)).not.toBeInTheDocument());
    return { api, show, user, dialog };
  }
  const rowStatus = (id: number) => {
    const row = screen.getByRole('button', { name: `View ticket CREDAI-${id}` }).closest('tr') as HTMLElement;
    return within(row).getAllByRole('cell')[3]?.textContent;
  };

  test('approve: the toast, the list updated from the answer, the dialog closes about 300 ms later', async () => {
    const { api, show, user, dialog } = await openFromList('citypresident', 'Pune', [ticketIn({}, 5)], 5);
    expect(rowStatus(5)).toBe('Pending');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    await user.type(within(confirm).getByRole('textbox', { name: 'Comment (optional)' }), 'Looks genuine');
    const timers = jest.spyOn(globalThis, 'setTimeout');
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Ticket has been approved successfully!');
    // The close is scheduled 300 ms after the answer (docs/product.md#constants), not done at once.
    expect(timers).toHaveBeenCalledWith(expect.any(Function), 300);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: 'Ticket has been approved successfully!',
        color: 'green',
        autoClose: 3000,
      }),
    );
    const call = api.calls.find((entry) => entry.method === 'POST');
    expect(call?.path).toBe('/tickets/citypresident/5/citypresidentaction');
    expect(call?.body).toEqual({
      action: 'approve',
      comment: 'Looks genuine',
      version: 1,
      user: { role: 'citypresident' },
    });
    expect(rowStatus(5)).toBe('Approved');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /Ticket Details/ })).not.toBeInTheDocument(),
    );
  });

  test("the association president holding a recused city president's review approves it as its holder (ADR 0048)", async () => {
    // signInAs's user is id 7: the recusal made them the review's holder.
    const held = ticketIn({ stage: 'review', cityPresidentId: 7 }, 5);
    const { api, user, dialog } = await openFromList('credaipresident', null, [held], 5);
    expect(actionButtons(dialog)).toEqual(['Approve', 'Reject', 'Resolve']);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Ticket has been approved successfully!');
    const call = api.calls.find((entry) => entry.method === 'POST');
    expect(call?.path).toBe('/tickets/5/holder-action');
    expect(call?.body).toEqual({ action: 'approve', comment: '', version: 1 });
    expect(rowStatus(5)).toBe('Approved');
  });

  test('the association president sees no step on a review another holds', async () => {
    signInAs('credaipresident', null);
    const { dialog } = await openDialog(ticketIn({ stage: 'review', cityPresidentId: 3 }));
    expect(actionButtons(dialog)).toEqual([]);
  });

  test("reject with a reason: 'Ticket has been rejected.' and the row reads Rejected", async () => {
    const approved = ticketIn(STATES.approved as Partial<Ticket>, 8);
    const { api, user, dialog } = await openFromList('convenor', 'Pune', [approved], 8);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Rejection' });
    await user.type(
      within(confirm).getByRole('textbox', { name: 'Rejection Reason' }),
      '  Duplicate of CREDAI-7 ',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Ticket has been rejected.');
    expect(api.calls.find((entry) => entry.method === 'POST')).toMatchObject({
      path: '/tickets/convenor/8/action',
      body: { action: 'reject', comment: 'Duplicate of CREDAI-7' },
    });
    expect(rowStatus(8)).toBe('Rejected');
  });

  test("the observer's final approval: 'Ticket has been marked as resolved!'", async () => {
    const waiting = ticketIn(
      STATES['in-review (resolved by convenor, awaiting the office bearer)'] as Partial<Ticket>,
      9,
    );
    const { api, user, dialog } = await openFromList('observer', 'Pune', [waiting], 9);
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resolve Ticket' });
    await user.type(within(confirm).getByRole('textbox', { name: 'Resolution Reason' }), 'Checked on site');
    await user.click(within(confirm).getByRole('button', { name: 'Resolve' }));
    await screen.findByText('Ticket has been marked as resolved!');
    expect(api.calls.find((entry) => entry.method === 'POST')?.path).toBe(
      '/tickets/observer/9/observerticketAction',
    );
    expect(rowStatus(9)).toBe('Resolved');
  });

  test("a failure: 'Failed to update ticket: {message}'; the dialogs stay open to try again", async () => {
    const { api, user, dialog } = await openFromList('admin', null, [ticketIn({}, 4)], 4);
    api.failures.set('/tickets/4/action', { status: 500, body: { error: 'Database down' } });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Rejection' });
    await user.type(within(confirm).getByRole('textbox', { name: 'Rejection Reason' }), 'Spam');
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));
    await screen.findByText('Failed to update ticket: Database down');
    expect(screen.getByRole('dialog', { name: 'Confirm Rejection' })).toBeInTheDocument();
    expect(within(confirm).getByRole('textbox', { name: 'Rejection Reason' })).toHaveValue('Spam');
    expect(rowStatus(4)).toBe('Pending');
  });

  test('a 409: says someone else acted first and shows the ticket as it is now', async () => {
    const { api, user, dialog } = await openFromList('citypresident', 'Pune', [ticketIn({}, 6)], 6);
    // The admin approves in between: the version the dialog loaded is now stale.
    api.beforeAction = (ticket) => {
      const index = api.tickets.indexOf(ticket);
      api.tickets[index] = { ...ticket, status: 'in-review', adminStatus: 'approved', version: 2 };
      api.beforeAction = undefined;
    };
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await screen.findByText(
      'Failed to update ticket: someone else acted on this ticket first. It has been reloaded with their change.',
    );
    await waitFor(() =>
      expect(within(dialog).getByText('Status').nextElementSibling).toHaveTextContent('In Review'),
    );
    expect(actionButtons(dialog)).toEqual(['Reject', 'Resolve']);
    expect(rowStatus(6)).toBe('In Review');
  });
});
