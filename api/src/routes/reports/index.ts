/**
 * Reports and the chapter league table (docs/architecture.md#reports, ADR 0040): the summary and
 * the time series (admin and the association president of every chapter, a city role of its own),
 * the league of a month (admin and the association president), and each as a streamed CSV file.
 * All of them read the replica when there is one that has every write (ADR 0077).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  leagueQuerySchema,
  leagueResponseSchema,
  type ReportExportKind,
  reportExportQuerySchema,
  reportFilterSchema,
  reportSummarySchema,
  reportTimeseriesQuerySchema,
  reportTimeseriesSchema,
} from 'shared-contracts/contracts';
import * as z from 'zod';
import { HttpError } from '../../httpError';
import { currentUserOf } from '../../plugins/auth';
import {
  committeesCsv,
  leagueCsv,
  stagesCsv,
  statusesCsv,
  summaryCsv,
  ticketsCsvStream,
} from '../../services/reports/csv';
import { currentMonth, league } from '../../services/reports/league';
import { LEAGUE_ROLES, REPORT_ROLES, type ReportActor, resolveFilter } from '../../services/reports/scope';
import { reportSummary, reportTimeseries } from '../../services/reports/summary';
import { pageLanguage } from '../../services/tickets/submitPage';
import { bearerAuth, errorResponses } from '../errorResponses';

/**
 * Who reads a report: the signed-in user, or an API token with reports:read (ADR 0063), which reads
 * its city's chapter (as an office bearer would) or every city.
 */
function reportActorOf(request: FastifyRequest): ReportActor {
  const token = request.apiToken;
  if (!token) return currentUserOf(request);
  return token.cityId === null
    ? { role: 'credaipresident', cityId: null }
    : { role: 'observer', cityId: token.cityId };
}

const LEAGUE_ONLY = 'Only the admin and the association president see the league table';

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requireUser(...REPORT_ROLES);
  const leagueReaders = app.requireUser(...LEAGUE_ROLES);
  const tokenOrReaders = app.allowApiToken('reports:read', readers);
  const tags = ['reports'];
  const scopeNote =
    'Days are Asia/Kolkata days, `from` and `to` both included (default: the last 30 days). City ' +
    'roles get their own chapter whatever `city` says.';

  app.get(
    API_PATHS.reports.summary,
    {
      onRequest: tokenOrReaders,
      schema: {
        summary: 'Counts, times, service levels and the last word over the filters',
        description: scopeNote,
        tags,
        querystring: reportFilterSchema,
        response: { 200: reportSummarySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const filter = resolveFilter(reportActorOf(request), request.query, now);
      reply.header('cache-control', 'no-store');
      return app.replicaReads.read(({ db }) => reportSummary(db, filter, now));
    },
  );

  app.get(
    API_PATHS.reports.timeseries,
    {
      onRequest: tokenOrReaders,
      schema: {
        summary: 'Tickets received and resolved per day, week or month',
        description: `${scopeNote} Weeks start on Monday.`,
        tags,
        querystring: reportTimeseriesQuerySchema,
        response: { 200: reportTimeseriesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const filter = resolveFilter(reportActorOf(request), request.query, app.clock.now());
      reply.header('cache-control', 'no-store');
      return app.replicaReads.read(({ db }) => reportTimeseries(db, filter, request.query.interval ?? 'day'));
    },
  );

  app.get(
    API_PATHS.reports.league,
    {
      onRequest: leagueReaders,
      schema: {
        summary: "Every chapter's indicators, index and rank for a month (admin, association president)",
        description:
          'A month that is over is read from its snapshot and never changes (`final`); the current ' +
          'month is computed now. Weights: docs/league-table.md.',
        tags,
        security: bearerAuth,
        querystring: leagueQuerySchema,
        response: { 200: leagueResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.replicaReads.read(({ db }) => league(db, request.query.month, app.clock.now()));
    },
  );

  app.get(
    API_PATHS.reports.export,
    {
      onRequest: readers,
      schema: {
        summary: 'The tickets or one report table as CSV',
        description:
          `${scopeNote} UTF-8 with a byte order mark, streamed; a cell a spreadsheet would read as a ` +
          'formula starts with an apostrophe; headers in the language of Accept-Language (en, hi, mr). ' +
          '`kind=league` (admin, association president) takes `month`.',
        tags,
        security: bearerAuth,
        querystring: reportExportQuerySchema,
        response: { 200: z.unknown().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const user = currentUserOf(request);
      const query = request.query;
      const locale = pageLanguage(undefined, request.headers['accept-language']);
      const send = (name: string, body: unknown) =>
        reply
          .headers({
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${name}.csv"`,
            'content-language': locale,
            'cache-control': 'no-store',
          })
          .send(body);
      if (query.kind === 'league') {
        if (!(LEAGUE_ROLES as readonly string[]).includes(user.role)) throw new HttpError(403, LEAGUE_ONLY);
        const month = query.month ?? currentMonth(now);
        const rows = await app.replicaReads.read(({ db }) => league(db, month, now));
        return send(`league-${month}`, leagueCsv(rows, locale));
      }
      const filter = resolveFilter(user, query, now);
      const name = (kind: ReportExportKind) => `${kind}-${filter.range.from}-${filter.range.to}`;
      if (query.kind === 'tickets') {
        // Each batch's statement falls back to the primary on its own if the replica fails mid-file.
        const { runSql } = await app.replicaReads.target();
        return send(name('tickets'), ticketsCsvStream(runSql, user, filter, query, locale, now));
      }
      const summary = await app.replicaReads.read(({ db }) => reportSummary(db, filter, now));
      const tables = {
        summary: summaryCsv,
        committees: committeesCsv,
        statuses: statusesCsv,
        stages: stagesCsv,
      } as const;
      return send(name(query.kind), tables[query.kind](summary, locale));
    },
  );
};
