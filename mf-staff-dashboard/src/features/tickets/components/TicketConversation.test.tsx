import { useState } from 'react';
import type { Ticket } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { LocationProbe } from '../../../testing/LocationProbe';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { TicketDetailsDialog } from './TicketDetailsDialog';
import { TicketListPanel } from './TicketListPanel';

/** A pending Pune ticket with a submitted entry, a public reply and an internal note. */
function puneTicket(): Ticket {
  const base = makeTickets(1)[0] as Ticket;
  return {
    ...base,
    id: 5,
    status: 'pending',
    city: 'Pune',
    cityData: { name: 'Pune' },
    comments: [
      {
        id: 1,
        actionBy: null,
        action: 'submitted',
        kind: 'ticket.submitted',
        values: {},
        createdAt: '2026-11-20T09:30:00.000Z',
        text: 'Ticket submitted',
        visibility: 'public',
      },
      {
        id: 2,
        actionBy: 'Ravi Kulkarni',
        actorRole: 'customer',
        action: 'reply',
        kind: 'member.replied',
        values: {},
        createdAt: '2026-11-20T10:00:00.000Z',
        text: 'Here is the possession letter',
        visibility: 'public',
        attachment: { id: 9, kind: 'attachment', fileName: 'letter.pdf', url: '/uploads/attachments/l9.pdf' },
      },
      {
        id: 3,
        actionBy: 'Pune President',
        actorRole: 'citypresident',
        action: 'note',
        kind: 'staff.noted',
        values: {},
        createdAt: '2026-11-20T11:00:00.000Z',
        text: 'The developer owes two other members too',
        visibility: 'internal',
      },
    ],
  };
}

function Harness({ ticket }: { ticket: Ticket }) {
  const [open, setOpen] = useState<Ticket | null>(ticket);
  return <TicketDetailsDialog ticket={open} onClose={() => setOpen(null)} />;
}

async function openDialog(api = new FakeTicketApi([puneTicket()])) {
  installFakeApi(api);
  await act(async () => {
    render(<Harness ticket={api.tickets[0] as Ticket} />);
  });
  const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
  await waitFor(() => expect(screen.queryByText(/Loading the latest version/)).not.toBeInTheDocument());
  return { dialog, api };
}

const historyItems = (dialog: HTMLElement) => {
  const heading = within(dialog).getByRole('heading', { name: 'Ticket History' });
  const list = heading.parentElement?.querySelector('ol') as HTMLElement;
  return within(list).getAllByRole('listitem');
};

