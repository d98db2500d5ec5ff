import { Route, Routes } from 'react-router-dom';
import { API_PATHS } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { installFakeApi, setScreen, signInAs, signOut } from '../testing/helpers';
import { FakeUsersApi, makeUsers } from '../testing/usersBackend';
import ActivityPage from './ActivityPage';

async function renderPage() {
  await act(async () => {
    render(
      <Routes>
        <Route path="/activity" element={<ActivityPage />} />
        <Route path="/users" element={<h1>User Management</h1>} />
      </Routes>,
      { route: '/activity' },
    );
  });
}

const card = (name: string) => screen.getByRole('listitem', { name });
const byRole = () => screen.getByRole('table', { name: 'Staff accounts by role' });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

beforeEach(() => signInAs('admin'));
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

test('the Users page of the admin menu: counts by role and status, the newest accounts, a way to manage them', async () => {
  // 23 users: 1 admin, 1 Credai President, 3 city presidents, then customers, convenors,
  // observers and governors; users 7 (convenor), 14 (observer) and 21 (customer) are inactive.
  const api = installFakeApi(new FakeUsersApi(makeUsers(23)));
  await renderPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
  await screen.findByRole('table', { name: 'Staff accounts by role' });

  expect(within(card('All accounts')).getByText('23')).toBeInTheDocument();
  expect(within(card('Staff accounts')).getByText('14')).toBeInTheDocument();
  expect(within(card('Inactive staff accounts')).getByText('2')).toBeInTheDocument();
  expect(within(card('Members')).getByText('9')).toBeInTheDocument();

  expect(rowsOf(byRole())).toEqual([
    ['Admin', '1', '1', '0'],
    ['Credai President', '1', '1', '0'],
    ['City President', '3', '3', '0'],
    ['Governor', '3', '3', '0'],
    ['Office Bearer', '3', '2', '1'],
    ['Convenor', '3', '2', '1'],
    ['Total', '14', '12', '2'],
  ]);

  // The newest five, newest first, from the last pages of the list call (it orders by id).
  const newest = screen.getByRole('list', { name: 'Recently added' });
  const items = within(newest).getAllByRole('listitem');
  expect(items.map((item) => within(item).getAllByText(/\d+$/)[0]?.textContent)).toEqual([
    'Anil Joshi 23',
    'Meera Deshmukh 22',
    'Ravi Iyer 21',
    'Asha Ali 20',
    'Omkar Rao 19',
  ]);
  expect(within(items[2] as HTMLElement).getByText('Inactive')).toBeInTheDocument();
  expect(within(items[0] as HTMLElement).getByText(/^Added /)).toBeInTheDocument();
  const listQueries = api.listCalls().map((call) => call.query);
  expect(listQueries).toEqual(
    expect.arrayContaining([
      { page: '1', pageSize: '1' },
      { role: 'customer', page: '1', pageSize: '1' },
      { page: '4', pageSize: '5' },
      { page: '5', pageSize: '5' },
    ]),
  );
  // No activity is invented: the page says what it cannot show.
  expect(screen.getByText(/are in the audit trail below/)).toBeInTheDocument();
  // The audit trail follows the overview (features/audit has its own tests).
  expect(screen.getByRole('region', { name: 'Audit trail' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('link', { name: 'Manage users' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
});

test('on a phone the counts by role are one line per role', async () => {
  const restore = setScreen(true);
  try {
    installFakeApi(new FakeUsersApi(makeUsers(23)));
    await renderPage();
    const list = await screen.findByRole('list', { name: 'Staff accounts by role' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Admin1 (1 active, 0 inactive)',
      'Credai President1 (1 active, 0 inactive)',
      'City President3 (3 active, 0 inactive)',
      'Governor3 (3 active, 0 inactive)',
      'Office Bearer3 (2 active, 1 inactive)',
      'Convenor3 (2 active, 1 inactive)',
      'Total14 (12 active, 2 inactive)',
    ]);
  } finally {
    restore();
  }
});

test('with no accounts beyond a few, the newest list is what there is', async () => {
  installFakeApi(new FakeUsersApi(makeUsers(3)));
  await renderPage();
  const newest = await screen.findByRole('list', { name: 'Recently added' });
  expect(within(newest).getAllByRole('listitem')).toHaveLength(3);
});

test('a failed load shows the error banner, and Retry loads again', async () => {
  const api = installFakeApi();
  api.failNext(API_PATHS.users.filter, 500, { error: 'Internal server error' });
  await renderPage();
  const banner = await screen.findByRole('alert');
  expect(banner).toHaveTextContent('The overview could not be loaded');
  expect(banner).toHaveTextContent('Internal server error');
  await userEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
  await screen.findByRole('table', { name: 'Staff accounts by role' });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a role without the Users menu gets "not allowed" and no user call', async () => {
  signInAs('convenor');
  const api = installFakeApi();
  await renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
  expect(screen.queryByRole('link', { name: 'Manage users' })).not.toBeInTheDocument();
  await waitFor(() => expect(api.calls.map((call) => call.path)).toEqual([API_PATHS.auth.check]));
});

test('a 403 from the api (an unknown role) shows "not allowed" rather than empty numbers', async () => {
  signInAs('auditor');
  installFakeApi();
  await renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});
