import { notifications } from '@mantine/notifications';
import { Route, Routes, useParams } from 'react-router-dom';
import type { TicketInput } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import '../../../i18n';
import { json, mockApi } from '../../../testing/api';
import { TicketDetail } from './TicketDetail';

type TicketCommentInput = NonNullable<TicketInput['comments']>[number];

const KEY = 'k'.repeat(43);
const NOTE = 'Committee only: the developer owes two other members';

const ENTRIES: TicketCommentInput[] = [
  {
    id: 1,
    actionBy: null,
    action: 'submitted',
    kind: 'ticket.submitted',
    values: {},
    createdAt: '2026-01-15T10:30:00.000Z',
    text: 'Ticket submitted',
    visibility: 'public',
  },
  {
    id: 2,
    actionBy: 'Asha Pune',
    actorRole: 'citypresident',
    action: 'reply',
    kind: 'staff.replied',
    values: {},
    createdAt: '2026-01-16T10:30:00.000Z',
    text: 'Please send the possession letter.',
    visibility: 'public',
    attachment: {
      id: 4,
      kind: 'attachment',
      fileName: 'checklist.pdf',
      url: '/uploads/attachments/c4',
      size: 900,
    },
  },
  // Never sent to a key holder by the api; the page would not show it either.
  {
    id: 3,
    actionBy: 'Asha Pune',
    actorRole: 'citypresident',
    action: 'note',
    kind: 'staff.noted',
    values: {},
    createdAt: '2026-01-16T11:00:00.000Z',
    text: NOTE,
    visibility: 'internal',
  },
];

function ticketWith(comments: TicketCommentInput[]): TicketInput {
  return {
    id: 9,
    title: 'Legal: lift in block B',
    description: 'The lift in block B is broken.',
    status: 'pending',
    createdAt: '2026-01-15T10:30:00.000Z',
    customer: { id: 3, fullName: 'Ravi Kumar', email: 'r***@example.com', mobile: '98******10' },
    comments,
  };
}

function TicketDetailRoute() {
  const { id } = useParams();
  return <TicketDetail idSegment={id} />;
}

function renderDetail() {
  return render(
    <Routes>
      <Route path="/ticket-detail/:id" element={<TicketDetailRoute />} />
    </Routes>,
    { route: `/ticket-detail/9#key=${KEY}` },
  );
}

const timeline = () => screen.getByRole('list', { name: 'Messages about this ticket' });
/** The timeline's entries (an entry's file list has items of its own). */
const entries = () =>
  within(timeline())
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === timeline());

afterEach(() => {
  act(() => notifications.clean());
  jest.restoreAllMocks();
});

describe("the member's conversation on /ticket-detail/{id} (docs/architecture.md#conversation-and-notifications)", () => {
  test('the public timeline, oldest first, with its files; never an internal note', async () => {
    mockApi({ 'GET /api/tickets/9': { ticket: ticketWith(ENTRIES) } });
    renderDetail();
    expect(await screen.findByRole('heading', { level: 2, name: 'Messages' })).toBeInTheDocument();
    const items = entries();
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Ticket submitted'),
      expect.stringContaining('Please send the possession letter.'),
    ]);
    expect(items[0]).toHaveTextContent(/^Help desk/);
    expect(items[1]).toHaveTextContent(/^Asha Pune/);
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Download checklist.pdf' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(NOTE)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(NOTE);
  });

  test('a reply with a PDF goes with the key as multipart; the timeline then shows it', async () => {
    const sent: { text: string; file: File | null; key: string | null }[] = [];
    let served = ENTRIES.slice(0, 2);
    mockApi({
      'GET /api/tickets/9': () => json({ ticket: ticketWith(served) }),
      'POST /api/tickets/9/replies': async (request: Request) => {
        const form = await request.formData();
        const file = form.get('attachment') as File | null;
        sent.push({ text: String(form.get('text')), file, key: request.headers.get('X-Access-Key') });
        const entry: TicketCommentInput = {
          id: 5,
          actionBy: 'Ravi Kumar',
          actorRole: 'customer',
          action: 'reply',
          kind: 'member.replied',
          values: {},
          createdAt: '2026-01-17T10:30:00.000Z',
          text: String(form.get('text')),
          visibility: 'public',
          attachment: {
            id: 6,
            kind: 'attachment',
            fileName: file?.name ?? '',
            url: '/uploads/attachments/r6',
          },
        };
        served = [...served, entry];
        return json({ entry }, 201);
      },
    });
    renderDetail();
    const user = userEvent.setup({ delay: null });
    const box = await screen.findByRole('textbox', { name: /^Your reply/ });
    await user.type(box, 'Attached the possession letter.');
    await user.upload(
      screen.getByLabelText(/^Attachment \(optional\)/),
      new File(['%PDF-1.4 letter'], 'possession-letter.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByText('Your reply has been sent.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toBe('Attached the possession letter.');
    expect(sent[0]?.file?.name).toBe('possession-letter.pdf');
    expect(sent[0]?.key).toBe(KEY);
    await waitFor(() => expect(entries()).toHaveLength(3));
    const mine = entries()[2] as HTMLElement;
    expect(mine).toHaveTextContent('Attached the possession letter.');
    expect(within(mine).getByRole('button', { name: 'Download possession-letter.pdf' })).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  test('an empty reply or a refused file is not sent; the api refusal is shown', async () => {
    const api = mockApi({
      'GET /api/tickets/9': { ticket: ticketWith(ENTRIES) },
      'POST /api/tickets/9/replies': json(
        { error: 'Too many replies. Please try again later.', details: [] },
        429,
      ),
    });
    renderDetail();
    const user = userEvent.setup({ delay: null, applyAccept: false });
    await screen.findByRole('textbox', { name: /^Your reply/ });
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply text is required')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Your reply/ }), 'Hello');
    await user.upload(
      screen.getByLabelText(/^Attachment \(optional\)/),
      new File(['x'.repeat(10)], 'script.js', { type: 'text/javascript' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(
      await screen.findByText('Only PDF, DOC, DOCX, JPG, JPEG and PNG files are allowed'),
    ).toBeInTheDocument();
    expect(api.paths().filter((path) => path.startsWith('POST'))).toEqual([]);

    await user.upload(screen.getByLabelText(/^Attachment \(optional\)/), []);
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your reply was not sent');
    expect(alert).toHaveTextContent('Too many replies. Please try again later.');
    expect(screen.getByRole('textbox', { name: /^Your reply/ })).toHaveValue('Hello');
  });
});
