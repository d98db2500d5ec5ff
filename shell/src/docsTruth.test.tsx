import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import * as schema from '../../api/src/db/schema';
import { App } from './App';
import { RequireSession } from './auth/RequireSession';
import { RemoteRoute } from './remotes/RemoteRoute';

// docs/product.md#routes and docs/architecture.md#federation-contract list every route of the
// shell, who may open it and which app owns it; docs/architecture.md#data lists every table of the
// database. This test keeps those lists true: it compares them with the shell's real route table
// and with the real schema, in both directions.
//
// The route table is the one App renders: `Routes` is replaced by a probe that hands its children
// to react-router's own `createRoutesFromChildren` (what `Routes` does with them), so the shell's
// own routes (`/`) and the remotes' routes (REMOTE_ROUTES, each behind RequireSession or not) are
// read from App itself, not from its source text. Nothing is loaded from a remote: the probe
// renders nothing. The unit project (jsdom) runs it, since App needs React and the router. The
// schema is imported from the api's source by relative path: a test only, nothing of it reaches
// a bundle, and its `pgTable` objects name the tables better than a reading of the file would.

const root = path.resolve(__dirname, '../..');

const mockCaptured: RouteObject[] = [];
jest.mock('react-router-dom', () => {
  const actual = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
  return {
    ...actual,
    Routes: ({ children }: { children?: ReactNode }) => {
      mockCaptured.push(...actual.createRoutesFromChildren(children));
      return null;
    },
  };
});
jest.mock('./remotes/remoteLoader', () => ({ remotePages: jest.fn(), retryRemote: jest.fn() }));

interface ShellRoute {
  path: string;
  /** The remote's federation name, or `shell` for the shell's own pages. */
  owner: string;
  needsSession: boolean;
}

/** The remote a route element mounts (through RequireSession or not), or `shell`. */
function ownerOf(element: ReactNode): { owner: string; needsSession: boolean } {
  if (!isValidElement(element)) return { owner: 'shell', needsSession: false };
  const { props, type } = element as ReactElement<{ children?: ReactNode; remote?: string }>;
  if (type === RequireSession) return { ...ownerOf(props.children), needsSession: true };
  if (type === RemoteRoute) return { owner: String(props.remote), needsSession: false };
  return { owner: 'shell', needsSession: false };
}

/** Every path of a route tree (layout routes have none; `*` is the not-found page, no route). */
function flatten(routes: RouteObject[], parent = ''): ShellRoute[] {
  return routes.flatMap((route) => {
    // A nested route's path is relative to its parent's, unless it begins with `/`.
    const full = !route.path ? parent : route.path.startsWith('/') ? route.path : `${parent}/${route.path}`;
    const own = route.path && route.path !== '*' ? [{ path: full, ...ownerOf(route.element) }] : [];
    return [...own, ...flatten(route.children ?? [], full.replace(/\/$/, ''))];
  });
}

function shellRoutes(): ShellRoute[] {
  mockCaptured.length = 0;
  render(
    <MemoryRouter>
      <App />
    </MemoryRouter>,
  );
  return flatten(mockCaptured);
}

/** A markdown table's cells, without the outer pipes. */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => cell.trim());

/**
 * The rows of the one table of a page whose first header cell is `header` (case aside), as cells.
 * Fails when the page has no such table or two.
 */
function tableRows(page: string, header: string): string[][] {
  const lines = readFileSync(path.join(root, page), 'utf8').split('\n');
  const starts = lines.flatMap((line, index) =>
    line.trim().startsWith('|') && cells(line)[0]?.toLowerCase() === header && !lines[index - 1]?.trim()
      ? [index]
      : [],
  );
  if (starts.length !== 1) throw new Error(`${page}: ${starts.length} tables headed "${header}", want 1`);
  const rows: string[][] = [];
  for (let index = (starts[0] ?? 0) + 2; lines[index]?.trim().startsWith('|'); index += 1) {
    rows.push(cells(lines[index] ?? ''));
  }
  return rows;
}

/** The single `code` of a first cell (`/ticket-detail/{id}` written as the router's `/ticket-detail/:id`). */
function codeOf(cell: string, page: string): string {
  const match = /^`([^`]+)`$/.exec(cell);
  if (!match?.[1]) throw new Error(`${page}: the first cell "${cell}" is not one name in backticks`);
  return match[1].replace(/\{(\w+)\}/g, ':$1');
}

interface DocRoute {
  path: string;
  owner: string;
  access: string;
}

/** A page's route table: `| route | … | who may open it | app |`, the app a federation name or `shell`. */
function documentedRoutes(page: string): DocRoute[] {
  return tableRows(page, 'route').map((row) => ({
    path: codeOf(row[0] ?? '', page),
    access: row.at(-2) ?? '',
    owner: (row.at(-1) ?? '').replace(/`/g, ''),
  }));
}

/** A route open to everyone is documented as such: its "who may open it" begins with "anyone". */
const saysOpen = (access: string) => /^anyone\b/i.test(access);

const ROUTE_PAGES = ['docs/product.md', 'docs/architecture.md'];

