import { type ComponentType, useState } from 'react';
import type { RemoteId } from 'shared-contracts';
import { act, render, screen, userEvent } from 'shared-contracts/testing/render';
import { RemoteRoute } from './RemoteRoute';
import { remotePages, retryRemote } from './remoteLoader';

jest.mock('./remoteLoader', () => ({ remotePages: jest.fn(), retryRemote: jest.fn() }));
// remotePages is generic; the mock answers with just the pages a test needs.
const mockedPages = remotePages as unknown as jest.Mock<Promise<Record<string, ComponentType>>, [RemoteId]>;
const mockedRetry = retryRemote as jest.MockedFunction<typeof retryRemote>;

const UsersPage = () => <h1>User Management</h1>;
const Broken = () => {
  throw new Error('render failure');
};

// The boundary suspends on the remote's promise: React wants that render awaited inside act().
const renderRoute = () =>
  act(async () => {
    render(<RemoteRoute remote="userAdmin" path="/users" />);
  });

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  mockedPages.mockReset();
  mockedRetry.mockReset();
});

test('renders the page the remote exposes for the route', async () => {
  mockedPages.mockReturnValue(Promise.resolve({ '/users': UsersPage, '/activity': UsersPage }));
  await renderRoute();
  expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
});

test('a remote that fails to load shows the fallback, and Retry loads it again', async () => {
  const failure = Promise.reject(new Error('ERR_CONNECTION_REFUSED'));
  failure.catch(() => {});
  mockedPages.mockReturnValue(failure);
  await renderRoute();

  expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable right now');

  mockedPages.mockReturnValue(Promise.resolve({ '/users': UsersPage, '/activity': UsersPage }));
  const retry = screen.getByRole('button', { name: 'Retry' });
  await act(async () => {
    await userEvent.click(retry);
  });

  expect(mockedRetry).toHaveBeenCalledWith('userAdmin');
  expect(await screen.findByRole('heading', { name: 'User Management' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a page that throws while rendering is contained by the same boundary', async () => {
  mockedPages.mockReturnValue(Promise.resolve({ '/users': Broken, '/activity': Broken }));
  await renderRoute();
  expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable right now');
});

// As the router does: the same element position, another remote's route.
function TwoRoutes() {
  const [onDashboard, setOnDashboard] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOnDashboard(true)}>
        Go to the dashboard
      </button>
      {onDashboard ? (
        <RemoteRoute remote="staffDashboard" path="/dashboard" />
      ) : (
        <RemoteRoute remote="userAdmin" path="/users" />
      )}
    </>
  );
}

test('another route after a failed one gets its own boundary, not the failure', async () => {
  const failure = Promise.reject(new Error('incompatible'));
  failure.catch(() => {});
  mockedPages.mockImplementation((remote) =>
    remote === 'userAdmin' ? failure : Promise.resolve({ '/dashboard': () => <h1>Dashboard</h1> }),
  );
  await act(async () => {
    render(<TwoRoutes />);
  });
  expect(await screen.findByRole('alert')).toHaveTextContent('This section is unavailable right now');

  await act(async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Go to the dashboard' }));
  });
  expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
