// The build's size budget of /add-ticket (issue 38, ADR 0074), on a fixture dist/ instead of a
// second full build: a page just under the budget passes, the same page with 10 KiB more fails
// with its top contributors named, and the build step calls the check.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADD_TICKET_BUDGET,
  checkBudget,
  contributorsOf,
  enforceAddTicketBudget,
  firstVisitScripts,
  gzipBytes,
  ownerOf,
} from '../lib/pageBudget.mjs';

const KiB = 1024;
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** A source map's VLQ of one number. */
function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

/** Code that does not compress: its gzip is about `bytes` (random data, base64 in a string). */
const noise = (bytes: number) => `var n="${randomBytes(bytes).toString('base64')}";`;

/**
 * A one-line script made of `parts` (source path → code) and its source map, each part mapped to
 * its source from its first column, as webpack's minifier maps modules.
 */
function scriptWithMap(parts: [string, string][]): { code: string; map: string } {
  let code = '';
  const segments: string[] = [];
  let [lastColumn, lastSource] = [0, 0];
  parts.forEach(([, text], index) => {
    segments.push(`${vlq(code.length - lastColumn)}${vlq(index - lastSource)}AA`);
    [lastColumn, lastSource] = [code.length, index];
    code += text;
  });
  const map = {
    version: 3,
    sources: parts.map(([source]) => source),
    names: [],
    mappings: segments.join(','),
  };
  return { code, map: JSON.stringify(map) };
}

let dist: string;
const publicDir = () => path.join(dist, 'public');

/** An app's dist/ as the public build leaves it: entry.json, the scripts and their maps. */
function writeDist(pageParts: [string, string][]) {
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(path.join(dist, 'public'), { recursive: true });
  mkdirSync(path.join(dist, 'prerender'), { recursive: true });
  const files: Record<string, { code: string; map: string }> = {
    'main.0000aaaa.js': scriptWithMap([
      ['webpack://publicIntakePages/./node_modules/react-dom/cjs/react-dom.production.js', noise(90 * KiB)],
      ['webpack://publicIntakePages/webpack/runtime/jsonp chunk loading', 'var r=1;'],
    ]),
    'page-add-ticket.0000bbbb.js': scriptWithMap(pageParts),
    'early-form.0000cccc.js': scriptWithMap([
      ['webpack://publicIntakePages/./mf-public-intake/src/early/earlyForm.ts', noise(KiB)],
    ]),
  };
  for (const [name, { code, map }] of Object.entries(files)) {
    writeFileSync(path.join(dist, 'public', name), code);
    writeFileSync(path.join(dist, 'public', `${name}.map`), map);
  }
  writeFileSync(path.join(dist, 'public', 'other-page.0000dddd.js'), noise(300 * KiB));
  writeFileSync(
    path.join(dist, 'public', 'entry.json'),
    JSON.stringify({
      js: ['main.0000aaaa.js'],
      css: ['main.0000eeee.css'],
      pages: { 'page-add-ticket': ['page-add-ticket.0000bbbb.js'], 'page-track': ['other-page.0000dddd.js'] },
    }),
  );
  writeFileSync(
    path.join(dist, 'prerender', 'early-form.json'),
    JSON.stringify({ file: 'early-form.0000cccc.js' }),
  );
}

/** The page's own code: sized so that the whole first visit is 3 KiB under the budget. */
function pageJustUnderBudget(): [string, string][] {
  writeDist([['webpack://publicIntakePages/./mf-public-intake/src/pages/AddTicketPage.tsx', '']]);
  const others = checkBudget(publicDir(), firstVisitScripts(dist)).total;
  const room = ADD_TICKET_BUDGET - others - 3 * KiB;
  return [['webpack://publicIntakePages/./mf-public-intake/src/pages/AddTicketPage.tsx', noise(room)]];
}

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'page-budget-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

