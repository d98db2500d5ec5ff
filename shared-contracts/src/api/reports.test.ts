import { http, server } from '../../testing/network';
import {
  daysInRange,
  LEAGUE_WEIGHTS,
  leagueQuerySchema,
  REPORT_ERROR_CODES,
  REPORT_MAX_DAYS,
  reportExportQuerySchema,
  reportFilterSchema,
  reportTimeseriesQuerySchema,
} from '../schemas/reports';
import { ApiError } from './errors';
import {
  exportFileName,
  exportReportCsv,
  getLeague,
  getReportSummary,
  getReportTimeseries,
  leagueQuery,
  reportKeys,
  reportSummaryQuery,
  reportTimeseriesQuery,
} from './reports';

const counts = { received: 4, resolved: 2, rejected: 1, open: 1 };
const summary = {
  range: { from: '2026-10-01', to: '2026-12-31' },
  cityId: 3,
  counts,
  byCommittee: [{ ...counts, committeeId: 2, committeeName: 'Legal' }],
  byStatus: [{ status: 'resolved', count: 2 }],
  firstAction: { count: 3, medianHours: 5, p90Hours: 9.6 },
  resolution: { count: 2, medianHours: 30, p90Hours: null },
  slaByStage: [{ stage: 'review', counted: 3, withinSla: 2, share: 2 / 3 }],
  lastWord: {
    decided: 3,
    rated: 2,
    ratingAverage: 3.5,
    answerRate: 2 / 3,
    reopened: 1,
    reopenRate: 1 / 3,
    appealed: 0,
    appealRate: 0,
  },
};
const league = {
  month: '2026-11',
  final: true,
  computedAt: '2026-12-01T00:00:00.000Z',
  weights: LEAGUE_WEIGHTS,
  rows: [
    {
      cityId: 3,
      cityName: 'Pune',
      counts,
      backlog: 0,
      firstActionMedianHours: 5,
      resolutionMedianHours: 30,
      resolutionP90Hours: 40,
      withinSlaShare: 1,
      ratingAverage: null,
      answerRate: null,
      reopenRate: null,
      appealRate: null,
      index: 88.5,
      rank: 1,
      previousRank: 2,
    },
  ],
};

const signal = new AbortController().signal;

