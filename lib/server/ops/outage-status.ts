import 'server-only';
import type http from 'node:http';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '@/lib/http/errors';
import { onEveryRequest } from './request-hook';
import { REQUEST_ID_HEADER } from './request-log';

/** More outages at once than this means old entries whose answers were never written. */
const MAX_REMEMBERED = 1_000;

/** Requests (by id) whose page failed because the database was unreachable; shared by every module instance. */
const outages = ((globalThis as { __sopkaPageOutages?: Set<string> }).__sopkaPageOutages ??= new Set());

/**
 * A page whose data could not be loaded because the database was unreachable (onRequestError in instrumentation.ts).
 * Next answers such a page with its error boundary's 500; it is answered as 503 with Retry-After instead, like
 * the API, so that clients, crawlers and nginx take it for an outage to retry, not a broken page.
 */
export function pageFailedForOutage(requestId: unknown): void {
  if (typeof requestId !== 'string') return;
  // An entry goes when its answer's head is written; one whose client left first is forgotten with the oldest.
  if (outages.size >= MAX_REMEMBERED) outages.delete(outages.values().next().value!);
  outages.add(requestId);
}

/**
 * Installs the rewrite of those answers' status (after logRequests(), which gives every request its id), and
 * lends pageFailedForOutage to instrumentation's onRequestError, which must call it before awaiting anything.
 */
export function answerPageOutagesWith503(): void {
  (globalThis as { __sopkaPageFailedForOutage?: typeof pageFailedForOutage }).__sopkaPageFailedForOutage =
    pageFailedForOutage;
  onEveryRequest((request, response) => {
    const writeHead = response.writeHead;
    response.writeHead = function writeOutageHead(this: http.ServerResponse, statusCode: number, ...rest: unknown[]) {
      const id = request.headers[REQUEST_ID_HEADER];
      if (typeof id === 'string' && outages.delete(id) && statusCode === 500) {
        statusCode = 503;
        this.setHeader('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        this.setHeader('cache-control', 'no-store');
      }
      return Reflect.apply(writeHead, this, [statusCode, ...rest]) as http.ServerResponse;
    } as typeof response.writeHead;
  });
}
