import { useState } from 'react';
import type { Ticket, TicketStage } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import DashboardPage from '../../../pages/DashboardPage';
import {
  clearToasts,
  installFakeApi,
  layOutElements,
  setScreen,
  signInAs,
  signOut,
} from '../../../testing/helpers';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { TicketDetailsDialog } from './TicketDetailsDialog';
import { TicketListPanel } from './TicketListPanel';

jest.mock('../../dashboard/components/CityBarChart', () => ({
  __esModule: true,
  default: () => <div data-testid="bar-chart" />,
}));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A calendar day `YYYY-MM-DD` some days from now. */
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

/** Twelve tickets: #12 overdue by weeks, #11 due in weeks, #10 past its reminder point; the rest without a due time. */
function dueTickets(): Ticket[] {
  return makeTickets(12).map((ticket) => {
    if (ticket.id === 12) return { ...ticket, dueAt: iso(-30 * DAY), dueSoonAt: iso(-40 * DAY) };
    if (ticket.id === 11) return { ...ticket, dueAt: iso(40 * DAY), dueSoonAt: iso(30 * DAY) };
    if (ticket.id === 10) return { ...ticket, dueAt: iso(20 * DAY), dueSoonAt: iso(-HOUR) };
    return ticket;
  });
}

const FOOTER = /^Showing \d+ to \d+ of \d+ entries$/;
const table = () => screen.getByRole('table', { name: 'Tickets' });
const rowOf = (id: number) =>
  within(table())
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === `CREDAI-${id}`) as HTMLElement;
const ids = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

async function renderPanel() {
  await act(async () => {
    render(<TicketListPanel cityOptions={['Mumbai', 'Nagpur', 'Pune']} />);
  });
  await screen.findByText(FOOTER);
}

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

