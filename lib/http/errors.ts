/**
 * The digest of a server error raised because the database could not be reached: Next hands a server
 * error's own digest to the error boundary (never its message, in production), which then shows the 503 page.
 */
export const DATABASE_UNAVAILABLE_DIGEST = 'SOPKA_DATABASE_UNAVAILABLE';

/** What a client is told to wait when the database or storage is unreachable: both are retried on the next request. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The HTTP status a route error stands for: its own status when it carries one, otherwise 500. */
export function errorStatus(error: unknown): number {
  if (error && typeof error === 'object') {
    if ((error as { digest?: unknown }).digest === DATABASE_UNAVAILABLE_DIGEST) return 503;
    for (const key of ['status', 'statusCode'] as const) {
      const value = (error as Record<string, unknown>)[key];
      if (typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599) return value;
    }
  }
  return 500;
}

/** The error routes of SPEC section 2 and the status each answers with. */
export const ERROR_ROUTES = { e400: 400, e403: 403, e404: 404, e503: 503 } as const;
export type ErrorRoute = keyof typeof ERROR_ROUTES;

export function errorRouteStatus(path: string): number | null {
  const match = /^\/error\/(e400|e403|e404|e503)\/?$/.exec(path);
  return match ? ERROR_ROUTES[match[1] as ErrorRoute] : null;
}
