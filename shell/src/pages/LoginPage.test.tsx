import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { authStore, clearEnrolmentDue, sentToEnrol, startSignIn } from 'shared-contracts';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { answerFetch, jsonResponse, LocationProbe, signInAs, signOut } from '../testing/helpers';
import { HomePage } from './HomePage';

function renderHome(route = '/') {
  return render(
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { route },
  );
}

const emailField = () => screen.getByLabelText(/^Email/);
const passwordField = () => screen.getByLabelText(/^Password/);
const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

async function signInWith(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (email) await user.type(emailField(), email);
  if (password) await user.type(passwordField(), password);
  await user.click(signInButton());
  return user;
}

const loginAnswer = (role: string) => ({
  user: { id: 3, fullName: 'Test Person', email: 'person@helpdesk.demo', role },
  token: 'signed-token',
});

beforeEach(() => {
  signOut();
  localStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
  signOut();
});

describe('the login screen (docs/product.md#overview, docs/product.md#login-screen)', () => {
  test('shows the welcome text, two logos, the fields, Sign In and Need help?', () => {
    renderHome();
    expect(
      screen.getByText(
        'Welcome to the Help Desk administration portal. Please sign in with your credentials to access the system.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Help Desk logo' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Real-estate developers' association logo" })).toBeInTheDocument();
    expect(signInButton()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Need help?' })).toHaveAttribute('href', '/add-ticket');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('email is required and of email type; password is required', () => {
    renderHome();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).toBeRequired();
    expect(passwordField()).toBeRequired();
  });

  test.each([
    ['both empty', '', ''],
    ['no password', 'admin@helpdesk.demo', ''],
    ['no email', '', 'Demo@12345'],
    ['an email without @', 'admin.helpdesk.demo', 'Demo@12345'],
  ])('%s: the browser refuses the form and nothing is sent', async (_case, email, password) => {
    const requests = answerFetch(() => jsonResponse(loginAnswer('admin')));
    const { container } = renderHome();
    await signInWith(email, password);
    expect(requests).toHaveLength(0);
    expect(container.querySelector('form')).toBeInvalid();
    expect(signInButton()).toBeEnabled();
  });

  test('the password has a show/hide toggle', async () => {
    renderHome();
    const user = userEvent.setup({ delay: null });
    await user.type(passwordField(), 'Demo@12345');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  test("reads 'Signing In...' and is disabled while busy, and sends email and password", async () => {
    let answer: (response: Response) => void = () => {};
    const requests = answerFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderHome();
    await signInWith('admin@helpdesk.demo', 'Demo@12345');

    const busy = screen.getByRole('button', { name: 'Signing In...' });
    expect(busy).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/auth/login');
    expect(request.method).toBe('POST');
    expect(await request.json()).toEqual({ email: 'admin@helpdesk.demo', password: 'Demo@12345' });

    await act(async () => answer(jsonResponse(loginAnswer('admin'))));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });
});

describe('after sign-in (docs/product.md#after-sign-in): token and user stored, landing route by role', () => {
  test.each([
    ['admin', '/dashboard'],
    ['credaipresident', '/dashboard'],
    ['citypresident', '/dashboard'],
    ['governor', '/dashboard'],
    ['observer', '/dashboard'],
    ['convenor', '/dashboard'],
    ['customer', '/add-ticket'],
    ['CityPresident', '/dashboard'],
  ])('%s lands on %s', async (role, landing) => {
    answerFetch(() => jsonResponse(loginAnswer(role)));
    renderHome();
    await signInWith('person@helpdesk.demo', 'Demo@12345');

    expect(await screen.findByTestId('location')).toHaveTextContent(landing);
    expect(localStorage.getItem('token')).toBe('signed-token');
    expect(JSON.parse(localStorage.getItem('user') as string)).toEqual({
      id: 3,
      name: 'Test Person',
      email: 'person@helpdesk.demo',
      role: role.toLowerCase(),
      city: null,
    });
    expect(authStore.getState().user?.name).toBe('Test Person');
  });

  test.each([
    ['admin', '/dashboard'],
    ['credaipresident', '/dashboard'],
    ['citypresident', '/dashboard'],
    ['governor', '/dashboard'],
    ['observer', '/dashboard'],
    ['convenor', '/dashboard'],
    ['customer', '/add-ticket'],
    ['wizard', '/dashboard'],
  ])('a signed-in %s opening / goes to %s', (role, landing) => {
    signInAs(role);
    renderHome('/');
    expect(screen.getByTestId('location')).toHaveTextContent(landing);
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

describe('errors in a red banner (docs/product.md#validation, docs/product.md#errors)', () => {
  const banner = async () => {
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('style')).toContain('--mantine-color-red');
    return alert;
  };

  test.each<[string, () => Response, string]>([
    [
      "the server's message",
      () => jsonResponse({ error: 'Invalid email or password' }, 401),
      'Invalid email or password',
    ],
    [
      'another server message',
      () => jsonResponse({ error: 'Too many attempts. Try again in a minute.' }, 429),
      'Too many attempts. Try again in a minute.',
    ],
    [
      'a failure without a message falls back',
      () => new Response('', { status: 401 }),
      'Invalid email or password',
    ],
    [
      'an error body without the error field falls back',
      () => jsonResponse({ message: 'nope' }, 400),
      'Invalid email or password',
    ],
    [
      'an answer without a token',
      () => jsonResponse({ user: loginAnswer('admin').user }),
      'Invalid response from server',
    ],
    [
      'an answer without a user',
      () => jsonResponse({ token: 'signed-token' }),
      'Invalid response from server',
    ],
    ['an empty answer', () => jsonResponse({}), 'Invalid response from server'],
  ])('%s', async (_case, answer, text) => {
    answerFetch(answer);
    renderHome();
    await signInWith('admin@helpdesk.demo', 'wrong-password');

    expect(await banner()).toHaveTextContent(text);
    expect(signInButton()).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
    expect(authStore.getState().user).toBeNull();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  test('no answer at all shows the connection message of the error helper', async () => {
    answerFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderHome();
    await signInWith('admin@helpdesk.demo', 'Demo@12345');
    expect(await banner()).toHaveTextContent(
      'No response from server. Please check your internet connection.',
    );
  });

  test('a new attempt clears the banner, and a success leaves', async () => {
    let failing = true;
    answerFetch(() =>
      failing
        ? jsonResponse({ error: 'Invalid email or password' }, 401)
        : jsonResponse(loginAnswer('admin')),
    );
    renderHome();
    const user = await signInWith('admin@helpdesk.demo', 'wrong');
    expect(await banner()).toHaveTextContent('Invalid email or password');

    failing = false;
    await user.clear(passwordField());
    await user.type(passwordField(), 'Demo@12345');
    await user.click(signInButton());
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(within(document.body).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the code step of a user with a second factor (ADR 0054)', () => {
  test('the password gets the code step, no token; the code signs in and leads on', async () => {
    const bodies: unknown[] = [];
    answerFetch(async (request: Request) => {
      bodies.push(await request.json());
      return new URL(request.url).pathname === '/api/auth/login'
        ? jsonResponse({ mfaRequired: true, challenge: 'the-challenge' })
        : jsonResponse(loginAnswer('admin'));
    });
    renderHome();
    const user = await signInWith('admin@helpdesk.demo', 'Demo@12345');
    const codeField = await screen.findByLabelText(/^Code from your authenticator app/);
    expect(authStore.getState().token).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await user.type(codeField, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(authStore.getState().token).toBe('signed-token'));
    expect(bodies[1]).toEqual({ challenge: 'the-challenge', code: '123456' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  test('a wrong code shows the api’s error and keeps the code step', async () => {
    answerFetch((request: Request) =>
      new URL(request.url).pathname === '/api/auth/login'
        ? jsonResponse({ mfaRequired: true, challenge: 'c' })
        : jsonResponse({ error: 'The code is wrong or was already used', details: [] }, 401),
    );
    renderHome();
    const user = await signInWith('admin@helpdesk.demo', 'Demo@12345');
    await user.type(await screen.findByLabelText(/^Code from your authenticator app/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is wrong or was already used');
    expect(screen.getByLabelText(/^Code from your authenticator app/)).toBeInTheDocument();
    expect(authStore.getState().token).toBeNull();
  });
});

/** The enrolment screen as far as a test needs it: where it is and whether it was told why. */
function EnrolmentProbe() {
  const { pathname, state } = useLocation();
  return (
    <output data-testid="enrolment">{`${pathname} ${sentToEnrol(state) ? 'to enrol' : 'as usual'}`}</output>
  );
}

/** Notes every other screen that mounts, however briefly. */
function Trail({ trail }: { trail: string[] }) {
  const { pathname } = useLocation();
  useEffect(() => {
    trail.push(pathname);
  }, [pathname, trail]);
  return null;
}

describe('a user whose role must use a second factor and has none yet (ADR 0054)', () => {
  afterEach(() => clearEnrolmentDue());

  test('lands on the enrolment screen (/profile), told why, instead of the landing route', async () => {
    answerFetch(() => jsonResponse({ ...loginAnswer('admin'), mfaEnrolmentRequired: true }));
    const trail: string[] = [];
    render(
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/profile" element={<EnrolmentProbe />} />
        <Route path="*" element={<Trail trail={trail} />} />
      </Routes>,
      { route: '/' },
    );
    await signInWith('admin@helpdesk.demo', 'Demo@12345');
    expect(await screen.findByTestId('enrolment')).toHaveTextContent('/profile to enrol');
    expect(authStore.getState().token).toBe('signed-token');
    // Straight there: the dashboard never opened on the way (its calls, a flash of it).
    expect(trail).toEqual([]);
  });

  test('/ itself sends such a sign-in to enrol (the stored token re-renders it before the login screen hears the answer)', async () => {
    answerFetch(() => jsonResponse({ ...loginAnswer('admin'), mfaEnrolmentRequired: true }));
    render(
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/profile" element={<EnrolmentProbe />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>,
      { route: '/' },
    );
    // The sign-in without the login screen's own navigation: what is left is the redirect of /.
    await act(async () => {
      await startSignIn({ email: 'admin@helpdesk.demo', password: 'Demo@12345' });
    });
    expect(await screen.findByTestId('enrolment')).toHaveTextContent('/profile to enrol');
  });

  test('a sign-in elsewhere (another tab) still leads the login screen on', async () => {
    renderHome();
    await act(async () => {
      authStore.getState().login(loginAnswer('admin'));
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });

  test('a staff screen asked for (a link from a staff email) still opens', async () => {
    answerFetch(() => jsonResponse({ ...loginAnswer('admin'), mfaEnrolmentRequired: true }));
    render(
      <Routes>
        <Route path="/start" element={<Navigate to="/" replace state={{ from: '/dashboard?ticket=42' }} />} />
        <Route path="/" element={<HomePage />} />
        <Route path="/profile" element={<EnrolmentProbe />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>,
      { route: '/start' },
    );
    await signInWith('admin@helpdesk.demo', 'Demo@12345');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
    expect(screen.queryByTestId('enrolment')).not.toBeInTheDocument();
  });

  test('without the flag, the same sign-in lands as usual', async () => {
    answerFetch(() => jsonResponse({ ...loginAnswer('admin'), mfaEnrolmentRequired: false }));
    renderHome();
    await signInWith('admin@helpdesk.demo', 'Demo@12345');
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard');
  });
});
