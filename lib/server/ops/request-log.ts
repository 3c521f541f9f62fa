import 'server-only';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { clientAddress } from '@/lib/http/client-address';
import { env } from '../platform/env';
import { logger } from './logger';
import { observeRequest } from './metrics/requests';
import { onEveryRequest } from './request-hook';
import { requestTraceIds } from './tracing';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A request id offered by the proxy in front (nginx's $request_id, a UUID) is kept so that its log and
 * ours correlate; anything else (a client's own value could be a log-injection attempt) is replaced.
 */
const OFFERED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Balancer probes come every few seconds per process: logged only at debug unless they fail. */
const PROBE_PATHS = new Set(['/api/health', '/api/ready']);

/**
 * One JSON line per request when its response ends: method, path, status, duration, request id, client
 * address. Never headers, cookies or bodies, and never the query string, whose values may be tokens
 * (a password-reset link). The request id is echoed in X-Request-Id and passed to the handlers. While tracing is
 * on, `trace_id` and `span_id` name the request's server span.
 */
export function logRequests(): void {
  onEveryRequest(logRequest);
}

function logRequest(request: http.IncomingMessage, response: http.ServerResponse): void {
  const started = performance.now();
  const offered = request.headers[REQUEST_ID_HEADER];
  const requestId = typeof offered === 'string' && OFFERED_REQUEST_ID.test(offered) ? offered : randomUUID();
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  const path = (request.url ?? '/').split('?')[0];
  const remoteAddress = clientAddress(
    {
      peer: request.socket?.remoteAddress ?? null,
      forwardedFor: [request.headers['x-forwarded-for']].flat().join(', '),
    },
    env().TRUST_PROXY_HOPS,
  );

  response.once('close', () => {
    const status = response.statusCode;
    const durationMs = performance.now() - started;
    // Counted and timed by route pattern (lib/server/ops/metrics/requests.ts).
    observeRequest(request.method, path, status, durationMs / 1000);
    const level = PROBE_PATHS.has(path) && status < 500 ? 'debug' : 'info';
    logger()[level](
      {
        requestId,
        method: request.method,
        path,
        status,
        durationMs: Math.round(durationMs * 10) / 10,
        remoteAddress,
        // The ids of the request's trace while tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT), to find it from the log.
        ...requestTraceIds(request),
        // The client went away before the whole response was written.
        ...(response.writableFinished ? {} : { aborted: true }),
      },
      'request',
    );
  });
}
