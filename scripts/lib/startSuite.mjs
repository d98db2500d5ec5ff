// What `npm start` runs, as one function (scripts/start.mjs calls it; a test calls it too, on
// ports and a data folder of its own): the built api on the embedded database with demo data,
// the mail catcher unless SMTP_URL is set (ADR 0029), and the gateway that serves the suite.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { API, ROOT, WWW } from './apps.mjs';
import { startGateway } from './gateway.mjs';
import { startMailCatcher } from './mailCatcher.mjs';

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

/**
 * Starts the suite on http://localhost:`port` with the api on `apiPort`. `env` is the api's
 * environment (process.env for `npm start`); `stdio` its output ('inherit' for `npm start`).
 * Resolves once everything answers, with the api's process, the catcher (null with SMTP_URL) and
 * `close()`, which stops all three.
 */
export async function startSuite({ port, apiPort, env = process.env, stdio = 'inherit', www = WWW }) {
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // The user's own SMTP server wins; else nothing leaves this machine.
  const catcher = env.SMTP_URL ? null : await startMailCatcher();
  const api = spawn(process.execPath, [...API.nodeFlags, path.join(ROOT, API.folder, 'dist', API.entry)], {
    cwd: ROOT,
    stdio,
    // Requests are not logged one by one here (LOG_LEVEL=info shows them).
    env: {
      NODE_ENV: 'development',
      HELPDESK_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      // The emails' links lead to this suite, whatever its port (unless the user set the site's address).
      PUBLIC_URL: `http://localhost:${port}`,
      ...env,
      ...(catcher ? { SMTP_URL: catcher.smtpUrl } : {}),
      PORT: String(apiPort),
    },
  });
  const stopApi = () =>
    new Promise((resolve) => {
      if (api.exitCode !== null || api.signalCode !== null) return resolve(undefined);
      api.once('exit', () => resolve(undefined));
      api.kill('SIGTERM');
    });

  let gateway;
  try {
    await waitForApi(apiUrl, api);
    gateway = await startGateway({ www, port, apiUrl, mailUrl: catcher?.httpOrigin });
  } catch (error) {
    await stopApi();
    await catcher?.close();
    throw error;
  }
  return {
    api,
    apiUrl,
    catcher,
    close: async () => {
      await gateway.close();
      await stopApi();
      await catcher?.close();
    },
  };
}
