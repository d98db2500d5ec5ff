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
import { FakeUsersApi } from '../../../testing/usersBackend';
import { MfaPolicyPanel } from './MfaPolicyPanel';

const userEvent = baseUserEvent.setup({ delay: null });

beforeEach(() => signInAs('admin'));
afterEach(() => {
  act(() => {
    notifications.clean();
  });
  signOut();
});

async function renderPanel(api = new FakeUsersApi()) {
  installFakeApi(api);
  await act(async () => {
    render(<MfaPolicyPanel />, { route: '/users' });
  });
  const panel = await screen.findByRole('region', { name: 'Second factor' });
  return {
    api,
    panel,
    roles: () => within(panel).findByRole('group', { name: 'Roles that must use a second factor' }),
  };
}

const STAFF = ['Admin', 'Credai President', 'City President', 'Governor', 'Office Bearer', 'Convenor'];
const ticked = (group: HTMLElement) =>
  STAFF.filter((label) => (within(group).getByRole('checkbox', { name: label }) as HTMLInputElement).checked);
const puts = (api: FakeUsersApi) =>
  api.calls
    .filter((call) => call.method === 'PUT' && call.path === '/admin/mfa-policy')
    .map((call) => call.body);

describe('the second factor policy on the users page (ADR 0054)', () => {
  test("shows the staff roles, the api's default ticked (admin and association president), Save off until a change", async () => {
    const { panel, roles } = await renderPanel();
    const group = await roles();
    expect(within(group).getAllByRole('checkbox')).toHaveLength(STAFF.length);
    expect(within(group).queryByRole('checkbox', { name: 'Customer' })).not.toBeInTheDocument();
    expect(ticked(group)).toEqual(['Admin', 'Credai President']);
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  test('ticking a role and saving sends the chosen roles with PUT and says it is saved', async () => {
    const { api, panel, roles } = await renderPanel();
    const group = await roles();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'City President' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Credai President' }));
    const save = within(panel).getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('The second factor policy is saved.')).toBeInTheDocument();
    expect(puts(api)).toEqual([{ roles: ['admin', 'citypresident'] }]);
    expect(api.mfaPolicy).toEqual(['admin', 'citypresident']);
    expect(ticked(group)).toEqual(['Admin', 'City President']);
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled());
  });

  test('unticking every role is a choice too (nobody must), and ticking back to the saved set is no change', async () => {
    const { api, panel, roles } = await renderPanel();
    const group = await roles();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Admin' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Admin' }));
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Admin' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Credai President' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await screen.findByText('The second factor policy is saved.');
    expect(puts(api)).toEqual([{ roles: [] }]);
  });

  test('a refused save keeps the ticks and shows why; a failed load offers Retry', async () => {
    const api = new FakeUsersApi();
    api.failNext('/admin/mfa-policy', 500, { error: 'Something went wrong' });
    const { panel } = await renderPanel(api);
    const failed = await within(panel).findByRole('alert');
    expect(failed).toHaveTextContent(/^The second factor policy could not be loaded: /);
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    const group = await within(panel).findByRole('group', { name: 'Roles that must use a second factor' });

    api.failNext('/admin/mfa-policy', 400, { error: 'Invalid request body', details: [] });
    await userEvent.click(within(group).getByRole('checkbox', { name: 'Governor' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      /^The second factor policy could not be saved: /,
    );
    expect(ticked(group)).toEqual(['Admin', 'Credai President', 'Governor']);
    expect(screen.queryByText('The second factor policy is saved.')).not.toBeInTheDocument();
  });
});
