import 'server-only';

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/** The driver's error behind a failed query: drizzle keeps node-postgres's or PGlite's error as `cause`. */
function driverErrorOf(error: unknown): DriverError | undefined {
  for (
    let current = error, depth = 0;
    current && typeof current === 'object' && depth < 5;
    current = (current as DriverError).cause, depth++
  ) {
    const { code } = current as DriverError;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as DriverError;
  }
  return undefined;
}

/** The SQLSTATE of a database error, looking through the wrappers. */
export const sqlStateOf = (error: unknown) => driverErrorOf(error)?.code as string | undefined;

/** Whether a failed query broke a unique constraint (SQLSTATE 23505), optionally a named one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = driverErrorOf(error);
  return driverError?.code === '23505' && (constraint === undefined || driverError.constraint === constraint);
}

/** Serialization failures and deadlocks: the transaction lost a race and may simply run again. */
/** An exclusion constraint refused a row (a private idea's slot overlapping one held already). */
export const isExclusionViolation = (error: unknown, constraint: string) =>
  driverErrorOf(error)?.code === '23P01' && driverErrorOf(error)?.constraint === constraint;

export const isTransientConflict = (error: unknown) => ['40001', '40P01'].includes(sqlStateOf(error) ?? '');

// Connection exceptions (08…), too many connections, the server shutting down or starting, cancelled
// statements (statement_timeout), an idle transaction ended by the server.
const UNAVAILABLE_STATES = /^(08...|53300|57P0[1-5]|57014|25P03)$/;
// Node's socket errors and node-postgres's own timeouts and dropped connections, which carry no SQLSTATE.
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection closed|Cannot use a pool after calling end/i;

/** True when the database could not be reached or did not answer in time: a 503, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (current: unknown): boolean => {
    if (!current || typeof current !== 'object' || seen.has(current) || seen.size > 10) return false;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    return visit(cause) || (Array.isArray(errors) && errors.some(visit));
  };
  return visit(error);
}

/**
 * The database's answer was lost rather than refused: a client-side timeout or a dropped connection, with no
 * SQLSTATE from the server (EPIPE only looks like one). The statement may have taken effect all the same.
 */
export function isAnswerLost(error: unknown): boolean {
  const state = sqlStateOf(error);
  return (state === undefined || state === 'EPIPE') && isDatabaseUnavailable(error);
}
