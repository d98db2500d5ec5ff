// Every npm script runs on the pinned Node 24 (ADR 0047), never on the machine's own Node (20 on
// the machines this project is built on): the test runner itself, a plain `node` a script spawns,
// and `npm exec node` started from a shell that has only the machine's Node on its PATH.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const pinned: string = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).devDependencies.node;

function versionOf(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout.trim().replace(/^v/, '');
}

test('the pinned version is exact and a Node 24 release', () => {
  expect(pinned).toMatch(/^24\.\d+\.\d+$/);
});

test('the tests run on the pinned Node, installed in node_modules', () => {
  expect(process.versions.node).toBe(pinned);
  expect(process.execPath.startsWith(path.join(ROOT, 'node_modules'))).toBe(true);
});

test('a `node` that a script spawns by name is the pinned one', () => {
  expect(versionOf('node', ['-p', 'process.versions.node'])).toBe(pinned);
});

test('`npm exec node`, from a shell whose PATH has only the machine’s Node, is the pinned one', () => {
  const PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.endsWith(path.join('node_modules', '.bin')))
    .join(path.delimiter);
  expect(PATH.split(path.delimiter)).not.toContain(BIN);
  expect(versionOf('npm', ['exec', '--', 'node', '--version'], { ...process.env, PATH })).toBe(pinned);
});
