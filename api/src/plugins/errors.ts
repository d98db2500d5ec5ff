import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorAnswer, FieldProblem } from 'shared-contracts/contracts';
import { isDatabaseUnavailable } from '../db/errors';
import { HttpError } from '../httpError';

/** The body of every error answer (docs/product.md#calls: the client reads `error` and `details`). */
type ErrorBody = ErrorAnswer;

const invalidPartMessages: Record<string, string> = {
  body: 'Invalid request body',
  querystring: 'Invalid query parameters',
  params: 'Invalid path parameters',
  headers: 'Invalid request headers',
};

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws for a body it cannot read:
 * plain Errors with no status, so without this they would be 500s with a stack per anonymous
 * request. Matched by message, only on a multipart request.
 */
const MULTIPART_PARSER_FAILURES = [
  /unexpected end of multipart data$/i,
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot/,
];

function isMultipartParserFailure(error: FastifyError, request: FastifyRequest): boolean {
  // By the header: request.isMultipart() exists only where @fastify/multipart is registered.
  if (!/^\s*multipart\/form-data\b/i.test(request.headers['content-type'] ?? '')) return false;
  // Without a usable boundary, Fastify refuses the body as an unknown media type.
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return true;
  return (
    error.statusCode === undefined && MULTIPART_PARSER_FAILURES.some((pattern) => pattern.test(error.message))
  );
}

const MALFORMED_MULTIPART = {
  error: 'Malformed multipart body',
  details: [{ path: 'body', message: 'The multipart body is cut short or its boundary is wrong' }],
} satisfies ErrorBody;

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
      const details: FieldProblem[] = error.validation.map((problem) => {
        // A shared schema's refinement may name its refusal (`params: { code }`): the stable code a
        // client branches on travels with it.
        const code = (problem.params as { params?: { code?: unknown } } | undefined)?.params?.code;
        return {
          // instancePath is "/field/0/sub"; a problem with the whole part has no path of its own.
          path: problem.instancePath.slice(1).replaceAll('/', '.') || part,
          message: problem.message ?? 'Invalid value',
          ...(typeof code === 'string' ? { code } : {}),
        };
      });
      return reply.code(400).send({ error: invalidPartMessages[part] ?? 'Invalid request', details });
    }

    if (error instanceof HttpError) {
      request.log.info({ statusCode: error.statusCode }, error.message);
      const body: ErrorBody = { error: error.message, details: error.details ?? [] };
      return reply.code(error.statusCode).headers(error.headers).send(body);
    }

    if (isMultipartParserFailure(error, request)) {
      request.log.info({ statusCode: 400 }, error.message);
      return reply.code(400).send(MALFORMED_MULTIPART);
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
      return reply
        .code(serverStatus)
        .send({ error: 'Internal server error', details: [] } satisfies ErrorBody);
    }
    // Fastify's own 4xx errors (malformed JSON, body too large, rate limit) carry client-facing messages;
    // those about the body also say so in `details`, like a body that breaks a schema.
    request.log.info({ code: error.code, statusCode }, error.message);
    const body: ErrorBody = {
      error: error.message,
      details: aboutTheBody(error) ? [{ path: 'body', message: error.message } satisfies FieldProblem] : [],
    };
    return reply.code(statusCode).send(body);
  });

  // Unknown URLs count against the rate limit too, so they cannot be probed for free.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (_request, reply) => {
    return reply.code(404).send(NOT_FOUND);
  });
}

/** The answer to an unknown route (and to a call that is gone, such as register-admin). */
export const NOT_FOUND = { error: 'Not found', details: [] } satisfies ErrorBody;

/** Fastify's and @fastify/multipart's 4xx errors about the request's body. */
function aboutTheBody(error: FastifyError): boolean {
  return /^FST_(ERR_CTP_|PARTS_LIMIT|FILES_LIMIT|FIELDS_LIMIT|REQ_FILE_TOO_LARGE|PROTO_VIOLATION|INVALID_MULTIPART|INVALID_JSON_FIELD|MP_PREMATURE)/.test(
    error.code ?? '',
  );
}

/** The 4xx status an error deliberately carries, or undefined for a server fault. */
function clientErrorStatus(error: FastifyError): number | undefined {
  const { statusCode } = error;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined;
}
