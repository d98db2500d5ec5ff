import { Route, Routes } from 'react-router-dom';
import {
  type AdminUser,
  type ChapterCalendar,
  type City,
  type Committee,
  DEFAULT_CALENDAR,
  type SlaOverrides,
  type SlaSettings,
} from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import { signInAs, signOut } from '../testing/helpers';
import ChaptersPage from './ChaptersPage';

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
  const time = {
    defaults: {
      reviewHours: 16,
      resolutionHours: 80,
      approvalHours: 16,
      maxExtensions: 2,
      maxExtraDays: 21,
      ratingWindowDays: 7,
      reopenWindowDays: 5,
    } as SlaSettings,
    overrides: { reviewHours: 8, reopenWindowDays: 3 } as SlaOverrides,
    calendar: {
      ...DEFAULT_CALENDAR,
      holidays: [{ date: '2026-12-25', name: 'Christmas' }],
    } as ChapterCalendar,
  };
  const chapterSla = () => ({
    cityId: 10,
    overrides: time.overrides,
    effective: Object.fromEntries(
      Object.entries(time.defaults).map(([key, value]) => [
        key,
        time.overrides[key as keyof SlaOverrides] ?? value,
      ]),
    ),
  });
  const routes = answerRoutes({
    // The register of projects under the chapters (ProjectRegister.test.tsx drives it).
    'GET /api/projects/register': () => json({ projects: [], total: 0 }),
    'GET /api/sla': () => json({ sla: time.defaults }),
    'PUT /api/sla': async (request: Request) => {
      time.defaults = (await request.json()) as SlaSettings;
      return json({ sla: time.defaults });
    },
    'GET /api/cities/10/calendar': () => json({ cityId: 10, calendar: time.calendar }),
    'PUT /api/cities/10/calendar': async (request: Request) => {
      time.calendar = (await request.json()) as ChapterCalendar;
      return json({ cityId: 10, calendar: time.calendar });
    },
    'GET /api/cities/10/sla': () => json(chapterSla()),
    'PUT /api/cities/10/sla': async (request: Request) => {
      time.overrides = (await request.json()) as SlaOverrides;
      return json(chapterSla());
    },
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
  return { ...routes, time };
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

test("an admin changes the association's SLA defaults; a bad value is refused before any call", async () => {
  signInAs('admin');
  const { requests, time } = fakeChapters();
  await renderPage();
  const section = await screen.findByRole('region', { name: 'SLA of the association' });
  const review = within(section).getByRole('textbox', { name: /City president’s review/ });
  await waitFor(() => expect(review).toHaveValue('16'));
  const user = userEvent.setup();

  await user.clear(review);
  await user.type(review, '0');
  await user.click(within(section).getByRole('button', { name: 'Save SLA defaults' }));
  expect(review).toHaveAccessibleDescription(/Enter a whole number of hours from 1 to 2920/);
  expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

  await user.clear(review);
  await user.type(review, '24');
  // The member's rating window is days, 1 to 90: 91 is refused, 10 is saved with the rest.
  const rating = within(section).getByRole('textbox', { name: /Member’s rating window/ });
  expect(rating).toHaveValue('7');
  expect(within(section).getByRole('textbox', { name: /Member’s reopening window/ })).toHaveValue('5');
  await user.clear(rating);
  await user.type(rating, '91');
  await user.click(within(section).getByRole('button', { name: 'Save SLA defaults' }));
  expect(rating).toHaveAccessibleDescription(/Enter a whole number of days from 1 to 90/);
  expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  await user.clear(rating);
  await user.type(rating, '10');
  await user.click(within(section).getByRole('button', { name: 'Save SLA defaults' }));
  expect(await within(section).findByRole('status')).toHaveTextContent('The association’s SLA is saved.');
  expect(time.defaults).toEqual({
    reviewHours: 24,
    resolutionHours: 80,
    approvalHours: 16,
    maxExtensions: 2,
    maxExtraDays: 21,
    ratingWindowDays: 10,
    reopenWindowDays: 5,
  });
});

test("an admin sets a chapter's working days, a holiday and its SLA override", async () => {
  signInAs('admin');
  const { time } = fakeChapters();
  await renderPage();
  const pune = await screen.findByRole('listitem', { name: 'Pune' });
  const user = userEvent.setup();
  await user.click(within(pune).getByRole('button', { name: 'Calendar and SLA of Pune' }));
  const dialog = await screen.findByRole('dialog', { name: 'Calendar and SLA of Pune' });

  // The calendar as the api holds it: Monday to Saturday, 10:00 to 18:00, one holiday.
  const saturday = await within(dialog).findByRole('checkbox', { name: 'Saturday' });
  expect(saturday).toBeChecked();
  expect(within(dialog).getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked();
  expect(within(dialog).getByLabelText('Working day starts')).toHaveValue('10:00');
  const holidays = within(dialog).getByRole('list', { name: 'Holidays' });
  expect(within(holidays).getAllByRole('listitem')).toHaveLength(1);

  // A holiday without a name is refused; with one it is listed, and saved with the calendar.
  await user.type(within(dialog).getByLabelText('Holiday date'), '2026-11-28');
  await user.click(within(dialog).getByRole('button', { name: 'Add holiday' }));
  expect(within(dialog).getByRole('textbox', { name: 'Holiday name' })).toHaveAccessibleDescription(
    'Holiday name is required',
  );
  await user.type(within(dialog).getByRole('textbox', { name: 'Holiday name' }), 'Chapter day');
  await user.click(within(dialog).getByRole('button', { name: 'Add holiday' }));
  expect(within(holidays).getAllByRole('listitem')).toHaveLength(2);
  await user.click(
    within(dialog).getByRole('button', { name: 'Remove the holiday Christmas on 2026-12-25' }),
  );
  await user.click(saturday);
  await user.click(within(dialog).getByRole('button', { name: 'Save calendar' }));
  expect(await within(dialog).findByText('The calendar of Pune is saved.')).toBeInTheDocument();
  expect(time.calendar).toEqual({
    workingDays: [1, 2, 3, 4, 5],
    workdayStart: '10:00',
    workdayEnd: '18:00',
    timeZone: 'Asia/Kolkata',
    holidays: [{ date: '2026-11-28', name: 'Chapter day' }],
  });

  // The chapter's SLA: its own review time, the rest following the defaults (shown as placeholders).
  const review = within(dialog).getByRole('textbox', { name: /City president’s review/ });
  expect(review).toHaveValue('8');
  const resolution = within(dialog).getByRole('textbox', { name: /Convenor’s resolution/ });
  expect(resolution).toHaveValue('');
  expect(resolution).toHaveAttribute('placeholder', 'Default: 80');
  await user.clear(review);
  await user.type(review, '4');
  await user.type(within(dialog).getByRole('textbox', { name: /Interim replies per stage/ }), '1');
  // The member's windows: the chapter's own reopening window kept, the rating window the default's.
  expect(within(dialog).getByRole('textbox', { name: /Member’s reopening window/ })).toHaveValue('3');
  expect(within(dialog).getByRole('textbox', { name: /Member’s rating window/ })).toHaveAttribute(
    'placeholder',
    'Default: 7',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Save chapter SLA' }));
  expect(await within(dialog).findByText('The SLA of Pune is saved.')).toBeInTheDocument();
  expect(time.overrides).toEqual({
    reviewHours: 4,
    resolutionHours: null,
    approvalHours: null,
    maxExtensions: 1,
    maxExtraDays: null,
    ratingWindowDays: null,
    reopenWindowDays: 3,
  });
});

test('a calendar with its day ending before it starts is refused before any call', async () => {
  signInAs('admin');
  const { requests } = fakeChapters();
  await renderPage();
  const pune = await screen.findByRole('listitem', { name: 'Pune' });
  const user = userEvent.setup();
  await user.click(within(pune).getByRole('button', { name: 'Calendar and SLA of Pune' }));
  const dialog = await screen.findByRole('dialog', { name: 'Calendar and SLA of Pune' });
  const end = await within(dialog).findByLabelText('Working day ends');
  await user.clear(end);
  await user.type(end, '09:00');
  await user.click(within(dialog).getByRole('button', { name: 'Save calendar' }));
  expect(end).toHaveAccessibleDescription('The working day must end after it starts');
  expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
});
