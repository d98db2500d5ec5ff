import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
export const ARTIFACTS = path.join(ROOT, 'e2e', 'artifacts');
/**
 * A run's folder: one per jest process (named after it), so two runs on one machine never share
 * one; globalSetup passes it to the test workers in E2E_RUN_DIR.
 */
export const RUN_BASE = process.env.E2E_RUN_DIR ?? path.join(ARTIFACTS, `run-${process.pid}`);

/**
 * How many stacks a run starts (E2E_STACKS, default 1): `npm test` runs the files on two jest
 * workers, each against a stack of its own, so one file's api, nginx and mail never wait on
 * another's (the suite's wall time is then the longer half, not the sum).
 */
export const STACK_COUNT = Math.max(1, Number(process.env.E2E_STACKS) || 1);

/** The folder of stack `index` (1-based): its nginx prefix, www/ copy, logs and api data. */
export const stackDir = (index: number) => path.join(RUN_BASE, `stack-${index}`);

/**
 * The stack this test worker uses: jest numbers its workers from 1 (a run in band is worker 1),
 * and worker N takes stack N (wrapping, should jest ever start more workers than stacks).
 */
const stackIndex = ((Math.max(1, Number(process.env.JEST_WORKER_ID) || 1) - 1) % STACK_COUNT) + 1;

/**
 * The nginx prefix of the stack this worker's tests run against: a copy of www/, the rewritten
 * nginx.conf, logs and the api data. Tests keep their own scratch folders under it.
 */
export const RUN_DIR = stackDir(stackIndex);
export const SCREENSHOTS = path.join(ARTIFACTS, 'screenshots');
export const stateFileOf = (index: number) => path.join(stackDir(index), 'state.json');
export const STATE_FILE = stateFileOf(stackIndex);

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
  /**
   * The reply mailbox the api reads (ADR 0059): the run's Dovecot and this stack's mailbox user; null
   * when Dovecot is not installed (then only the test of replies by email fails, saying so).
   */
  imap: { port: number; user: string } | null;
}
