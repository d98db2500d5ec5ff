import type { StaffInterest, StaffInterestsUpdate } from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../../../testing/helpers';
import { InterestsSettings } from './InterestsSettings';

/** The api's declarations, kept as a PUT leaves them (a new one dated on the 28th). */
function fakeInterests(start: StaffInterest[]) {
  let interests = start;
  const routes = answerRoutes({
    'GET /api/users/me/interests': () => json({ interests }),
    'PUT /api/users/me/interests': async (request: Request) => {
      const body = (await request.json()) as StaffInterestsUpdate;
      interests = body.interests.map((interest, index) => ({
        id: index + 1,
        kind: interest.kind,
        name: interest.name,
        projectId: interest.projectId ?? null,
        declaredAt: '2026-11-28T10:00:00.000Z',
      }));
      return json({ interests });
    },
  });
  return { ...routes, current: () => interests };
}

beforeEach(() => signInAs('citypresident', 'Pune'));
afterEach(() => signOut());

test('a staff member sees their dated declarations, adds a project, removes a firm and saves', async () => {
  const api = fakeInterests([
    { id: 1, kind: 'firm', name: 'Acme Builders', projectId: null, declaredAt: '2026-11-02T08:00:00.000Z' },
  ]);
  await act(async () => {
    render(<InterestsSettings />);
  });
  const section = await screen.findByRole('region', { name: 'Declared interests' });
  expect(await within(section).findByDisplayValue('Acme Builders')).toBeInTheDocument();
  expect(within(section).getByText(/^Declared on /)).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(within(section).getByRole('button', { name: 'Add a firm or project' }));
  const kinds = within(section).getAllByRole('combobox', { name: 'Kind' });
  await user.selectOptions(kinds[1] as HTMLElement, 'Project');
  const names = within(section).getAllByRole('textbox', { name: 'Name' });
  await user.type(names[1] as HTMLElement, 'Green Heights');
  await user.click(within(section).getByRole('button', { name: 'Remove Acme Builders' }));
  await user.click(within(section).getByRole('button', { name: 'Save interests' }));
  expect(await within(section).findByRole('status')).toHaveTextContent('Your declared interests are saved.');
  expect(api.current()).toEqual([expect.objectContaining({ kind: 'project', name: 'Green Heights' })]);
});

test('says when nothing is declared', async () => {
  fakeInterests([]);
  await act(async () => {
    render(<InterestsSettings />);
  });
  const section = await screen.findByRole('region', { name: 'Declared interests' });
  expect(await within(section).findByText('You have declared no interests.')).toBeInTheDocument();
});

test('nothing to add or save until the declarations are read: a save would replace them with nothing', async () => {
  const api = answerRoutes({ 'GET /api/users/me/interests': () => json({ error: 'Server error' }, 500) });
  await act(async () => {
    render(<InterestsSettings />);
  });
  const section = await screen.findByRole('region', { name: 'Declared interests' });
  expect(within(section).getByRole('button', { name: 'Add a firm or project' })).toBeDisabled();
  expect(within(section).getByRole('button', { name: 'Save interests' })).toBeDisabled();
  await within(section).findByText(/Server error/);
  expect(within(section).getByRole('button', { name: 'Add a firm or project' })).toBeDisabled();
  expect(within(section).getByRole('button', { name: 'Save interests' })).toBeDisabled();
  expect(api.paths()).not.toContain('PUT /api/users/me/interests');
});
