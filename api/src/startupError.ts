/**
 * A failure to start whose message already tells the operator what is wrong and what to do,
 * so it is printed alone, without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
