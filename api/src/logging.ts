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

/** Where log lines go instead of stdout (tests read them). */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(config: Config, destination?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
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
