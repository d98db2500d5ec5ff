import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { LeagueResponse, ReportSummary, ReportTimeseries } from 'shared-contracts';
import { answerRoutes, json } from 'shared-contracts/testing/network';
import { act, render, screen, userEvent, waitFor, within } from 'shared-contracts/testing/render';
import pages from '../../../exposes/routes';
import { clearToasts, layOutElements, signInAs, signOut } from '../../../testing/helpers';
import { LocationProbe } from '../../../testing/LocationProbe';
import { dayOf, monthOf, presetRange } from '../rules/dateRange';

const SUMMARY: ReportSummary = {
  range: { from: '2026-11-01', to: '2026-11-30' },
  cityId: null,
  counts: { received: 42, resolved: 30, rejected: 4, open: 8 },
  byCommittee: [
    { committeeId: 1, committeeName: 'Legal', received: 25, resolved: 20, rejected: 1, open: 4 },
    { committeeId: null, committeeName: null, received: 17, resolved: 10, rejected: 3, open: 4 },
  ],
  byStatus: [
    { status: 'pending', count: 5 },
    { status: 'resolved', count: 30 },
  ],
  firstAction: { count: 40, medianHours: 5.5, p90Hours: 30 },
  resolution: { count: 30, medianHours: 96, p90Hours: null },
  slaByStage: [
    { stage: 'review', counted: 40, withinSla: 34, share: 0.85 },
    { stage: 'resolution', counted: 0, withinSla: 0, share: null },
  ],
  lastWord: {
    decided: 34,
    rated: 17,
    ratingAverage: 4.25,
    answerRate: 0.5,
    reopened: 2,
    reopenRate: 0.0588,
    appealed: 1,
    appealRate: 0.0294,
  },
};

/** No ticket in the range: the charts say so instead of drawing (the filter tests stay quick). */
const QUIET_SUMMARY: ReportSummary = {
  ...SUMMARY,
  counts: { received: 0, resolved: 0, rejected: 0, open: 0 },
  slaByStage: [],
};

const TIMESERIES: ReportTimeseries = {
  range: { from: '2026-11-01', to: '2026-11-30' },
  cityId: null,
  interval: 'day',
  points: [
    { period: '2026-11-01', received: 3, resolved: 1 },
    { period: '2026-11-02', received: 7, resolved: 2 },
  ],
};

const row = (cityId: number, cityName: string, rank: number | null, previousRank: number | null) => ({
  cityId,
  cityName,
  counts: { received: 10, resolved: 8, rejected: 1, open: 1 },
  backlog: cityId,
  firstActionMedianHours: 4,
  resolutionMedianHours: 72,
  resolutionP90Hours: 100,
  withinSlaShare: 0.9,
  ratingAverage: 4.5,
  answerRate: 0.6,
  reopenRate: 0.1,
  appealRate: 0,
  index: rank === null ? null : 90 - rank,
  rank,
  previousRank,
});

const league = (month: string): LeagueResponse => ({
  month,
  final: false,
  computedAt: '2026-11-27T10:00:00.000Z',
  weights: {
    withinSla: 0.3,
    decided: 0.2,
    speed: 0.1,
    backlog: 0.15,
    rating: 0.15,
    reopen: 0.05,
    appeal: 0.05,
  },
  rows: [row(2, 'Mumbai', 1, 3), row(1, 'Pune', 2, 1), row(3, 'Nagpur', 3, null)],
});

function answerReports(overrides: Record<string, unknown> = {}) {
  return answerRoutes({
    'GET /api/reports/summary': SUMMARY,
    'GET /api/reports/timeseries': TIMESERIES,
    'GET /api/reports/league': (request: Request) =>
      json(league(new URL(request.url).searchParams.get('month') ?? monthOf(new Date()))),
    'GET /api/cities/getAllCities': {
      cities: [
        { id: 1, name: 'Pune' },
        { id: 2, name: 'Mumbai' },
        { id: 3, name: 'Nagpur' },
      ],
    },
    'GET /api/committees/getAllCommittees': { committees: [{ id: 1, name: 'Legal' }] },
    'GET /api/auth/check': { user: { id: 7, fullName: 'x', email: 'x@y.z', role: 'governor', city: null } },
    ...overrides,
  });
}

