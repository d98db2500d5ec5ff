/**
 * A TypeScript client generated from the OpenAPI document (openapi-typescript, openapi-fetch;
 * docs/adr/0062): the types are written from /api/docs/json on every run, client/flow.ts is
 * type-checked against them, and then runs a staff member's flow against the api on a real port.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import type { App } from '../src/app';
import { ADMIN, buildDemoApp, DEMO_PASSWORD } from './support/session';
import { APP_TIMEOUT_MS } from './support/testApp';
import { useTestDatabase } from './support/testDatabase';

const CLIENT_DIR = join(__dirname, 'client');

/** client/flow.ts's export, as this test uses it. */
type StaffFlow = (
  baseUrl: string,
  email: string,
  password: string,
) => Promise<{ cities: string[]; ticketIds: number[]; openedTitle: string; historyLength: number }>;

/** openapi-typescript's command line (an ES module: run by node, outside jest's module system). */
async function generateTypes(document: string): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'helpdesk-openapi-'));
  try {
    const input = join(folder, 'openapi.json');
    writeFileSync(input, document);
    const cli = join(require.resolve('openapi-typescript/package.json'), '..', 'bin', 'cli.js');
    await promisify(execFile)(process.execPath, [cli, input, '--output', join(CLIENT_DIR, 'openapi.ts')]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The compiler's complaints about client/flow.ts under the api's compiler options. */
function typeErrorsOfFlow(): string[] {
  const configPath = join(__dirname, '..', 'tsconfig.json');
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, join(__dirname, '..'));
  const program = ts.createProgram([join(CLIENT_DIR, 'flow.ts')], { ...options, noEmit: true, types: [] });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('the client generated from the OpenAPI document', () => {
  const database = useTestDatabase('pglite');
  let app: App;
  let baseUrl: string;

  beforeAll(async () => {
    app = await buildDemoApp(database());
    await app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it('is generated, type-checks a staff flow and runs it', async () => {
    await generateTypes((await app.inject({ method: 'GET', url: '/api/docs/json' })).body);

    expect(typeErrorsOfFlow()).toEqual([]);

    // Imported by a computed path: the typecheck of the project must not follow it into
    // client/flow.ts, whose import of the generated openapi.ts exists only once this test ran.
    const { staffFlow } = (await import(join(CLIENT_DIR, 'flow'))) as { staffFlow: StaffFlow };
    const result = await staffFlow(baseUrl, ADMIN, DEMO_PASSWORD);

    expect(result.cities).toContain('Pune');
    expect(result.ticketIds.length).toBeGreaterThan(0);
    expect(result.openedTitle.length).toBeGreaterThan(0);
    expect(result.historyLength).toBeGreaterThan(0);
  }, 120_000);
});
