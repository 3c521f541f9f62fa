import 'server-only';

const UNIQUE_VIOLATION = '23505';

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * Whether a failed query broke a unique constraint (SQLSTATE 23505), optionally a named one. node-postgres and
 * PGlite both put `code` and `constraint` on their error; drizzle wraps it as the `cause` of its own.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error as DriverError | undefined, depth = 0; current && typeof current === 'object' && depth < 5; current = current.cause as DriverError | undefined, depth++) {
    if (current.code === UNIQUE_VIOLATION) return constraint === undefined || current.constraint === constraint;
  }
  return false;
}
