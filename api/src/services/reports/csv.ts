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
  SLA_STAGES,
  TICKET_ID_PREFIX,
  TICKET_STATUSES,
  type TicketListQuery,
} from 'shared-contracts/contracts';
import type { RunSql } from '../../db/database';
import { translate } from '../../i18n';
import { csvCell } from '../audit';
import { seesIdentity } from '../recusal/shielding';
import type { AccessActor } from '../tickets/access';
import { ALIAS_SQL, SqlValues, ticketFilter } from '../tickets/listing';
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
/**
 * Tickets per text the database answers: about 40 kB, well under V8's large-object size, so each
 * text is freed by the young generation's quick collections rather than waiting for a full one.
 * Measured exporting 1,000,000 tickets, the first export after a start (bench/README.md): texts of a
 * whole batch (400 kB) raised the api's memory by 56 MB, of 400 tickets (80 kB) by 54-58 MB, of 200
 * by 29-30 MB, and the export was no slower (20 s).
 */
export const CHUNK_ROWS = 200;

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
    ['reopened', summary.lastWord.reopened],
    ['reopenRate', shareCell(summary.lastWord.reopenRate)],
    ['appealed', summary.lastWord.appealed],
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

/**
 * `csvCell` on a text as SQL, given `safe`, the text with an apostrophe before a leading `=`, `+`,
 * `-`, `@`, tab or CR (`safeTextSql`, computed once per row): empty for null; quoted (quotes
 * doubled) when it holds a quote, a comma or a line break, or starts or ends with blanks. Only the
 * free texts (titles, members' names) go through it: ids, times and numbers never need it, and the
 * status, stage, city and committee names arrive already written by `csvCell`.
 */
export function csvCellSql(safe: string): string {
  return `coalesce(case when strpos(${safe}, '"') > 0 or strpos(${safe}, ',') > 0
      or strpos(${safe}, E'\\n') > 0 or strpos(${safe}, E'\\r') > 0 or ${safe} <> btrim(${safe}, E' \\t\\r\\n')
    then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end, '')`;
}

/** `value` with an apostrophe before a leading `=`, `+`, `-`, `@`, tab or CR. */
export function safeTextSql(value: string): string {
  return `case when left(${value}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${value} else ${value} end`;
}

/** A number as the CSV writes it (`6`, `5.6`), or empty. */
const numberSql = (value: string) => `coalesce((${value})::float8::text, '')`;

/** Hours from receipt to `column`, to the hundredth. */
const hoursSql = (column: string) =>
  `round((extract(epoch from (${column} - t.created_at)) / 3600)::numeric, 2)`;

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
  'projectRera',
  'projectName',
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
  // Not the tickets a recusal passed the caller over on (ADR 0048).
  if (built.recusedOf)
    conditions.push(
      `t.id not in (select r.ticket_id from ticket_recusals r where r.user_id = ${built.recusedOf})`,
    );
  if (filter.cityId !== null) conditions.push(`t.city_id = ${values.add(filter.cityId)}`);
  if (filter.committeeId !== null) conditions.push(`t.committee_id = ${values.add(filter.committeeId)}`);
  if (filter.projectId != null) conditions.push(`t.project_id = ${values.add(filter.projectId)}`);
  conditions.push(`t.created_at >= ${values.add(filter.start.toISOString())}::timestamptz`);
  conditions.push(`t.created_at < ${values.add(filter.end.toISOString())}::timestamptz`);
  return { where: conditions.join(' and '), values };
}

/** The names of the statuses or stages in `locale`, already CSV cells, as a JSON object the statement reads. */
function labels(locale: string, kind: 'status' | 'stage', keys: readonly string[]): string {
  return JSON.stringify(
    Object.fromEntries(keys.map((key) => [key, csvCell(translate(locale, `${kind}.${key}`))])),
  );
}

/**
 * The cities' and committees' names as CSV cells (`csvCell`), by id, as JSON objects the export's
 * statements read: written once per export rather than checked in SQL for every ticket (the cell
 * checks were the largest part of a batch's time), and no join to either table.
 */
async function placeCells(runSql: RunSql): Promise<{ cities: string; committees: string }> {
  const rows = await runSql<{ kind: 'city' | 'committee'; id: number; name: string }>({
    text: `select 'city' as kind, id, name from cities union all select 'committee', id, name from committees`,
    values: [],
  });
  const cells = (kind: 'city' | 'committee') =>
    JSON.stringify(
      Object.fromEntries(rows.filter((row) => row.kind === kind).map((row) => [row.id, csvCell(row.name)])),
    );
  return { cities: cells('city'), committees: cells('committee') };
}

interface TicketBatch {
  chunk: string | null;
  n: number;
  last_created_at: string | null;
  last_id: number | null;
}

