import { useState } from 'react';
import type { Ticket, TicketLink } from 'shared-contracts';
import { http, json, server } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { ticketNumberOf } from '../rules/ticketNumber';
import { TicketDetailsDialog } from './TicketDetailsDialog';

const LINKS: TicketLink[] = [
  { ticketId: 7, role: 'primary', title: 'Lift broken in tower B', status: 'approved' },
  { ticketId: 8, role: 'related', title: 'Parking flooded', status: 'pending' },
  { ticketId: 9, role: 'duplicate', title: 'Lift stuck again', status: 'in-review' },
];

function ticket(state: Partial<Ticket> = {}): Ticket {
  return { ...(makeTickets(1)[0] as Ticket), id: 5, city: 'Pune', cityData: { name: 'Pune' }, ...state };
}

function Harness({ ticket: first }: { ticket: Ticket }) {
  const [open, setOpen] = useState<Ticket | null>(first);
  return <TicketDetailsDialog ticket={open} onClose={() => setOpen(null)} />;
}

/** Opens the dialog of `shown` (answered by the fake api) and waits for its latest version. */
async function openDialog(shown: Ticket) {
  installFakeApi(new FakeTicketApi([shown]));
  // The link calls' answers go before the fake api's (msw asks the latest handlers first).
  server.use(...linkHandlers.splice(0));
  await act(async () => {
    render(<Harness ticket={shown} />);
  });
  const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
  await waitFor(() => expect(screen.queryByText(/Loading the latest version/)).not.toBeInTheDocument());
  return dialog;
}

let linkHandlers: ReturnType<typeof http.post>[] = [];

/** The link calls the dialog will send, answered by `answer` (installed with the dialog). */
function answerLinks(
  answer: (request: Request, otherId: string | undefined) => Response | Promise<Response>,
) {
  const seen: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request, otherId?: string) => {
    const body = request.method === 'POST' ? await request.clone().json() : undefined;
    seen.push({ method: request.method, path: new URL(request.url).pathname, body });
    return answer(request, otherId);
  };
  linkHandlers = [
    http.post('*/api/tickets/:id/links', ({ request }) => record(request)),
    http.delete('*/api/tickets/:id/links/:otherId', ({ request, params }) =>
      record(request, String(params.otherId)),
    ),
  ];
  return seen;
}

const linkList = (dialog: HTMLElement) => within(dialog).getByRole('list', { name: 'Links' });
const items = (dialog: HTMLElement) =>
  within(linkList(dialog))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  layOutElements();
  signInAs('citypresident', 'Pune');
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe('a ticket number as staff type it', () => {
  test.each([
    ['CREDAI-42', 42],
    ['#CREDAI-42', 42],
    [' credai-42 ', 42],
    ['credai 42', 42],
    ['42', 42],
    ['#42', 42],
  ])('%j names ticket %d', (text, id) => {
    expect(ticketNumberOf(text)).toBe(id);
  });
  test.each(['', 'abc', 'CREDAI-', 'OTHER-42', '4.2', '-3', '0', 'CREDAI-42x'])('%j names none', (text) => {
    expect(ticketNumberOf(text)).toBeNull();
  });
});

