import { type App, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Clock } from '../../src/services/clock';
import type { TestDatabase } from './testDatabase';

// The app gets the copies of these packages that apiTestEnvironment.ts loaded outside jest's
// sandbox (see there why). jest hoists these calls above the imports, before the app's modules load.
jest.mock('@electric-sql/pglite', () => loadedOutsideSandbox('@electric-sql/pglite'));
jest.mock('@fastify/swagger-ui', () => loadedOutsideSandbox('@fastify/swagger-ui'));
jest.mock('cookie', () => loadedOutsideSandbox('cookie'));
jest.mock('set-cookie-parser', () => loadedOutsideSandbox('set-cookie-parser'));
jest.mock('email-reply-parser', () => loadedOutsideSandbox('email-reply-parser'));

function loadedOutsideSandbox(name: string): unknown {
  const loaded = (globalThis as { __loadedOutsideSandbox?: Record<string, unknown> }).__loadedOutsideSandbox;
  if (!loaded?.[name]) {
    throw new Error(
      `${name} must be loaded outside jest's sandbox: run api tests in the api project of jest.config.js ` +
        '(its environment is api/test/support/apiTestEnvironment.ts).',
    );
  }
  return loaded[name];
}

/**
 * The bound of a hook that builds an app (migrations, demo data: ~2 s alone). CI runs two api
 * workers beside the browser suite's two stacks on two cores, where it has taken over a minute;
 * the bound only catches a hung build.
 */
export const APP_TIMEOUT_MS = 180_000;

/** A JSON log line as pino writes it. */
export type LogLine = Record<string, unknown> & { level: number; msg?: string; reqId?: string };

export interface CapturedLogs {
  destination: { write(line: string): void };
  lines: LogLine[];
}

/** Collects the app's log lines so tests can check what is (and is not) logged. */
export function captureLogs(): CapturedLogs {
  const lines: LogLine[] = [];
  return { destination: { write: (line) => lines.push(JSON.parse(line)) }, lines };
}

/**
 * The real app on the given database, silent unless logs are captured. `env` overrides
 * individual settings with the same variables an operator would set.
 */
export function buildTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  logs?: CapturedLogs,
  /** The api's clock (default: the machine's). */
  clock?: Clock,
): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: logs ? 'info' : 'silent',
    // Tests move the api clock by days and months with tokens signed in before: sessions last as
    // long as a test (the tests of sessions themselves set their own, ADR 0053).
    SESSION_IDLE_MINUTES: String(365 * 24 * 60),
    SESSION_MAX_HOURS: String(10 * 365 * 24),
    ...database.env,
    ...env,
  });
  return buildApp({ config, logDestination: logs?.destination, clock });
}

/**
 * The app as NODE_ENV=production configures it, on a test database: the checks that keep the
 * server process itself off PGlite and weak secrets are loadConfig's (config.test.ts).
 */
export function buildProductionTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
  logs?: CapturedLogs,
): Promise<App> {
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: logs ? 'info' : 'silent', ...database.env, ...env },
    { isServer: false },
  );
  return buildApp({ config, logDestination: logs?.destination });
}
