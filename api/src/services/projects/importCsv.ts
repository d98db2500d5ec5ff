/**
 * POST /projects/import (ADR 0055): a CSV of projects (a header naming PROJECT_CSV_COLUMNS, then
 * one project a line), checked line by line. A dry run says what would be added, changed, left
 * unchanged or refused (bad number, unknown city, a number twice in the file, no name, a line that
 * cannot be read) and writes nothing; the real run decides the same way and writes every good line
 * in one transaction, with imports taking turns (an advisory lock), so its answer is what it did.
 */
import { inArray, sql } from 'drizzle-orm';
import {
  normaliseReraNumber,
  PROJECT_CSV_COLUMNS,
  type ProjectImportLine,
  type ProjectImportReason,
  type ProjectImportResponse,
  reraNumberProblem,
  TEXT_LIMITS,
} from 'shared-contracts/contracts';
import type { AppDatabase, Transaction } from '../../db/database';
import { cities, projects } from '../../db/schema';
import { HttpError } from '../../httpError';

/** Any constant: imports take turns. */
const IMPORT_LOCK = 5_502_210_035;
/** Lines an import takes at most (the body limit is the other bound). */
export const IMPORT_MAX_LINES = 50_000;
/** Rows per insert (PostgreSQL takes at most 65,535 parameters per statement). */
const CHUNK = 1_000;

/**
 * The records of a CSV text (RFC 4180: quoted fields with `""` for a quote, CRLF or LF), each with
 * the number of the line it starts on. A quote left open is reported, not guessed at.
 */
export function parseCsv(text: string): { line: number; fields: string[]; broken?: true }[] {
  const records: { line: number; fields: string[]; broken?: true }[] = [];
  let line = 1;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a BOM, as spreadsheets write it
  while (at < text.length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    let broken = false;
    for (;;) {
      if (at >= text.length) {
        if (quoted) broken = true;
        fields.push(field);
        break;
      }
      const character = text[at] as string;
      if (quoted) {
        if (character === '"') {
          if (text[at + 1] === '"') {
            field += '"';
            at += 2;
          } else {
            quoted = false;
            at += 1;
          }
        } else {
          if (character === '\n') line += 1;
          field += character;
          at += 1;
        }
        continue;
      }
      if (character === '"' && field === '') {
        quoted = true;
        at += 1;
      } else if (character === ',') {
        fields.push(field);
        field = '';
        at += 1;
      } else if (character === '\r' || character === '\n') {
        fields.push(field);
        at += character === '\r' && text[at + 1] === '\n' ? 2 : 1;
        line += 1;
        break;
      } else {
        field += character;
        at += 1;
      }
    }
    records.push(broken ? { line: start, fields, broken: true } : { line: start, fields });
  }
  return records;
}

interface Candidate {
  line: number;
  reraNumber: string;
  name: string;
  promoter: string;
  cityId: number;
  district: string;
}

/** A value of one line: trimmed, without control characters, within the name limit (else null). */
function cell(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text.length > TEXT_LIMITS.name || /\p{Cc}/u.test(text)) return null;
  return text;
}

