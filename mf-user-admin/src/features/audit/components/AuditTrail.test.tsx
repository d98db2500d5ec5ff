import type { AuditEntry } from 'shared-contracts';
import { HttpResponse, http, server } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../../../testing/helpers';
import { AuditTrail } from './AuditTrail';

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: new Date(Date.UTC(2026, 10, 20, 9, 0, id)).toISOString(),
    actorUserId: 3,
    actorName: 'Pune President',
    actorRole: 'citypresident',
    actorKey: null,
    clientAddress: '203.0.113.7',
    action: 'ticket.read',
    targetType: 'ticket',
    targetId: 41,
    detail: null,
    ...overrides,
  };
}

/** An audit trail behind msw: filters and pages like the api, and remembers what was asked. */
function serveTrail(all: AuditEntry[]) {
  const asked: URLSearchParams[] = [];
  const exports: URLSearchParams[] = [];
  server.use(
    http.get('*/api/audit', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const matching = all
        .filter((row) => !query.get('action') || row.action === query.get('action'))
        .filter(
          (row) =>
            !query.get('ticket') ||
            (row.targetType === 'ticket' && row.targetId === Number(query.get('ticket'))),
        )
        .filter((row) => !query.get('actor') || row.actorUserId === Number(query.get('actor')));
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('pageSize') ?? 25);
      return HttpResponse.json({
        entries: matching.slice((page - 1) * size, page * size),
        total: matching.length,
      });
    }),
    http.get('*/api/audit/export.csv', ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      return new HttpResponse('\uFEFFid,at\r\n1,2026-11-20\r\n', {
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      });
    }),
  );
  return { asked, exports };
}

async function renderTrail() {
  await act(async () => {
    render(<AuditTrail />);
  });
  return screen.getByRole('region', { name: 'Audit trail' });
}

const rows = async () => {
  const table = await screen.findByRole('table', { name: 'Audit trail entries' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
};

beforeEach(() => signInAs('admin'));
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

test('lists who did what, from where, to which ticket or user, newest first', async () => {
  serveTrail([
    entry(3, {
      action: 'share_key.rotate',
      detail: '{"previousKey":"share:41:abcdEFGH"}',
    }),
    entry(2, {
      actorUserId: null,
      actorName: null,
      actorRole: null,
      actorKey: 'share:41:abcdEFGH',
      clientAddress: '198.51.100.23',
      action: 'file.download',
      detail: '{"kind":"attachment","file":"plan.pdf"}',
    }),
    entry(1, {
      actorUserId: 1,
      actorName: 'Admin',
      actorRole: 'admin',
      action: 'user.update',
      targetType: 'user',
      targetId: 9,
      detail: '{"changed":["mobile","password"]}',
    }),
  ]);
  await renderTrail();
  const shown = await rows();
  // On a phone the table scrolls sideways inside a box a keyboard can focus and scroll.
  expect(screen.getByRole('region', { name: 'Audit trail entries' })).toHaveAttribute('tabindex', '0');
  expect(shown).toHaveLength(3);
  expect(shown[0]?.slice(1)).toEqual([
    'Pune PresidentUser 3 · City President',
    '203.0.113.7',
    "Replaced a ticket's share link",
    'Ticket #CREDAI-41',
    'previousKey: share:41:abcdEFGH',
  ]);
  expect(shown[1]?.slice(1)).toEqual([
    'Private link share:41:abcdEFGH',
    '198.51.100.23',
    'Downloaded a file',
    'Ticket #CREDAI-41',
    'kind: attachment; file: plan.pdf',
  ]);
  expect(shown[2]?.slice(1)).toEqual([
    'AdminUser 1 · Admin',
    '203.0.113.7',
    'Changed an account',
    'User 9',
    'changed: mobile, password',
  ]);
  expect(screen.getByText('Page 1 of 1 (3 entries)')).toBeInTheDocument();
});

test('filters by action, ticket, actor and days; Clear shows everything again', async () => {
  const user = userEvent.setup();
  const { asked } = serveTrail([
    entry(3, { action: 'share_key.rotate' }),
    entry(2, { targetId: 77 }),
    entry(1, { action: 'ticket.read' }),
  ]);
  const region = await renderTrail();
  expect(await rows()).toHaveLength(3);

  await user.selectOptions(
    within(region).getByRole('combobox', { name: 'Action' }),
    "Read a ticket's contact details",
  );
  await user.type(within(region).getByRole('textbox', { name: 'Ticket ID' }), '41');
  await user.type(within(region).getByRole('textbox', { name: 'Done by (user ID)' }), '3');
  await user.type(within(region).getByLabelText('From'), '2026-11-01');
  await user.type(within(region).getByLabelText('To'), '2026-11-30');
  await user.click(within(region).getByRole('button', { name: 'Filter' }));

  await waitFor(async () => expect(await rows()).toHaveLength(1));
  const last = asked.at(-1);
  expect(Object.fromEntries(last?.entries() ?? [])).toEqual({
    action: 'ticket.read',
    ticket: '41',
    actor: '3',
    from: '2026-11-01',
    to: '2026-11-30',
    page: '1',
    pageSize: '25',
  });

  await user.click(within(region).getByRole('button', { name: 'Clear' }));
  await waitFor(async () => expect(await rows()).toHaveLength(3));
  expect(within(region).getByRole('textbox', { name: 'Ticket ID' })).toHaveValue('');
});

test('pages through the trail', async () => {
  const user = userEvent.setup();
  const { asked } = serveTrail(Array.from({ length: 30 }, (_, index) => entry(30 - index)));
  const region = await renderTrail();
  expect(await rows()).toHaveLength(25);
  const pages = within(region).getByRole('navigation', { name: 'Audit trail pages' });
  expect(within(pages).getByText('Page 1 of 2 (30 entries)')).toBeInTheDocument();
  expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
  await user.click(within(pages).getByRole('button', { name: 'Next' }));
  await waitFor(async () => expect(await rows()).toHaveLength(5));
  expect(asked.at(-1)?.get('page')).toBe('2');
  expect(within(pages).getByText('Page 2 of 2 (30 entries)')).toBeInTheDocument();
});

test('Export CSV downloads the file of the filtered trail', async () => {
  const user = userEvent.setup();
  const { exports } = serveTrail([entry(1)]);
  const created: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:audit';
    }),
    revokeObjectURL: jest.fn(),
  });
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const region = await renderTrail();
  await rows();
  await user.selectOptions(within(region).getByRole('combobox', { name: 'Action' }), 'Downloaded a file');
  await user.click(within(region).getByRole('button', { name: 'Filter' }));
  await user.click(within(region).getByRole('button', { name: 'Export CSV' }));

  await waitFor(() => expect(clicked).toHaveBeenCalled());
  expect(Object.fromEntries(exports[0]?.entries() ?? [])).toEqual({ action: 'file.download' });
  const anchor = clicked.mock.contexts[0] as HTMLAnchorElement;
  expect(anchor.download).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await created[0]?.text()).toContain('id,at');
});

test('a failed load says so and retries', async () => {
  const user = userEvent.setup();
  let fail = true;
  server.use(
    http.get('*/api/audit', () =>
      fail
        ? HttpResponse.json({ error: 'Service unavailable', details: [] }, { status: 503 })
        : HttpResponse.json({ entries: [entry(1)], total: 1 }),
    ),
  );
  const region = await renderTrail();
  const alert = await within(region).findByRole('alert');
  expect(alert).toHaveTextContent('The audit trail could not be loaded');
  expect(alert).toHaveTextContent('Service unavailable');
  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Retry' }));
  expect(await rows()).toHaveLength(1);
});
