import { Route, Routes } from 'react-router-dom';
import { authStore } from 'shared-contracts';
import { render, screen } from 'shared-contracts/testing/render';
import { Layout } from './Layout';

function renderAt(route: string) {
  return render(
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<p>page body</p>} />
      </Route>
    </Routes>,
    { route },
  );
}

beforeEach(() => {
  authStore
    .getState()
    .signIn('token', { id: 1, name: 'Asha Admin', email: 'admin@helpdesk.demo', role: 'admin' });
});
afterEach(() => authStore.getState().signOut());

test.each(['/add-ticket', '/ticket-detail/12', '/tickets/7'])(
  'the header is hidden on the public route %s',
  (route) => {
    renderAt(route);
    expect(screen.getByText('page body')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  },
);

test.each(['/dashboard', '/users'])('the header shows the signed-in user on %s', (route) => {
  renderAt(route);
  expect(screen.getByRole('banner')).toHaveTextContent('Asha Admin');
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
});
