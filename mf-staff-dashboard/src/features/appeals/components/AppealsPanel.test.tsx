import {
  type Appeal,
  formatDate,
  lastWordKeys,
  queryClient,
  type Ticket,
  ticketKeys,
} from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { AppealsPanel } from './AppealsPanel';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

function appealOn(ticket: Ticket, id: number, change: Partial<Appeal> = {}): Appeal {
  return {
    id,
    ticketId: ticket.id,
    // The api's own spelling; the screens show the CREDAI- id of every list.
    ticketNumber: `#${ticket.id}`,
    title: ticket.title,
    city: ticket.city ?? null,
    committee: ticket.committee?.name ?? null,
    memberName: ticket.customer?.fullName ?? null,
    reason: `The chapter ignored the site report (${id}).`,
    filedAt: inDays(-2),
    dueAt: inDays(28),
    outcome: null,
    decisionReason: null,
    decidedAt: null,
    ...change,
  };
}

function fakeWithAppeals() {
  const tickets = makeTickets(4);
  const api = new FakeTicketApi(tickets);
  const [first, second, third] = tickets as [Ticket, Ticket, Ticket];
  api.appeals = [
    appealOn(first, 1, { dueAt: inDays(20) }),
    // Past its due time: listed first, with the overdue badge.
    appealOn(second, 2, { dueAt: inDays(-1) }),
    appealOn(third, 3, {
      outcome: 'dismissed',
      decisionReason: 'The builder settled the claim.',
      decidedAt: inDays(-1),
    }),
  ];
  return api;
}

async function renderPanel(api = fakeWithAppeals()) {
  signInAs('credaipresident');
  installFakeApi(api);
  await act(async () => {
    render(<AppealsPanel />, { route: '/dashboard' });
  });
  const panel = screen.getByRole('region', { name: 'Appeals' });
  await within(panel).findByRole('list', { name: 'Open appeals' });
  return { api, panel };
}

const cards = (panel: HTMLElement) => within(panel).getAllByRole('listitem');

beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe("the association president's Appeals (docs/architecture.md#the-members-last-word)", () => {
  test('open appeals first by due time: ticket, city, committee, member, the reason and the due badge', async () => {
    const { api, panel } = await renderPanel();
    expect(api.calls.find((call) => call.path === '/appeals')?.query).toMatchObject({
      state: 'open',
      page: '1',
    });
    expect(within(panel).getByText('2 open appeals, the earliest due first')).toBeInTheDocument();
    const [overdue, later] = cards(panel) as [HTMLElement, HTMLElement];
    const second = api.appeals[1] as Appeal;
    expect(overdue).toHaveAccessibleName(`Appeal on CREDAI-${second.ticketId}`);
    expect(within(overdue).getByText(second.title)).toBeInTheDocument();
    expect(within(overdue).getByText(second.reason)).toBeInTheDocument();
    expect(within(overdue).getByText(second.city as string)).toBeInTheDocument();
    expect(within(overdue).getByText(second.committee as string)).toBeInTheDocument();
    expect(within(overdue).getByText(second.memberName as string)).toBeInTheDocument();
    expect(within(overdue).getByText(formatDate(second.dueAt))).toBeInTheDocument();
    expect(
      within(overdue)
        .getByText(/^Overdue/)
        .closest('[data-due]'),
    ).toHaveAttribute('data-due', 'overdue');
    expect(within(overdue).getByText('Open')).toBeInTheDocument();
    expect(within(later).getByText(/^Due in \d+ days$/)).toBeInTheDocument();
    expect(
      within(overdue).getByRole('link', { name: `Open the ticket CREDAI-${second.ticketId}` }),
    ).toHaveAttribute('href', `/dashboard?ticket=${second.ticketId}`);
  });

  test('Decided: the outcome and its reasons, no Decide', async () => {
    const { panel } = await renderPanel();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Decided' }));
    const list = await within(panel).findByRole('list', { name: 'Decided appeals' });
    const [card] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(within(card).getByText('Dismissed')).toBeInTheDocument();
    expect(within(card).getByText('The builder settled the claim.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Decide' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Decided', pressed: true })).toBeInTheDocument();
  });

  test('no open appeal: says so', async () => {
    const api = new FakeTicketApi(makeTickets(1));
    signInAs('credaipresident');
    installFakeApi(api);
    render(<AppealsPanel />);
    expect(await screen.findByText('No open appeals.')).toBeInTheDocument();
  });

  test('a failed load: the message and Retry', async () => {
    const api = fakeWithAppeals();
    api.failures.set('/appeals', { status: 500, body: { error: 'Internal Server Error' } });
    signInAs('credaipresident');
    installFakeApi(api);
    render(<AppealsPanel />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The appeals could not be loaded: Internal Server Error');
    api.failures.clear();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Open appeals' })).toBeInTheDocument();
  });
});

describe('the decision dialog', () => {
  test('a choice and reasons are required; Send back to the chapter posts remand; the lists and the tickets are asked for again', async () => {
    const { api, panel } = await renderPanel();
    const user = userEvent.setup();
    const second = api.appeals[1] as Appeal;
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    await user.click(within(cards(panel)[0] as HTMLElement).getByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Decide the appeal on CREDAI-${second.ticketId}`,
    });
    expect(within(dialog).getByText(second.reason)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    expect(await within(dialog).findByText('Choose a decision')).toBeInTheDocument();
    expect(within(dialog).getByText('A reason is required')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /Send back to the chapter/ }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reasons/ }),
      'The chapter must visit the site.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));

    expect(
      await screen.findByText(`CREDAI-${second.ticketId} is sent back to the chapter.`),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post).toMatchObject({
      path: `/appeals/${second.id}/decision`,
      body: { outcome: 'remand', reason: 'The chapter must visit the site.' },
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: lastWordKeys.appeals });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ticketKeys.all });
    // The decided appeal left the open list.
    await waitFor(() => expect(cards(panel)).toHaveLength(1));
    expect(within(panel).getByText('1 open appeal, the earliest due first')).toBeInTheDocument();
    expect(api.tickets.find((ticket) => ticket.id === second.ticketId)).toMatchObject({
      status: 'in-review',
      currentAssignee: 'CityPresident',
    });
  });

  test('APPEAL_ALREADY_DECIDED stays in the dialog by its text, with the choice and the reasons kept', async () => {
    const { api, panel } = await renderPanel();
    const user = userEvent.setup();
    const first = api.appeals[0] as Appeal;
    await user.click(within(cards(panel)[1] as HTMLElement).getByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog', {
      name: `Decide the appeal on CREDAI-${first.ticketId}`,
    });
    // Someone decided it meanwhile (another tab).
    api.appeals = api.appeals.map((row) =>
      row.id === first.id ? { ...row, outcome: 'upheld', decisionReason: 'Done', decidedAt: inDays(0) } : row,
    );
    await user.click(within(dialog).getByRole('radio', { name: /Dismiss/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reasons/ }), 'Outside our scope.');
    await user.click(within(dialog).getByRole('button', { name: 'Record decision' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The decision was not recorded');
    expect(alert).toHaveTextContent('This appeal has already been decided');
    expect(within(dialog).getByRole('radio', { name: /Dismiss/ })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /Reasons/ })).toHaveValue('Outside our scope.');
  });
});
