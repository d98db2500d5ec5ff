// `npm start`: builds what is missing, starts the api on the embedded database (demo data on a
// fresh one) and serves the whole suite on http://localhost:8080, laid out as nginx.conf does.
// Unless SMTP_URL is set, the api's emails go to a local mail catcher whose inbox is
// http://localhost:8080/mail/ (ADR 0029).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfMissing } from './build.mjs';
import { API, ROOT, WWW } from './lib/apps.mjs';
import { startGateway } from './lib/gateway.mjs';
import { startMailCatcher } from './lib/mailCatcher.mjs';

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
  // The user's own SMTP server wins; else nothing leaves this machine.
  const catcher = process.env.SMTP_URL ? null : await startMailCatcher();
  const api = spawn(process.execPath, [path.join(ROOT, API.folder, 'dist', API.entry)], {
    cwd: ROOT,
    stdio: 'inherit',
    // Requests are not logged one by one here (LOG_LEVEL=info shows them).
    env: {
      NODE_ENV: 'development',
      HELPDESK_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      ...process.env,
      ...(catcher ? { SMTP_URL: catcher.smtpUrl } : {}),
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
  await startGateway({ www: WWW, port: PORT, apiUrl, mailUrl: catcher?.httpOrigin });
  console.log(`\nHelp desk ready on http://localhost:${PORT}  (api ${apiUrl}; Ctrl+C stops both)`);
  console.log(
    catcher
      ? `Emails it sends: http://localhost:${PORT}/mail/  (a local mail catcher; set SMTP_URL to send for real)\n`
      : `Emails go through SMTP_URL (${new URL(process.env.SMTP_URL).host})\n`,
  );
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
