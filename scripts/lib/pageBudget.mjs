// The size budget of /add-ticket's first visit (issue 38, ADR 0074), checked by the build: the
// gzip (level 6, as nginx.conf) of every script a first visit downloads before anyone touches the
// page: the public bundle's entry files (dist/public/entry.json `js`), the add-ticket page's chunks
// it preloads (`pages["page-add-ticket"]`) and the early form script (dist/prerender/
// early-form.json). Over the budget, the build fails and prints what weighs most, package by
// package, read from the files' source maps.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** At most this many bytes of gzip JS on a first visit of /add-ticket. */
export const ADD_TICKET_BUDGET = 160 * 1024;
/** The page chunk of /add-ticket in entry.json (scripts/lib/publicPages.mjs preloads it). */
const PAGE_CHUNK = 'page-add-ticket';

export const gzipBytes = (buffer) => gzipSync(buffer, { level: 6 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The first-visit script files of /add-ticket, relative to `dist/public/`, from an app's dist/. */
export function firstVisitScripts(dist) {
  const entry = JSON.parse(readFileSync(path.join(dist, 'public', 'entry.json'), 'utf8'));
  const early = path.join(dist, 'prerender', 'early-form.json');
  return [
    ...entry.js,
    ...(entry.pages[PAGE_CHUNK] ?? []),
    ...(existsSync(early) ? [JSON.parse(readFileSync(early, 'utf8')).file] : []),
  ].filter((file, index, files) => files.indexOf(file) === index);
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * One generated line's segments of a source map (`mappings`): [column, source index] pairs. Only
 * the first two fields matter here (where a piece of code starts and which source it came from);
 * the source index is relative across the whole map, so it is carried from line to line.
 */
function* segments(mappings) {
  let source = 0;
  let line = 0;
  for (const lineText of mappings.split(';')) {
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const fields = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0];
      if (fields.length > 1) source += fields[1];
      yield { line, column, source: fields.length > 1 ? source : -1 };
    }
    line++;
  }
}

/** Who a source belongs to: its npm package, else its workspace folder (`mf-public-intake/src`). */
export function ownerOf(source) {
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/^(\.\.?\/)+/, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (inModules) return inModules[1];
  if (clean.startsWith('webpack/')) return 'webpack runtime';
  const parts = clean.split('/');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * The minified code of one file split by owner (its source map's attribution), each owner's code
 * gzipped alone: an estimate of its share (gzip shares its dictionary across a file, so the
 * parts add up to a little more than the file).
 */
export function contributorsOf(code, map) {
  const lines = code.split('\n');
  const pieces = new Map();
  const list = [...segments(map.mappings)];
  for (let i = 0; i < list.length; i++) {
    const { line, column, source } = list[i];
    const next = list[i + 1];
    const end = next && next.line === line ? next.column : undefined;
    const owner = source >= 0 ? ownerOf(map.sources[source] ?? '') : 'unmapped';
    const text = (lines[line] ?? '').slice(column, end);
    pieces.set(owner, `${pieces.get(owner) ?? ''}${text}`);
  }
  return [...pieces].map(([owner, text]) => ({
    owner,
    bytes: Buffer.byteLength(text),
    gzip: gzipBytes(Buffer.from(text)),
  }));
}

/**
 * Weighs `files` (relative to `dir`) against `budget`. Returns the total, each file's gzip, and
 * the top contributors (by owner, over all files) when a source map sits beside the files.
 */
export function checkBudget(dir, files, budget = ADD_TICKET_BUDGET, top = 12) {
  const weighed = files.map((file) => ({ file, gzip: gzipBytes(readFileSync(path.join(dir, file))) }));
  const total = weighed.reduce((sum, { gzip }) => sum + gzip, 0);
  const owners = new Map();
  for (const { file } of weighed) {
    const mapFile = path.join(dir, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    const code = readFileSync(path.join(dir, file), 'utf8');
    for (const { owner, bytes, gzip } of contributorsOf(code, JSON.parse(readFileSync(mapFile, 'utf8')))) {
      const known = owners.get(owner) ?? { owner, bytes: 0, gzip: 0 };
      owners.set(owner, { owner, bytes: known.bytes + bytes, gzip: known.gzip + gzip });
    }
  }
  const contributors = [...owners.values()].sort((a, b) => b.gzip - a.gzip).slice(0, top);
  return { ok: total <= budget, total, budget, files: weighed, contributors };
}

/** The report the build prints: the verdict, the files, and the top contributors. */
export function budgetReport({ ok, total, budget, files, contributors }, page = '/add-ticket') {
  return [
    `${page}, first visit: ${kib(total)} of gzip JS, budget ${kib(budget)}: ${ok ? 'within' : `OVER by ${kib(total - budget)}`}`,
    ...files.map(({ file, gzip }) => `  ${kib(gzip).padStart(10)}  ${file}`),
    ...(contributors.length > 0
      ? [
          '  top contributors (each gzipped alone; minified size):',
          ...contributors.map(
            ({ owner, bytes, gzip }) => `  ${kib(gzip).padStart(10)}  ${owner} (${kib(bytes)})`,
          ),
        ]
      : []),
  ].join('\n');
}

/**
 * The build's check of an app's dist/ that carries a public bundle: throws (failing the build)
 * with the report when /add-ticket's first visit is over budget, else returns the report.
 */
export function enforceAddTicketBudget(dist, budget = ADD_TICKET_BUDGET) {
  const result = checkBudget(path.join(dist, 'public'), firstVisitScripts(dist), budget);
  const report = budgetReport(result);
  if (!result.ok) throw new Error(`Size budget exceeded (ADR 0074)\n${report}`);
  return report;
}
