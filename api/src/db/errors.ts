/** What PostgreSQL (or PGlite) says about a failed statement, found under drizzle's wrapping. */
export interface PostgresErrorInfo {
  code: string;
  constraint?: string;
}

/** The SQLSTATE of a unique violation. */
export const UNIQUE_VIOLATION = '23505';
/** The SQLSTATE of a foreign key violation. */
export const FOREIGN_KEY_VIOLATION = '23503';

/** The PostgreSQL error inside `error` (drizzle wraps driver errors in DrizzleQueryError.cause). */
export function postgresErrorOf(error: unknown): PostgresErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = cause;
  }
  return undefined;
}

/** True when `error` is a unique violation, of `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const info = postgresErrorOf(error);
  return info?.code === UNIQUE_VIOLATION && (constraint === undefined || info.constraint === constraint);
}

// SQLSTATEs of a server that is going away or not there yet: class 08 (connection exception),
// admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, recovering),
// too_many_connections.
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|53300)$/;
// What the drivers say when there is no connection to run a statement on (node-postgres, pg-pool
// and PGlite have no codes for these).
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];
const UNAVAILABLE_NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * True when `error` (or what it wraps) says the database cannot be reached right now rather than
 * that the statement is wrong: the caller may retry the same request later (the api answers 503).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (current: unknown, depth: number): boolean => {
    if (!current || typeof current !== 'object' || depth > 5 || seen.has(current)) return false;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_NETWORK_CODES.has(code))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) {
      return true;
    }
    // AggregateError: every address of the server refused.
    if (Array.isArray(errors) && errors.some((inner) => visit(inner, depth + 1))) return true;
    return visit(cause, depth + 1);
  };
  return visit(error, 0);
}