describe('the report filters', () => {
  it('takes a range, a city, a committee and a status', () => {
    const parsed = reportFilterSchema.parse({
      from: '2026-10-01',
      to: '2026-12-31',
      city: '3',
      committee: '2',
      status: 'Resolved',
    });
    expect(parsed).toEqual({
      from: '2026-10-01',
      to: '2026-12-31',
      city: 3,
      committee: 2,
      status: 'resolved',
    });
    expect(reportFilterSchema.parse({})).toEqual({});
  });

  it('refuses a reversed or too long range with its code', () => {
    const reversed = reportFilterSchema.safeParse({ from: '2026-12-02', to: '2026-12-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['from'],
      params: { code: REPORT_ERROR_CODES.rangeReversed },
    });
    const long = reportTimeseriesQuerySchema.safeParse({ from: '2020-01-01', to: '2026-12-31' });
    expect(long.error?.issues[0]).toMatchObject({
      path: ['to'],
      params: { code: REPORT_ERROR_CODES.rangeTooLong },
    });
    expect(reportFilterSchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(reportFilterSchema.safeParse({ city: '0' }).success).toBe(false);
    expect(reportFilterSchema.safeParse({ status: 'lost' }).success).toBe(false);
  });

  it('counts the days of a range with both ends', () => {
    expect(daysInRange('2026-12-01', '2026-12-01')).toBe(1);
    expect(daysInRange('2026-01-01', '2026-12-31')).toBe(365);
    expect(REPORT_MAX_DAYS).toBeGreaterThan(365 * 5);
  });

  it('takes the export kinds, the list filters and a month', () => {
    expect(reportExportQuerySchema.parse({ kind: 'tickets', q: ' asha ', due: 'overdue' })).toEqual({
      kind: 'tickets',
      q: 'asha',
      due: 'overdue',
    });
    expect(reportExportQuerySchema.safeParse({}).success).toBe(false);
    expect(reportExportQuerySchema.safeParse({ kind: 'everything' }).success).toBe(false);
    expect(reportExportQuerySchema.parse({ kind: 'league', month: '2026-11' }).month).toBe('2026-11');
    expect(leagueQuerySchema.safeParse({ month: '2026-13' }).success).toBe(false);
    expect(leagueQuerySchema.safeParse({ month: '2026-1' }).success).toBe(false);
  });

  it('weighs the league index to a whole', () => {
    const total = Object.values(LEAGUE_WEIGHTS).reduce((sum, weight) => sum + weight, 0);
    expect(total).toBeCloseTo(1, 10);
  });
});

describe('the report calls', () => {
  it('reads the summary, the time series and the league with their filters', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/reports/summary', ({ request }) => {
        asked.push(new URL(request.url).search);
        return Response.json(summary);
      }),
      http.get('*/api/reports/timeseries', ({ request }) => {
        asked.push(new URL(request.url).search);
        return Response.json({
          range: summary.range,
          cityId: null,
          interval: 'month',
          points: [{ period: '2026-10-01', received: 4, resolved: 2 }],
        });
      }),
      http.get('*/api/reports/league', ({ request }) => {
        asked.push(new URL(request.url).search);
        return Response.json(league);
      }),
    );
    expect(await getReportSummary({ from: '2026-10-01', city: 3 })).toEqual(summary);
    expect((await getReportTimeseries({ interval: 'month' })).points).toHaveLength(1);
    expect((await getLeague({ month: '2026-11' })).rows[0]?.rank).toBe(1);
    expect(asked).toEqual(['?from=2026-10-01&city=3', '?interval=month', '?month=2026-11']);

    const summaryOptions = reportSummaryQuery({ city: 3 });
    expect(summaryOptions.queryKey).toEqual(['reports', 'summary', { city: 3 }]);
    expect((await summaryOptions.queryFn?.({ signal } as never))?.cityId).toBe(3);
    const seriesOptions = reportTimeseriesQuery({ interval: 'week' });
    expect(seriesOptions.queryKey).toEqual(reportKeys.timeseries({ interval: 'week' }));
    expect((await seriesOptions.queryFn?.({ signal } as never))?.interval).toBe('month');
    expect(leagueQuery().queryKey).toEqual(['reports', 'league', null]);
    expect((await leagueQuery('2026-11').queryFn?.({ signal } as never))?.final).toBe(true);
    expect((await leagueQuery().queryFn?.({ signal } as never))?.month).toBe('2026-11');
    expect(asked.slice(3)).toEqual(['?city=3', '?interval=week', '?month=2026-11', '']);
    expect(reportKeys.summary()).toEqual(['reports', 'summary', {}]);
  });

  it('refuses an answer of another shape', async () => {
    server.use(http.get('*/api/reports/summary', () => Response.json({ counts: {} })));
    await expect(getReportSummary()).rejects.toBeInstanceOf(ApiError);
  });

  it('downloads an export with its name, language and progress', async () => {
    let language: string | null = null;
    server.use(
      http.get('*/api/reports/export.csv', ({ request }) => {
        language = request.headers.get('accept-language');
        expect(new URL(request.url).searchParams.get('kind')).toBe('tickets');
        return new Response('\uFEFFa,b\r\n1,2\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="tickets-2026-10-01-2026-12-31.csv"',
          },
        });
      }),
    );
    const progress: number[] = [];
    const chunks: Uint8Array[] = [];
    const file = await exportReportCsv(
      { kind: 'tickets', from: '2026-10-01' },
      {
        language: 'mr',
        onProgress: (bytes, chunk) => {
          progress.push(bytes);
          chunks.push(chunk);
        },
      },
    );
    // The chunks handed on are the file, byte-order mark included.
    expect(Buffer.concat(chunks)).toEqual(Buffer.from('\uFEFFa,b\r\n1,2\r\n'));
    expect(file.fileName).toBe('tickets-2026-10-01-2026-12-31.csv');
    expect(await file.blob.text()).toContain('1,2');
    expect(language).toBe('mr');
    expect(progress.at(-1)).toBeGreaterThan(0);
    const plain = await exportReportCsv({ kind: 'tickets' });
    expect(plain.fileName).toBe('tickets-2026-10-01-2026-12-31.csv');
  });

  it('turns a refused export into its error', async () => {
    server.use(
      http.get('*/api/reports/export.csv', () =>
        Response.json(
          { error: 'Forbidden' },
          { status: 403, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    await expect(exportReportCsv({ kind: 'league' })).rejects.toMatchObject({ status: 403 });
  });

  it('names a file without a Content-Disposition report.csv', () => {
    expect(exportFileName(null)).toBe('report.csv');
    expect(exportFileName('attachment; filename="league-2026-11.csv"')).toBe('league-2026-11.csv');
  });
});
