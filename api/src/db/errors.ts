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
