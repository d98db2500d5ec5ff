/**
 * Reports and the chapter league table (docs/architecture.md#reports): the
 * summary, the time series, the league of a month and the CSV exports.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type LeagueQuery,
  type LeagueResponse,
  leagueResponseSchema,
  type ReportExportQueryInput,
  type ReportFilterInput,
  type ReportSummary,
  type ReportTimeseries,
  type ReportTimeseriesQueryInput,
  reportSummarySchema,
  reportTimeseriesSchema,
} from '../schemas/reports';
import { asApiError } from './errors';
import { http } from './http';
import { API_PATHS } from './paths';
import { type CallOptions, request, toSearchParams } from './request';

/** The query keys of the reports (ADR 0012): `reportKeys.all` refreshes every report. */
export const reportKeys = {
  all: ['reports'] as const,
  summary: (filter: ReportFilterInput = {}) => [...reportKeys.all, 'summary', filter] as const,
  timeseries: (query: ReportTimeseriesQueryInput = {}) => [...reportKeys.all, 'timeseries', query] as const,
  league: (month: string | null = null) => [...reportKeys.all, 'league', month] as const,
};

/** The cached GET /reports/summary (the previous numbers stay shown while new filters load). */
export const reportSummaryQuery = (filter: ReportFilterInput = {}) =>
  queryOptions({
    queryKey: reportKeys.summary(filter),
    queryFn: ({ signal }) => getReportSummary(filter, { signal }),
    placeholderData: keepPreviousData,
  });

/** The cached GET /reports/timeseries. */
export const reportTimeseriesQuery = (query: ReportTimeseriesQueryInput = {}) =>
  queryOptions({
    queryKey: reportKeys.timeseries(query),
    queryFn: ({ signal }) => getReportTimeseries(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** The cached GET /reports/league of `month` (`YYYY-MM`; null: the current month). */
export const leagueQuery = (month: string | null = null) =>
  queryOptions({
    queryKey: reportKeys.league(month),
    queryFn: ({ signal }) => getLeague(month ? { month } : {}, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /reports/summary: counts, times, service levels and the members' last word over the filters. */
export function getReportSummary(
  filter: ReportFilterInput = {},
  options: CallOptions = {},
): Promise<ReportSummary> {
  return request('get', API_PATHS.reports.summary, reportSummarySchema, {
    ...options,
    searchParams: toSearchParams(filter),
  });
}

/** GET /reports/timeseries: tickets received and resolved per day, week or month. */
export function getReportTimeseries(
  query: ReportTimeseriesQueryInput = {},
  options: CallOptions = {},
): Promise<ReportTimeseries> {
  return request('get', API_PATHS.reports.timeseries, reportTimeseriesSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

/** GET /reports/league (admin and the association president): every chapter's row of the month. */
export function getLeague(query: LeagueQuery = {}, options: CallOptions = {}): Promise<LeagueResponse> {
  return request('get', API_PATHS.reports.league, leagueResponseSchema, {
    ...options,
    searchParams: toSearchParams(query),
  });
}

export interface ExportOptions extends CallOptions {
  /** The language of the file's column headers (`en`, `hi` or `mr`), sent as Accept-Language. */
  language?: string;
  /**
   * Called as the file arrives with the bytes received so far (the size is not known ahead) and
   * the chunk that just came (the page counts the rows in it).
   */
  onProgress?: (receivedBytes: number, chunk: Uint8Array) => void;
}

/** The file name the api gives an export, from its Content-Disposition (`report.csv` without one). */
export function exportFileName(contentDisposition: string | null): string {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? 'report.csv';
}

/**
 * GET /reports/export.csv: the tickets or one report table as CSV (UTF-8 with a BOM), with its
 * file name. No time limit: a long export streams for as long as it takes.
 */
export async function exportReportCsv(
  query: ReportExportQueryInput,
  options: ExportOptions = {},
): Promise<{ blob: Blob; fileName: string }> {
  const { language, onProgress, signal } = options;
  try {
    const response = await http(API_PATHS.reports.export, {
      method: 'get',
      searchParams: toSearchParams(query),
      headers: language ? { 'Accept-Language': language } : undefined,
      timeout: false,
      signal,
      onDownloadProgress: onProgress
        ? (progress, chunk) => onProgress(progress.transferredBytes, chunk)
        : undefined,
    });
    const blob = await response.blob();
    return { blob, fileName: exportFileName(response.headers.get('content-disposition')) };
  } catch (error) {
    throw asApiError(error);
  }
}
