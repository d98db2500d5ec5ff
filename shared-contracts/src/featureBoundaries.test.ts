/**
 * The lint rule that keeps each feature folder to itself (biome.json: one `noRestrictedImports`
 * override per feature folder, run by `npm run lint`). Checked here on a copy of the rule in a
 * scratch folder: a cross-feature import fails the lint, the allowed imports pass, and every
 * feature folder of every app has its override.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');

interface Override {
  includes: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: unknown } } };
}
const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as {
  overrides?: Override[];
};

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'feature-boundaries-'));
  // The project's rules, without its git settings (the scratch folder is no repository).
  const { $schema: _schema, vcs: _vcs, files: _files, ...rules } = config as Record<string, unknown>;
  writeFileSync(path.join(scratch, 'biome.json'), JSON.stringify(rules));
});
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

/** Lints one file written at `file` (relative to the scratch root); returns the exit code and output. */
function lint(file: string, source: string) {
  const target = path.join(scratch, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, source);
  const run = spawnSync(BIOME, ['lint', '--colors=off', file], { cwd: scratch, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('one feature never imports another feature', () => {
  test.each([
    ['mf-staff-dashboard/src/features/tickets/hooks/useX.ts', '../../dashboard/api/useCityNames'],
    ['mf-staff-dashboard/src/features/dashboard/components/X.tsx', '../../tickets/api/fetchTicketPage'],
    ['mf-staff-dashboard/src/features/previews/X.ts', '../tickets'],
    ['mf-public-intake/src/features/ticket-detail/api/x.ts', '../../submit-ticket/api/formOptions'],
    ['mf-user-admin/src/features/overview/api/x.ts', '../../users/api/saveUser'],
  ])('%s importing %s fails the lint', (file, source) => {
    const result = lint(file, `import { x } from '${source}';\n\nexport const y = x;\n`);
    expect(result.output).toContain('lint/style/noRestrictedImports');
    expect(result.status).not.toBe(0);
  });

  test.each([
    ['its own files', '../api/fetchTicketPage'],
    ["the app's shared folders", '../../../hooks/useIsMobile'],
    ['shared-contracts', 'shared-contracts'],
  ])('a feature importing %s passes', (_what, source) => {
    const result = lint(
      'mf-staff-dashboard/src/features/tickets/hooks/useX.ts',
      `import { x } from '${source}';\n\nexport const y = x;\n`,
    );
    expect(result.output).not.toContain('noRestrictedImports');
    expect(result.status).toBe(0);
  });

  test('every feature folder of every app has its override', () => {
    const guarded = new Set(
      (config.overrides ?? [])
        .filter((override) => override.linter?.rules?.style?.noRestrictedImports)
        .flatMap((override) => override.includes),
    );
    const folders = readdirSync(ROOT)
      .filter((app) => app === 'shell' || app.startsWith('mf-'))
      .flatMap((app) => {
        const features = path.join(ROOT, app, 'src', 'features');
        try {
          return readdirSync(features).map((feature) => `${app}/src/features/${feature}/**`);
        } catch {
          return [];
        }
      });
    expect(folders.length).toBeGreaterThan(0);
    expect(folders.filter((folder) => !guarded.has(folder))).toEqual([]);
  });
});
