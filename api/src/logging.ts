import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

// Secrets never reach the logs, whichever object a handler logs them in.
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-access-key"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-access-key"]',
  'password',
  '*.password',
  '*.*.password',
  'newPassword',
  '*.newPassword',
  '*.*.newPassword',
];

/** The fields of an error that say what failed without saying with which data. */
interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  statusCode?: number;
  cause?: LoggedError;
}

// drizzle puts the statement's parameters (emails, mobiles, argon2 and key hashes) into the
// message of a failed query, after the SQL: "Failed query: insert …\nparams: a@b.co,98…".
const STATEMENT_PARAMETERS = /\nparams:[\s\S]*$/;

/**
 * pino's `err` serializer, narrowed to a list of safe fields: the message and stack without the
 * statement's parameters, and PostgreSQL's code, constraint, table and column, but never its
 * `detail` ("Key (email)=(…) already exists", "Failing row contains (…)"), `where`, the query's
 * parameters, or anything else an error object carries (request bodies included).
 */
export function loggedError(error: unknown, depth = 0): LoggedError | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const source = error as Partial<Record<keyof LoggedError, unknown>> & { name?: unknown };
  const type = typeof source.name === 'string' ? source.name : (error.constructor?.name ?? 'Error');
  const message = typeof source.message === 'string' ? source.message.replace(STATEMENT_PARAMETERS, '') : '';
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const frames =
    typeof source.stack === 'string' ? source.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  return {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
    code: text(source.code),
    constraint: text(source.constraint),
    table: text(source.table),
    column: text(source.column),
    statusCode: typeof source.statusCode === 'number' ? source.statusCode : undefined,
    cause: depth < 4 ? loggedError((error as { cause?: unknown }).cause, depth + 1) : undefined,
  };
}

/** Where log lines go instead of stdout (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(config: Config, destination?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    serializers: {
      err: (error: unknown) => loggedError(error) ?? { type: 'Error', message: String(error), stack: '' },
    },
    ...(destination ? { stream: destination } : {}),
  };
}

export const REQUEST_ID_HEADER = 'x-request-id';

// An id set by nginx ($request_id) or a tracing client is kept so one request can be followed
// across logs; anything that could forge log lines is replaced.
const acceptableRequestId = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && acceptableRequestId.test(incoming) ? incoming : randomUUID();
}
