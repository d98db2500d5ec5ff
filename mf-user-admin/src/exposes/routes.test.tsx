import { act, render, screen } from 'shared-contracts/testing/render';
import { installFakeApi, signInAs, signOut } from '../testing/helpers';
import pages from './routes';

afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

test('exposes one lazily loaded page per owned route', async () => {
  expect(Object.keys(pages).sort()).toEqual([
    '/activity',
    '/chapters',
    '/integrations',
    '/messages',
    '/privacy',
    '/users',
  ]);
  signInAs('convenor');
  installFakeApi();
  const Users = pages['/users'];
  // The lazy page suspends on its import: React wants that render awaited inside act().
  await act(async () => {
    render(<Users />, { route: '/users' });
  });
  expect(await screen.findByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
});
