import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, within } from 'shared-contracts/testing/render';
import pages from '../exposes/routes';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../testing/helpers';
import { FakeTicketApi, makeTickets } from '../testing/ticketBackend';

async function visit(path: keyof typeof pages) {
  const Page = pages[path];
  await act(async () => {
    render(
      <Suspense>
        <Routes>
          <Route path={path} element={<Page />} />
          <Route path="/add-ticket" element={<p>The submit form</p>} />
        </Routes>
      </Suspense>,
      { route: path },
    );
  });
  return screen.findByRole('heading', { level: 1 });
}

const previewNotice = 'This screen is a preview with sample data. Nothing here is saved or sent.';

beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe('placeholder screens (docs/product.md#placeholder-screens: static sample data, marked as previews; /reports is real, see ReportsScreen.test)', () => {
  test('Profile Settings, led by the working Out of office section', async () => {
    answerRoutes({
      'GET /api/users/me/absence': () => json({ absence: null }),
      'GET /api/users/me/stand-ins': () => json({ users: [] }),
    });
    expect(await visit('/profile')).toHaveTextContent('Profile Settings');
    expect(await screen.findByText('You are not marked as away.')).toBeInTheDocument();
    expect(screen.getByText('Preview')).toBeInTheDocument();
    expect(screen.getByText(previewNotice)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveValue('Sample Office Bearer');
  });

  test('System Settings: site name, the notifications switch, theme Light, Dark or System Default', async () => {
    expect(await visit('/settings')).toHaveTextContent('System Settings');
    expect(screen.getByText(previewNotice)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Site name' })).toHaveValue('Help Desk');
    expect(screen.getByRole('switch', { name: /Email notifications/ })).toBeChecked();
    const theme = screen.getByRole('radiogroup', { name: 'Theme' });
    expect(
      within(theme)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['light', 'dark', 'system']);
    expect(within(theme).getByRole('radio', { name: 'System Default' })).toBeInTheDocument();
    await userEvent.setup().click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(within(theme).getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  test('My Documents', async () => {
    expect(await visit('/documents')).toHaveTextContent('My Documents');
    expect(screen.getByText(previewNotice)).toBeInTheDocument();
    expect(screen.getByText('Committee-minutes-October.pdf')).toBeInTheDocument();
  });

  test.each(['/help-desk', '/concierge-desk', '/rent-buy-desk', '/referral-desk'] as const)(
    '%s is a heading only',
    async (path) => {
      const heading = await visit(path);
      expect(heading.textContent).toMatch(/^(Help Desk|Concierge Desk|Rent \/ Buy Desk|Referral Desk)$/);
    },
  );
});

describe('/all-tickets and /ticket (the same list screen)', () => {
  test.each(['/all-tickets', '/ticket'] as const)(
    '%s: the live list, Add new + and the sample cards',
    async (path) => {
      signInAs('admin');
      installFakeApi(new FakeTicketApi(makeTickets(12)));
      expect(await visit(path)).toHaveTextContent('All Tickets');
      expect(await screen.findByText('Showing 1 to 10 of 12 entries')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Admin Ticket Management' })).toBeInTheDocument();
      const samples = screen.getByRole('region', { name: 'Sample tickets' });
      expect(within(samples).getByText('Preview')).toBeInTheDocument();
      expect(within(samples).getByText('SAMPLE-101')).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole('link', { name: 'Add new +' }));
      expect(await screen.findByText('The submit form')).toBeInTheDocument();
    },
  );
});