/** What the file asks for, line by line, against the cities and projects stored now. */
async function decide(
  tx: Transaction | AppDatabase,
  csv: string,
): Promise<{ lines: ProjectImportLine[]; added: Candidate[]; changed: Candidate[] }> {
  const records = parseCsv(csv).filter(
    (record) => record.broken || record.fields.some((field) => field.trim() !== ''),
  );
  const [header, ...rows] = records;
  const names = (header?.fields ?? []).map((name) => name.trim().toLowerCase());
  const position = Object.fromEntries(PROJECT_CSV_COLUMNS.map((column) => [column, names.indexOf(column)]));
  const missing = PROJECT_CSV_COLUMNS.filter((column) => position[column] === -1);
  if (missing.length) {
    const message = `The first line names the columns: ${PROJECT_CSV_COLUMNS.join(', ')} (missing: ${missing.join(', ')})`;
    throw new HttpError(400, message, [{ path: 'body', message }]);
  }
  if (rows.length > IMPORT_MAX_LINES) {
    const message = `At most ${IMPORT_MAX_LINES} projects per import`;
    throw new HttpError(413, message, [{ path: 'body', message }]);
  }
  const cityRows = await tx.select({ id: cities.id, name: cities.name }).from(cities);
  const cityByName = new Map(cityRows.map((city) => [city.name.trim().toLowerCase(), city.id]));

  const lines: ProjectImportLine[] = [];
  const candidates: Candidate[] = [];
  const seen = new Set<string>();
  const refuse = (line: number, reraNumber: string, reason: ProjectImportReason) =>
    lines.push({ line, outcome: 'refused', reraNumber, reason });
  for (const record of rows) {
    const value = (column: (typeof PROJECT_CSV_COLUMNS)[number]) =>
      cell(record.fields[position[column] as number]);
    const raw = (record.fields[position.rera_number as number] ?? '').trim().slice(0, 80);
    const reraNumber = normaliseReraNumber(raw);
    const [name, promoter, city, district] = [
      value('name'),
      value('promoter'),
      value('city'),
      value('district'),
    ];
    if (record.broken || name === null || promoter === null || city === null || district === null) {
      refuse(record.line, reraNumber, 'BAD_LINE');
    } else if (reraNumberProblem(reraNumber)) {
      refuse(record.line, reraNumber, 'BAD_NUMBER');
    } else if (seen.has(reraNumber)) {
      refuse(record.line, reraNumber, 'DUPLICATE');
    } else if (!name) {
      seen.add(reraNumber);
      refuse(record.line, reraNumber, 'MISSING_NAME');
    } else {
      seen.add(reraNumber);
      const cityId = cityByName.get(city.toLowerCase());
      if (cityId === undefined) refuse(record.line, reraNumber, 'UNKNOWN_CITY');
      else candidates.push({ line: record.line, reraNumber, name, promoter, cityId, district });
    }
  }

  const stored = new Map<string, typeof projects.$inferSelect>();
  for (let start = 0; start < candidates.length; start += CHUNK) {
    const numbers = candidates.slice(start, start + CHUNK).map((candidate) => candidate.reraNumber);
    for (const row of await tx.select().from(projects).where(inArray(projects.reraNumber, numbers))) {
      stored.set(row.reraNumber, row);
    }
  }
  const added: Candidate[] = [];
  const changed: Candidate[] = [];
  for (const candidate of candidates) {
    const before = stored.get(candidate.reraNumber);
    let outcome: ProjectImportLine['outcome'] = 'added';
    if (before) {
      const same =
        before.name === candidate.name &&
        before.promoter === candidate.promoter &&
        before.cityId === candidate.cityId &&
        before.district === candidate.district;
      outcome = same ? 'unchanged' : 'changed';
    }
    if (outcome === 'added') added.push(candidate);
    if (outcome === 'changed') changed.push(candidate);
    lines.push({ line: candidate.line, outcome, reraNumber: candidate.reraNumber });
  }
  lines.sort((a, b) => a.line - b.line);
  return { lines, added, changed };
}

function answer(dryRun: boolean, lines: ProjectImportLine[]): ProjectImportResponse {
  const total = (outcome: ProjectImportLine['outcome']) =>
    lines.filter((line) => line.outcome === outcome).length;
  return {
    dryRun,
    added: total('added'),
    changed: total('changed'),
    unchanged: total('unchanged'),
    refused: total('refused'),
    lines,
  };
}

/** The import: a dry run reads only; otherwise every good line is written in one transaction. */
export async function importProjects(
  db: AppDatabase,
  csv: string,
  dryRun: boolean,
): Promise<ProjectImportResponse> {
  if (dryRun) return answer(true, (await decide(db, csv)).lines);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const { lines, added, changed } = await decide(tx, csv);
    const row = ({ line: _line, ...project }: Candidate) => project;
    for (let start = 0; start < added.length; start += CHUNK) {
      await tx.insert(projects).values(added.slice(start, start + CHUNK).map(row));
    }
    for (let start = 0; start < changed.length; start += CHUNK) {
      const chunk = changed.slice(start, start + CHUNK).map(row);
      // One statement per chunk: the new values joined on the number.
      await tx.execute(sql`update ${projects} p set name = v.name, promoter = v.promoter,
        city_id = v.city_id, district = v.district, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(
          chunk.map((project) => ({
            rera_number: project.reraNumber,
            name: project.name,
            promoter: project.promoter,
            city_id: project.cityId,
            district: project.district,
          })),
        )}::jsonb) as v(rera_number text, name text, promoter text, city_id integer, district text)
        where p.rera_number = v.rera_number`);
    }
    return answer(false, lines);
  });
}
