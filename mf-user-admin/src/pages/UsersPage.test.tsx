import { notifications } from '@mantine/notifications';
import { API_PATHS, authStore } from 'shared-contracts';
import {
  act,
  userEvent as baseUserEvent,
  render,
  screen,
  waitFor,
  within,
} from 'shared-contracts/testing/render';
import { HeldCalls, installFakeApi, setScreen, signInAs, signOut } from '../testing/helpers';
import { FakeUsersApi, makeUsers, REVOKED_TOKEN } from '../testing/usersBackend';
import UsersPage from './UsersPage';

// Mantine's inputs and a full table make every keystroke a render: no pause between keys.
const userEvent = baseUserEvent.setup({ delay: null });
async function renderPage() {
  await act(async () => {
    render(<UsersPage />, { route: '/users' });
  });
}

/** The page has answered once the table (or the empty text) shows. */
async function renderLoaded() {
  await renderPage();
  await screen.findByRole('table', { name: 'Users' });
}

const table = () => screen.getByRole('table', { name: 'Users' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const pager = () => screen.getByRole('navigation', { name: 'Pages' });
/** The numbers and ellipses of the pagination, in the order the user reads them. */
const pageWindow = () =>
  Array.from(pager().querySelectorAll('button, [aria-hidden="true"]'), (item) => item.textContent).filter(
    (text) => text !== 'Previous' && text !== 'Next',
  );

let restoreScreen: (() => void) | undefined;
beforeEach(() => {
  signInAs('admin');
});
afterEach(() => {
  act(() => {
    notifications.clean();
  });
  restoreScreen?.();
  restoreScreen = undefined;
  jest.useRealTimers();
  jest.restoreAllMocks();
  signOut();
});

describe('the list (docs/product.md#user-management)', () => {
  test('shows a spinner, then the first page of 10 in the table with every column', async () => {
    const held = new HeldCalls([API_PATHS.users.list]);
    const api = installFakeApi(new FakeUsersApi(makeUsers(25)), held);
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading users...' })).toBeInTheDocument();
    await act(async () => held.release());

    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('status', { name: 'Loading users...' })).not.toBeInTheDocument();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Name', 'Email', 'Mobile', 'City', 'Committee', 'Role', 'Status', 'Actions']);
    expect(bodyRows()).toHaveLength(10);
    // User 1: the admin, active, no committee (a dash, read out as "None").
    expect(cellsOf(bodyRows()[0] as HTMLElement)).toEqual([
      '1',
      'Ravi Shah 1',
      'user1@example.org',
      '9800000001',
      'Mumbai',
      '—None',
      'Admin',
      'Active',
      'Edit',
    ]);
    // User 3 has a committee; user 7 is inactive.
    expect(cellsOf(bodyRows()[2] as HTMLElement)[5]).toBe('Grievance Committee');
    expect(cellsOf(bodyRows()[6] as HTMLElement)[7]).toBe('Inactive');
    expect(api.listCalls()).toHaveLength(1);
    expect(api.listCalls()[0]?.query).toEqual({ page: '1', pageSize: '10' });
  });

  test('role badges take the docs/product.md#roles colours: Admin red, Credai President blue, City President green, Observer info, Convenor yellow, others grey', async () => {
    installFakeApi(new FakeUsersApi(makeUsers(10)));
    await renderLoaded();
    const badge = (row: number, text: string) => within(bodyRows()[row] as HTMLElement).getByText(text);
    const colourOf = (row: number, text: string) =>
      badge(row, text).closest('[data-color]')?.getAttribute('data-color');
    expect(colourOf(0, 'Admin')).toBe('red');
    expect(colourOf(1, 'Credai President')).toBe('blue');
    expect(colourOf(2, 'City President')).toBe('green');
    // makeUsers: 7 observer? id 7 → CYCLE[1] convenor, 8 → observer, 9 → customer, 10 → governor.
    expect(colourOf(6, 'Convenor')).toBe('yellow');
    expect(colourOf(7, 'Office Bearer')).toBe('cyan');
    expect(colourOf(8, 'Customer')).toBe('gray');
    expect(colourOf(9, 'Governor')).toBe('gray');
    expect(colourOf(0, 'Active')).toBe('green');
    expect(colourOf(6, 'Inactive')).toBe('gray');
  });

  test('an empty answer says "No users found." and shows no pagination', async () => {
    installFakeApi(new FakeUsersApi([]));
    await renderPage();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  test('the role filter offers the first description of the product choices, asks the api for that role and goes back to page 1', async () => {
    const api = installFakeApi(new FakeUsersApi(makeUsers(40)));
    await renderLoaded();
    const filter = screen.getByRole('combobox', { name: 'Filter by role' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Roles', 'Admin', 'Credai President', 'City President', 'Observer', 'Convenor']);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11 to 20 of 40 users');

    await userEvent.selectOptions(filter, 'City President');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(api.listCalls().at(-1)?.query).toEqual({ role: 'citypresident', page: '1', pageSize: '10' });
    for (const row of bodyRows()) expect(within(row).getByText('City President')).toBeInTheDocument();

    await userEvent.selectOptions(filter, 'All Roles');
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(api.listCalls().at(-1)?.query).toEqual({ page: '1', pageSize: '10' });
  });

  test('search waits until typing stops (~300 ms), sends `search` once and goes back to page 1', async () => {
    const api = installFakeApi(new FakeUsersApi(makeUsers(40)));
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByText('Showing 21 to 30 of 40 users');
    const before = api.listCalls().length;

    // Typed without yielding between keys (delay: null), so that a starved test process cannot
    // leave 300 ms between two keys and make "while typing" untrue.
    await userEvent.setup({ delay: null }).type(screen.getByRole('searchbox', { name: 'Search' }), 'nashik');
    // Nothing is asked while typing.
    expect(api.listCalls()).toHaveLength(before);
    await waitFor(() => expect(api.listCalls()).toHaveLength(before + 1));
    expect(api.listCalls().at(-1)?.query).toEqual({ search: 'nashik', page: '1', pageSize: '10' });
    // Users 7, 11, …, 39 live in Nashik.
    await waitFor(() => expect(bodyRows()).toHaveLength(9));
    for (const row of bodyRows()) expect(cellsOf(row)[4]).toBe('Nashik');

    // Nothing else matches: the empty state.
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.click(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.paste('nobody-here');
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(api.listCalls().at(-1)?.query).toEqual({ search: 'nobody-here', page: '1', pageSize: '10' });
  });

  test('a failed load shows the error banner with the message, and Retry loads again', async () => {
    const api = installFakeApi();
    api.failNext(API_PATHS.users.list, 500, { error: 'Internal server error' });
    await renderPage();
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('The users could not be loaded');
    expect(banner).toHaveTextContent('Internal server error');
    expect(screen.queryByText('No users found.')).not.toBeInTheDocument();

    await userEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('pagination (server pages of 10; 2 either side, first and last, ellipsis)', () => {
  test('is not shown with one page', async () => {
    installFakeApi(new FakeUsersApi(makeUsers(10)));
    await renderLoaded();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  test('windows of 20 pages as the user moves, with the footer texts', async () => {
    const api = installFakeApi(new FakeUsersApi(makeUsers(195)));
    await renderLoaded();
    expect(screen.getByText('Showing 1 to 10 of 195 users')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 20')).toBeInTheDocument();
    expect(pageWindow()).toEqual(['1', '2', '3', '…', '20']);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 20');
    expect(pageWindow()).toEqual(['1', '2', '3', '4', '…', '20']);

    await userEvent.click(screen.getByRole('button', { name: 'Page 4' }));
    await screen.findByText('Page 4 of 20');
    expect(pageWindow()).toEqual(['1', '2', '3', '4', '5', '6', '…', '20']);

    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    await screen.findByText('Page 6 of 20');
    expect(pageWindow()).toEqual(['1', '…', '4', '5', '6', '7', '8', '…', '20']);
    expect(screen.getByText('Showing 51 to 60 of 195 users')).toBeInTheDocument();
    expect(cellsOf(bodyRows()[0] as HTMLElement)[0]).toBe('51');

    await userEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    await screen.findByText('Page 20 of 20');
    expect(pageWindow()).toEqual(['1', '…', '18', '19', '20']);
    expect(screen.getByText('Showing 191 to 195 of 195 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(bodyRows()).toHaveLength(5);

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 19 of 20');
    expect(pageWindow()).toEqual(['1', '…', '17', '18', '19', '20']);
    expect(api.listCalls().map((call) => call.query.page)).toEqual(['1', '2', '4', '6', '20', '19']);
  });
});

describe('small screens (under 768 px)', () => {
  test('show one card per user with the same data and an Edit button', async () => {
    restoreScreen = setScreen(true);
    installFakeApi(new FakeUsersApi(makeUsers(12)));
    await renderPage();
    const cards = await screen.findByRole('list', { name: 'Users' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    const first = screen.getByRole('listitem', { name: 'Ravi Shah 1' });
    for (const text of ['ID 1', 'user1@example.org', '9800000001', 'Mumbai', 'Admin', 'Active']) {
      expect(within(first).getByText(text)).toBeInTheDocument();
    }
    expect(within(first).getByText('None')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Edit Ravi Shah 1' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 12 users')).toBeInTheDocument();
    expect(pageWindow()).toEqual(['1', '2']);
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeEnabled();

    await userEvent.click(within(first).getByRole('button', { name: 'Edit Ravi Shah 1' }));
    expect(await screen.findByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });
});

describe('the Add/Edit modal', () => {
  const dialog = (name: string) => screen.findByRole('dialog', { name });

  async function openAdd() {
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const modal = await dialog('Add New User');
    // The cities come from the api.
    await waitFor(() =>
      expect(within(modal).getByRole('combobox', { name: /City/ })).toContainElement(
        within(modal).getByRole('option', { name: 'Nashik' }),
      ),
    );
    return modal;
  }

  async function fillNewUser(modal: HTMLElement, overrides: Partial<Record<string, string>> = {}) {
    const values = {
      fullName: 'Kiran Sawant',
      email: 'kiran.sawant@example.org',
      mobile: '9822012345',
      city: 'Nashik',
      committee: 'Redevelopment Committee',
      role: 'City President',
      password: 'Welcome@2026',
      ...overrides,
    };
    const inside = within(modal);
    // Pasted rather than typed key by key: the same change events, in a fraction of the time.
    const enter = async (input: HTMLElement, text: string) => {
      await userEvent.click(input);
      await userEvent.paste(text);
    };
    await enter(inside.getByRole('textbox', { name: /Full Name/ }), values.fullName);
    await enter(inside.getByRole('textbox', { name: /Email/ }), values.email);
    await enter(inside.getByRole('textbox', { name: /Mobile/ }), values.mobile);
    await userEvent.selectOptions(inside.getByRole('combobox', { name: /City/ }), values.city);
    await enter(inside.getByRole('textbox', { name: 'Committee (optional)' }), values.committee);
    await userEvent.selectOptions(inside.getByRole('combobox', { name: /Role/ }), values.role);
    await enter(inside.getByLabelText(/^Password/), values.password);
  }

  test('Add User opens "Add New User" with the first description of the product fields, role Customer and Active by default', async () => {
    installFakeApi();
    await renderLoaded();
    const modal = await openAdd();
    const inside = within(modal);
    for (const name of [/Full Name/, /Email/, /Mobile/, 'Committee (optional)']) {
      expect(inside.getByRole('textbox', { name })).toHaveValue('');
    }
    expect(inside.getByRole('combobox', { name: /City/ })).toHaveValue('');
    expect(inside.getByRole('combobox', { name: /Role/ })).toHaveValue('customer');
    expect(
      within(inside.getByRole('combobox', { name: /Role/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Admin',
      'Credai President',
      'City President',
      'Governor',
      'Office Bearer',
      'Convenor',
      'Customer',
    ]);
    expect(inside.getByLabelText(/^Password/)).toHaveValue('');
    expect(inside.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(inside.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(inside.getByRole('button', { name: 'Create User' })).toBeEnabled();

    await userEvent.click(inside.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('closing the modal (Escape, or saving) gives the focus back to the button that opened it', async () => {
    installFakeApi();
    await renderLoaded();
    const add = screen.getByRole('button', { name: 'Add User' });
    add.focus();
    await userEvent.keyboard('{Enter}');
    await dialog('Add New User');
    expect(add).not.toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(add).toHaveFocus());

    const modal = await openAdd();
    await fillNewUser(modal);
    await userEvent.click(within(modal).getByRole('button', { name: 'Create User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(add).toHaveFocus());
  });

  test('validation (docs/product.md#validation): required fields, email format, 10-digit mobile, password on create; nothing is sent', async () => {
    const api = installFakeApi();
    await renderLoaded();
    const modal = await openAdd();
    const inside = within(modal);
    await userEvent.click(inside.getByRole('button', { name: 'Create User' }));

    expect(inside.getByRole('textbox', { name: /Full Name/ })).toHaveAccessibleDescription(
      'Full name is required',
    );
    expect(inside.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Please provide a valid email address.',
    );
    expect(inside.getByRole('textbox', { name: /Mobile/ })).toHaveAccessibleDescription(
      'Mobile number is required',
    );
    expect(inside.getByRole('combobox', { name: /City/ })).toHaveAccessibleDescription('City is required');
    expect(inside.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
    expect(inside.getByRole('textbox', { name: 'Committee (optional)' })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // The first field in error has the focus.
    expect(inside.getByRole('textbox', { name: /Full Name/ })).toHaveFocus();

    // Typing into a field clears its message; wrong values get their own message.
    await userEvent.type(inside.getByRole('textbox', { name: /Full Name/ }), 'Kiran Sawant');
    expect(inside.queryByText('Full name is required')).not.toBeInTheDocument();
    await userEvent.type(inside.getByRole('textbox', { name: /Email/ }), 'kiran@');
    // Only digits can be typed, at most 10.
    await userEvent.type(inside.getByRole('textbox', { name: /Mobile/ }), '98a2-201');
    expect(inside.getByRole('textbox', { name: /Mobile/ })).toHaveValue('982201');
    await userEvent.type(inside.getByLabelText(/^Password/), 'short');
    await userEvent.click(inside.getByRole('button', { name: 'Create User' }));
    expect(inside.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Please provide a valid email address.',
    );
    expect(inside.getByRole('textbox', { name: /Mobile/ })).toHaveAccessibleDescription(
      'Mobile number must be 10 digits',
    );
    expect(inside.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
    expect(inside.getByRole('textbox', { name: /Email/ })).toHaveFocus();

    await userEvent.type(inside.getByRole('textbox', { name: /Mobile/ }), '123456789');
    expect(inside.getByRole('textbox', { name: /Mobile/ })).toHaveValue('9822011234');
    expect(api.saveCalls()).toEqual([]);
  });

  test('create: "Saving..." and disabled while saving, then "User created successfully!" for 3 seconds', async () => {
    const held = new HeldCalls([`POST ${API_PATHS.users.create}`]);
    const api = installFakeApi(new FakeUsersApi(makeUsers(8)), held);
    await renderLoaded();
    const modal = await openAdd();
    await fillNewUser(modal);
    await userEvent.click(within(modal).getByRole('button', { name: 'Create User' }));

    const saving = await within(modal).findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(within(modal).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    await act(async () => held.release());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(api.saveCalls()).toEqual([
      {
        method: 'POST',
        path: API_PATHS.users.create,
        query: {},
        body: {
          fullName: 'Kiran Sawant',
          email: 'kiran.sawant@example.org',
          mobile: '9822012345',
          city: 'Nashik',
          committee: 'Redevelopment Committee',
          role: 'citypresident',
          isActive: true,
          password: 'Welcome@2026',
        },
      },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('User created successfully!');
    // The list is asked again (the new user is counted).
    await waitFor(() => expect(bodyRows()).toHaveLength(9));
    expect(cellsOf(bodyRows()[8] as HTMLElement).slice(0, 3)).toEqual([
      '9',
      'Kiran Sawant',
      'kiran.sawant@example.org',
    ]);

    act(() => {
      jest.advanceTimersByTime(2_900);
    });
    expect(screen.getByText('User created successfully!')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(200);
    });
    expect(screen.queryByText('User created successfully!')).not.toBeInTheDocument();
  });

  test('edit: "Edit User" with the user\'s values, a blank password keeps the current one, "User updated successfully!"', async () => {
    const api = installFakeApi(new FakeUsersApi(makeUsers(8)));
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Anil Rao 3' }));
    const modal = await dialog('Edit User');
    const inside = within(modal);
    expect(inside.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Anil Rao 3');
    expect(inside.getByRole('textbox', { name: /Email/ })).toHaveValue('user3@example.org');
    expect(inside.getByRole('textbox', { name: /Mobile/ })).toHaveValue('9800000003');
    await waitFor(() => expect(inside.getByRole('combobox', { name: /City/ })).toHaveValue('Pune'));
    expect(inside.getByRole('textbox', { name: 'Committee (optional)' })).toHaveValue('Grievance Committee');
    expect(inside.getByRole('combobox', { name: /Role/ })).toHaveValue('citypresident');
    expect(inside.getByLabelText('Password (leave blank to keep current)')).toHaveValue('');
    expect(inside.getByRole('checkbox', { name: 'Active' })).toBeChecked();

    // Deactivate, and nothing else: a blank password is fine on edit.
    await userEvent.click(inside.getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(inside.getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const [save] = api.saveCalls();
    expect(save?.path).toBe('/admin/users/3');
    expect(save?.body).toEqual({
      fullName: 'Anil Rao 3',
      email: 'user3@example.org',
      mobile: '9800000003',
      city: 'Pune',
      committee: 'Grievance Committee',
      role: 'citypresident',
      isActive: false,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('User updated successfully!');
    await waitFor(() => expect(cellsOf(bodyRows()[2] as HTMLElement)[7]).toBe('Inactive'));
  });

  test('a new password on edit is sent, and must be valid', async () => {
    const api = installFakeApi(new FakeUsersApi(makeUsers(8)));
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Ravi Shah 1' }));
    const modal = await dialog('Edit User');
    const password = within(modal).getByLabelText('Password (leave blank to keep current)');
    await userEvent.type(password, 'abc');
    await userEvent.click(within(modal).getByRole('button', { name: 'Update User' }));
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
    await userEvent.type(password, 'defgh1');
    await userEvent.click(within(modal).getByRole('button', { name: 'Update User' }));
    await waitFor(() => expect(api.saveCalls()).toHaveLength(1));
    expect(api.saveCalls()[0]?.body).toMatchObject({ password: 'abcdefgh1' });
  });

  test('a duplicate email: the api message in the error banner, the modal stays with everything typed', async () => {
    const api = installFakeApi(new FakeUsersApi(makeUsers(8)));
    await renderLoaded();
    const modal = await openAdd();
    await fillNewUser(modal, { email: 'USER2@example.org', role: 'Convenor' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Create User' }));

    const banner = await within(modal).findByRole('alert');
    expect(banner).toHaveTextContent('The user was not saved');
    expect(banner).toHaveTextContent('A user with this email already exists');
    const inside = within(modal);
    expect(inside.getByRole('textbox', { name: /Full Name/ })).toHaveValue('Kiran Sawant');
    expect(inside.getByRole('textbox', { name: /Email/ })).toHaveValue('USER2@example.org');
    expect(inside.getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(inside.getByRole('textbox', { name: /Mobile/ })).toHaveValue('9822012345');
    expect(inside.getByRole('combobox', { name: /City/ })).toHaveValue('Nashik');
    expect(inside.getByRole('combobox', { name: /Role/ })).toHaveValue('convenor');
    expect(inside.getByLabelText(/^Password/)).toHaveValue('Welcome@2026');
    expect(inside.getByRole('button', { name: 'Create User' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // Fixing the email saves.
    await userEvent.clear(inside.getByRole('textbox', { name: /Email/ }));
    await userEvent.type(inside.getByRole('textbox', { name: /Email/ }), 'kiran.sawant@example.org');
    await userEvent.click(inside.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByRole('status')).toHaveTextContent('User created successfully!');
    expect(api.saveCalls()).toHaveLength(2);
  });

  test('a second active city president for a city: the api message in the error banner', async () => {
    installFakeApi(new FakeUsersApi(makeUsers(8)));
    await renderLoaded();
    const modal = await openAdd();
    await fillNewUser(modal, { city: 'Pune' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Create User' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'Pune already has an active city president: Anil Rao 3 (user3@example.org). Deactivate them or change their role first.',
    );
    expect(within(modal).getByRole('combobox', { name: /Role/ })).toHaveAttribute('aria-invalid', 'true');
  });

  test('a field the api refuses (400 with details) gets its message under the field', async () => {
    const api = installFakeApi(new FakeUsersApi(makeUsers(8)));
    await renderLoaded();
    const modal = await openAdd();
    api.cities = api.cities.filter((city) => city !== 'Nashik'); // removed meanwhile
    await fillNewUser(modal, { role: 'Convenor' });
    await userEvent.click(within(modal).getByRole('button', { name: 'Create User' }));
    expect(await within(modal).findByRole('alert')).toHaveTextContent('Invalid request body');
    expect(within(modal).getByRole('combobox', { name: /City/ })).toHaveAccessibleDescription('Unknown city');
  });

  test('the cities that fail to load say so in the modal, and Retry loads them', async () => {
    const api = installFakeApi();
    await renderLoaded();
    api.failNext(API_PATHS.cities.list, 503, { error: 'Service unavailable' });
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const modal = await dialog('Add New User');
    const banner = await within(modal).findByRole('alert');
    expect(banner).toHaveTextContent('The cities could not be loaded: Service unavailable');
    await userEvent.click(within(banner).getByRole('button', { name: 'Retry' }));
    await within(modal).findByRole('option', { name: 'Nashik' });
    expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('who may see it (docs/product.md#roles; the api refuses everyone but admins)', () => {
  test.each(['convenor', 'citypresident', 'credaipresident', 'observer', 'governor', 'customer'])(
    '%s gets the "not allowed" state without asking for the list',
    async (role) => {
      signInAs(role);
      const api = installFakeApi();
      await renderPage();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Not allowed');
      expect(alert).toHaveTextContent('Only admins can see and change user accounts.');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
        'href',
        role === 'customer' ? '/add-ticket' : '/dashboard',
      );
      // Only the session is confirmed.
      await waitFor(() => expect(api.calls.map((call) => call.path)).toEqual([API_PATHS.auth.check]));
    },
  );

  test('an unknown role gets the screen (docs/product.md#roles), and the api\'s 403 turns it into "not allowed"', async () => {
    signInAs('auditor');
    const api = installFakeApi();
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not allowed');
    expect(alert).toHaveTextContent('You are signed in as auditor.');
    expect(api.listCalls()).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('No users found.')).not.toBeInTheDocument();
  });

  test('an admin finds the second factor policy below the users (ADR 0054)', async () => {
    installFakeApi();
    await renderLoaded();
    const panel = await screen.findByRole('region', { name: 'Second factor' });
    expect(
      await within(panel).findByRole('group', { name: 'Roles that must use a second factor' }),
    ).toBeInTheDocument();
    expect(table().compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  test('a role the api refuses the policy to sees no second factor panel', async () => {
    signInAs('auditor');
    const api = installFakeApi();
    await renderPage();
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === API_PATHS.auth.mfaPolicy)).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryAllByRole('region', { name: 'Second factor' })).toHaveLength(0));
  });

  test('a revoked session: the 401 signs out through the shared client', async () => {
    signInAs('admin', null, { token: REVOKED_TOKEN });
    installFakeApi();
    await renderPage();
    await waitFor(() => expect(authStore.getState().token).toBeNull());
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