/**
 * The tickets as CSV, newest first, streamed: each batch is the next EXPORT_BATCH tickets after the
 * last one written (keyset on created_at and id, the order of `tickets_created_idx` and
 * `tickets_city_created_idx`). The database writes the batch's lines (`csvCellSql`) and answers
 * them as a few texts of CHUNK_ROWS lines with the batch's last key: the api holds those texts,
 * never an object per ticket, and hands them on before it reads the next batch.
 */
export function ticketsCsvStream(
  runSql: RunSql,
  actor: AccessActor,
  filter: ResolvedFilter,
  query: Pick<ReportExportQuery, 'q' | 'due'>,
  locale: string,
  now: Date,
  sizes: { batch: number; chunkRows: number } = { batch: EXPORT_BATCH, chunkRows: CHUNK_ROWS },
): Readable {
  const statuses = labels(locale, 'status', TICKET_STATUSES);
  const stages = labels(locale, 'stage', SLA_STAGES);
  /**
   * The batch after `after` (the first when null): a few texts of `chunkRows` lines and its last
   * key. Asked for ahead of its use, so its failure is marked handled here: a download cancelled
   * while it is in flight never awaits it, and an unhandled rejection would end the process.
   */
  function batchAfter(
    after: { createdAt: string; id: number } | null,
    places: { cities: string; committees: string },
  ): Promise<TicketBatch[]> {
    const { where, values } = ticketExportWhere(actor, filter, query, now);
    // A shielded member is their alias to staff who do not see identities (ADR 0049).
    const memberSql = seesIdentity(actor)
      ? 'coalesce(t.submitter_name, u.full_name)'
      : `case when t.shield_identity then ${ALIAS_SQL} else coalesce(t.submitter_name, u.full_name) end`;
    const keyset: string = after
      ? ` and (t.created_at, t.id) < (${values.add(after.createdAt)}::timestamptz, ${values.add(after.id)})`
      : '';
    const label = (json: string, key: string) => `(${values.add(json)}::jsonb ->> ${key})`;
    const cells = [
      `'${TICKET_ID_PREFIX}-' || t.id`,
      LOCAL_TIME('t.created_at'),
      label(places.cities, 't.city_id::text'),
      `coalesce(${label(places.committees, 't.committee_id::text')}, '')`,
      csvCellSql('x.title'),
      csvCellSql('x.member'),
      label(statuses, 't.status'),
      `coalesce(${label(stages, 't.stage')}, '')`,
      `coalesce(${LOCAL_TIME('t.due_at')}, '')`,
      `coalesce(${LOCAL_TIME('t.first_action_at')}, '')`,
      `coalesce(${LOCAL_TIME('t.finished_at')}, '')`,
      numberSql(hoursSql('t.first_action_at')),
      numberSql(`case when t.status = 'resolved' then ${hoursSql('t.finished_at')} end`),
      // The ticket's project (ADR 0055): its RERA number and name.
      `coalesce(p.rera_number, '')`,
      csvCellSql(`(${safeTextSql('p.name')})`),
    ];
    const batch = runSql<TicketBatch>({
      text: `
        with page as (
          select t.id, t.created_at, ${cells.join(" || ',' || ")} || E'\\r\\n' as line
          from tickets t
          left join users u on u.id = t.customer_id
          left join projects p on p.id = t.project_id
          cross join lateral (select
            ${safeTextSql('t.title')} as title, ${safeTextSql(memberSql)} as member
          ) x
          where ${where}${keyset}
          order by t.created_at desc, t.id desc
          limit ${Number(sizes.batch)}
        ), numbered as (
          select line, row_number() over (order by created_at desc, id desc) as position from page
        ), last as (select id, created_at from page order by created_at, id limit 1)
        select string_agg(line, '' order by position) as chunk,
               (select count(*)::int from page) as n,
               (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from last)
                 as last_created_at,
               (select id from last) as last_id
        from numbered
        group by (position - 1) / ${Number(sizes.chunkRows)}
        order by (position - 1) / ${Number(sizes.chunkRows)}`,
      values: values.list,
    });
    batch.catch(() => undefined);
    return batch;
  }

  async function* lines(): AsyncGenerator<string> {
    yield BOM + csvLine(TICKET_COLUMNS.map((column) => translate(locale, `csv.tickets.${column}`)));
    const places = await placeCells(runSql);
    let pending = batchAfter(null, places);
    for (;;) {
      const pieces = await pending;
      const [first] = pieces;
      if (!first || first.n === 0) return;
      const more = first.n === sizes.batch;
      // The next batch is asked for before this one is written: the database builds it while the
      // api hands this one on (two cores working instead of taking turns; at most two batches held).
      if (more) {
        pending = batchAfter(
          { createdAt: first.last_created_at as string, id: first.last_id as number },
          places,
        );
      }
      for (const piece of pieces) if (piece.chunk) yield piece.chunk;
      if (!more) return;
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
