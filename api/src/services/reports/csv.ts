/**
 * The reports as CSV files (docs/architecture.md#reports, ADR 0040): the tickets of the filters, or
 * one table of the summary or the league. UTF-8 with a byte order mark (a spreadsheet then reads
 * Devanagari correctly), RFC 4180 quoting, and every text cell a spreadsheet would read as a
 * formula (`=`, `+`, `-`, `@`, tab, carriage return first) led by an apostrophe (`csvCell`). Column
 * headers in the request's language. The tickets are read in keyset batches, newest first, and
 * written as they come: memory stays flat whatever the number of tickets.
 */
import { Readable } from 'node:stream';
import {
  type LeagueResponse,
  REPORT_TIME_ZONE,
  type ReportExportQuery,
  type ReportSummary,
  TICKET_ID_PREFIX,
  type TicketListQuery,
} from 'shared-contracts/contracts';
import type { RunSql } from '../../db/database';
import { translate } from '../../i18n';
import { csvCell } from '../audit';
import type { AccessActor } from '../tickets/access';
import { SqlValues, ticketFilter } from '../tickets/listing';
import type { ResolvedFilter } from './scope';

type Cell = string | number | null;

/** One line of cells, CRLF-terminated. */
export function csvLine(cells: Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The byte order mark that opens every file. */
export const BOM = '\uFEFF';

/** Tickets read per round trip of the export. */
export const EXPORT_BATCH = 2_000;

/** A share as a number with 4 decimals (0.6667), or empty. */
function shareCell(value: number | null): Cell {
  return value === null ? null : Math.round(value * 10_000) / 10_000;
}

/** A table known in full (a few rows): its file. */
export function tableCsv(header: string[], rows: Cell[][]): string {
  return BOM + csvLine(header) + rows.map(csvLine).join('');
}

/** The summary as rows of indicator and value. */
export function summaryCsv(summary: ReportSummary, locale: string): string {
  const t = (key: string) => translate(locale, `csv.summary.${key}`);
  const rows: [string, Cell][] = [
    ['from', summary.range.from],
    ['to', summary.range.to],
    ['received', summary.counts.received],
    ['resolved', summary.counts.resolved],
    ['rejected', summary.counts.rejected],
    ['open', summary.counts.open],
    ['firstActionCount', summary.firstAction.count],
    ['firstActionMedianHours', summary.firstAction.medianHours],
    ['firstActionP90Hours', summary.firstAction.p90Hours],
    ['resolutionCount', summary.resolution.count],
    ['resolutionMedianHours', summary.resolution.medianHours],
    ['resolutionP90Hours', summary.resolution.p90Hours],
    ['decided', summary.lastWord.decided],
    ['rated', summary.lastWord.rated],
    ['ratingAverage', summary.lastWord.ratingAverage],
    ['answerRate', shareCell(summary.lastWord.answerRate)],
    ['reopenRate', shareCell(summary.lastWord.reopenRate)],
    ['appealRate', shareCell(summary.lastWord.appealRate)],
  ];
  return tableCsv(
    [t('indicator'), t('value')],
    rows.map(([key, value]) => [t(key), value]),
  );
}

export function committeesCsv(summary: ReportSummary, locale: string): string {
  const t = (key: string) => translate(locale, `csv.committees.${key}`);
  return tableCsv(
    [t('committee'), t('received'), t('resolved'), t('rejected'), t('open')],
    summary.byCommittee.map((row) => [
      row.committeeName ?? t('none'),
      row.received,
      row.resolved,
      row.rejected,
      row.open,
    ]),
  );
}

export function statusesCsv(summary: ReportSummary, locale: string): string {
  return tableCsv(
    [translate(locale, 'csv.statuses.status'), translate(locale, 'csv.statuses.count')],
    summary.byStatus.map((row) => [translate(locale, `status.${row.status}`), row.count]),
  );
}

export function stagesCsv(summary: ReportSummary, locale: string): string {
  const t = (key: string) => translate(locale, `csv.stages.${key}`);
  return tableCsv(
    [t('stage'), t('counted'), t('withinSla'), t('share')],
    summary.slaByStage.map((row) => [
      translate(locale, `stage.${row.stage}`),
      row.counted,
      row.withinSla,
      shareCell(row.share),
    ]),
  );
}

/** `2026-11-30 17:05` in Asia/Kolkata (SQL, on a timestamptz column). */
const LOCAL_TIME = (column: string) =>
  `to_char(${column} at time zone '${REPORT_TIME_ZONE}', 'YYYY-MM-DD HH24:MI')`;

interface TicketCsvRow {
  id: number;
  created_at: string;
  received_at: string;
  city: string | null;
  committee: string | null;
  title: string;
  member: string | null;
  status: string;
  stage: string | null;
  due_at: string | null;
  first_action_at: string | null;
  finished_at: string | null;
  first_action_hours: number | null;
  resolution_hours: number | null;
}

const TICKET_COLUMNS = [
  'number',
  'receivedAt',
  'city',
  'committee',
  'title',
  'member',
  'status',
  'stage',
  'dueAt',
  'firstActionAt',
  'finishedAt',
  'firstActionHours',
  'resolutionHours',
] as const;

/**
 * The WHERE of the ticket export on `tickets t` and its values: the caller's scope and the list's
 * filters (`ticketFilter`: status, `q`, `due`), the chapter, the committee and the received days.
 */
export function ticketExportWhere(
  actor: AccessActor,
  filter: ResolvedFilter,
  query: Pick<ReportExportQuery, 'q' | 'due'>,
  now: Date,
): { where: string; values: SqlValues } {
  const values = new SqlValues();
  const listQuery: Omit<TicketListQuery, 'page' | 'pageSize'> = {
    ...(filter.status ? { status: filter.status as TicketListQuery['status'] } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(query.due ? { due: query.due } : {}),
  };
  const built = ticketFilter(actor, {}, listQuery, values, undefined, now);
  const conditions = [
    ...built.cityStatus.map((condition) => condition.replace(/^(city_id|status) /, 't.$1 ')),
    ...built.other,
  ];
  if (built.search) conditions.push(built.search.sql);
  if (filter.cityId !== null) conditions.push(`t.city_id = ${values.add(filter.cityId)}`);
  if (filter.committeeId !== null) conditions.push(`t.committee_id = ${values.add(filter.committeeId)}`);
  conditions.push(`t.created_at >= ${values.add(filter.start.toISOString())}::timestamptz`);
  conditions.push(`t.created_at < ${values.add(filter.end.toISOString())}::timestamptz`);
  return { where: conditions.join(' and '), values };
}

/**
 * The tickets as CSV, newest first, streamed: each batch is the next EXPORT_BATCH tickets after the
 * last one written (keyset on created_at and id, the order of `tickets_created_idx` and
 * `tickets_city_created_idx`), turned into text and handed on before the next is read.
 */
export function ticketsCsvStream(
  runSql: RunSql,
  actor: AccessActor,
  filter: ResolvedFilter,
  query: Pick<ReportExportQuery, 'q' | 'due'>,
  locale: string,
  now: Date,
): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield BOM + csvLine(TICKET_COLUMNS.map((column) => translate(locale, `csv.tickets.${column}`)));
    let after: { createdAt: string; id: number } | null = null;
    for (;;) {
      const { where, values } = ticketExportWhere(actor, filter, query, now);
      const keyset = after
        ? ` and (t.created_at, t.id) < (${values.add(after.createdAt)}::timestamptz, ${values.add(after.id)})`
        : '';
      const rows: TicketCsvRow[] = await runSql<TicketCsvRow>({
        text: `
          select t.id, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
                 ${LOCAL_TIME('t.created_at')} as received_at, c.name as city, m.name as committee, t.title,
                 coalesce(t.submitter_name, u.full_name) as member, t.status, t.stage,
                 ${LOCAL_TIME('t.due_at')} as due_at, ${LOCAL_TIME('t.first_action_at')} as first_action_at,
                 ${LOCAL_TIME('t.finished_at')} as finished_at,
                 round((extract(epoch from (t.first_action_at - t.created_at)) / 3600)::numeric, 2)::float8
                   as first_action_hours,
                 case when t.status = 'resolved' then
                   round((extract(epoch from (t.finished_at - t.created_at)) / 3600)::numeric, 2)::float8
                 end as resolution_hours
          from tickets t
          join cities c on c.id = t.city_id
          left join committees m on m.id = t.committee_id
          left join users u on u.id = t.customer_id
          where ${where}${keyset}
          order by t.created_at desc, t.id desc
          limit ${EXPORT_BATCH}`,
        values: values.list,
      });
      if (rows.length === 0) return;
      let chunk = '';
      for (const row of rows) {
        chunk += csvLine([
          `${TICKET_ID_PREFIX}-${row.id}`,
          row.received_at,
          row.city,
          row.committee,
          row.title,
          row.member,
          translate(locale, `status.${row.status}`),
          row.stage ? translate(locale, `stage.${row.stage}`) : null,
          row.due_at,
          row.first_action_at,
          row.finished_at,
          row.first_action_hours === null ? null : Number(row.first_action_hours),
          row.resolution_hours === null ? null : Number(row.resolution_hours),
        ]);
      }
      yield chunk;
      const last = rows[rows.length - 1] as TicketCsvRow;
      after = { createdAt: last.created_at, id: last.id };
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(lines());
}

export function leagueCsv(league: LeagueResponse, locale: string): string {
  const t = (key: string) => translate(locale, `csv.league.${key}`);
  return tableCsv(
    [
      t('rank'),
      t('previousRank'),
      t('city'),
      t('index'),
      t('received'),
      t('resolved'),
      t('rejected'),
      t('open'),
      t('backlog'),
      t('firstActionMedianHours'),
      t('resolutionMedianHours'),
      t('resolutionP90Hours'),
      t('withinSlaShare'),
      t('ratingAverage'),
      t('answerRate'),
      t('reopenRate'),
      t('appealRate'),
    ],
    league.rows.map((row) => [
      row.rank,
      row.previousRank,
      row.cityName,
      row.index,
      row.counts.received,
      row.counts.resolved,
      row.counts.rejected,
      row.counts.open,
      row.backlog,
      row.firstActionMedianHours,
      row.resolutionMedianHours,
      row.resolutionP90Hours,
      shareCell(row.withinSlaShare),
      row.ratingAverage,
      shareCell(row.answerRate),
      shareCell(row.reopenRate),
      shareCell(row.appealRate),
    ]),
  );
}
