import type { FieldProblem } from 'shared-contracts/contracts';

/**
 * A failure meant for the caller: its status, a message the client shows (docs/product.md#errors reads `error`)
 * and, for input it cannot accept, one `{ path, message }` per field. The error handler sends it
 * as `{ error, details }`; services throw it without knowing about HTTP otherwise.
 */
export class HttpError extends Error {
  override name = 'HttpError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: FieldProblem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 400 for a value that passed the schema but that the data refuses (an unknown city, say). */
export function invalidField(path: string, message: string, part = 'body'): HttpError {
  const what = part === 'querystring' ? 'Invalid query parameters' : 'Invalid request body';
  return new HttpError(400, what, [{ path, message }]);
}

export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

/** 409: the request is well formed but clashes with what is stored (duplicate, rule). */
export function conflict(message: string, path?: string): HttpError {
  return new HttpError(409, message, path ? [{ path, message }] : undefined);
}

/** 429 with `Retry-After`: "Too many {what}: try again in N minutes". */
export function tooManyRequests(what: string, retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new HttpError(
    429,
    `Too many ${what}: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}
