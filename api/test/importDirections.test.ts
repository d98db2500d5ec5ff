/**
 * Imports inside the api go one way (each service folder is imported
 * one way; a change that crosses tickets, clocks and messages goes through the workflow layer
 * above them). Read from the source with TypeScript's own parser, every relative import of
 * api/src (`import … from`, `export … from`, `import type`, `import('…')`) is an edge, and:
 * - no file imports itself through others (a cycle);
 * - no two modules directly under api/src/services import each other (a folder such as
 *   services/tickets is one module, a loose file such as services/audit.ts another);
 * - services/ and db/ import nothing of the layers above them, and db/ nothing of services/.
 * `npm run lint` checks the first rule too (biome.json: noImportCycles on api/src, an error).
 * Run alone: `npx jest api/test/importDirections.test.ts --selectProjects api` (the path first:
 * `--selectProjects` takes every name after it, so a path after it runs all the api tests).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');
const API_SRC = path.join(ROOT, 'api', 'src');

/** What the layers below may not import: the layers above them (paths relative to api/src). */
const LAYERS_ABOVE = ['app.ts', 'server.ts', 'routes', 'plugins', 'cli', 'demo'];

type Graph = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The relative module specifiers a source file imports or re-exports, static or dynamic. */
function relativeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push(node.moduleReference.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((specifier) => specifier.startsWith('.'));
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names, as the bundler resolves it (`x`, `x.ts`, `x/index.ts`). */
function resolveImport(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.js$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find(
    isFile,
  );
}

/** Every file under `root` with the files under `root` it imports, keyed by path relative to `root`. */
function importGraph(root: string): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(root)) {
    const targets = new Set<string>();
    for (const specifier of relativeImports(file, readFileSync(file, 'utf8'))) {
      const target = resolveImport(file, specifier);
      // Files outside the folder (package.json read for its version) are no part of the graph.
      if (target && !path.relative(root, target).startsWith('..')) targets.add(path.relative(root, target));
    }
    graph.set(path.relative(root, file), targets);
  }
  return graph;
}

/** One cycle through each group of files that reach each other, as `a -> b -> a`. */
function importCycles(graph: Graph): string[] {
  // Tarjan's strongly connected components.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) components.push(component);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);

  // For each component, the shortest way from its first file back to itself (breadth first).
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0] as string;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift() as string;
      const nexts = [...(graph.get(file) ?? [])].filter((next) => members.has(next)).sort();
      if (nexts.includes(start)) {
        const way = [file];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0] as string) as string);
        return [...way, start].join(' -> ');
      }
      for (const next of nexts) {
        if (next !== start && !cameFrom.has(next)) {
          cameFrom.set(next, file);
          queue.push(next);
        }
      }
    }
    return component.sort().join(' -> ');
  });
}

/** The module of a file under services/: its folder, or the loose file itself; none elsewhere. */
function serviceModule(file: string): string | undefined {
  const parts = file.split(path.sep);
  if (parts[0] !== 'services' || parts.length < 2) return undefined;
  return parts.length > 2
    ? `services/${parts[1]}`
    : `services/${(parts[1] as string).replace(/\.tsx?$/, '')}`;
}