const queryOf = (requests: Request[], path: string) =>
  requests
    .filter((request) => new URL(request.url).pathname === `/api${path}`)
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));

async function visit(route = '/reports') {
  const Page = pages['/reports'];
  await act(async () => {
    render(
      <Suspense>
        <Routes>
          <Route
            path="/reports"
            element={
              <>
                <Page />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </Suspense>,
      { route },
    );
  });
  return screen.findByRole('heading', { level: 1, name: 'Reports' });
}

const thisMonth = presetRange('thisMonth', new Date()) as { from: string; to: string };

// The screen loads the chart and date-picker libraries lazily; their first import compiles them,
// which on a busy machine takes longer than one test may. Done once here, outside any test's limit.
beforeAll(async () => {
  await Promise.all([import('./ReportChart'), import('./CustomRangeInput')]);
}, 180_000);

beforeEach(() => {
  layOutElements();
});
afterEach(() => {
  clearToasts();
  jest.restoreAllMocks();
  signOut();
});

describe('/reports (docs/product.md#reports)', () => {
  test('the period goes into the calls and the address', async () => {
    signInAs('admin');
    const { requests } = answerReports({ 'GET /api/reports/summary': QUIET_SUMMARY });
    await visit();
    await screen.findByRole('region', { name: 'Indicators' });
    // This month by default, every chapter.
    expect(queryOf(requests, '/reports/summary')[0]).toEqual(thisMonth);
    expect(queryOf(requests, '/reports/timeseries')[0]).toEqual({ ...thisMonth, interval: 'day' });

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByRole('option', { name: 'Last quarter' }));
    const lastQuarter = presetRange('lastQuarter', new Date()) as { from: string; to: string };
    await waitFor(() => expect(queryOf(requests, '/reports/summary').at(-1)).toEqual(lastQuarter));
    expect(queryOf(requests, '/reports/timeseries').at(-1)).toEqual({ ...lastQuarter, interval: 'week' });
    expect(screen.getByTestId('location')).toHaveTextContent('/reports?range=lastQuarter');
  });

  test('a chapter and a status are added to the period in the address', async () => {
    signInAs('admin');
    const { requests } = answerReports({ 'GET /api/reports/summary': QUIET_SUMMARY });
    await visit('/reports?range=lastQuarter');
    await screen.findByRole('region', { name: 'Indicators' });
    const lastQuarter = presetRange('lastQuarter', new Date()) as { from: string; to: string };
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Chapter' }));
    await user.click(await screen.findByRole('option', { name: 'Mumbai' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Resolved' }));
    await waitFor(() =>
      expect(queryOf(requests, '/reports/summary').at(-1)).toEqual({
        ...lastQuarter,
        city: '2',
        status: 'resolved',
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/reports?range=lastQuarter&city=2&status=resolved',
    );
  });

  test('a custom range from the address; its days are asked for', async () => {
    signInAs('credaipresident');
    const { requests } = answerReports();
    await visit('/reports?range=custom&from=2026-01-05&to=2026-02-10&committee=1');
    await waitFor(() =>
      expect(queryOf(requests, '/reports/summary')[0]).toEqual({
        from: '2026-01-05',
        to: '2026-02-10',
        committee: '1',
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('Custom range');
    expect(await screen.findByRole('button', { name: 'From' })).toHaveTextContent('5 Jan 2026');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('10 Feb 2026');
  });

  test("a RERA project from the address goes into the calls, and 'Filter by project' names it (ADR 0055)", async () => {
    signInAs('admin');
    const { requests } = answerReports({
      'GET /api/projects/12': {
        project: {
          id: 12,
          reraNumber: 'P52100012345',
          name: 'Sahyadri Heights',
          promoter: 'Sahyadri Developers',
          cityId: 1,
          city: 'Pune',
          district: 'Pune',
        },
        counts: { total: 2, pending: 2, 'in-review': 0, approved: 0, resolved: 0, rejected: 0 },
        open: 2,
        overdue: 0,
        oldestOpen: null,
      },
    });
    await visit('/reports?project=12');
    await waitFor(() =>
      expect(queryOf(requests, '/reports/summary')[0]).toEqual({ ...thisMonth, projectId: '12' }),
    );
    expect(queryOf(requests, '/reports/timeseries')[0]).toMatchObject({ projectId: '12' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Filter by project' })).toHaveValue(
        'Sahyadri Heights (P52100012345)',
      ),
    );
  });

  test('the indicator cards and every chart table show the numbers', async () => {
    signInAs('admin');
    answerReports();
    await visit();
    const indicators = await screen.findByRole('region', { name: 'Indicators' });
    const card = (name: string) => within(indicators).getByRole('article', { name });
    expect(card('Received')).toHaveTextContent('42');
    expect(card('Time to first action')).toHaveTextContent(
      'Median 5.5 h90th percentile: 30 hOver 40 tickets',
    );
    expect(card('Time to resolution')).toHaveTextContent(
      'Median 4 days90th percentile: no dataOver 30 tickets',
    );
    expect(card("Members' rating")).toHaveTextContent(
      '4.3 of 5Answer rate: 50%17 ratings for 34 decided tickets',
    );
    expect(card('Reopened and appealed')).toHaveTextContent('Reopened: 6%Appealed: 3%');

    const table = (name: string) =>
      within(screen.getByRole('region', { name: `Table: ${name}` }))
        .getAllByRole('row')
        .map((tableRow) =>
          [
            ...within(tableRow).queryAllByRole('columnheader'),
            ...within(tableRow).queryAllByRole('rowheader'),
            ...within(tableRow).queryAllByRole('cell'),
          ].map((cell) => cell.textContent),
        );
    expect(table('Tickets received and resolved over time')).toEqual([
      ['Day', 'Received', 'Resolved'],
      ['1 Nov 2026', '3', '1'],
      ['2 Nov 2026', '7', '2'],
    ]);
    expect(table('Tickets by committee')).toEqual([
      ['Committee', 'Received', 'Resolved', 'Rejected', 'Still open'],
      ['Legal', '25', '20', '1', '4'],
      ['No committee', '17', '10', '3', '4'],
    ]);
    expect(table('Tickets by status')).toEqual([
      ['Status', 'Tickets'],
      ['Pending', '5'],
      ['Resolved', '30'],
    ]);
    expect(table('Stages finished within their time (SLA)')).toEqual([
      ['Stage', 'Stages counted', 'Within time', 'Share within time'],
      ["City President's review", '40', '34', '85%'],
      ["Convenor's resolution", '0', '0', '–'],
    ]);
  });

  test('the league table: arrows in words, the month picker, and the drill into a chapter', async () => {
    signInAs('credaipresident');
    const { requests } = answerReports();
    await visit();
    const league = await screen.findByRole('region', { name: /^Chapters ranked for/ });
    const rows = within(league).getAllByRole('row').slice(1);
    expect(rows.map((tableRow) => within(tableRow).getAllByRole('cell')[0]?.textContent)).toEqual([
      '1up 2 places',
      '2down 1 place',
      '3new this month',
    ]);
    // The arrows are drawings hidden from screen readers: they hear the words.
    expect(within(rows[0] as HTMLElement).getByText('up 2 places').previousElementSibling).toHaveAttribute(
      'aria-hidden',
      'true',
    );

    const user = userEvent.setup();
    const months = screen.getByRole('combobox', { name: 'Month' });
    await user.click(months);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(24);
    await user.click(options[3] as HTMLElement);
    const chosen = (() => {
      const date = new Date();
      return monthOf(new Date(date.getFullYear(), date.getMonth() - 3, 1));
    })();
    await waitFor(() => expect(queryOf(requests, '/reports/league').at(-1)).toEqual({ month: chosen }));

    await user.click(
      await within(screen.getByRole('region', { name: /^Chapters ranked for/ })).findByRole('link', {
        name: 'Mumbai',
      }),
    );
    const from = `${chosen}-01`;
    const to = dayOf(new Date(Number(chosen.slice(0, 4)), Number(chosen.slice(5, 7)), 0));
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/reports?range=custom&from=${from}&to=${to}&city=2`,
    );
    await waitFor(() =>
      expect(queryOf(requests, '/reports/summary').at(-1)).toEqual({ from, to, city: '2' }),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  test('a city role sees its own chapter only and no league table', async () => {
    signInAs('citypresident', 'Pune');
    const { requests } = answerReports();
    await visit('/reports?city=2');
    await screen.findByRole('region', { name: 'Indicators' });
    const chapter = screen.getByRole('combobox', { name: 'Chapter' });
    expect(chapter).toHaveValue('Pune');
    expect(chapter).toBeDisabled();
    expect(queryOf(requests, '/reports/summary')[0]).toEqual(thisMonth);
    expect(screen.queryByRole('heading', { name: 'Chapter league table' })).not.toBeInTheDocument();
    expect(queryOf(requests, '/reports/league')).toEqual([]);
    expect(queryOf(requests, '/cities/getAllCities')).toEqual([]);
  });

  test.each([
    ['governor', 'Governor'],
    ['customer', 'Customer'],
  ])('%s is told there is no access, and no report is asked for', async (role, label) => {
    signInAs(role);
    const { paths } = answerReports();
    await visit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `No accessReports are for the admin, the association president and the office bearers of a chapter. You are signed in as ${label}.`,
    );
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(paths()).toEqual(['GET /api/auth/check']));
  });

  test('a 403 from the api shows the same state', async () => {
    signInAs('observer', 'Pune');
    answerReports({ 'GET /api/reports/summary': json({ error: 'Forbidden' }, 403) });
    await visit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^No access/);
  });
});

describe('CSV downloads (docs/product.md#reports)', () => {
  const encoder = new TextEncoder();

  /**
   * A CSV answer that sends the chunks `first` at once and `rest` only when `finish` is called.
   * The client hears of a chunk when the next one arrives (or the end): the last of `first` is
   * still on its way.
   */
  function slowCsv(first: string[], rest: string) {
    let finish = () => {};
    const answer = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of first) controller.enqueue(encoder.encode(chunk));
            finish = () => {
              controller.enqueue(encoder.encode(rest));
              controller.close();
            };
          },
        }),
        {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="tickets-2026-11.csv"',
          },
        },
      );
    return { answer, finish: () => finish() };
  }

  test('the filtered tickets: bytes and rows as they arrive, then the file is saved', async () => {
    signInAs('admin');
    const csv = slowCsv(['\uFEFFid,title\n1,"two\nlines"\n2,b\n', '3,'], 'c\n');
    const { requests } = answerReports({ 'GET /api/reports/export.csv': csv.answer });
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = jest.fn();
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await visit('/reports?status=resolved');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download the tickets (CSV)' }));
    expect(await screen.findByText('0 kB received, 2 rows', { exact: false })).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Downloading: Download the tickets (CSV)' }),
    ).toBeInTheDocument();
    expect(queryOf(requests, '/reports/export.csv')).toEqual([
      { ...thisMonth, status: 'resolved', kind: 'tickets' },
    ]);
    act(() => csv.finish());
    expect(await screen.findByText('tickets-2026-11.csv saved: 3 rows.')).toBeInTheDocument();
    expect(saved).toEqual(['tickets-2026-11.csv']);
    // The file is the bytes as sent, the byte-order mark first (text() would drop it).
    expect(new Uint8Array(await (created[0] as Blob).arrayBuffer())).toEqual(
      encoder.encode('\uFEFFid,title\n1,"two\nlines"\n2,b\n3,c\n'),
    );
  });

  test('Cancel stops a running export and saves nothing', async () => {
    signInAs('admin');
    const csv = slowCsv(['\uFEFFcommittee,received\nLegal,25\n', 'No'], 'ne,17\n');
    answerReports({ 'GET /api/reports/export.csv': csv.answer });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await visit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download CSV: Tickets by committee' }));
    expect(await screen.findByText(/received, 1 row$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The download was cancelled.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV: Tickets by committee' })).toBeInTheDocument();
    // What the call still brings after the Cancel is dropped.
    await act(async () => csv.finish());
    expect(screen.getByText('The download was cancelled.')).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
  });

  test('a refused export says why', async () => {
    signInAs('admin');
    answerReports({ 'GET /api/reports/export.csv': json({ error: 'Too many requests' }, 429) });
    await visit();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Download the indicators (CSV)' }));
    expect(await screen.findByText(/^The download failed: /)).toBeInTheDocument();
  });
});