describe('the route tables of the docs are the shell route table', () => {
  let shell: ShellRoute[] = [];
  beforeAll(() => {
    shell = shellRoutes();
  });

  it('the probe reads the real table (the sign-in page and every remote route)', () => {
    expect(shell.find((route) => route.path === '/')).toEqual({
      path: '/',
      owner: 'shell',
      needsSession: false,
    });
    expect(shell.find((route) => route.path === '/add-ticket')?.owner).toBe('publicIntake');
    expect(shell.find((route) => route.path === '/users')).toMatchObject({ needsSession: true });
  });

  describe.each(ROUTE_PAGES)('%s', (page) => {
    // Read in each test, so that an unreadable table fails the tests, not the whole file.
    const documented = () => documentedRoutes(page);

    it('documents every route of the shell', () => {
      const docs = documented();
      const missing = shell.map((route) => route.path).filter((p) => !docs.some((d) => d.path === p));
      expect(missing).toEqual([]);
    });

    it('documents no route the shell lacks, and none twice', () => {
      const paths = documented().map((route) => route.path);
      expect(paths.filter((p) => !shell.some((s) => s.path === p))).toEqual([]);
      expect(paths.filter((p, index) => paths.indexOf(p) !== index)).toEqual([]);
    });

    it('names the app that owns each route and whether it needs a session', () => {
      const wrong = documented().flatMap((doc) => {
        const route = shell.find((s) => s.path === doc.path);
        if (!route) return [];
        const problems = [];
        if (doc.owner !== route.owner)
          problems.push(`${doc.path}: app ${doc.owner}, the shell: ${route.owner}`);
        if (saysOpen(doc.access) === route.needsSession) {
          problems.push(
            `${doc.path}: "${doc.access}", the shell: ${route.needsSession ? 'a session' : 'open'}`,
          );
        }
        return problems;
      });
      expect(wrong).toEqual([]);
    });
  });
});

/** SQL without its comments (a comment may name a table it does not create). */
const withoutComments = (text: string) => text.replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '');

// A table's name, quoted or not, after an optional schema (`"public"."tickets"` is `tickets`).
const NAME = '(?:"?\\w+"?\\.)?"?(\\w+)"?';
const CREATE = new RegExp(`\\bcreate\\s+(?:unlogged\\s+)?table\\s+(?:if\\s+not\\s+exists\\s+)?${NAME}`, 'gi');
const DROP = new RegExp(`\\bdrop\\s+table\\s+(?:if\\s+exists\\s+)?((?:${NAME}\\s*,\\s*)*${NAME})`, 'gi');
const RENAME = new RegExp(
  `\\balter\\s+table\\s+(?:if\\s+exists\\s+)?${NAME}\\s+rename\\s+to\\s+${NAME}`,
  'gi',
);

/** The tables the migrations leave, applied in the journal's order (what the migrator runs). */
function migratedTables(): Set<string> {
  const folder = path.join(root, 'api/drizzle');
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const tables = new Set<string>();
  for (const { tag } of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    const sql = withoutComments(readFileSync(path.join(folder, `${tag}.sql`), 'utf8'));
    // One statement at a time, in order: a table created, renamed and dropped in one file ends dropped.
    for (const statement of sql.split(/;|--> statement-breakpoint/)) {
      for (const m of statement.matchAll(CREATE)) tables.add(m[1] ?? '');
      for (const m of statement.matchAll(RENAME)) {
        tables.delete(m[1] ?? '');
        tables.add(m[2] ?? '');
      }
      for (const m of statement.matchAll(DROP)) {
        for (const name of (m[1] ?? '').split(','))
          tables.delete(name.replace(/"/g, '').trim().split('.').at(-1) ?? '');
      }
    }
  }
  return tables;
}

/** The tables of api/src/db/schema.ts (its pgTable calls). */
const schemaTables = () =>
  Object.values(schema)
    .filter((value) => is(value, PgTable))
    .map((table) => getTableName(table as PgTable));

describe('the table list of docs/architecture.md#data is the database', () => {
  const documented = () =>
    tableRows('docs/architecture.md', 'table').map((row) => codeOf(row[0] ?? '', 'docs/architecture.md'));
  const database = () => [...new Set([...schemaTables(), ...migratedTables()])].sort();

  it('reads the schema and the migrations (the checks themselves)', () => {
    expect(database()).toEqual(expect.arrayContaining(['tickets', 'users', 'ticket_words', 'audit_log']));
    expect(readdirSync(path.join(root, 'api/drizzle')).some((file) => file.endsWith('.sql'))).toBe(true);
    const sql =
      'CREATE TABLE "a" (x int); -- CREATE TABLE "d"\nCREATE TEMPORARY TABLE "t" (x int);\n' +
      'CREATE TABLE IF NOT EXISTS "public"."e" (x int);\nALTER TABLE "a" RENAME TO "b";\nDROP TABLE IF EXISTS "c", "b";';
    expect([...withoutComments(sql).matchAll(CREATE)].map((m) => m[1])).toEqual(['a', 'e']);
    expect([...sql.matchAll(RENAME)].map((m) => [m[1], m[2]])).toEqual([['a', 'b']]);
    expect([...sql.matchAll(DROP)].map((m) => m[1])).toEqual(['"c", "b"']);
  });

  it('documents every table', () => {
    const docs = documented();
    expect(database().filter((table) => !docs.includes(table))).toEqual([]);
  });

  it('documents no table the database lacks, and none twice', () => {
    const docs = documented();
    const tables = database();
    expect(docs.filter((table) => !tables.includes(table))).toEqual([]);
    expect(docs.filter((table, index) => docs.indexOf(table) !== index)).toEqual([]);
  });
});
