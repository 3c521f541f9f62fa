import 'server-only';
import type http from 'node:http';
import { securityHeaders } from '@/lib/config/security-headers';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { requireStreamViewer } from '../accounts/auth-viewer';
import { logUnhandled, toProblem, underMaintenance } from '../http/problem';
import { serveBeforeNext } from '../ops/request-hook';
import { REQUEST_ID_HEADER } from '../ops/request-log';
import { env } from '../platform/env';
import { EVENT_STREAM_HEADERS, prepareEventStream } from './event-stream';

const EVENTS_PATH = /^\/api\/v1\/events(\?|$)/;
/** A client that has this much written to it and unsent is dropped rather than buffered for. */
const MAX_UNSENT_BYTES = 256 * 1024;

/**
 * GET /api/v1/events answered by the process's HTTP server itself, before Next: the same authentication (the
 * bearer token, or else the session cookie, as the route), limits, problem+json answers and event format as the route handler
 * (app/api/v1/events/route.ts), which in-process tests call. Through Next each open stream held about 50 KB of
 * its per-request state (caches, signals, headers, suspended promises) for as long as it stayed open; served here
 * it holds the Node request and response and one small object (`npm run bench:events`, README).
 */
export function serveEventsBeforeNext(): void {
  serveBeforeNext((request, response) => {
    if (request.method !== 'GET' || !EVENTS_PATH.test(request.url ?? '')) return false;
    void serveEvents(request, response);
    return true;
  });
}

/** One cookie's value from a Cookie header (Next parses them for its routes; this server reads the one it needs). */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of header?.split(';') ?? []) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(pair.slice(at + 1).trim()) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

let security: Record<string, string> | undefined;

/** The security headers next.config.ts gives every answer of Next's. */
function securityHeaderValues(): Record<string, string> {
  security ??= Object.fromEntries(
    securityHeaders({ development: false, mapTileUrl: env().MAP_TILE_URL }).map(({ key, value }) => [key, value]),
  );
  return security;
}

async function serveEvents(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  let end: (() => void) | undefined;
  let gone = false;
  response.once('close', () => {
    gone = true;
    end?.();
  });
  try {
    if (env().SERVICE_MODE) throw underMaintenance();
    const viewer = await requireStreamViewer(
      request.headers.authorization,
      cookieValue(request.headers.cookie, SESSION_COOKIE),
    );
    const open = await prepareEventStream(viewer, [request.headers['last-event-id']].flat()[0]);
    if (gone) return;
    response.writeHead(200, { ...securityHeaderValues(), ...EVENT_STREAM_HEADERS });
    end = open({
      write(text) {
        if (response.writableLength > MAX_UNSENT_BYTES) return false;
        response.write(text);
        return true;
      },
      close: () => response.end(),
    });
  } catch (error) {
    const problem = toProblem(error);
    if (problem.status === 500)
      logUnhandled(error, {
        requestId: request.headers[REQUEST_ID_HEADER],
        method: request.method,
        path: '/api/v1/events',
      });
    if (gone || response.headersSent) return;
    response.writeHead(problem.status, { ...securityHeaderValues(), ...Object.fromEntries(problem.headers) });
    response.end(await problem.text());
  }
}
