import { Route, Routes, useLocation } from 'react-router-dom';
import { authStore } from 'shared-contracts';
import { act, render, screen, userEvent } from 'shared-contracts/testing/render';
import { HomePage } from '../pages/HomePage';
import { answerFetch, jsonResponse, LocationProbe, signInAs, signOut } from '../testing/helpers';
import { RequireSession } from './RequireSession';

function renderGuarded(route = '/dashboard') {
  return render(
    <>
      <Routes>
        <Route path="/" element={<p>sign-in screen</p>} />
        <Route
          path="/dashboard"
          element={
            <RequireSession>
              <h1>Staff screen</h1>
            </RequireSession>
          }
        />
      </Routes>
      <LocationProbe />
    </>,
    { route },
  );
}

afterEach(() => {
  signOut();
  localStorage.clear();
});

test('without a session the visitor goes to /', () => {
  signOut();
  renderGuarded();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  expect(screen.getByText('sign-in screen')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Staff screen' })).not.toBeInTheDocument();
});

test('a token without a user is no session', () => {
  localStorage.setItem('token', 'orphan');
  authStore.setState({ token: 'orphan', user: null });
  renderGuarded();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
});

test('with a session the staff screen shows', () => {
  signInAs('convenor');
  renderGuarded();
  expect(screen.getByRole('heading', { name: 'Staff screen' })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
});

test('signing out while on the screen leaves it for /', () => {
  signInAs('admin');
  renderGuarded();
  act(() => authStore.getState().logout());
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  expect(screen.queryByRole('heading', { name: 'Staff screen' })).not.toBeInTheDocument();
});

function StaffScreen() {
  const { pathname, search } = useLocation();
  return <h1>{`Staff screen at ${pathname}${search}`}</h1>;
}

/** The shell's real sign-in route in front of a guarded staff route. */
function renderSignInFlow(route: string) {
  return render(
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route
        path="/dashboard"
        element={
          <RequireSession>
            <StaffScreen />
          </RequireSession>
        }
      />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}

test('a staff link with a query (from a staff email: /dashboard?ticket=42) leads back to it after signing in', async () => {
  signOut();
  const requests = answerFetch(() =>
    jsonResponse({
      user: {
        id: 3,
        fullName: 'Pune President',
        email: 'pune.president@helpdesk.demo',
        role: 'citypresident',
      },
      token: 'signed-token',
    }),
  );
  renderSignInFlow('/dashboard?ticket=42');
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^Email/), 'pune.president@helpdesk.demo');
  await user.type(screen.getByLabelText(/^Password/), 'Demo@12345');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  expect(
    await screen.findByRole('heading', { name: 'Staff screen at /dashboard?ticket=42' }),
  ).toBeInTheDocument();
  expect(requests).toHaveLength(1);
});

test('a member who signs in from a staff link lands on their own route, not the staff screen', async () => {
  signOut();
  renderSignInFlow('/dashboard?ticket=42');
  await act(async () => signInAs('customer'));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/add-ticket$/);
  expect(screen.queryByRole('heading', { name: /Staff screen/ })).not.toBeInTheDocument();
});
