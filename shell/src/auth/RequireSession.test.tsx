import { Route, Routes } from 'react-router-dom';
import { authStore } from 'shared-contracts';
import { act, render, screen } from 'shared-contracts/testing/render';
import { LocationProbe, signInAs, signOut } from '../testing/helpers';
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
