import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../../../testing/helpers';
import { UserInterests } from './UserInterests';

beforeEach(() => signInAs('admin'));
afterEach(() => signOut());

test('an admin sees a staff user’s declared firms and projects, each with its date', async () => {
  answerRoutes({
    'GET /api/users/7/interests': () =>
      json({
        interests: [
          {
            id: 1,
            kind: 'firm',
            name: 'Acme Builders',
            projectId: null,
            declaredAt: '2026-11-02T08:00:00.000Z',
          },
          {
            id: 2,
            kind: 'project',
            name: 'Green Heights',
            projectId: null,
            declaredAt: '2026-11-20T08:00:00.000Z',
          },
        ],
      }),
  });
  await act(async () => {
    render(<UserInterests userId={7} />);
  });
  const section = screen.getByRole('region', { name: 'Declared interests' });
  const items = await within(section).findAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/^Firm: Acme Builders \(Declared on .+\)$/),
    expect.stringMatching(/^Project: Green Heights \(Declared on .+\)$/),
  ]);
});

test('says when the user declared nothing', async () => {
  answerRoutes({ 'GET /api/users/8/interests': () => json({ interests: [] }) });
  await act(async () => {
    render(<UserInterests userId={8} />);
  });
  expect(await screen.findByText('You have declared no interests.')).toBeInTheDocument();
});