/** The pairs of service modules that import each other, `a <-> b` (a < b), with the imports each way. */
function twoWayServicePairs(graph: Graph): Record<string, string[]> {
  const imports = new Map<string, string[]>();
  for (const [file, targets] of graph) {
    const from = serviceModule(file);
    if (!from) continue;
    for (const target of targets) {
      const to = serviceModule(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      imports.set(key, [...(imports.get(key) ?? []), `${file} -> ${target}`]);
    }
  }
  const pairs: Record<string, string[]> = {};
  for (const [key, lines] of imports) {
    const [from, to] = key.split(' -> ') as [string, string];
    const back = imports.get(`${to} -> ${from}`);
    if (from < to && back) pairs[`${from} <-> ${to}`] = [...lines, ...back].sort();
  }
  return pairs;
}

describe('imports inside api/src', () => {
  const graph = importGraph(API_SRC);

  it('are read from the source (the parser finds the app and its imports)', () => {
    expect(graph.size).toBeGreaterThan(50);
    expect(graph.get('app.ts')).toEqual(expect.any(Set));
    expect([...(graph.get('app.ts') ?? [])]).toEqual(
      expect.arrayContaining([path.join('routes', 'index.ts'), path.join('services', 'clock.ts')]),
    );
  });

  it('form no cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('go one way between the modules of services/: what crosses tickets, clocks and messages is in workflow/', () => {
    expect(twoWayServicePairs(graph)).toEqual({});
  });

  it('never go from services/ or db/ up to the routes, plugins, commands, demo data or the app', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith(`services${path.sep}`) || file.startsWith(`db${path.sep}`)
        ? [...targets]
            .filter((target) =>
              LAYERS_ABOVE.some((layer) => target === layer || target.startsWith(layer + path.sep)),
            )
            .map((target) => `${file} -> ${target}`)
        : [],
    );
    const dbOnServices = [...graph].flatMap(([file, targets]) =>
      file.startsWith(`db${path.sep}`)
        ? [...targets]
            .filter((target) => target.startsWith(`services${path.sep}`))
            .map((target) => `${file} -> ${target}`)
        : [],
    );
    expect([...upward, ...dbOnServices]).toEqual([]);
  });
});

describe('the checks themselves, on a scratch folder', () => {
  let scratch: string;
  beforeEach(() => {
    scratch = mkdtempSync(path.join(tmpdir(), 'import-directions-'));
  });
  afterEach(() => rmSync(scratch, { recursive: true, force: true }));

  function write(file: string, text: string) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  }

  it('find a cycle of static, type-only and dynamic imports, and a two-way pair of service modules', () => {
    write('services/tickets/a.ts', "import { b } from './b';\nexport const a = () => b;\n");
    write('services/tickets/b.ts', "import type { C } from './c';\nexport const b: C = 1;\n");
    write('services/tickets/c.ts', "export type C = number;\nexport const load = () => import('./a');\n");
    write('services/sla/d.ts', "export { a } from '../tickets/a';\n");
    write('services/tickets/e.ts', "import { d } from '../sla/d';\nexport const e = d;\n");
    write('services/clock.ts', 'export const now = () => new Date();\n');
    write('services/outbox/f.ts', "import { now } from '../clock';\nexport const f = now;\n");
    const graph = importGraph(scratch);
    const p = (...parts: string[]) => path.join(...parts);
    expect(importCycles(graph)).toEqual([
      `${p('services', 'tickets', 'a.ts')} -> ${p('services', 'tickets', 'b.ts')} -> ${p('services', 'tickets', 'c.ts')} -> ${p('services', 'tickets', 'a.ts')}`,
    ]);
    expect(twoWayServicePairs(graph)).toEqual({
      'services/sla <-> services/tickets': [
        `${p('services', 'sla', 'd.ts')} -> ${p('services', 'tickets', 'a.ts')}`,
        `${p('services', 'tickets', 'e.ts')} -> ${p('services', 'sla', 'd.ts')}`,
      ],
    });
  });

  it('fail the lint too: biome.json makes a cycle under api/src an error of `npm run lint`', () => {
    const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as Record<string, unknown>;
    // The project's rules, without its git settings (the scratch folder is no repository).
    const { $schema: _schema, vcs: _vcs, files: _files, ...rules } = config;
    writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(rules));
    write('api/src/a.ts', "import { b } from './b';\n\nexport const a = (): number => b() + 1;\n");
    write('api/src/b.ts', "import type { A } from './c';\n\nexport const b = (): A => 1;\n");
    write('api/src/c.ts', "import { a } from './a';\n\nexport type A = ReturnType<typeof a>;\n");
    const biome = path.join(ROOT, 'node_modules', '.bin', 'biome');
    const run = spawnSync(biome, ['lint', '--colors=off', 'api/src'], { cwd: scratch, encoding: 'utf8' });
    expect(`${run.stdout}${run.stderr}`).toContain('lint/suspicious/noImportCycles');
    expect(run.status).not.toBe(0);
  });
});
