import { notifications } from '@mantine/notifications';
import {
  act,
  userEvent as baseUserEvent,
  render,
  screen,
  waitFor,
  within,
} from 'shared-contracts/testing/render';
import { installFakeApi, signInAs, signOut } from '../../../testing/helpers';
import { FakeUsersApi, makeUsers } from '../../../testing/usersBackend';
import { UserManagement } from './UserManagement';

const userEvent = baseUserEvent.setup({ delay: null });

beforeEach(() => signInAs('admin'));
afterEach(() => {
  act(() => {
    notifications.clean();
  });
  signOut();
});

/** The users page's list, then the details (Edit) of one user. */
async function openDetails(api: FakeUsersApi, name: string) {
  installFakeApi(api);
  await act(async () => {
    render(<UserManagement />, { route: '/users' });
  });
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: 'Edit User' });
}

const deletes = (api: FakeUsersApi) =>
  api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path);

describe("a user's sign-in actions on their details (ADR 0054)", () => {
  test('Reset second factor asks first; Cancel sends nothing; confirmed, it resets and says so', async () => {
    const api = new FakeUsersApi(makeUsers(12));
    const details = await openDetails(api, 'Meera Patil 2');
    await userEvent.click(
      within(details).getByRole('button', { name: 'Reset second factor of Meera Patil 2' }),
    );
    let confirm = await screen.findByRole('dialog', { name: 'Reset second factor?' });
    expect(confirm).toHaveTextContent(
      'Meera Patil 2 can no longer sign in with their authenticator app or recovery codes',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset second factor?' })).not.toBeInTheDocument(),
    );
    expect(deletes(api)).toEqual([]);

    await userEvent.click(
      within(details).getByRole('button', { name: 'Reset second factor of Meera Patil 2' }),
    );
    confirm = await screen.findByRole('dialog', { name: 'Reset second factor?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset second factor' }));
    expect(await screen.findByText('The second factor of Meera Patil 2 is reset.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset second factor?' })).not.toBeInTheDocument(),
    );
    expect(deletes(api)).toEqual(['/admin/users/2/mfa']);
    expect(api.withSecondFactor.has(2)).toBe(false);
    // The details stay open for the admin's next step.
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });

  test("a user without a second factor: the api's 404 is told plainly, and nothing is offered to confirm", async () => {
    const api = new FakeUsersApi(makeUsers(12));
    const details = await openDetails(api, 'Anil Rao 3');
    await userEvent.click(within(details).getByRole('button', { name: 'Reset second factor of Anil Rao 3' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reset second factor?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset second factor' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Anil Rao 3 has no second factor: there is nothing to reset.',
    );
    expect(within(confirm).queryByRole('button', { name: 'Reset second factor' })).not.toBeInTheDocument();
    expect(screen.queryByText(/is reset\./)).not.toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset second factor?' })).not.toBeInTheDocument(),
    );
  });

  test('End all sessions asks first, then says how many were ended (none the second time)', async () => {
    const api = new FakeUsersApi(makeUsers(12));
    const details = await openDetails(api, 'Meera Patil 2');
    const endAll = () => within(details).getByRole('button', { name: 'End all sessions of Meera Patil 2' });
    await userEvent.click(endAll());
    let confirm = await screen.findByRole('dialog', { name: 'End all sessions?' });
    expect(confirm).toHaveTextContent('Meera Patil 2 is signed out on every device at once');
    await userEvent.click(within(confirm).getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('3 sessions of Meera Patil 2 ended.')).toBeInTheDocument();
    expect(deletes(api)).toEqual(['/admin/users/2/sessions']);

    await userEvent.click(endAll());
    confirm = await screen.findByRole('dialog', { name: 'End all sessions?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'End all sessions' }));
    expect(
      await screen.findByText('Meera Patil 2 had no open session: nothing was ended.'),
    ).toBeInTheDocument();
  });

  test('ending one’s own sessions says it signs oneself out too; another user’s does not', async () => {
    // The signed-in admin of these tests is user 7.
    const api = new FakeUsersApi(makeUsers(12));
    const details = await openDetails(api, 'Nikhil Joshi 7');
    await userEvent.click(
      within(details).getByRole('button', { name: 'End all sessions of Nikhil Joshi 7' }),
    );
    let confirm = await screen.findByRole('dialog', { name: 'End all sessions?' });
    expect(confirm).toHaveTextContent('This is you: this session ends too, and you are signed out.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'End all sessions?' })).not.toBeInTheDocument(),
    );
    await userEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Edit Meera Patil 2' }));
    const other = await screen.findByRole('dialog', { name: 'Edit User' });
    await userEvent.click(within(other).getByRole('button', { name: 'End all sessions of Meera Patil 2' }));
    confirm = await screen.findByRole('dialog', { name: 'End all sessions?' });
    expect(confirm).not.toHaveTextContent('This is you');
  });

  test('a refused call keeps the dialog open with the api’s message, and nothing is announced', async () => {
    const api = new FakeUsersApi(makeUsers(12));
    api.failNext('/admin/users/2/sessions', 500, { error: 'Something went wrong' });
    const details = await openDetails(api, 'Meera Patil 2');
    await userEvent.click(within(details).getByRole('button', { name: 'End all sessions of Meera Patil 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'End all sessions?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'End all sessions' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(/^This did not work: /);
    expect(screen.queryByText(/sessions? of Meera Patil 2 ended/)).not.toBeInTheDocument();
    expect(api.sessions.get(2)).toBe(3);
  });

  test('adding a user offers no sign-in actions (there is nobody to act on yet)', async () => {
    installFakeApi(new FakeUsersApi(makeUsers(3)));
    await act(async () => {
      render(<UserManagement />, { route: '/users' });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }));
    const modal = await screen.findByRole('dialog', { name: 'Add New User' });
    expect(within(modal).queryByRole('button', { name: /Reset second factor/ })).not.toBeInTheDocument();
    expect(within(modal).queryByRole('button', { name: /End all sessions/ })).not.toBeInTheDocument();
  });
});
