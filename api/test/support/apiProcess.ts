// A real api process (src/server.ts run by tsx) for the tests that need one: crashes, locks,
// start-up checks. PORT 0 lets the system pick a free port, so two processes never collide.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoDir } from '../../src/paths';

export interface ApiProcess {
  child: ChildProcess;
  /** Everything the process has written to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the api on the embedded database (unless `env` says otherwise), logging at info. */
export function startApiProcess(env: NodeJS.ProcessEnv): ApiProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoDir, 'api/src/server.ts')], {
    cwd: repoDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: '',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Resolves with the base URL once the api logs that it listens. The bound only catches a hung
 * start (with what the process printed, to see where): a loaded CI machine takes a minute.
 */
export async function listening(api: ApiProcess, boundMs = 180_000): Promise<string> {
  const deadline = Date.now() + boundMs;
  for (;;) {
    const url = /api listening at (http:\/\/\S+)\/api /.exec(api.output())?.[1];
    if (url) return url;
    if (api.child.exitCode !== null) throw new Error(`the api exited before listening:\n${api.output()}`);
    if (Date.now() > deadline) throw new Error(`the api did not listen in ${boundMs} ms:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
