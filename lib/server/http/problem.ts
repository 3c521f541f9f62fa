import 'server-only';
import type { NextResponse } from 'next/server';
import { z } from 'zod';
import { problemResponse, PROBLEM_TITLES as TITLES } from '@/lib/http/problem-response';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@/lib/http/errors';
import { isDatabaseUnavailable } from '../db/errors';
import { logger } from '../ops/logger';
import { StorageUnavailableError } from '../platform/storage-driver';

/** An error the API answers with as RFC 9457 problem+json. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? title);
  }
}

export const notFound = (detail = 'The resource does not exist.') => new ApiError(404, TITLES[404], detail);
export const forbidden = (detail = 'You may not do this.') => new ApiError(403, TITLES[403], detail);
export const unauthenticated = (detail = 'Sign in first.') => new ApiError(401, TITLES[401], detail);
/** What every route but a few answers while SERVICE_MODE is on. */
export const underMaintenance = () =>
  new ApiError(503, TITLES[503], 'Sopka is under maintenance. Please come back soon.');

export function invalid(errors: Record<string, string[]>, detail = 'Some parameters are invalid.') {
  return new ApiError(422, TITLES[422], detail, errors);
}

/** zod issues → `{ field: [message] }`, the `errors` member of a 422. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (out[field] ??= []).push(issue.message);
  }
  return out;
}

/** Which service behind the app failed to answer, if that is what the error says. */
function unavailableService(error: unknown): string | null {
  // Storage first: a refused connection to the bucket would otherwise pass for the database's.
  if (error instanceof StorageUnavailableError) return 'Storage';
  if (isDatabaseUnavailable(error)) return 'Database';
  return null;
}

/** A 500's cause in the log, with the request it failed: its answer says nothing of it. */
export function logUnhandled(error: unknown, request: { requestId: unknown; method?: string; path: string }): void {
  logger().error({ err: error, ...request }, 'unhandled error in an API route');
}

export function toProblem(error: unknown): NextResponse {
  if (error instanceof ApiError)
    return problemResponse(error.status, error.title, error.detail, error.errors, error.headers);
  if (error instanceof z.ZodError)
    return problemResponse(422, TITLES[422], 'Some parameters are invalid.', fieldErrors(error));
  const unavailable = unavailableService(error);
  if (unavailable) {
    logger().error({ err: error }, `${unavailable.toLowerCase()} unavailable`);
    return problemResponse(
      503,
      TITLES[503],
      'The service is temporarily unavailable. Please try again shortly.',
      undefined,
      { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    );
  }
  // Logged with its stack by the route wrapper (routes/api-route.ts), which knows the request.
  return problemResponse(500, TITLES[500], 'Something went wrong on our side.');
}
