// The build-time half of the contract (ADR 0032): every app's webpack config refuses to build
// when one app pins a shared singleton differently. Tested on small fake trees, and on this one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertSingletonsPinned, singletonPinDifferences } from 'shared-contracts/build/federation';

const apps = ['shell', 'mf-user-admin'];
let root: string;

function app(name: string, dependencies: Record<string, string>) {
  mkdirSync(path.join(root, name), { recursive: true });
  writeFileSync(path.join(root, name, 'package.json'), JSON.stringify({ name, dependencies }));
}
function installed(where: string, pkg: string, version: string) {
  const dir = path.join(root, where, 'node_modules', pkg);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: pkg, version }));
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'pins-'));
  installed('', 'react', '19.3.1');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('apps that declare and resolve the same version agree', () => {
  app('shell', { react: '^19.3.1' });
  app('mf-user-admin', { react: '^19.3.1' });
  expect(singletonPinDifferences(root, apps)).toEqual([]);
});

test('one remote declaring another range of a singleton is named', () => {
  app('shell', { react: '^19.3.1' });
  app('mf-user-admin', { react: '^20.0.0' });
  expect(singletonPinDifferences(root, apps)).toEqual([
    'react is declared differently: ^19.3.1 in shell; ^20.0.0 in mf-user-admin',
  ]);
});

test('one remote resolving its own copy of a singleton (nested install) is named', () => {
  app('shell', { react: '^19.3.1' });
  app('mf-user-admin', { react: '^19.3.1' });
  installed('mf-user-admin', 'react', '19.4.0');
  expect(singletonPinDifferences(root, apps)).toEqual([
    'react is installed in different versions: 19.3.1 in shell; 19.4.0 in mf-user-admin',
  ]);
});

test('this repository pins every singleton once (the check every build runs)', () => {
  expect(() => assertSingletonsPinned()).not.toThrow();
});
