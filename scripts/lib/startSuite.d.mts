// Types of startSuite.mjs for the TypeScript that starts it (the end-to-end tests).
import type { ChildProcess, StdioOptions } from 'node:child_process';
import type { MailCatcher } from './mailCatcher.mjs';

export function startSuite(options: {
  port: number;
  apiPort: number;
  env?: NodeJS.ProcessEnv;
  stdio?: StdioOptions;
  www?: string;
}): Promise<{
  api: ChildProcess;
  apiUrl: string;
  /** null when SMTP_URL is set: the api sends through it. */
  catcher: MailCatcher | null;
  close(): Promise<void>;
}>;
