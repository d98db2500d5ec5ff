import type { ComponentType } from 'react';
import { authStore, checkAuth, REMOTE_ROUTES, type RemoteId } from 'shared-contracts';
import { act, render, screen } from 'shared-contracts/testing/render';
import { App } from './App';
import { remotePages } from './remotes/remoteLoader';
import { answerFetch, jsonResponse, LocationProbe, signInAs, signOut } from './testing/helpers';

jest.mock('./remotes/remoteLoader', () => ({ remotePages: jest.fn(), retryRemote: jest.fn() }));
const mockedPages = remotePages as unknown as jest.Mock<Promise<Record<string, ComponentType>>, [RemoteId]>;

/** Each remote's pages: a heading naming the remote and the route, as the real remote would render. */
function fakePages(remote: RemoteId): Record<string, ComponentType> {
  return Object.fromEntries(
    REMOTE_ROUTES[remote].map((path) => [path, () => <h1>{`${remote} page ${path}`}</h1>]),
  );
}

const renderApp = (route: string) =>
  act(async () => {
    render(
      <>
        <App />
        <LocationProbe />
      </>,
      { route },
    );
  });

const here = () => screen.getByTestId('location').textContent;
const STAFF_ROUTES = [...REMOTE_ROUTES.staffDashboard, ...REMOTE_ROUTES.userAdmin];
const concrete = (path: string) => path.replace(':id', '12').replace(':userId', '7');

beforeEach(() => {
  jest.spyOn(console, 'error');
  mockedPages.mockReset();
  // Like the real loader: one promise per remote, kept across renders.
  const loaded = new Map<RemoteId, Promise<Record<string, ComponentType>>>();
  mockedPages.mockImplementation((remote) => {
    const pages = loaded.get(remote) ?? Promise.resolve(fakePages(remote));
    loaded.set(remote, pages);
    return pages;
  });
});
afterEach(() => {
  // No render error, no React warning (a remote's promise must be cached, as the real loader does).
  expect(console.error).not.toHaveBeenCalled();
  jest.restoreAllMocks();
  signOut();
});

describe('staff routes need a session', () => {
  test.each(STAFF_ROUTES)('%s without a session lands on / and loads nothing', async (path) => {
    signOut();
    await renderApp(path);
    expect(here()).toBe('/');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(mockedPages).not.toHaveBeenCalled();
  });

  test.each(STAFF_ROUTES)('%s with a session renders its remote inside the layout', async (path) => {
    signInAs('admin');
    await renderApp(path);
    const remote = (REMOTE_ROUTES.userAdmin as readonly string[]).includes(path)
      ? 'userAdmin'
      : 'staffDashboard';
    expect(await screen.findByRole('heading', { name: `${remote} page ${path}` })).toBeInTheDocument();
    expect(mockedPages).toHaveBeenCalledWith(remote);
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  test.each([
    ['/help-desk', 'Help Desk'],
    ['/concierge-desk', 'Concierge Desk'],
    ['/rent-buy-desk', 'Rent / Buy Desk'],
    ['/referral-desk', 'Referral Desk'],
  ])('the desk heading route %s is routed to the staff dashboard remote', async (path, heading) => {
    const pages = Promise.resolve({ ...fakePages('staffDashboard'), [path]: () => <h1>{heading}</h1> });
    mockedPages.mockImplementation(() => pages);
    signInAs('credaipresident');
    await renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
    expect(mockedPages).toHaveBeenCalledWith('staffDashboard');
  });
});

describe('public routes stay open', () => {
  test.each(REMOTE_ROUTES.publicIntake.map(concrete))(
    '%s without a session, without header',
    async (path) => {
      signOut();
      await renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^publicIntake page/);
      expect(here()).toBe(path);
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    },
  );

  test('/ shows the sign-in screen to a visitor', async () => {
    signOut();
    await renderApp('/');
    expect(screen.getByRole('heading', { name: 'Help Desk', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});

describe('unknown routes get a friendly 404 page', () => {
  test('for a visitor', async () => {
    signOut();
    await renderApp('/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  test('for signed-in staff, inside the layout', async () => {
    signInAs('citypresident');
    await renderApp('/dashboard/typo');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

describe('a 401 from any call signs out and goes to /', () => {
  test.each(['/dashboard', '/add-ticket', '/no-such-page'])('from %s', async (path) => {
    signInAs('admin');
    await renderApp(path);
    answerFetch(() => jsonResponse({ error: 'Unauthorized' }, 401));
    await act(async () => {
      await expect(checkAuth()).rejects.toMatchObject({ status: 401 });
    });
    expect(here()).toBe('/');
    expect(authStore.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  test('the listener leaves with the shell', async () => {
    signInAs('admin');
    let unmount = () => {};
    await act(async () => {
      ({ unmount } = render(<App />, { route: '/dashboard' }));
    });
    unmount();
    answerFetch(() => jsonResponse({ error: 'Unauthorized' }, 401));
    await expect(checkAuth()).rejects.toMatchObject({ status: 401 });
    // Signed out by the client; no navigation is attempted by an unmounted router.
    expect(authStore.getState().token).toBeNull();
  });
});
