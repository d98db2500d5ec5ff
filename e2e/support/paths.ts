import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');
/**
 * The nginx prefix of a run: a copy of www/, the rewritten nginx.conf, logs and the api data.
 * One folder per run (named after the jest process), so two runs on one machine never share one;
 * globalSetup passes it to the test workers in E2E_RUN_DIR.
 */
export const RUN_DIR = process.env.E2E_RUN_DIR ?? path.join(ARTIFACTS, `run-${process.pid}`);
export const SCREENSHOTS = path.join(ARTIFACTS, 'screenshots');
export const STATE_FILE = path.join(RUN_DIR, 'state.json');

export interface RunState {
  baseUrl: string;
  apiUrl: string;
  www: string;
  /** The same site through nginx's TLS listener (a self-signed certificate). */
  tlsUrl: string;
  /** nginx's plain-HTTP server, which only redirects to HTTPS. */
  redirectUrl: string;
  /** The mail catcher's inbox (its JSON under `api/messages`): every email the api sent. */
  mailUrl: string;
}
