import type { Absence, AbsenceRequest, StandIn } from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../../../testing/helpers';
import { AbsenceSettings } from './AbsenceSettings';

const STAND_INS: StandIn[] = [
  { id: 21, fullName: 'Ravi Deshmukh', role: 'citypresident', city: 'Pune' },
  { id: 2, fullName: 'Meera Shah', role: 'credaipresident', city: null },
];

function fakeAbsence(start: Absence | null = null) {
  let absence = start;
  const routes = answerRoutes({
    'GET /api/users/me/absence': () => json({ absence }),
    'GET /api/users/me/stand-ins': () => json({ users: STAND_INS }),
    'POST /api/users/me/absence': async (request: Request) => {
      const body = (await request.json()) as AbsenceRequest;
      const standIn = STAND_INS.find((user) => user.id === body.standInId);
      if (!standIn) {
        return json(
          { error: 'The stand-in must be another active user of the same city and role, or higher' },
          422,
        );
      }
      absence = { from: body.from, to: body.to, standIn };
      return json({ absence });
    },
    'DELETE /api/users/me/absence': () => {
      absence = null;
      return json({ absence });
    },
  });
  return { ...routes, current: () => absence };
}

async function renderSettings() {
  await act(async () => {
    render(<AbsenceSettings />);
  });
  return screen.findByRole('region', { name: 'Out of office' });
}

beforeEach(() => signInAs('citypresident', 'Pune'));
afterEach(() => signOut());

test('a staff member sets an absence with a stand-in, sees it, and ends it', async () => {
  const api = fakeAbsence();
  const section = await renderSettings();
  expect(await within(section).findByText('You are not marked as away.')).toBeInTheDocument();
  const user = userEvent.setup();
  const standIn = within(section).getByRole('combobox', { name: 'Stand-in' });
  await waitFor(() => expect(within(standIn).getAllByRole('option')).toHaveLength(3));
  expect(
    within(standIn).getByRole('option', { name: 'Ravi Deshmukh (City President, Pune)' }),
  ).toBeInTheDocument();

  await user.type(within(section).getByLabelText('First day away'), '2026-12-01');
  await user.type(within(section).getByLabelText('Last day away'), '2026-12-05');
  await user.selectOptions(standIn, 'Ravi Deshmukh (City President, Pune)');
  await user.click(within(section).getByRole('button', { name: 'Set absence' }));
  expect(await within(section).findByRole('status')).toHaveTextContent('Your absence is set.');
  expect(api.current()).toMatchObject({ from: '2026-12-01', to: '2026-12-05', standIn: { id: 21 } });
  expect(await within(section).findByText(/^Away from .+; Ravi Deshmukh stands in\.$/)).toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Replace absence' })).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'End absence' }));
  expect(
    await within(section).findByText('Your absence has ended. New tickets come to you again.'),
  ).toBeInTheDocument();
  expect(await within(section).findByText('You are not marked as away.')).toBeInTheDocument();
  expect(api.paths()).toContain('DELETE /api/users/me/absence');
});

test('missing days, a last day before the first and no stand-in are refused before any call', async () => {
  const api = fakeAbsence();
  const section = await renderSettings();
  const user = userEvent.setup();
  await user.click(await within(section).findByRole('button', { name: 'Set absence' }));
  expect(within(section).getByLabelText('First day away')).toHaveAccessibleDescription(
    'Choose the first day away',
  );
  expect(within(section).getByRole('combobox', { name: 'Stand-in' })).toHaveAccessibleDescription(
    'Choose a stand-in',
  );
  await user.type(within(section).getByLabelText('First day away'), '2026-12-05');
  await user.type(within(section).getByLabelText('Last day away'), '2026-12-01');
  await user.click(within(section).getByRole('button', { name: 'Set absence' }));
  expect(within(section).getByLabelText('Last day away')).toHaveAccessibleDescription(
    'The last day must not be before the first',
  );
  expect(api.paths().filter((path) => path.startsWith('POST'))).toEqual([]);
});
