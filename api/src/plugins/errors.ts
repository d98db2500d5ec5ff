import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorAnswer, FieldProblem } from 'shared-contracts/contracts';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../httpError';

/** The body of every error answer (spec §7: the client reads `error` and `details`). */
type ErrorBody = ErrorAnswer;

const invalidPartMessages: Record<string, string> = {
  body: 'Invalid request body',
  querystring: 'Invalid query parameters',
  params: 'Invalid path parameters',
  headers: 'Invalid request headers',
};

/** How long a client should wait before retrying while the database is unreachable (a restart). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const DATABASE_UNAVAILABLE = {
  error: 'The service is temporarily unavailable: try again in a moment',
  details: [{ path: 'database', message: 'The database does not answer' }],
} satisfies ErrorBody;

/**
 * One answer shape for every failure: bad input is a 4xx with a message meant for the client; an
 * unreachable database is a 503 with `Retry-After`; anything else is a 5xx that reveals nothing
 * and is logged with the request id.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const details: FieldProblem[] = error.validation.map((problem) => ({
        // instancePath is "/field/0/sub"; a problem with the whole part has no path of its own.
        path: problem.instancePath.slice(1).replaceAll('/', '.') || part,
        message: problem.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ error: invalidPartMessages[part] ?? 'Invalid request', details });
    }

    if (error instanceof HttpError) {
      request.log.info({ statusCode: error.statusCode }, error.message);
      const body: ErrorBody = error.details
        ? { error: error.message, details: error.details }
        : { error: error.message };
      return reply.code(error.statusCode).headers(error.headers).send(body);
    }

    if (isDatabaseUnavailable(error)) {
      // A restart or failover: nothing was acknowledged, so the client may send the same request again.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send(DATABASE_UNAVAILABLE);
    }

    const statusCode = clientErrorStatus(error);
    if (statusCode === undefined) {
      request.log.error({ err: error }, 'request failed');
      const serverStatus = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
      return reply.code(serverStatus).send({ error: 'Internal server error' } satisfies ErrorBody);
    }
    // Fastify's own 4xx errors (malformed JSON, body too large, rate limit) carry client-facing messages;
    // those about the body also say so in `details`, like a body that breaks a schema.
    request.log.info({ code: error.code, statusCode }, error.message);
    const body: ErrorBody = error.code?.startsWith('FST_ERR_CTP_')
      ? { error: error.message, details: [{ path: 'body', message: error.message }] satisfies FieldProblem[] }
      : { error: error.message };
    return reply.code(statusCode).send(body);
  });

  // Unknown URLs count against the rate limit too, so they cannot be probed for free.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (_request, reply) => {
    return reply.code(404).send({ error: 'Not found' } satisfies ErrorBody);
  });
}

/** The 4xx status an error deliberately carries, or undefined for a server fault. */
function clientErrorStatus(error: FastifyError): number | undefined {
  const { statusCode } = error;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
}
