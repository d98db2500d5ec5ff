// `npm start`: builds what is missing, starts the api on the embedded database (demo data on a
// fresh one) and serves the whole suite on http://localhost:8080, laid out as nginx.conf does.
// Unless SMTP_URL is set, the api's emails go to a local mail catcher whose inbox is
// http://localhost:8080/mail/ (ADR 0029). e2e/tests/mail-catcher.test.ts starts the same suite.
import { buildIfMissing } from './build.mjs';
import { requireNode24 } from './lib/nodeVersion.mjs';
import { startSuite } from './lib/startSuite.mjs';

requireNode24();

const PORT = Number(process.env.PORT ?? 8080);
const API_PORT = Number(process.env.API_PORT ?? 4000);

async function main() {
  await buildIfMissing();

  const suite = await startSuite({ port: PORT, apiPort: API_PORT, env: process.env });
  const { api, apiUrl, catcher } = suite;
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
