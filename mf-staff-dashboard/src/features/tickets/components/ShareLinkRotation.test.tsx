import { useState } from 'react';
import type { Ticket } from 'shared-contracts';
import { HttpResponse, http, recordRequests, server } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { TicketDetailsDialog } from './TicketDetailsDialog';

const TICKET = { ...(makeTickets(1)[0] as Ticket), id: 5, city: 'Pune', cityData: { name: 'Pune' } };
const NEW_URL = `/ticket-detail/5#key=${'N'.repeat(43)}`;

function Harness() {
  const [open, setOpen] = useState<Ticket | null>(TICKET);
  return <TicketDetailsDialog ticket={open} onClose={() => setOpen(null)} />;
}

/** The dialog of ticket 5 with the rotation answered by `answer`. */
async function openDialog(answer: () => Response) {
  installFakeApi(new FakeTicketApi([TICKET]));
  server.use(http.post('*/api/tickets/5/share-key', answer));
  const requests = recordRequests();
  await act(async () => {
    render(<Harness />);
  });
  const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
  return { dialog, requests };
}

const rotations = (requests: Request[]) =>
  requests.filter((request) => request.method === 'POST' && request.url.endsWith('/api/tickets/5/share-key'));

beforeEach(() => {
  layOutElements();
  signInAs('citypresident', 'Pune');
});
afterEach(() => {
  clearToasts();
  signOut();
});

test('Rotate link asks first; Cancel sends nothing', async () => {
  const user = userEvent.setup();
  const { dialog, requests } = await openDialog(() =>
    HttpResponse.json({ shareUrl: NEW_URL, memberNotified: true }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Rotate link' }));
  expect(within(dialog).getByText(/The current link stops working at once/)).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(within(dialog).queryByRole('button', { name: 'Rotate link now' })).not.toBeInTheDocument();
  expect(rotations(requests)).toHaveLength(0);
});

test('after the confirmation, the new link is shown to copy and the member is told by email', async () => {
  const user = userEvent.setup();
  const { dialog, requests } = await openDialog(() =>
    HttpResponse.json({ shareUrl: NEW_URL, memberNotified: true }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Rotate link' }));
  await user.click(within(dialog).getByRole('button', { name: 'Rotate link now' }));

  const link = await within(dialog).findByRole('textbox', { name: 'New share link' });
  expect(link).toHaveValue(`${window.location.origin}${NEW_URL}`);
  expect(within(dialog).getByText('The share link was replaced')).toBeVisible();
  expect(within(dialog).getByText('The new link is on its way to the member by email.')).toBeVisible();
  expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeEnabled();
  expect(rotations(requests)).toHaveLength(1);
  expect(rotations(requests)[0]?.headers.get('authorization')).toMatch(/^Bearer /);
});

test("the api's refusal is shown and the button comes back", async () => {
  const user = userEvent.setup();
  const { dialog } = await openDialog(() =>
    HttpResponse.json({ error: 'Ticket not found', details: [] }, { status: 404 }),
  );
  await user.click(within(dialog).getByRole('button', { name: 'Rotate link' }));
  await user.click(within(dialog).getByRole('button', { name: 'Rotate link now' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'The link could not be replaced: Ticket not found',
  );
  await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Rotate link' })).toBeEnabled());
  expect(within(dialog).queryByRole('textbox', { name: 'New share link' })).not.toBeInTheDocument();
});

describe("the member's own link", () => {
  const memberId = () => TICKET.customer?.id ?? 0;

  test('is replaced after a confirmation; the new link is never shown, only that it was emailed', async () => {
    const user = userEvent.setup();
    installFakeApi(new FakeTicketApi([TICKET]));
    server.use(
      http.post(`*/api/members/${memberId()}/key`, () =>
        HttpResponse.json({ memberNotified: true }, { status: 202 }),
      ),
    );
    const requests = recordRequests();
    await act(async () => {
      render(<Harness />);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
    await user.click(within(dialog).getByRole('button', { name: "Replace the member's link" }));
    expect(within(dialog).getByText(/The link to all their tickets stops working at once/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Replace it now' }));

    expect(
      await within(dialog).findByText(
        "The member's link was replaced; the new one is on its way to them by email.",
      ),
    ).toBeVisible();
    const sent = requests.filter(
      (request) => request.method === 'POST' && request.url.includes('/api/members/'),
    );
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual([`/api/members/${memberId()}/key`]);
    expect(within(dialog).queryByRole('textbox', { name: 'New share link' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/#key=/)).not.toBeInTheDocument();
  });

  test("the api's refusal is shown", async () => {
    const user = userEvent.setup();
    installFakeApi(new FakeTicketApi([TICKET]));
    server.use(
      http.post(`*/api/members/${memberId()}/key`, () =>
        HttpResponse.json({ error: 'User not found', details: [] }, { status: 404 }),
      ),
    );
    await act(async () => {
      render(<Harness />);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
    await user.click(within(dialog).getByRole('button', { name: "Replace the member's link" }));
    await user.click(within(dialog).getByRole('button', { name: 'Replace it now' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "The member's link could not be replaced",
    );
  });
});
