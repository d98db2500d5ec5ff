import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiDir, migrationsDir } from '../../src/paths';

const TEMPLATE_PREFIX = 'helpdesk-api-pglite-template-';

/**
 * The folder of a migrated, closed PGlite database, to copy for each test database: PGlite's
 * initdb takes ~4.5 s, a copy ~60 ms. Made by the api's own openPglite in a child process (jest's
 * sandbox cannot run PGlite, see apiTestEnvironment.ts) and kept in the system temp folder, one
 * per state of the migrations and PGlite version. A fresh install from nothing stays covered by
 * serverProcess.test.ts, which starts real api processes on empty folders.
 */
export function pgliteTemplate(): string {
  const templateDir = path.join(os.tmpdir(), `${TEMPLATE_PREFIX}${templateKey()}`);
  if (!existsSync(templateDir)) buildTemplate(templateDir);
  return path.join(templateDir, 'pglite');
}

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(require.resolve('@electric-sql/pglite'))); // differs in every PGlite version
  const files = readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const filePath = path.join(migrationsDir, file);
    if (path.extname(file)) hash.update(file).update(readFileSync(filePath));
  }
  return hash.digest('hex').slice(0, 16);
}

function buildTemplate(templateDir: string): void {
  // Jest workers may build at the same time: each in its own folder, and the first rename wins.
  const buildingDir = `${templateDir}.${process.pid}.building`;
  rmSync(buildingDir, { recursive: true, force: true });
  const script = `require(${JSON.stringify(path.join(apiDir, 'src/db/pglite.ts'))})
    .openPglite(${JSON.stringify(buildingDir)}).then((database) => database.close())`;
  execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: apiDir, stdio: 'pipe' });
  try {
    renameSync(buildingDir, templateDir);
  } catch (error) {
    rmSync(buildingDir, { recursive: true, force: true });
    if (!existsSync(templateDir)) throw error;
  }
}