test('the first visit is the entry, the add-ticket chunks and the early form script, not the other pages', () => {
  writeDist([['webpack://publicIntakePages/./mf-public-intake/src/pages/AddTicketPage.tsx', 'x']]);
  expect(firstVisitScripts(dist)).toEqual([
    'main.0000aaaa.js',
    'page-add-ticket.0000bbbb.js',
    'early-form.0000cccc.js',
  ]);
});

test('a page just under the budget passes; the same page with 10 KiB more fails and names what weighs', () => {
  const page = pageJustUnderBudget();
  writeDist(page);
  const under = checkBudget(publicDir(), firstVisitScripts(dist));
  expect(under.total).toBeLessThanOrEqual(ADD_TICKET_BUDGET);
  expect(under.total).toBeGreaterThan(ADD_TICKET_BUDGET - 6 * KiB);
  expect(under.ok).toBe(true);
  expect(enforceAddTicketBudget(dist)).toMatch(/within/);

  // A change adds 10 KiB of gzip JS to the page: a new package in the page's chunk.
  writeDist([
    ...page,
    ['webpack://publicIntakePages/./node_modules/some-new-package/index.js', noise(10 * KiB)],
  ]);
  const over = checkBudget(publicDir(), firstVisitScripts(dist));
  expect(over.total).toBeGreaterThan(ADD_TICKET_BUDGET);
  expect(over.total - under.total).toBeGreaterThanOrEqual(10 * KiB);
  expect(over.ok).toBe(false);
  expect(() => enforceAddTicketBudget(dist)).toThrow(/OVER by/);
  let message = '';
  try {
    enforceAddTicketBudget(dist);
  } catch (error) {
    message = (error as Error).message;
  }
  // The top contributors, heaviest first, by package or workspace folder.
  const lines = message.split('\n');
  const listed = lines.slice(lines.findIndex((line) => line.includes('top contributors')) + 1);
  expect(listed[0]).toMatch(/react-dom/);
  expect(listed[1]).toMatch(/mf-public-intake\/src/);
  expect(listed.some((line) => line.includes('some-new-package'))).toBe(true);
  expect(message).toMatch(/page-add-ticket\.0000bbbb\.js/);
});

test('the same 10 KiB arriving as a new preloaded chunk of the page fails too', () => {
  writeDist(pageJustUnderBudget());
  const entry = JSON.parse(readFileSync(path.join(publicDir(), 'entry.json'), 'utf8'));
  writeFileSync(path.join(publicDir(), 'new.0000ffff.js'), noise(10 * KiB));
  entry.pages['page-add-ticket'].push('new.0000ffff.js');
  writeFileSync(path.join(publicDir(), 'entry.json'), JSON.stringify(entry));
  expect(() => enforceAddTicketBudget(dist)).toThrow(/OVER by/);
});

test('code is attributed to its package or workspace folder', () => {
  expect(ownerOf('webpack://publicIntakePages/./node_modules/@mantine/core/esm/components/Button.mjs')).toBe(
    '@mantine/core',
  );
  expect(ownerOf('webpack://publicIntakePages/../node_modules/react-dom/cjs/x.js')).toBe('react-dom');
  expect(ownerOf('webpack://publicIntakePages/../shared-contracts/src/i18n/en.ts')).toBe(
    'shared-contracts/src',
  );
  expect(ownerOf('webpack://publicIntakePages/webpack/runtime/load script')).toBe('webpack runtime');
  const { code, map } = scriptWithMap([
    ['webpack://x/./node_modules/a/index.js', 'aaaa'],
    ['webpack://x/./src/b.ts', 'bb'],
  ]);
  expect(contributorsOf(code, JSON.parse(map)).map(({ owner, bytes }) => [owner, bytes])).toEqual([
    ['a', 4],
    ['src', 2],
  ]);
  expect(gzipBytes(Buffer.from(code))).toBeGreaterThan(0);
});

test('the build checks the budget of every app that ships a public bundle', () => {
  const build = readFileSync(path.join(__dirname, '..', 'build.mjs'), 'utf8');
  expect(build).toMatch(/enforceAddTicketBudget\(/);
});