describe('due badges, the due filters and the due order (docs/architecture.md#time-and-service-levels)', () => {
  test('each row shows its open step’s due time in working time; a ticket without one shows none', async () => {
    signInAs('admin');
    installFakeApi(new FakeTicketApi(dueTickets()));
    await renderPanel();
    const overdue = within(rowOf(12)).getByText(/^Overdue by \d+ days$/);
    expect(overdue.closest('[data-due]')).toHaveAttribute('data-due', 'overdue');
    expect(
      within(rowOf(11))
        .getByText(/^Due in \d+ days$/)
        .closest('[data-due]'),
    ).toHaveAttribute('data-due', 'onTime');
    expect(
      within(rowOf(10))
        .getByText(/^Due in \d+ days$/)
        .closest('[data-due]'),
    ).toHaveAttribute('data-due', 'soon');
    expect(within(rowOf(9)).queryByText(/^(Due|Overdue)/)).not.toBeInTheDocument();
  });

  test('Overdue and Due soon ask the server for those tickets only; pressed again, the filter is off', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(dueTickets()));
    await renderPanel();
    const user = userEvent.setup();
    const filters = screen.getByRole('group', { name: 'Filter by due time' });

    await user.click(within(filters).getByRole('button', { name: 'Overdue' }));
    await waitFor(() => expect(ids()).toEqual(['CREDAI-12']));
    expect(api.listCalls().at(-1)?.query).toMatchObject({ due: 'overdue', page: '1' });
    expect(within(filters).getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filters).getByRole('button', { name: 'Due soon' }));
    await waitFor(() => expect(ids()).toEqual(['CREDAI-10']));
    expect(api.listCalls().at(-1)?.query).toMatchObject({ due: 'soon' });
    expect(within(filters).getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(within(filters).getByRole('button', { name: 'Due soon' }));
    await waitFor(() => expect(ids()).toHaveLength(10));
    expect(within(filters).getByRole('button', { name: 'Due soon' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('sorting by due time asks the server for the earliest due first', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(dueTickets()));
    await renderPanel();
    expect(ids()[0]).toBe('CREDAI-12');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Due time, earliest first');
    await waitFor(() => expect(ids().slice(0, 3)).toEqual(['CREDAI-12', 'CREDAI-10', 'CREDAI-11']));
    expect(api.listCalls().at(-1)?.query).toMatchObject({ sort: 'due' });
  });

  test('on a phone each card carries the badge', async () => {
    restoreScreen = setScreen(true);
    signInAs('admin');
    installFakeApi(new FakeTicketApi(dueTickets()));
    await renderPanel();
    const card = screen.getByRole('listitem', { name: 'CREDAI-12' });
    expect(within(card).getByText(/^Overdue by \d+ days$/)).toBeInTheDocument();
  });

  test('the dashboard’s Overdue card counts the overdue tickets and its link filters the list to them', async () => {
    signInAs('admin');
    const api = installFakeApi(new FakeTicketApi(dueTickets()));
    await act(async () => {
      render(<DashboardPage />, { route: '/dashboard' });
    });
    const card = await screen.findByRole('region', { name: 'Overdue' });
    await waitFor(() => expect(within(card).getByTestId('overdue-count')).toHaveTextContent('1'));
    const user = userEvent.setup();
    await user.click(within(card).getByRole('link', { name: 'Show overdue tickets' }));
    await waitFor(() => expect(ids()).toEqual(['CREDAI-12']));
    expect(
      within(screen.getByRole('group', { name: 'Filter by due time' })).getByRole('button', {
        name: 'Overdue',
      }),
    ).toHaveAttribute('aria-pressed', 'true');
    // The filtered list's first page is the card's own answer: asked for once.
    expect(api.listCalls().filter((call) => call.query.due === 'overdue')).toHaveLength(1);
  });
});

/** The dialog as the list opens it: open on `ticket` until it asks to close. */
function DialogHarness({ ticket }: { ticket: Ticket }) {
  const [open, setOpen] = useState<Ticket | null>(ticket);
  return <TicketDetailsDialog ticket={open} onClose={() => setOpen(null)} />;
}

describe('the interim reply (CPGRAMS’s rule)', () => {
  // Ticket 6 is a pending ticket of Pune: its open step is the city president's review, overdue.
  const ticket = { ...(makeTickets(12).find((row) => row.id === 6) as Ticket), dueAt: iso(-2 * DAY) };
  const review: TicketStage = {
    id: 1,
    stage: 'review',
    holderRole: 'citypresident',
    holderName: 'Pune President',
    actingFor: null,
    enteredAt: iso(-6 * DAY),
    dueAt: ticket.dueAt,
    leftAt: null,
    leftBy: null,
    outcome: null,
    alerts: [],
    extensions: [],
  };

  async function openDialog() {
    const api = new FakeTicketApi([ticket]);
    api.stages.set(ticket.id, [review]);
    installFakeApi(api);
    await act(async () => {
      render(<DialogHarness ticket={ticket} />);
    });
    const dialog = await screen.findByRole('dialog', { name: `Ticket Details - #CREDAI-${ticket.id}` });
    await within(dialog).findByText('City president’s review · Pune President (City President)');
    // Mantine's modal is hidden from the accessibility tree until its opening transition ends.
    await within(dialog).findByRole('button', { name: 'Reply to member' });
    return { dialog, api };
  }

  test('the holder posts a reason and a new date; a third one is refused with the reason shown', async () => {
    signInAs('citypresident', 'Pune');
    const { dialog, api } = await openDialog();
    expect(within(dialog).getByText(/^Overdue by \d+ days?$/)).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(await within(dialog).findByRole('button', { name: 'Interim reply' }));
    const form = within(dialog).getByRole('form', { name: 'Interim reply' });
    await user.click(within(form).getByRole('button', { name: 'Post interim reply' }));
    expect(within(form).getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      expect.stringContaining('A reason is required'),
    );
    expect(within(form).getByLabelText(/New expected date/)).toHaveAccessibleDescription(
      'Choose the new expected date',
    );
    expect(api.calls.filter((call) => call.path.endsWith('/interim-reply'))).toHaveLength(0);

    for (const [reason, days] of [
      ['Records awaited', 9],
      ['Visit moved', 14],
    ] as const) {
      // The first time, the form is still open from the refused attempt above.
      if (!within(dialog).queryByRole('form', { name: 'Interim reply' })) {
        await user.click(await within(dialog).findByRole('button', { name: 'Interim reply' }));
      }
      const open = within(dialog).getByRole('form', { name: 'Interim reply' });
      await user.type(within(open).getByRole('textbox', { name: 'Reason' }), reason);
      await user.type(within(open).getByLabelText(/New expected date/), dayFromNow(days));
      await user.click(within(open).getByRole('button', { name: 'Post interim reply' }));
      expect(
        await screen.findByText('Interim reply posted. The member is told the new expected date.'),
      ).toBeInTheDocument();
      await waitFor(() =>
        expect(within(dialog).queryByRole('form', { name: 'Interim reply' })).not.toBeInTheDocument(),
      );
      clearToasts();
    }
    const given = await within(dialog).findByRole('list', { name: 'Interim replies given' });
    await waitFor(() => expect(within(given).getAllByRole('listitem')).toHaveLength(2));
    expect(given).toHaveTextContent('Visit moved');
    // The new date moved the due time: the step is no longer overdue.
    expect(within(dialog).getByText(/^Due in \d+ days$/)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.endsWith('/interim-reply'))[0]?.body).toEqual({
      reason: 'Records awaited',
      expectedBy: dayFromNow(9),
    });

    await user.click(await within(dialog).findByRole('button', { name: 'Interim reply' }));
    const third = within(dialog).getByRole('form', { name: 'Interim reply' });
    await user.type(within(third).getByRole('textbox', { name: 'Reason' }), 'Still waiting');
    await user.type(within(third).getByLabelText(/New expected date/), dayFromNow(20));
    await user.click(within(third).getByRole('button', { name: 'Post interim reply' }));
    const refusal = await within(third).findByRole('alert');
    expect(refusal).toHaveTextContent('The interim reply was refused');
    expect(refusal).toHaveTextContent('At most 2 interim replies per stage');
    // What was typed stays, so the holder can change it or cancel.
    expect(within(third).getByRole('textbox', { name: 'Reason' })).toHaveValue('Still waiting');
  });

  test('someone who does not hold the step sees it but is not offered the interim reply', async () => {
    signInAs('convenor', 'Pune');
    const { dialog } = await openDialog();
    expect(within(dialog).queryByRole('button', { name: 'Interim reply' })).not.toBeInTheDocument();
  });
});
