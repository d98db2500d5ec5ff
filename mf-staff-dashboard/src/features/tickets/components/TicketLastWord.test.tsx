import { useState } from 'react';
import { type Appeal, formatDate, type Ticket } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { TicketDetailsDialog } from './TicketDetailsDialog';
import { TicketListPanel } from './TicketListPanel';

const BASE = makeTickets(1)[0] as Ticket;

function puneTicket(state: Partial<Ticket>, id = 5): Ticket {
  return {
    ...BASE,
    id,
    title: `Ticket ${id}`,
    status: 'pending',
    adminStatus: null,
    cityPresidentStatus: null,
    convenorStatus: null,
    observerStatus: null,
    rejectionReason: null,
    resolutionMethod: null,
    city: 'Pune',
    cityData: { name: 'Pune' },
    committee: { name: 'Grievance Committee' },
    version: 1,
    ...state,
  };
}

const APPEAL: Appeal = {
  id: 4,
  ticketId: 5,
  ticketNumber: 'CREDAI-5',
  title: 'Ticket 5',
  city: 'Pune',
  committee: 'Grievance Committee',
  memberName: 'Meera Shah',
  reason: 'Nobody visited the site.',
  filedAt: '2026-11-20T09:00:00.000Z',
  dueAt: '2026-12-20T09:00:00.000Z',
  outcome: null,
  decisionReason: null,
  decidedAt: null,
};

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

const lastWord = (dialog: HTMLElement) =>
  within(dialog).getByRole('heading', { name: "Member's last word" }).parentElement as HTMLElement;

beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe("the member's last word in the dialog (docs/architecture.md#the-members-last-word)", () => {
  test('nothing of it on a ticket the member has not rated, reopened or appealed', async () => {
    signInAs('admin');
    const { dialog } = await openDialog(puneTicket({ status: 'resolved', resolutionMethod: 'Fixed' }));
    expect(within(dialog).queryByRole('heading', { name: "Member's last word" })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Closed')).not.toBeInTheDocument();
  });

  test('a closed case: Closed beside the status, the stars and comment, the decided appeal with its reasons', async () => {
    signInAs('admin');
    const { dialog } = await openDialog(
      puneTicket({
        status: 'rejected',
        rejectionReason: 'Outside the scope',
        closedAt: '2026-11-25T10:00:00.000Z',
        rating: { stars: 1, comment: 'Not even a call.', ratedAt: '2026-11-19T10:00:00.000Z' },
        appeal: {
          ...APPEAL,
          outcome: 'dismissed',
          decisionReason: 'The rejection was right.',
          decidedAt: '2026-11-25T10:00:00.000Z',
        },
      }),
    );
    const status = within(dialog).getByText('Status').nextElementSibling as HTMLElement;
    expect(within(status).getByText('Rejected')).toBeInTheDocument();
    expect(within(status).getByText('Closed')).toBeInTheDocument();
    const panel = lastWord(dialog);
    expect(
      within(panel).getByText(`Closed on ${formatDate('2026-11-25T10:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('img', { name: 'Rated 1 of 5' })).toBeInTheDocument();
    expect(within(panel).getByText('Not even a call.')).toBeInTheDocument();
    expect(within(panel).getByText('Dismissed')).toBeInTheDocument();
    expect(within(panel).getByText('Nobody visited the site.')).toBeInTheDocument();
    expect(within(panel).getByText('The rejection was right.')).toBeInTheDocument();
  });

  test('a reopened ticket: when and why', async () => {
    signInAs('citypresident', 'Pune');
    const { dialog } = await openDialog(
      puneTicket({
        status: 'in-review',
        reopenedAt: '2026-11-26T10:00:00.000Z',
        reopenReason: 'Leak is back.',
      }),
    );
    const panel = lastWord(dialog);
    expect(within(panel).getByText('Reopened by the member')).toBeInTheDocument();
    expect(within(panel).getByText(/: Leak is back\.$/)).toBeInTheDocument();
    expect(within(panel).getByText('Not rated')).toBeInTheDocument();
    expect(within(panel).getByText('Open')).toBeInTheDocument();
  });

  test("a ticket sent back: the city president reads the member's appeal and the president's reasons first", async () => {
    signInAs('citypresident', 'Pune');
    const { dialog } = await openDialog(
      puneTicket({
        status: 'in-review',
        appeal: {
          ...APPEAL,
          outcome: 'remanded',
          decisionReason: 'Visit the site with the builder.',
          decidedAt: '2026-11-26T10:00:00.000Z',
        },
      }),
    );
    const panel = lastWord(dialog);
    const notice = within(panel)
      .getByText('Sent back by the Credai President')
      .closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(within(notice).getByText('Nobody visited the site.')).toBeInTheDocument();
    expect(within(notice).getByText('Visit the site with the builder.')).toBeInTheDocument();
    expect(within(panel).getByText('Sent back to the chapter')).toBeInTheDocument();
  });
});

describe('Transfer instead of Reject', () => {
  test.each([
    ['citypresident', 'Pune', true],
    ['admin', null, true],
    ['convenor', 'Pune', false],
    ['observer', 'Pune', false],
  ] as const)('%s (%s): the Reject dialog offers the transfer: %p', async (role, city, offered) => {
    signInAs(role, city);
    const { dialog } = await openDialog(puneTicket({ status: 'approved', cityPresidentStatus: 'approved' }));
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Rejection' });
    expect(within(confirm).queryByRole('button', { name: 'Transfer instead' }) !== null).toBe(offered);
  });

  test("the Pune president moves a ticket to Mumbai: the city's committees, the reason; the ticket leaves Pune's list", async () => {
    signInAs('citypresident', 'Pune');
    const tickets = [puneTicket({}, 5), puneTicket({}, 6)];
    const api = installFakeApi(new FakeTicketApi(tickets));
    const user = userEvent.setup();
    await act(async () => {
      render(<TicketListPanel cityOptions={['Pune']} />);
    });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    await user.click(await within(table).findByRole('button', { name: 'View ticket CREDAI-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Rejection' });
    expect(within(confirm).getByText('Filed under the wrong city or committee?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Transfer instead' }));

    const transfer = await screen.findByRole('dialog', { name: 'Transfer the ticket' });
    const city = within(transfer).getByRole('combobox', { name: /City/ });
    await waitFor(() => expect(city).toHaveDisplayValue('Pune'));
    // Nothing chosen and no reason: each field says what it needs.
    await user.click(within(transfer).getByRole('button', { name: 'Transfer' }));
    expect(await within(transfer).findByText('Choose the committee')).toBeInTheDocument();
    expect(within(transfer).getByText('A reason is required')).toBeInTheDocument();

    await user.selectOptions(city, 'Mumbai');
    const committee = within(transfer).getByRole('combobox', { name: /Committee/ });
    await waitFor(() => expect(within(committee).getByRole('option', { name: 'Legal' })).toBeInTheDocument());
    await user.selectOptions(committee, 'Legal');
    await user.type(
      within(transfer).getByRole('textbox', { name: /Reason for the transfer/ }),
      'The project is in Thane.',
    );
    await user.click(within(transfer).getByRole('button', { name: 'Transfer' }));

    expect(await screen.findByText('The ticket has been transferred to Mumbai.')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/tickets/5/transfer',
      body: { cityId: 2, committeeId: 21, reason: 'The project is in Thane.', version: 1 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(table).queryByRole('button', { name: 'View ticket CREDAI-5' })).not.toBeInTheDocument(),
    );
    expect(within(table).getByRole('button', { name: 'View ticket CREDAI-6' })).toBeInTheDocument();
  });

  test('TRANSFER_SAME_PLACE stays in the form by its text, the choices and the reason kept', async () => {
    signInAs('admin');
    const { dialog, api } = await openDialog(puneTicket({ committee: { name: 'Legal' } }));
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await user.click(await screen.findByRole('button', { name: 'Transfer instead' }));
    const transfer = await screen.findByRole('dialog', { name: 'Transfer the ticket' });
    const committee = within(transfer).getByRole('combobox', { name: /Committee/ });
    await waitFor(() => expect(within(committee).getByRole('option', { name: 'Legal' })).toBeInTheDocument());
    await user.selectOptions(committee, 'Legal');
    await user.type(
      within(transfer).getByRole('textbox', { name: /Reason for the transfer/ }),
      'Wrong place.',
    );
    await user.click(within(transfer).getByRole('button', { name: 'Transfer' }));
    const alert = await within(transfer).findByRole('alert');
    expect(alert).toHaveTextContent('The ticket was not transferred');
    expect(alert).toHaveTextContent('Choose another city or committee to transfer to');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      expect.objectContaining({ body: { cityId: 1, committeeId: 11, reason: 'Wrong place.', version: 1 } }),
    ]);
    expect(within(transfer).getByRole('combobox', { name: /City/ })).toHaveDisplayValue('Pune');
    expect(committee).toHaveDisplayValue('Legal');
    expect(within(transfer).getByRole('textbox', { name: /Reason for the transfer/ })).toHaveValue(
      'Wrong place.',
    );
  });
});
