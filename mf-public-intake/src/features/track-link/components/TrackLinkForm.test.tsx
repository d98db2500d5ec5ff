import { act, render, screen, userEvent } from 'shared-contracts/testing/render';
import '../../../i18n';
import { deferred, json, mockApi } from '../../../testing/api';
import { TrackLinkForm } from './TrackLinkForm';

const emailBox = () => screen.getByRole('textbox', { name: /^Email/ });

describe('/track: the link to my tickets by email (docs/architecture.md#conversation-and-notifications)', () => {
  test('asks for the email, sends it, and answers without saying whether it has tickets', async () => {
    const pending = deferred<Response>();
    const api = mockApi({ 'POST /api/members/links': () => pending.promise });
    render(<TrackLinkForm />, { route: '/track' });
    expect(screen.getByRole('heading', { level: 1, name: 'Find your tickets' })).toBeInTheDocument();
    expect(
      screen.getByText('Enter your email and we will send you the link to your tickets'),
    ).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.type(emailBox(), ' Ravi@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(api.requests).toHaveLength(1);
    expect(await api.requests[0]?.clone().json()).toEqual({ email: 'ravi@example.com' });
    await act(async () => pending.resolve(json({ ok: true }, 202)));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Check your inbox');
    expect(done).toHaveTextContent(
      'If ravi@example.com has tickets with us, the link to them is on its way. It can take a few minutes; look in your spam folder too.',
    );
    expect(screen.queryByRole('textbox', { name: /^Email/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit a New Ticket' })).toHaveAttribute('href', '/add-ticket');
  });

  test('an invalid address is refused before any call', async () => {
    const api = mockApi({ 'POST /api/members/links': json({ ok: true }, 202) });
    render(<TrackLinkForm />, { route: '/track' });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByText('Please provide a valid email address.')).toBeInTheDocument();
    await user.type(emailBox(), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(screen.getByText('Please provide a valid email address.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  test("the api's refusal (too many requests) is shown and the address kept", async () => {
    mockApi({
      'POST /api/members/links': json(
        { error: 'Too many requests. Please try again later.', details: [] },
        429,
      ),
    });
    render(<TrackLinkForm />, { route: '/track' });
    const user = userEvent.setup({ delay: null });
    await user.type(emailBox(), 'ravi@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me the link' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The link could not be requested');
    expect(alert).toHaveTextContent('Too many requests. Please try again later.');
    expect(emailBox()).toHaveValue('ravi@example.com');
  });
});
