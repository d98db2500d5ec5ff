import { Route, Routes } from 'react-router-dom';
import type { FailedMessage } from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { setScreen, signInAs, signOut } from '../testing/helpers';
import MessagesPage from './MessagesPage';

const FAILED = 'GET /api/messages/failed';

function failed(overrides: Partial<FailedMessage> & { id: number }): FailedMessage {
  return {
    channel: 'email',
    to: 'r***@example.com',
    event: 'ticket.replied',
    status: 'failed',
    attempts: 12,
    sentAt: null,
    createdAt: '2026-11-20T09:30:00.000Z',
    ticketId: 42,
    lastError: '550 5.1.1 Mailbox unavailable',
    ...overrides,
  };
}

const REPLY = failed({ id: 7 });
const LINK = failed({
  id: 5,
  channel: 'sms',
  to: '98******10',
  event: 'member.link_requested',
  ticketId: null,
  attempts: 3,
  lastError: null,
});

async function renderPage() {
  await act(async () => {
    render(
      <Routes>
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>,
      { route: '/messages' },
    );
  });
}

/** Each row's cells as text, without the header row. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

beforeEach(() => signInAs('admin'));
afterEach(() => signOut());

test('lists the failed messages; Retry queues one again and the list is asked again', async () => {
  let listed = [REPLY, LINK];
  const retried: FailedMessage = { ...REPLY, status: 'queued', attempts: 0 };
  const { paths } = answerRoutes({
    [FAILED]: () => json({ messages: listed }),
    'POST /api/messages/7/retry': () => {
      listed = [LINK];
      return json({ message: retried });
    },
  });
  await renderPage();

  expect(screen.getByRole('heading', { level: 1, name: 'Failed messages' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Failed messages' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  ).toEqual(['Channel', 'To', 'What', 'Ticket', 'Attempts', 'Last error', 'Time', 'Actions']);
  const rows = rowsOf(table);
  expect(rows.map((cells) => cells.slice(0, 6))).toEqual([
    ['Email', 'r***@example.com', 'New reply', 'CREDAI-42', '12', '550 5.1.1 Mailbox unavailable'],
    ['SMS', '98******10', 'Link to the tickets', 'None', '3', 'Not recorded'],
  ]);
  expect(rows[0]?.[6]).toMatch(/2026/);
  expect(within(table).getByRole('link', { name: 'CREDAI-42' })).toHaveAttribute(
    'href',
    '/dashboard?ticket=42',
  );

  await userEvent.click(
    screen.getByRole('button', { name: 'Retry message 7 (New reply to r***@example.com)' }),
  );
  expect(await screen.findByRole('status')).toHaveTextContent(
    'Message 7 is queued again and will be sent in a moment.',
  );
  await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Failed messages' }))).toHaveLength(1));
  expect(screen.queryByText('550 5.1.1 Mailbox unavailable')).not.toBeInTheDocument();
  expect(paths()).toEqual([FAILED, 'POST /api/messages/7/retry', FAILED]);
});

test('a refused retry says why and leaves the list as it was', async () => {
  answerRoutes({
    [FAILED]: { messages: [REPLY] },
    'POST /api/messages/7/retry': json({ error: 'No failed or held message with this id' }, 404),
  });
  await renderPage();
  await userEvent.click(
    await screen.findByRole('button', { name: 'Retry message 7 (New reply to r***@example.com)' }),
  );
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Message 7 was not queued again: No failed or held message with this id',
  );
  expect(rowsOf(screen.getByRole('table', { name: 'Failed messages' }))).toHaveLength(1);
});

test('with nothing failed, the page says so', async () => {
  answerRoutes({ [FAILED]: { messages: [] } });
  await renderPage();
  expect(
    await screen.findByText('No failed messages: every message was sent or is still being tried.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a failed load shows the error banner, and Retry loads again', async () => {
  let calls = 0;
  answerRoutes({
    [FAILED]: () => {
      calls += 1;
      return calls === 1 ? json({ error: 'Internal server error' }, 500) : json({ messages: [LINK] });
    },
  });
  await renderPage();
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent('The failed messages could not be loaded');
  expect(banner).toHaveTextContent('Internal server error');
  await userEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
  await screen.findByRole('table', { name: 'Failed messages' });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('on a phone each message is a card with its facts and its Retry', async () => {
  const restore = setScreen(true);
  try {
    answerRoutes({ [FAILED]: { messages: [REPLY, LINK] } });
    await renderPage();
    const list = await screen.findByRole('list', { name: 'Failed messages' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(list).getByRole('listitem', { name: 'Message 7: New reply to r***@example.com' });
    expect(within(card).getByText('550 5.1.1 Mailbox unavailable')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'CREDAI-42' })).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Retry message 7 (New reply to r***@example.com)' }),
    ).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  } finally {
    restore();
  }
});

test('a role without the admin menu gets "not allowed" and the failed list is never asked for', async () => {
  signInAs('citypresident');
  // Only the session check is asked (its answer changes nothing here).
  const { paths } = answerRoutes({});
  await renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Only admins can see and retry failed messages. You are signed in as City President.',
  );
  await waitFor(() => expect(paths()).toEqual(['GET /api/auth/check']));
});
