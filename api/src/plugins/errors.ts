import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The body of every error answer (spec §7: the client reads `error` and `details`). */
interface ErrorBody {
  error: string;
  details?: unknown;
}

interface FieldProblem {
  path: string;
  message: string;
}

const invalidPartMessages: Record<string, string> = {
  body: 'Invalid request body',
  querystring: 'Invalid query parameters',
  params: 'Invalid path parameters',
  headers: 'Invalid request headers',
};

/**
 * One answer shape for every failure: bad input is a 4xx with a message meant for the client;
 * anything else is a 5xx that reveals nothing and is logged with the request id.
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

    const statusCode = clientErrorStatus(error);
    if (statusCode === undefined) {
      request.log.error({ err: error }, 'request failed');
      const serverStatus = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
      return reply.code(serverStatus).send({ error: 'Internal server error' } satisfies ErrorBody);
    }
    // Fastify's own 4xx errors (malformed JSON, body too large, rate limit) carry client-facing messages.
    request.log.info({ code: error.code, statusCode }, error.message);
    return reply.code(statusCode).send({ error: error.message } satisfies ErrorBody);
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