beforeEach(() => {
  layOutElements();
  signInAs('citypresident', 'Pune');
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe('the conversation in the details dialog (docs/architecture.md#conversation-and-notifications)', () => {
  test("a canned answer goes into the reply box in the member's language, is edited, and is sent with its id (ADR 0065)", async () => {
    const api = new FakeTicketApi([puneTicket()]);
    api.cannedResponses = [
      {
        id: 41,
        cityId: null,
        city: null,
        title: { en: 'Documents needed', hi: 'ज़रूरी दस्तावेज़', mr: 'आवश्यक कागदपत्रे' },
        text: { en: 'Dear {memberName}', hi: 'प्रिय {memberName}', mr: 'प्रिय {memberName}' },
        shown: { title: 'आवश्यक कागदपत्रे', text: 'प्रिय Ravi Kulkarni, CREDAI-5 साठी खरेदीखत आणा.' },
        uses: 0,
        editable: false,
        updatedAt: '2026-11-20T09:30:00.000Z',
      },
    ];
    const { dialog } = await openDialog(api);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reply to member' }));
    const picker = await within(dialog).findByRole('combobox', { name: 'Insert a canned answer' });
    await waitFor(() => expect(picker).toBeEnabled());
    expect(
      within(dialog).getByText(
        "In the member's language (मराठी), filled in for this ticket; edit it before sending.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(picker);
    await userEvent.type(picker, 'आवश्यक');
    await userEvent.click(await screen.findByRole('option', { name: 'आवश्यक कागदपत्रे' }));
    const box = within(dialog).getByRole('textbox', { name: /^Reply to the member/ });
    expect(box).toHaveValue('प्रिय Ravi Kulkarni, CREDAI-5 साठी खरेदीखत आणा.');
    expect(picker).toHaveValue('');
    await userEvent.type(box, ' धन्यवाद.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(
        api.calls.find((call) => call.method === 'POST' && call.path === '/tickets/5/replies')?.body,
      ).toEqual({
        text: 'प्रिय Ravi Kulkarni, CREDAI-5 साठी खरेदीखत आणा. धन्यवाद.',
        visibility: 'public',
        cannedResponseId: 41,
      }),
    );
    expect(api.calls.find((call) => call.path === '/canned-responses')?.query).toEqual({ ticketId: '5' });
  });

  test('internal notes are shown apart, tinted and labelled; replies carry their file', async () => {
    const { dialog } = await openDialog();
    const items = historyItems(dialog);
    expect(items).toHaveLength(3);
    const note = within(dialog).getByRole('listitem', { name: 'Internal note, staff only' });
    expect(note).toHaveTextContent('The developer owes two other members too');
    expect(within(note).getByText('Internal note')).toBeInTheDocument();
    expect(note).toHaveAttribute('data-visibility', 'internal');
    const memberReply = items[1] as HTMLElement;
    expect(memberReply).toHaveAttribute('data-visibility', 'public');
    expect(within(memberReply).getByText('From the member')).toBeInTheDocument();
    expect(within(memberReply).getByRole('button', { name: 'Download letter.pdf' })).toBeInTheDocument();
    expect(within(memberReply).queryByText('Internal note')).not.toBeInTheDocument();
  });

  test('Reply to member sends the text and a PDF as a public reply; the history and the messages follow', async () => {
    const { dialog, api } = await openDialog();
    const user = userEvent.setup({ delay: null });
    expect(within(dialog).getByText('No message has been sent about this ticket yet.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Reply to member' }));
    await user.type(
      within(dialog).getByLabelText(/^Reply to the member/),
      'We have written to the developer.',
    );
    const pdf = new File(['%PDF-1.4 reply'], 'developer-letter.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/^Attachment \(optional\)/), pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));

    const toast = (await screen.findByText('Your reply has been sent to the member.')).closest(
      '.mantine-Notification-root',
    ) as HTMLElement;
    // The toast's close button is an icon: it has a name of its own.
    expect(within(toast).getByRole('button', { name: 'Close this message' })).toBeInTheDocument();
    const reply = api.calls.find((call) => call.method === 'POST' && call.path === '/tickets/5/replies');
    const sent = reply?.body as { text: string; visibility: string; attachment: File };
    expect(sent.text).toBe('We have written to the developer.');
    expect(sent.visibility).toBe('public');
    expect(sent.attachment.name).toBe('developer-letter.pdf');

    await waitFor(() => expect(historyItems(dialog)).toHaveLength(4));
    const added = historyItems(dialog)[3] as HTMLElement;
    expect(added).toHaveTextContent('We have written to the developer.');
    expect(added).toHaveAttribute('data-visibility', 'public');
    expect(within(added).getByRole('button', { name: 'Download developer-letter.pdf' })).toBeInTheDocument();

    const messages = await within(dialog).findByRole('table', { name: 'Messages sent' });
    // On a phone the table scrolls sideways inside a box a keyboard can focus and scroll.
    expect(within(dialog).getByRole('region', { name: 'Messages sent' })).toHaveAttribute('tabindex', '0');
    const row = within(messages).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Email', 'm***@example.com', 'New reply', 'Queued', 'Not sent yet']);
    // The form closed: the two buttons are back.
    expect(within(dialog).getByRole('button', { name: 'Add internal note' })).toBeInTheDocument();
  });

  test('Add internal note saves an internal entry, shown tinted, and emails nobody', async () => {
    const { dialog, api } = await openDialog();
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByRole('button', { name: 'Add internal note' }));
    expect(
      within(dialog).getByText('Only staff see internal notes. The member never does.'),
    ).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Internal note/ }),
      'Call the developer on Monday',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect(await screen.findByText('Internal note saved.')).toBeInTheDocument();
    const call = api.calls.find((entry) => entry.method === 'POST' && entry.path === '/tickets/5/replies');
    expect(call?.body).toEqual({ text: 'Call the developer on Monday', visibility: 'internal' });
    await waitFor(() => expect(historyItems(dialog)).toHaveLength(4));
    const notes = within(dialog).getAllByRole('listitem', { name: 'Internal note, staff only' });
    expect(notes.map((note) => note.textContent)).toEqual([
      expect.stringContaining('The developer owes two other members too'),
      expect.stringContaining('Call the developer on Monday'),
    ]);
    expect(api.messages.get(5)).toBeUndefined();
  });

  test('an empty reply or a file the upload rules refuse is not sent', async () => {
    const { dialog, api } = await openDialog();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await user.click(within(dialog).getByRole('button', { name: 'Reply to member' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Reply text is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Reply to the member/), 'See the file');
    await user.upload(
      within(dialog).getByLabelText(/^Attachment \(optional\)/),
      new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(
      await within(dialog).findByText('Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed'),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/tickets/5/replies')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByRole('button', { name: 'Reply to member' })).toBeInTheDocument();
  });

  test("the api's refusal is shown on the form and nothing is lost", async () => {
    const api = new FakeTicketApi([puneTicket()]);
    api.failures.set('/tickets/5/replies', {
      status: 429,
      body: { error: 'Too many replies, try again later' },
    });
    const { dialog } = await openDialog(api);
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByRole('button', { name: 'Reply to member' }));
    await user.type(within(dialog).getByLabelText(/^Reply to the member/), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(
      await within(dialog).findByText('It was not saved: Too many replies, try again later'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Reply to the member/)).toHaveValue('Hello');
  });
});

describe('/dashboard?ticket={id} opens that ticket (the link of a staff email)', () => {
  test('the dialog opens on the linked ticket; closing it drops the parameter', async () => {
    installFakeApi(new FakeTicketApi([puneTicket(), ...makeTickets(3)]));
    await act(async () => {
      render(
        <>
          <TicketListPanel cityOptions={['Pune']} />
          <LocationProbe />
        </>,
        { route: '/dashboard?ticket=5' },
      );
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-5' });
    expect(await within(dialog).findByText('The developer owes two other members too')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('a ticket the user may not see says so in the dialog', async () => {
    installFakeApi(new FakeTicketApi([puneTicket()]));
    await act(async () => {
      render(<TicketListPanel cityOptions={['Pune']} />, { route: '/dashboard?ticket=77' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket Details - #CREDAI-77' });
    expect(
      await within(dialog).findByText('This ticket could not be opened: Ticket not found'),
    ).toBeInTheDocument();
  });
});
