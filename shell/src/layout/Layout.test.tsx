import { Route, Routes } from 'react-router-dom';
import { authStore } from 'shared-contracts';
import { HttpResponse, http, server } from 'shared-contracts/testing/network';
import { act, fireEvent, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { DEMO_NAMES, LocationProbe, setScreen, signInAs, signOut } from '../testing/helpers';
import { Layout } from './Layout';

/** The sign-outs the api was asked for, by the token they end (ADR 0053). */
function serverSignOuts(): string[] {
  const ended: string[] = [];
  server.use(
    http.post('*/api/auth/logout', ({ request }) => {
      ended.push(request.headers.get('authorization') ?? '');
      return HttpResponse.json({ ok: true });
    }),
  );
  return ended;
}

function renderAt(route: string) {
  return render(
    <Routes>
      <Route element={<Layout />}>
        <Route
          path="*"
          element={
            <>
              <p>page body</p>
              <LocationProbe />
            </>
          }
        />
      </Route>
    </Routes>,
    { route },
  );
}

const here = () => screen.getByTestId('location').textContent;
const sidebar = () => screen.getByRole('navigation', { name: 'Main menu' });
const burger = () => screen.getByRole('button', { name: 'Toggle sidebar' });
/** The sidebar's entries as "label → where it leads" (Logout is a button: it signs out first). */
const menuOf = () =>
  [...within(sidebar()).queryAllByRole('link'), ...within(sidebar()).queryAllByRole('button')]
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((entry) => `${entry.textContent} → ${entry.getAttribute('href') ?? 'button'}`);

beforeEach(() => signInAs('admin'));
afterEach(() => signOut());

describe('header and sidebar are hidden on the public routes (docs/product.md#layout)', () => {
  test.each(['/add-ticket', '/ticket-detail/12', '/ticket-detail', '/tickets/7', '/tickets'])(
    '%s',
    (route) => {
      renderAt(route);
      expect(screen.getByText('page body')).toBeInTheDocument();
      expect(screen.getByRole('main')).toContainElement(screen.getByText('page body'));
      expect(screen.queryByRole('banner')).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    },
  );

  test('and whenever nobody is signed in (the sign-in screen)', () => {
    signOut();
    renderAt('/');
    expect(screen.getByText('page body')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  test.each(['/dashboard', '/users', '/add-ticket/extra', '/ticket', '/all-tickets'])(
    'but shown on %s',
    (route) => {
      renderAt(route);
      expect(screen.getByRole('banner')).toBeInTheDocument();
      expect(sidebar()).toBeInTheDocument();
    },
  );
});

describe('header (docs/product.md#layout)', () => {
  test('has the sidebar toggle, the logo and the user name', () => {
    renderAt('/dashboard');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('button', { name: 'Toggle sidebar' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: 'Help Desk' })).toHaveAttribute('href', '/dashboard');
    expect(within(header).getByRole('button', { name: 'Asha Admin' })).toBeInTheDocument();
  });

  test('the user-name dropdown has Logout: back to / with the store cleared, the session ended on the server', async () => {
    const ended = serverSignOuts();
    renderAt('/users');
    const token = authStore.getState().token;
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Asha Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(here()).toBe('/');
    expect(authStore.getState()).toMatchObject({ token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    await waitFor(() => expect(ended).toEqual([`Bearer ${token}`]));
  });

  test('the user-name dropdown leads staff to Out of office on their profile', async () => {
    renderAt('/dashboard');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Asha Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Out of office' }));
    expect(here()).toBe('/profile');
  });

  test('changes its style past 70 px of scrolling', () => {
    renderAt('/dashboard');
    const header = screen.getByRole('banner');
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        fireEvent.scroll(window);
      });
    expect(header).not.toHaveAttribute('data-scrolled');
    scrollTo(70);
    expect(header).not.toHaveAttribute('data-scrolled');
    scrollTo(71);
    expect(header).toHaveAttribute('data-scrolled');
    expect(header.style.boxShadow).toBe('var(--mantine-shadow-md)');
    scrollTo(0);
    expect(header).not.toHaveAttribute('data-scrolled');
    expect(header.style.boxShadow).toBe('none');
  });
});

describe('sidebar menu by role (docs/product.md#layout)', () => {
  const ADMIN_MENU = [
    'Dashboard → /dashboard',
    'Reports → /reports',
    'File a complaint → /file-complaint',
    'Canned answers → /canned-responses',
    'Users → /activity',
    'Failed messages → /messages',
    'Chapters → /chapters',
    'Integrations → /integrations',
    'Personal data → /privacy',
    'Logout → button',
  ];
  const DASHBOARD_MENU = ['Dashboard → /dashboard', 'Reports → /reports', 'Logout → button'];
  const FORM_MENU = ['Dashboard → /add-ticket', 'Logout → button'];
  // The desk tools (ADR 0065, ADR 0066): a city president files complaints and keeps canned answers, a convenor files.
  const PRESIDENT_MENU = [
    'Dashboard → /dashboard',
    'Reports → /reports',
    'File a complaint → /file-complaint',
    'Canned answers → /canned-responses',
    'Logout → button',
  ];
  const CONVENOR_MENU = [
    'Dashboard → /dashboard',
    'Reports → /reports',
    'File a complaint → /file-complaint',
    'Logout → button',
  ];

  test.each([
    ['admin', ADMIN_MENU],
    ['credaipresident', DASHBOARD_MENU],
    ['citypresident', PRESIDENT_MENU],
    ['convenor', CONVENOR_MENU],
    ['governor', FORM_MENU],
    ['observer', FORM_MENU],
    ['wizard', ADMIN_MENU],
    ['Convenor', CONVENOR_MENU],
  ])('%s', (role, menu) => {
    signInAs(role);
    renderAt('/dashboard');
    expect(menuOf()).toEqual(menu);
    expect(screen.getByRole('button', { name: DEMO_NAMES[role] ?? 'Someone Else' })).toBeInTheDocument();
  });

  test('marks the current page', () => {
    renderAt('/activity');
    expect(within(sidebar()).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar()).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  test('Logout in the sidebar signs out and goes to /', async () => {
    const ended = serverSignOuts();
    renderAt('/dashboard');
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Logout' }));
    expect(here()).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(ended).toHaveLength(1));
  });
});

describe('on a wide screen (992 px and more)', () => {
  test('the sidebar is open, stays open after navigation, and the toggle collapses it', async () => {
    renderAt('/activity');
    const user = userEvent.setup();
    expect(burger()).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar()).not.toHaveAttribute('inert');

    await user.click(within(sidebar()).getByRole('link', { name: 'Dashboard' }));
    expect(here()).toBe('/dashboard');
    expect(burger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();

    await user.click(burger());
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveAttribute('inert');
  });
});

describe('on a narrow screen (under 992 px)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = setScreen(true);
  });
  afterEach(() => restore());

  test('the sidebar starts closed and out of reach', () => {
    renderAt('/dashboard');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveAttribute('inert');
    expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();
  });

  test('it closes after navigation', async () => {
    renderAt('/dashboard');
    const user = userEvent.setup();
    await user.click(burger());
    expect(burger()).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar()).not.toHaveAttribute('inert');

    await user.click(within(sidebar()).getByRole('link', { name: 'Users' }));
    expect(here()).toBe('/activity');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar()).toHaveAttribute('inert');
  });

  test('it closes when the entry of the current page is followed', async () => {
    renderAt('/dashboard');
    const user = userEvent.setup();
    await user.click(burger());
    await user.click(within(sidebar()).getByRole('link', { name: 'Dashboard' }));
    expect(here()).toBe('/dashboard');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
  });

  test('a tap on the overlay closes it, and so does Escape', async () => {
    renderAt('/dashboard');
    const user = userEvent.setup();
    await user.click(burger());
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Close menu' })).not.toBeInTheDocument();

    await user.click(burger());
    await user.keyboard('{Escape}');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(here()).toBe('/dashboard');
  });
});