describe("the ticket's project and links in the details dialog (ADR 0055, ADR 0056)", () => {
  test("the project's name and RERA number, and the links both ways with the other ticket's number", async () => {
    const dialog = await openDialog(
      ticket({ project: { id: 3, name: 'Skyline Heights', reraNumber: 'P52100012345' }, links: LINKS }),
    );
    const project = within(dialog).getByText('Project').closest('div') as HTMLElement;
    expect(project).toHaveTextContent('Skyline Heights (RERA P52100012345)');
    expect(within(project).getByRole('link', { name: 'Skyline Heights' })).toHaveAttribute(
      'href',
      '/projects/3',
    );
    expect(within(dialog).getByRole('heading', { name: 'Links' })).toBeInTheDocument();
    expect(items(dialog)).toEqual([
      expect.stringMatching(/^Duplicate of CREDAI-7Lift broken in tower BApproved/),
      expect.stringMatching(/^Related to CREDAI-8Parking flooded/),
      expect.stringMatching(/^CREDAI-9 is a duplicate of this ticketLift stuck again/),
    ]);
    for (const id of [7, 8, 9])
      expect(within(dialog).getByRole('button', { name: `Unlink CREDAI-${id}` })).toBeEnabled();
  });

  test('a ticket without a project or links shows neither a project nor a list, only the form', async () => {
    const dialog = await openDialog(ticket({ project: null }));
    expect(within(dialog).queryByText('Project')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Links' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('This ticket is not linked to any other.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Link' })).toBeDisabled();
  });

  test('linking by number as related: the api gets the number and kind, the answer is the new list', async () => {
    const seen = answerLinks(() =>
      json({ links: [{ ticketId: 12, role: 'related', title: 'Seepage in C wing', status: 'pending' }] }),
    );
    const dialog = await openDialog(ticket());
    const user = userEvent.setup();
    const form = within(dialog).getByRole('form', { name: 'Link this ticket to another' });
    await user.type(within(form).getByLabelText('Ticket number'), 'credai-12');
    await user.selectOptions(within(form).getByLabelText('Link as'), 'Related to that ticket');
    await user.click(within(form).getByRole('button', { name: 'Link' }));
    await waitFor(() =>
      expect(items(dialog)).toEqual([expect.stringMatching(/^Related to CREDAI-12Seepage/)]),
    );
    expect(seen).toEqual([
      { method: 'POST', path: '/api/tickets/5/links', body: { ticketId: 12, kind: 'related' } },
    ]);
    expect(await screen.findByText('This ticket is now linked to CREDAI-12.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Ticket number')).toHaveValue('');
  });

  test('linking as a duplicate is the default; unlinking sends the pair and shows what is left', async () => {
    const seen = answerLinks((request, otherId) =>
      request.method === 'DELETE'
        ? json({ links: LINKS.filter((entry) => String(entry.ticketId) !== otherId) })
        : json({ links: LINKS }),
    );
    const dialog = await openDialog(ticket({ links: LINKS.slice(1) }));
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Ticket number'), '7');
    expect(within(dialog).getByLabelText('Link as')).toHaveValue('duplicate');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(items(dialog)).toHaveLength(3));
    await user.click(within(dialog).getByRole('button', { name: 'Unlink CREDAI-8' }));
    await waitFor(() =>
      expect(items(dialog)).toEqual([
        expect.stringMatching(/^Duplicate of CREDAI-7/),
        expect.stringMatching(/^CREDAI-9 is a duplicate/),
      ]),
    );
    expect(seen.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /api/tickets/5/links',
      'DELETE /api/tickets/5/links/8',
    ]);
    expect(seen[0]?.body).toEqual({ ticketId: 7, kind: 'duplicate' });
    expect(await screen.findByText('The link with CREDAI-8 has been removed.')).toBeInTheDocument();
  });

  test('a number that names no ticket, or this ticket, is refused before any call', async () => {
    const seen = answerLinks(() => json({ links: [] }));
    const dialog = await openDialog(ticket());
    const user = userEvent.setup();
    const field = within(dialog).getByLabelText('Ticket number');
    await user.type(field, 'tower B');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(field).toHaveAccessibleDescription('Enter a ticket number, such as CREDAI-42.');
    expect(field).toBeInvalid();
    await user.clear(field);
    await user.type(field, 'CREDAI-5');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(field).toHaveAccessibleDescription('A ticket cannot be linked to itself');
    expect(seen).toEqual([]);
  });

  test("the api's refusals are shown: a duplicate of a duplicate (409), a ticket not found (404)", async () => {
    const answers = [
      json(
        {
          error: 'A duplicate points to a primary that is not itself a duplicate',
          details: [
            { path: 'ticketId', message: 'A duplicate points to a primary that is not itself a duplicate' },
          ],
        },
        409,
      ),
      json({ error: 'Ticket not found' }, 404),
    ];
    answerLinks(() => answers.shift() as Response);
    const dialog = await openDialog(ticket());
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Ticket number'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The tickets were not linked: A duplicate points to a primary that is not itself a duplicate',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Link' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        /^The tickets were not linked: Ticket not found/,
      ),
    );
    expect(within(dialog).getByLabelText('Ticket number')).toHaveValue('9');
  });

  test('an unlink refused is shown, and the link stays', async () => {
    answerLinks(() => json({ error: 'Link not found' }, 404));
    const dialog = await openDialog(ticket({ links: LINKS.slice(0, 1) }));
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Unlink CREDAI-7' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The link was not removed: Link not found',
    );
    expect(items(dialog)).toHaveLength(1);
  });
});

describe('one outcome for a group: Apply to duplicates (ADR 0056)', () => {
  const GROUP: TicketLink[] = [
    { ticketId: 9, role: 'duplicate', title: 'Lift stuck again', status: 'pending' },
    { ticketId: 10, role: 'duplicate', title: 'Lift stuck, tower B', status: 'pending' },
    { ticketId: 11, role: 'duplicate', title: 'Lift (already approved)', status: 'approved' },
    { ticketId: 12, role: 'related', title: 'Parking flooded', status: 'pending' },
  ];

  async function approveFrom(shown: Ticket, tick: boolean) {
    const api = new FakeTicketApi([shown]);
    installFakeApi(api);
    await act(async () => {
      render(<Harness ticket={shown} />);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    if (tick) await user.click(within(confirm).getByRole('checkbox'));
    await user.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    return { api, confirm };
  }

  test('a primary offers its duplicates at its stage (not one that moved on, nor a related ticket); ticked, the step asks for them all and says so', async () => {
    const shown = ticket({ status: 'pending', links: GROUP });
    const { api } = await approveFrom(shown, true);
    const post = api.calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/tickets/citypresident/5/citypresidentaction');
    expect(post?.body).toMatchObject({ action: 'approve', applyToDuplicates: true });
    expect(
      await screen.findByText(
        'Ticket has been approved successfully! The same step was taken on its duplicates at the same stage.',
      ),
    ).toBeInTheDocument();
  });

  test('the offer names how many, with its hint, and is unticked: left so, the step is the ticket’s alone', async () => {
    const shown = ticket({ status: 'pending', links: GROUP });
    installFakeApi(new FakeTicketApi([shown]));
    await act(async () => {
      render(<Harness ticket={shown} />);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    const box = within(confirm).getByRole('checkbox', {
      name: 'Also apply to its 2 duplicates at the same stage',
    });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'The same step and text on each, in one go; each member is told on their own ticket.',
    );
  });

  test('left unticked, or on a ticket without duplicates (no offer), the call carries no applyToDuplicates', async () => {
    const withGroup = await approveFrom(ticket({ status: 'pending', links: GROUP }), false);
    expect(withGroup.api.calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty(
      'applyToDuplicates',
    );
    expect(await screen.findByText('Ticket has been approved successfully!')).toBeInTheDocument();
  });

  test('a ticket with no duplicates at its stage offers nothing', async () => {
    const shown = ticket({ status: 'pending', links: [GROUP[2] as TicketLink, GROUP[3] as TicketLink] });
    installFakeApi(new FakeTicketApi([shown]));
    await act(async () => {
      render(<Harness ticket={shown} />);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Approval' });
    expect(within(confirm).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
