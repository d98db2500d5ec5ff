// `npm start`: builds what is missing, starts the api on the embedded database (demo data on a
// fresh one) and serves the whole suite on http://localhost:8080, laid out as nginx.conf does.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfMissing } from './build.mjs';
import { API, ROOT, WWW } from './lib/apps.mjs';
import { startGateway } from './lib/gateway.mjs';

const PORT = Number(process.env.PORT ?? 8080);
const API_PORT = Number(process.env.API_PORT ?? 4000);

async function waitForApi(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The api stopped while starting (see its output above).');
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The api did not answer ${url}/api/health within ${timeoutMs / 1000} s.`);
}

async function main() {
  await buildIfMissing();

  const apiUrl = `http://127.0.0.1:${API_PORT}`;
  const api = spawn(process.execPath, [path.join(ROOT, API.folder, 'dist', API.entry)], {
    cwd: ROOT,
    stdio: 'inherit',
    // Requests are not logged one by one here (LOG_LEVEL=info shows them).
    env: {
      NODE_ENV: 'development',
      HELPDESK_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ...process.env,
      PORT: String(API_PORT),
    },
  });
  const stop = (code) => {
    if (api.exitCode === null) api.kill('SIGTERM');
    process.exitCode = code;
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  api.on('exit', (code) => {
    if (code) console.error(`The api exited with code ${code}.`);
    process.exit(code ?? 0);
  });

  await waitForApi(apiUrl, api);
  await startGateway({ www: WWW, port: PORT, apiUrl });
  console.log(`\nHelp desk ready on http://localhost:${PORT}  (api ${apiUrl}; Ctrl+C stops both)\n`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
