import { NextResponse } from 'next/server';

/**
 * An RFC 9457 problem+json answer. Free of server-only imports, so the proxy answers with the same shape
 * as the API's route handlers (lib/server/http/problem.ts).
 */
export const PROBLEM_TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthenticated',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  422: 'Invalid input',
  429: 'Too many requests',
  500: 'Internal server error',
  503: 'Service unavailable',
};

export function problemResponse(
  status: number,
  title = PROBLEM_TITLES[status] ?? 'Error',
  detail?: string,
  errors?: Record<string, string[]>,
  headers?: Record<string, string>,
) {
  return NextResponse.json(
    { type: 'about:blank', title, status, ...(detail ? { detail } : {}), ...(errors ? { errors } : {}) },
    { status, headers: { 'content-type': 'application/problem+json', ...headers } },
  );
}
