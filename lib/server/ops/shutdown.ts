import 'server-only';
import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { env } from '../platform/env';
import { logger } from './logger';
import { withTimeout } from './timeout';
import { onEveryRequest } from './request-hook';

/** In-flight requests get this long after SIGTERM; then their connections are cut. */
const DRAIN_TIMEOUT_MS = 10_000;
/** Each resource (a pool) gets this long to close; a hung one must not keep the process alive. */
const CLOSE_TIMEOUT_MS = 3_000;
/**
 * After the drain, the resources close once the process has run no more than this share of a window's time
 * (its own shutdown's logging and timers), for at most SETTLE_MAX_MS.
 */
const SETTLE_WINDOW_MS = 100;
const SETTLE_UTILIZATION = 0.02;
const SETTLE_MAX_MS = 3_000;

type ShutdownState = {
  draining: boolean;
  /** Responses not yet ended, with the server that received them. */
  inFlight: Map<http.ServerResponse, http.Server>;
  servers: Set<http.Server>;
  closers: Map<string, () => Promise<unknown>>;
  /** Run after `closers` have finished: telemetry that sends what they did. */
  lastClosers?: Map<string, () => Promise<unknown>>;
  onIdle?: () => void;
  /** Told when the drain starts: long-lived responses (event streams) end themselves instead of holding it. */
  drainListeners?: Set<() => void>;
  installed?: true;
};
// Shared by the instrumentation's module instance (signals, requests) and the route handlers' (readiness, pools).
const state: ShutdownState = ((globalThis as { __sopkaShutdown?: ShutdownState }).__sopkaShutdown ??= {
  draining: false,
  inFlight: new Map(),
  servers: new Set(),
  closers: new Map(),
});

/** True from the shutdown signal on: readiness answers 503 so that a balancer stops sending requests. */
export function isDraining(): boolean {
  return state.draining;
}

/**
 * `close` runs at shutdown after the last request has ended (a connection pool, a client). Keyed by name,
 * so a resource that is opened again replaces its closer instead of adding one.
 */
export function closeOnShutdown(name: string, close: () => Promise<unknown>): void {
  state.closers.set(name, close);
}

/** As closeOnShutdown, after every closer of that has finished: tracing flushes the spans of their work too. */
export function closeLastOnShutdown(name: string, close: () => Promise<unknown>): void {
  (state.lastClosers ??= new Map()).set(name, close);
}

/** `listener` runs once when the drain starts; the returned function stops it. */
export function onDrain(listener: () => void): () => void {
  const listeners = (state.drainListeners ??= new Set());
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Takes over SIGTERM and SIGINT from `next start`, whose own handler waits without a limit and exits 143
 * without closing the database. Next leaves the signals to the app only when NEXT_MANUAL_SIG_HANDLE (any value)
 * is in the environment of `next start` (read before any .env file), which `npm start` sets.
 */
export function drainOnShutdownSignals(): void {
  if (state.installed) return;
  state.installed = true;
  const { NEXT_MANUAL_SIG_HANDLE, NODE_ENV } = env();
  // The same test as Next's (start-server.js): either Next handles the signals or this does, never both.
  if (!NEXT_MANUAL_SIG_HANDLE) {
    if (NODE_ENV === 'production')
      logger().warn('NEXT_MANUAL_SIG_HANDLE is not set: on SIGTERM Next exits without draining or closing pools');
    return;
  }
  onEveryRequest(trackRequest);
  const onSignal = (signal: NodeJS.Signals) => {
    // A second signal (Ctrl-C in a terminal reaches every process of the group) changes nothing.
    if (!state.draining) void shutdown(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

function trackRequest(_request: http.IncomingMessage, response: http.ServerResponse, server: http.Server): void {
  state.servers.add(server);
  state.inFlight.set(response, server);
  // A request that arrives on a kept-alive connection during the drain is answered, and its connection closed.
  if (state.draining) response.setHeader('connection', 'close');
  response.once('close', () => {
    state.inFlight.delete(response);
    if (!state.draining) return;
    // A response whose headers promised keep-alive before the drain leaves an idle connection: close it.
    setImmediate(() => server.closeIdleConnections());
    if (state.inFlight.size === 0) state.onIdle?.();
  });
}

async function shutdown(signal: NodeJS.Signals): Promise<void> {
  state.draining = true;
  const log = logger();
  log.info({ signal, inFlight: state.inFlight.size }, 'shutting down: no new connections, finishing requests');
  for (const server of state.servers) {
    server.close(() => undefined);
    server.closeIdleConnections();
  }
  for (const response of state.inFlight.keys()) if (!response.headersSent) response.setHeader('connection', 'close');
  for (const listener of state.drainListeners ?? []) listener();

  const drained = await new Promise<boolean>((resolve) => {
    if (state.inFlight.size === 0) return resolve(true);
    const timer = setTimeout(() => resolve(false), DRAIN_TIMEOUT_MS);
    state.onIdle = () => {
      clearTimeout(timer);
      resolve(true);
    };
  });
  if (!drained) {
    log.warn({ inFlight: state.inFlight.size }, `requests still running after ${DRAIN_TIMEOUT_MS} ms: cut off`);
    for (const server of state.servers) server.closeAllConnections();
  }

  if (!(await settled()))
    log.warn(`work still running ${SETTLE_MAX_MS} ms after the last request: closing its connections anyway`);
  const closeAll = (closers: Map<string, () => Promise<unknown>>) =>
    Promise.all(
      [...closers].map(([name, close]) =>
        withTimeout(close(), CLOSE_TIMEOUT_MS).catch((error: unknown) =>
          log.error({ err: error, resource: name }, 'closing failed'),
        ),
      ),
    );
  await closeAll(state.closers);
  await closeAll(state.lastClosers ?? new Map());
  log.info({ drained }, 'stopped');
  // Exit 0 after a clean drain; 1 tells the supervisor that requests were cut off.
  process.exit(drained ? 0 : 1);
}

/**
 * A request is done for the drain when its connection closes, but Next goes on rendering a page whose client has
 * left, querying the database between steps of computing: closing the pool at once fails those queries (and logs
 * them as an outage). So the closers wait until a whole window passes with the process nearly idle.
 */
async function settled(): Promise<boolean> {
  const deadline = Date.now() + SETTLE_MAX_MS;
  let windowStart = performance.eventLoopUtilization();
  while (Date.now() < deadline) {
    await sleep(SETTLE_WINDOW_MS);
    const window = performance.eventLoopUtilization(windowStart);
    if (window.utilization <= SETTLE_UTILIZATION) return true;
    windowStart = performance.eventLoopUtilization();
  }
  return false;
}
