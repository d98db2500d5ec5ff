export { freePort } from '../../../e2e/support/globalSetup';

/** Polls `check` until it is true, or throws after `timeoutMs` naming `what`. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
