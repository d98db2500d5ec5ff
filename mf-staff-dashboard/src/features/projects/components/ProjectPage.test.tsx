import { Route, Routes } from 'react-router-dom';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../../../testing/helpers';
import { LocationProbe } from '../../../testing/LocationProbe';
import ProjectPage from './ProjectPage';

const DETAIL = {
  project: {
    id: 3,
    reraNumber: 'P52100012345',
    name: 'Skyline Heights',
    promoter: 'Deccan Builders',
    cityId: 1,
    city: 'Pune',
    district: '',
  },
  counts: { total: 7, pending: 2, 'in-review': 1, approved: 1, resolved: 2, rejected: 1 },
  open: 4,
  overdue: 2,
  oldestOpen: {
    id: 41,
    title: 'Lift broken in tower B',
    status: 'pending',
    createdAt: '2026-01-05T06:30:00Z',
  },
};

async function renderPage(route: string) {
  await act(async () => {
    render(
      <>
        <Routes>
          <Route path="/projects/:id" element={<ProjectPage />} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </>,
      { route },
    );
  });
}

beforeEach(() => signInAs('citypresident', 'Pune'));
afterEach(() => signOut());

describe('the project page (/projects/:id, ADR 0055)', () => {
  test("the project's facts, its tickets by status, open, overdue and the oldest open one", async () => {
    const { paths } = answerRoutes({ 'GET /api/projects/3': json(DETAIL) });
    await renderPage('/projects/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Skyline Heights' })).toBeInTheDocument();
    expect(paths()).toEqual(['GET /api/projects/3']);
    const facts = screen
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`);
    expect(facts).toEqual(
      expect.arrayContaining([
        'RERA number: P52100012345',
        'Promoter: Deccan Builders',
        'City: Pune',
        'District: Not given',
        'Tickets: 7',
        'Open: 4',
        'Overdue: 2Show the overdue tickets',
      ]),
    );
    const table = screen.getByRole('table', { name: 'Tickets by status' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Pending2', 'In Review1', 'Approved1', 'Resolved2', 'Rejected1']);
    expect(screen.getByRole('link', { name: 'CREDAI-41' })).toHaveAttribute('href', '/dashboard?ticket=41');
    expect(screen.getByText(/Lift broken in tower B/)).toHaveTextContent(/submitted on .*2026/);
    expect(screen.getByRole('link', { name: 'Show the overdue tickets' })).toHaveAttribute(
      'href',
      '/dashboard?project=3&due=overdue',
    );
    await userEvent
      .setup()
      .click(screen.getByRole('link', { name: "Show the project's tickets in the list" }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?project=3');
  });

  test('no open ticket: says so, and offers no overdue link', async () => {
    answerRoutes({
      'GET /api/projects/3': json({
        ...DETAIL,
        counts: { ...DETAIL.counts, pending: 0, 'in-review': 0 },
        open: 0,
        overdue: 0,
        oldestOpen: null,
      }),
    });
    await renderPage('/projects/3');
    expect(await screen.findByText('No ticket about this project is open.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Show the overdue tickets' })).not.toBeInTheDocument();
  });

  test('a project the api does not know (404), and an address that names none, read as not found', async () => {
    answerRoutes({ 'GET /api/projects/9': json({ error: 'Project not found' }, 404) });
    await renderPage('/projects/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  test('an address with no project id asks nothing', async () => {
    const { paths } = answerRoutes({});
    await renderPage('/projects/abc');
    expect(screen.getByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(paths()).toEqual([]);
  });

  test('a failed load is shown with Retry, which asks again', async () => {
    let calls = 0;
    answerRoutes({
      'GET /api/projects/3': () => {
        calls += 1;
        return calls === 1 ? json({ error: 'Internal server error' }, 500) : json(DETAIL);
      },
    });
    await renderPage('/projects/3');
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent(/^The project could not be loaded:/);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Skyline Heights' })).toBeInTheDocument();
  });
});
