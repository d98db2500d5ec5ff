import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Every file of the repository may cite only what the repository holds: the product's behaviour is
// docs/product.md, its design docs/architecture.md (docs/architecture.md#conventions). This test
// reads every tracked text file and fails on a citation of a document outside the repository and on
// a `docs/<page>.md#anchor` whose page or heading does not exist.

const root = path.resolve(__dirname, '../..');

/** Citations of documents that are not in the repository. An RFC's section (`RFC 7518 §3.2`) is fine. */
const OUTSIDE: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?<!RFC \d+ )§\s?\d/, 'a numbered section (§N) of a document outside the repository'],
  [/portal-spec/, 'the outside product spec'],
  [/\bARCHITECTURE\b/, 'the outside architecture page'],
  [/\bCONVENTIONS\b/, 'the outside conventions page'],
  [/\.\.\/shared\//, 'a path outside the repository'],
  [/(?<![./@-])\b[Ss]pec\b(?![.\-/])/, '"the spec" (say docs/product.md)'],
];

/** Where one line cites something outside the repository: the reasons, empty when it does not. */
function outsideCitations(line: string): string[] {
  return OUTSIDE.filter(([pattern]) => pattern.test(line)).map(([, why]) => why);
}

/** GitHub's anchors of a markdown page's headings (github-slugger: repeats get -1, -2, …). */
function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = (heading[1] ?? '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every `docs/<page>.md#anchor` cited in a text (a markdown link inside docs/ may drop `docs/`). */
function citedAnchors(text: string, file = ''): Array<{ page: string; anchor: string }> {
  const found: Array<{ page: string; anchor: string }> = [];
  for (const m of text.matchAll(/(?<![\w/.-])(docs\/)?([\w-]+)\.md#([\w-]+)/g)) {
    const inDocs = file.startsWith('docs/') && !file.startsWith('docs/adr/');
    if (!m[1] && !inDocs) continue;
    found.push({ page: `docs/${m[2]}.md`, anchor: m[3] ?? '' });
  }
  // In-page links of a docs page: `](#anchor)`.
  if (file.startsWith('docs/')) {
    for (const m of text.matchAll(/\]\(#([\w-]+)\)/g)) found.push({ page: file, anchor: m[1] ?? '' });
  }
  return found;
}

const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((file) => file && file !== 'package-lock.json' && existsSync(path.join(root, file)));

/** The tracked text files (binary ones hold a NUL byte). */
const texts = files
  .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }))
  .filter(({ text }) => !text.includes('\0'));

// This file names the patterns it forbids.
const self = path.relative(root, __filename).split(path.sep).join('/');

describe('the checks themselves', () => {
  it('flag a citation of the outside spec or architecture, not an RFC section or a .spec file', () => {
    expect(outsideCitations('/** Spec §7 Auth calls. */')).not.toEqual([]);
    expect(outsideCitations('the workflow of ARCHITECTURE §6')).not.toEqual([]);
    expect(outsideCitations('(the spec does not show it)')).not.toEqual([]);
    expect(outsideCitations('see the portal-spec page')).not.toEqual([]);
    expect(outsideCitations('as long as its output (RFC 7518 §3.2): 32 bytes')).toEqual([]);
    expect(outsideCitations("import x from './login.spec.ts'; '@standard-schema/spec'")).toEqual([]);
    expect(outsideCitations('/** docs/product.md#calls Auth calls. */')).toEqual([]);
  });

  it("name a heading's anchor as GitHub does", () => {
    const anchors = headingAnchors(
      '# The product\n## Submit form\n### Rating, reopen and appeal\n```\n## not a heading\n```\n## Submit form\n',
    );
    expect([...anchors]).toEqual(['the-product', 'submit-form', 'rating-reopen-and-appeal', 'submit-form-1']);
  });

  it('find the anchors a text cites', () => {
    expect(citedAnchors('(docs/product.md#calls, docs/architecture.md#api)', 'api/src/x.ts')).toEqual([
      { page: 'docs/product.md', anchor: 'calls' },
      { page: 'docs/architecture.md', anchor: 'api' },
    ]);
    expect(citedAnchors('[data](product.md#data) and [up](#overview)', 'docs/architecture.md')).toEqual([
      { page: 'docs/product.md', anchor: 'data' },
      { page: 'docs/architecture.md', anchor: 'overview' },
    ]);
  });
});

describe('every file cites only documents of the repository', () => {
  it('no file cites the outside spec, architecture or conventions', () => {
    const offenders = texts
      .filter(({ file }) => file !== self)
      .flatMap(({ file, text }) =>
        text.split('\n').flatMap((line, index) => {
          const why = outsideCitations(line);
          return why.length ? [`${file}:${index + 1}: ${why.join('; ')}: ${line.trim()}`] : [];
        }),
      );
    expect(offenders).toEqual([]);
  });

  it('every cited docs anchor exists', () => {
    const anchorsOf = new Map<string, Set<string> | null>();
    const anchors = (page: string) => {
      if (!anchorsOf.has(page)) {
        const file = path.join(root, page);
        anchorsOf.set(page, existsSync(file) ? headingAnchors(readFileSync(file, 'utf8')) : null);
      }
      return anchorsOf.get(page);
    };
    const broken = texts
      .filter(({ file }) => file !== self)
      .flatMap(({ file, text }) =>
        citedAnchors(text, file)
          .filter(({ page, anchor }) => !anchors(page)?.has(anchor))
          .map(({ page, anchor }) => `${file}: ${page}#${anchor}`),
      );
    expect(broken).toEqual([]);
    // The two pages the code cites exist and carry their anchors.
    expect(anchors('docs/product.md')?.has('submit-form')).toBe(true);
    expect(anchors('docs/architecture.md')?.has('security-decisions')).toBe(true);
  });
});
