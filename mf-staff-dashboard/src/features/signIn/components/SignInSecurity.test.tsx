import { Navigate, Route, Routes } from 'react-router-dom';
import { MFA_ENROLMENT_STATE, type StaffSession } from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../../../testing/helpers';
import { SignInSecurity } from './SignInSecurity';

const AT = '2026-11-28T10:00:00.000Z';
const session = (id: number, device: string, current: boolean): StaffSession => ({
  id,
  device,
  address: '203.0.113.7',
  createdAt: AT,
  lastUsedAt: AT,
  expiresAt: AT,
  current,
});

function fakeApi() {
  let sessions = [session(1, 'Laptop browser', true), session(2, 'Phone browser', false)];
  let enrolled = false;
  const routes = answerRoutes({
    'GET /api/auth/sessions': () => json({ sessions }),
    'DELETE /api/auth/sessions/2': () => {
      sessions = sessions.filter((one) => one.id !== 2);
      return json({ ok: true });
    },
    'GET /api/auth/mfa': () => json({ enrolled, required: true, recoveryCodesLeft: enrolled ? 10 : 0 }),
    'POST /api/auth/mfa/enroll': () =>
      json({
        otpauthUrl: 'otpauth://totp/Help%20Desk:a?secret=JBSWY3DPEHPK3PXP',
        secret: 'JBSWY3DPEHPK3PXP',
      }),
    'POST /api/auth/mfa/confirm': async (request: Request) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '123456')
        return json({ error: 'The code is wrong or was already used', details: [] }, 401);
      enrolled = true;
      return json({ recoveryCodes: Array.from({ length: 10 }, (_, n) => `abcde-fgh${n}k`) });
    },
  });
  return routes;
}

async function renderSection() {
  await act(async () => {
    render(<SignInSecurity />);
  });
  return screen.findByRole('region', { name: 'Sign-in and sessions' });
}

beforeEach(() => signInAs('admin'));
afterEach(() => signOut());

test('sets up two-step sign-in with the QR code and secret, then shows the recovery codes once', async () => {
  fakeApi();
  const region = await renderSection();
  expect(
    await within(region).findByText('Your role must use two-step sign-in: set it up now.'),
  ).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(within(region).getByRole('button', { name: 'Set up two-step sign-in' }));
  expect(
    await within(region).findByRole('img', { name: 'QR code for your authenticator app' }),
  ).toBeInTheDocument();
  expect(within(region).getByTestId('mfa-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
  await user.type(within(region).getByLabelText(/^Code from the app/), '000000');
  await user.click(within(region).getByRole('button', { name: 'Confirm' }));
  expect(await within(region).findByText('The code is wrong or was already used')).toBeInTheDocument();
  await user.clear(within(region).getByLabelText(/^Code from the app/));
  await user.type(within(region).getByLabelText(/^Code from the app/), '123456');
  await user.click(within(region).getByRole('button', { name: 'Confirm' }));
  const codes = await within(region).findByRole('list', { name: 'Recovery codes' });
  expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
  expect(
    within(region).queryByRole('img', { name: 'QR code for your authenticator app' }),
  ).not.toBeInTheDocument();
});

test('lists where I am signed in and ends another session', async () => {
  const api = fakeApi();
  const region = await renderSection();
  const list = await within(region).findByRole('list', { name: 'Where you are signed in' });
  expect(within(list).getByText('This session')).toBeInTheDocument();
  expect(
    within(list).queryByRole('button', { name: 'End the session on Laptop browser' }),
  ).not.toBeInTheDocument();
  await userEvent.click(within(list).getByRole('button', { name: 'End the session on Phone browser' }));
  await waitFor(() => expect(within(list).queryByText('Phone browser')).not.toBeInTheDocument());
  expect(api.paths()).toContain('DELETE /api/auth/sessions/2');
});

describe('a sign-in sent here to set up two-step sign-in first (ADR 0054)', () => {
  /** The sign-in screen's navigation: to /profile with the enrolment state. */
  async function arriveFromSignIn() {
    await act(async () => {
      render(
        <Routes>
          <Route path="/" element={<Navigate to="/profile" replace state={MFA_ENROLMENT_STATE} />} />
          <Route path="/profile" element={<SignInSecurity />} />
        </Routes>,
      );
    });
    return screen.findByRole('region', { name: 'Sign-in and sessions' });
  }

  test('says why, and stops saying it once two-step sign-in is on', async () => {
    fakeApi();
    const region = await arriveFromSignIn();
    const why = await within(region).findByRole('alert', { name: 'Set up two-step sign-in first' });
    expect(why).toHaveTextContent('you were brought here instead of your usual start page');
    const user = userEvent.setup();
    await user.click(within(region).getByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(await within(region).findByLabelText(/^Code from the app/), '123456');
    await user.click(within(region).getByRole('button', { name: 'Confirm' }));
    await within(region).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(region).queryByRole('alert', { name: 'Set up two-step sign-in first' }),
    ).not.toBeInTheDocument();
  });

  test('opened from the menu, the section does not say it', async () => {
    fakeApi();
    const region = await renderSection();
    await within(region).findByText('Your role must use two-step sign-in: set it up now.');
    expect(within(region).queryByText('Set up two-step sign-in first')).not.toBeInTheDocument();
  });
});
