/**
 * The OpenAPI document at /api/docs/json passes Redocly's recommended lint with no error and no
 * warning (api/redocly.yaml; the paths api/.redocly.lint-ignore.yaml keeps, docs/adr/0062).
 */
import { join } from 'node:path';
import { formatProblems, getTotals, lintFromString, loadConfig } from '@redocly/openapi-core';
import type { App } from '../src/app';
import { operationIdOf, tagOf } from '../src/routes/operations';
import { APP_TIMEOUT_MS, buildTestApp } from './support/testApp';
import { useTestDatabase } from './support/testDatabase';

const API_DIR = join(__dirname, '..');

describe('the OpenAPI document', () => {
  const database = useTestDatabase('pglite');
  let app: App;
  let source: string;

  beforeAll(async () => {
    app = await buildTestApp(database());
    source = (await app.inject({ method: 'GET', url: '/api/docs/json' })).body;
  }, APP_TIMEOUT_MS);
  afterAll(() => app?.close());

  it("passes Redocly's recommended lint: no error, no warning", async () => {
    const config = await loadConfig({ configPath: join(API_DIR, 'redocly.yaml') });
    const problems = await lintFromString({ source, absoluteRef: join(API_DIR, 'openapi.json'), config });
    const reported = problems.filter((problem) => !problem.ignored);
    const totals = getTotals(reported);
    if (totals.errors + totals.warnings > 0) {
      formatProblems(reported, { format: 'stylish', totals, version: 'test', maxProblems: 50 });
    }

    expect(reported.map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}`)).toEqual([]);
    // The kept ambiguities are exactly the documented ones: a new ambiguous path is reported above.
    expect(
      problems.filter((problem) => problem.ignored).every((p) => p.ruleId === 'no-ambiguous-paths'),
    ).toBe(true);
  });

  it('gives each operation a unique operationId, a tag and its security, public ones `security: []`', () => {
    const document = JSON.parse(source);
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Record<string, unknown>>).map(([method, op]) => ({
        path,
        method,
        op,
      })),
    );
    const ids = operations.map(({ op }) => op.operationId);

    expect(new Set(ids).size).toBe(operations.length);
    expect(operations.filter(({ op }) => !Array.isArray(op.tags) || !Array.isArray(op.security))).toEqual([]);
    expect(document.paths['/api/auth/login'].post.security).toEqual([]);
    expect(document.paths['/api/tickets/all'].get.security).toContainEqual({ bearerAuth: [] });
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('derives the names from the method and the path', () => {
    expect(operationIdOf('GET', '/api/tickets/:id/history')).toBe('getTicketsByIdHistory');
    expect(operationIdOf('POST', '/api/tickets/submit-form')).toBe('postTicketsSubmitForm');
    expect(tagOf('/api/admin/users/:id')).toBe('users');
    expect(tagOf('/api/admin/tokens')).toBe('integrations');
    expect(tagOf('/uploads/photos/:file')).toBe('files');
  });
});
