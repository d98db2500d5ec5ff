import { Route, Routes } from 'react-router-dom';
import type { AdminUser, City, Committee } from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../testing/helpers';
import ChaptersPage from './ChaptersPage';

jest.setTimeout(30_000);

const CITIES = 'GET /api/cities/getAllCities';
const COMMITTEES = 'GET /api/committees/getAllCommittees';
const CONVENORS = 'GET /api/admin/users/filter';

const LEGAL: Committee = { id: 1, name: 'Legal' };
const RERA: Committee = { id: 2, name: 'RERA' };

function convenor(id: number, fullName: string, isActive = true): AdminUser {
  return {
    id,
    fullName,
    email: `c${id}@example.com`,
    mobile: '9800000000',
    city: 'Pune',
    committee: null,
    role: 'convenor',
    isActive,
  };
}

/** A small fake of the cities calls: what the page posts changes what the lists answer next. */
function fakeChapters() {
  const cities: City[] = [{ id: 10, name: 'Pune', convenorId: null }];
  const cityCommittees = new Map<number, Committee[]>([[10, [LEGAL]]]);
  const routes = answerRoutes({
    [CITIES]: () => json({ cities }),
    [COMMITTEES]: (request: Request) => {
      const cityId = new URL(request.url).searchParams.get('cityId');
      return json({ committees: cityId ? (cityCommittees.get(Number(cityId)) ?? []) : [LEGAL, RERA] });
    },
    [CONVENORS]: (request: Request) => {
      const url = new URL(request.url);
      const inPune = url.searchParams.get('city') === 'Pune' && url.searchParams.get('role') === 'convenor';
      return json({ users: inPune ? [convenor(7, 'Asha Kulkarni'), convenor(8, 'Gone Away', false)] : [] });
    },
    'POST /api/cities': async (request: Request) => {
      const { name } = (await request.json()) as { name: string };
      if (cities.some((city) => city.name.toLowerCase() === name.toLowerCase())) {
        return json({ error: 'City already exists', details: ['name'] }, 409);
      }
      const city = { id: 11, name, convenorId: null };
      cities.push(city);
      return json({ city }, 201);
    },
    'POST /api/cities/committee/10/assign': async (request: Request) => {
      const { committeeId } = (await request.json()) as { committeeId: number };
      cityCommittees.set(
        10,
        [LEGAL, RERA].filter((c) => c.id === committeeId || c.id === LEGAL.id),
      );
      return json({ cityId: 10, committeeId });
    },
    'PUT /api/cities/10/convenor': async (request: Request) => {
      const { convenorId } = (await request.json()) as { convenorId: number };
      cities[0] = { ...cities[0], convenorId } as City;
      return json({ city: cities[0] });
    },
  });
  return routes;
}

async function renderPage() {
  await act(async () => {
    render(
      <Routes>
        <Route path="/chapters" element={<ChaptersPage />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>,
      { route: '/chapters' },
    );
  });
}

afterEach(() => signOut());

test('an admin sees each city with its committees and convenor, and adds a city', async () => {
  signInAs('admin');
  const { requests } = fakeChapters();
  await renderPage();

  expect(screen.getByRole('heading', { level: 1, name: 'Chapters' })).toBeInTheDocument();
  const pune = await screen.findByRole('listitem', { name: 'Pune' });
  await waitFor(() => expect(within(pune).getByText('Legal')).toBeInTheDocument());
  expect(within(pune).getByText('Not chosen')).toBeInTheDocument();

  const user = userEvent.setup();
  // A blank name is refused before any call.
  await user.click(screen.getByRole('button', { name: 'Add city' }));
  expect(screen.getByRole('textbox', { name: 'City name' })).toHaveAttribute('aria-invalid', 'true');
  expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

  await user.type(screen.getByRole('textbox', { name: 'City name' }), '  Nashik ');
  await user.click(screen.getByRole('button', { name: 'Add city' }));
  expect(await screen.findByRole('status')).toHaveTextContent('City Nashik added.');
  // The list was invalidated and asked again: the new city is there.
  expect(await screen.findByRole('listitem', { name: 'Nashik' })).toBeInTheDocument();
  const post = requests.find((request) => request.method === 'POST');
  expect(await post?.clone().json()).toEqual({ name: 'Nashik' });
  expect(screen.getByRole('textbox', { name: 'City name' })).toHaveValue('');
});

test('a refused new city (a duplicate) shows the api reason and keeps what was typed', async () => {
  signInAs('admin');
  fakeChapters();
  await renderPage();
  await screen.findByRole('listitem', { name: 'Pune' });
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'City name' }), 'pune');
  await user.click(screen.getByRole('button', { name: 'Add city' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('City already exists');
  expect(screen.getByRole('textbox', { name: 'City name' })).toHaveValue('pune');
});

test('an admin gives a city a committee and chooses its convenor among its active convenors', async () => {
  signInAs('admin');
  const { paths } = fakeChapters();
  await renderPage();
  const pune = await screen.findByRole('listitem', { name: 'Pune' });
  const user = userEvent.setup();

  // Only the committees the city lacks are offered.
  const committee = within(pune).getByRole('combobox', { name: 'Committee to add to Pune' });
  expect(await within(committee).findByRole('option', { name: 'RERA' })).toBeInTheDocument();
  expect(within(committee).queryByRole('option', { name: 'Legal' })).not.toBeInTheDocument();
  await user.selectOptions(committee, 'RERA');
  await user.click(within(pune).getByRole('button', { name: 'Add committee' }));
  expect(await within(pune).findByRole('status')).toHaveTextContent('RERA added to Pune.');
  await waitFor(() => expect(within(pune).getByText('Legal, RERA')).toBeInTheDocument());
  expect(paths()).toContain('POST /api/cities/committee/10/assign');

  // An inactive convenor is not offered.
  const chosen = within(pune).getByRole('combobox', { name: 'Convenor of Pune' });
  expect(await within(chosen).findByRole('option', { name: 'Asha Kulkarni' })).toBeInTheDocument();
  expect(within(chosen).queryByRole('option', { name: 'Gone Away' })).not.toBeInTheDocument();
  await user.selectOptions(chosen, 'Asha Kulkarni');
  await user.click(within(pune).getByRole('button', { name: 'Save convenor' }));
  expect(await within(pune).findByRole('status')).toHaveTextContent(
    'Asha Kulkarni is now the convenor of Pune.',
  );
  expect(paths()).toContain('PUT /api/cities/10/convenor');
  await waitFor(() => expect(within(pune).queryByText('Not chosen')).not.toBeInTheDocument());
  expect(within(pune).getByText(/^Convenor:/).parentElement).toHaveTextContent('Convenor: Asha Kulkarni');
});

test('anyone but an admin gets the not-allowed state and no chapter is asked for', async () => {
  signInAs('citypresident', 'Pune');
  const { paths } = fakeChapters();
  await renderPage();
  expect(screen.getByText(/Only an admin may manage chapters/)).toBeInTheDocument();
  expect(paths()).not.toContain(CITIES);
});
