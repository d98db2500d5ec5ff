import { inspect } from 'node:util';
import { type App, buildApp } from './app';
import { loadConfig } from './config';
import { DOCS_PREFIX } from './plugins/docs';
import { StartupError } from './startupError';

// In-flight requests get this long to finish on SIGINT/SIGTERM before the process gives up on them.
const SHUTDOWN_GRACE_MS = 10_000;
// Kept-alive connections a proxy holds without using them are closed after this (see drain()).
const SHUTDOWN_IDLE_MS = 2_000;

async function start(): Promise<void> {
  let app: App | undefined;
  try {
    const config = loadConfig();
    app = await buildApp({ config });
    await app.listen({
      host: config.host,
      port: config.port,
      listenTextResolver: (address) => `api listening at ${address}/api (docs at ${address}${DOCS_PREFIX})`,
    });
  } catch (error) {
    await app?.close().catch(() => undefined);
    console.error(`api failed to start: ${describeStartFailure(error)}`);
    process.exit(1);
  }
  closeOnSignals(app);
}

function describeStartFailure(error: unknown): string {
  if (error instanceof StartupError) return error.message;
  const { code, address, port } = error as { code?: string; address?: string; port?: number };
  if (code === 'EADDRINUSE') {
    return `${address}:${port} is already in use. Stop what listens there, or set PORT (and HOST).`;
  }
  return inspect(error);
}

function closeOnSignals(app: App): void {
  let closing = false;
  const close = async (signal: NodeJS.Signals) => {
    // One Ctrl-C reaches this process several times (from the terminal, and relayed by npm and
    // tsx): close once; the grace timer bounds the wait.
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error(`requests still running after ${SHUTDOWN_GRACE_MS} ms; exiting anyway`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    try {
      // Stops accepting, lets in-flight requests finish, closes each connection after its answer;
      // then close() closes the rest and the database.
      await app.drain({ idleMs: SHUTDOWN_IDLE_MS, deadline: Date.now() + SHUTDOWN_GRACE_MS - 1_000 });
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
}

void start();
