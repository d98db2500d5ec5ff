import type { PublicProject, Ticket } from 'shared-contracts';
import { http, json, server } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { clearToasts, installFakeApi, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { LocationProbe } from '../../../testing/LocationProbe';
import { FakeTicketApi, makeTickets } from '../../../testing/ticketBackend';
import { TicketListPanel } from './TicketListPanel';

const SKYLINE: PublicProject = {
  id: 3,
  reraNumber: 'P52100012345',
  name: 'Skyline Heights',
  promoter: 'Deccan Builders',
  city: 'Pune',
};
const RIVERSIDE: PublicProject = {
  id: 4,
  reraNumber: 'P52100067890',
  name: 'Riverside Towers',
  promoter: 'Deccan Builders',
  city: 'Pune',
};
const asTicketProject = ({ id, reraNumber, name }: PublicProject) => ({ id, reraNumber, name });

/** 12 Pune tickets: 1–3 about Skyline Heights, 4 about Riverside Towers, the rest about none. */
function tickets(): Ticket[] {
  return makeTickets(12).map((ticket, index) => ({
    ...ticket,
    id: index + 1,
    title: `Complaint ${index + 1}`,
    city: 'Pune',
    cityData: { name: 'Pune' },
    project: index < 3 ? asTicketProject(SKYLINE) : index === 3 ? asTicketProject(RIVERSIDE) : null,
  }));
}

/** The fake api with the tickets, and the project calls answered from the two projects above. */
function serve() {
  const api = installFakeApi(new FakeTicketApi(tickets()));
  const searches: string[] = [];
  server.use(
    http.get('*/api/projects', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      searches.push(q);
      const needle = q.toLowerCase();
      return json({
        projects: [SKYLINE, RIVERSIDE].filter(
          (project) =>
            project.name.toLowerCase().includes(needle) ||
            project.reraNumber.toLowerCase().startsWith(needle),
        ),
      });
    }),
    http.get('*/api/projects/:id', ({ params }) => {
      const project = [SKYLINE, RIVERSIDE].find((row) => row.id === Number(params.id));
      return project
        ? json({
            project: { ...project, cityId: 1, district: 'Pune' },
            counts: { total: 0, pending: 0, 'in-review': 0, approved: 0, resolved: 0, rejected: 0 },
            open: 0,
            overdue: 0,
            oldestOpen: null,
          })
        : json({ error: 'Project not found' }, 404);
    }),
  );
  return { api, searches };
}

async function renderPanel(route = '/dashboard') {
  await act(async () => {
    render(
      <>
        <TicketListPanel cityOptions={['Pune']} />
        <LocationProbe />
      </>,
      { route },
    );
  });
  await screen.findByText(/^Showing [\d,]+ to [\d,]+ of [\d,]+ entries$/);
}

const shownIds = () =>
  within(screen.getByRole('table', { name: 'Tickets' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeEach(() => {
  layOutElements();
  signInAs('admin');
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe("the list's project filter and RERA search (ADR 0055)", () => {
  test('a project found by its name in the picker filters the list through the api, and is kept in the address', async () => {
    const { api, searches } = serve();
    await renderPanel();
    const picker = screen.getByRole('combobox', { name: 'Filter by project' });
    const user = userEvent.setup();
    await user.click(picker);
    expect(
      await screen.findByText('Type at least 2 characters of a project name or RERA number'),
    ).toBeVisible();
    await user.type(picker, 'skyline');
    await user.click(await screen.findByRole('option', { name: 'Skyline Heights (P52100012345)' }));
    await waitFor(() => expect(shownIds().sort()).toEqual(['CREDAI-1', 'CREDAI-2', 'CREDAI-3'].sort()));
    expect(api.listCalls().at(-1)?.query).toMatchObject({ projectId: '3', page: '1' });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard?project=3');
    expect(searches).toContain('skyline');
    expect(searches.every((q) => q.length >= 2)).toBe(true);
  });

  test('the picker finds a project by the start of its RERA number; All projects lists every ticket again', async () => {
    serve();
    await renderPanel();
    const user = userEvent.setup();
    const picker = screen.getByRole('combobox', { name: 'Filter by project' });
    await user.type(picker, 'P5210006');
    const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Riverside Towers (P52100067890)']);
    await user.click(options[0] as HTMLElement);
    await waitFor(() => expect(shownIds()).toEqual(['CREDAI-4']));
    await user.click(picker);
    await user.click(
      await within(await screen.findByRole('listbox')).findByRole('option', { name: 'All projects' }),
    );
    await waitFor(() => expect(shownIds()).toHaveLength(10));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  test('a link to the filtered list names the project in the picker (looked up by id) and lists its tickets', async () => {
    const { api } = serve();
    await renderPanel('/dashboard?project=3');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Filter by project' })).toHaveValue(
        'Skyline Heights (P52100012345)',
      ),
    );
    expect(shownIds().sort()).toEqual(['CREDAI-1', 'CREDAI-2', 'CREDAI-3'].sort());
    expect(api.listCalls().every((call) => call.query.projectId === '3')).toBe(true);
  });

  test('the picker says when no project matches', async () => {
    serve();
    await renderPanel();
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox', { name: 'Filter by project' }), 'nowhere');
    expect(await screen.findByText('No project found.')).toBeVisible();
  });

  test("a search by a project's RERA number (any case, spaces) finds that project's tickets", async () => {
    const { api } = serve();
    await renderPanel();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or title' }), ' p52100012345');
    await waitFor(() => expect(shownIds().sort()).toEqual(['CREDAI-1', 'CREDAI-2', 'CREDAI-3'].sort()));
    expect(api.listCalls().at(-1)?.query.q).toBe('p52100012345');
  });
});
