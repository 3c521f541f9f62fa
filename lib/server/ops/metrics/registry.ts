import 'server-only';
import { setTimeout as sleep } from 'node:timers/promises';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { env } from '../../platform/env';

/**
 * The process's Prometheus metrics, read at GET /api/metrics (README, Operations, "Metrics"). One registry per
 * process on globalThis: Next loads this file into separate module graphs (instrumentation, route handlers, pages),
 * and the page cache handlers (plain .mjs outside the bundler) count into a global of their own that is read here.
 * METRICS=off creates nothing, wraps nothing and counts nothing (the page cache's two integers excepted).
 */

type Labels = 'method' | 'route' | 'status';

type EmailQueueStats = { depth: number; oldest: number };

interface Metrics {
  registry: Registry;
  requests: Counter<Labels>;
  requestDuration: Histogram<Labels>;
  admissionWait: Histogram;
  queryDuration: Histogram;
  sseConnections: Gauge;
}

/** A database's connections at scrape time: a PostgreSQL pool's, or PGlite's one. */
export interface PoolStats {
  size: number;
  inUse: number;
  idle: number;
  waiting: number;
}

type MetricsState = {
  metrics?: Metrics;
  /** The admission queue's length (lib/server/ops/admission.ts), when reads are admitted in order. */
  admissionQueue?: () => number;
  /** The database the process opened last (lib/server/db/client.ts). */
  database?: () => PoolStats;
  /** The email queue's statistics (lib/server/mail/queue.ts), read from the database at scrape time. */
  emailQueue?: () => Promise<EmailQueueStats>;
};
export const state = ((globalThis as { __sopkaMetrics?: MetricsState }).__sopkaMetrics ??= {});

/** Lookups of Next's cache by kind, counted by lib/server/cache/page-cache-handler.mjs and redis-page-cache-handler.mjs. */
type CacheLookups = { hits: Record<string, number>; misses: Record<string, number> };
const cacheLookups = () =>
  ((globalThis as { __sopkaPageCacheLookups?: CacheLookups }).__sopkaPageCacheLookups ??= { hits: {}, misses: {} });

export function metricsEnabled(): boolean {
  return env().METRICS;
}

/** The metrics, made on first use; undefined under METRICS=off. */
export function metrics(): Metrics | undefined {
  if (!metricsEnabled()) return undefined;
  return (state.metrics ??= createMetrics());
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The email queue is read from the database at most this long per scrape; then its gauges are NaN. */
const EMAIL_QUEUE_READ_MS = 1_000;

function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  // Memory (process_resident_memory_bytes, nodejs_heap_*), CPU, event-loop lag (nodejs_eventloop_lag_*), GC, handles.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter<Labels>({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern of app/ (other = none) and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const requestDuration = new Histogram<Labels>({
    name: 'http_request_duration_seconds',
    help: 'From the request reaching the server to its response ending (admission wait included).',
    labelNames: ['method', 'route', 'status'],
    buckets: SECONDS_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'admission_queue_length',
    help: 'Reads waiting for their turn (REQUEST_CONCURRENCY).',
    registers,
    collect() {
      this.set(state.admissionQueue?.() ?? 0);
    },
  });
  const admissionWait = new Histogram({
    name: 'admission_wait_seconds',
    help: 'How long each admitted read waited for its turn (0 when it went in at once).',
    buckets: WAIT_BUCKETS,
    registers,
  });

  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = state.database?.();
        this.set(stats ? read(stats) : 0);
      },
    });
  poolGauge('db_pool_size', 'Connections the pool may open (DATABASE_POOL_SIZE; PGlite 1).', (stats) => stats.size);
  poolGauge('db_pool_in_use', 'Connections running a statement or transaction.', (stats) => stats.inUse);
  poolGauge('db_pool_idle', 'Open connections waiting for work.', (stats) => stats.idle);
  poolGauge('db_pool_waiting', 'Statements and transactions waiting for a connection.', (stats) => stats.waiting);
  const queryDuration = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Each statement, from being handed to the connection to its result.',
    buckets: QUERY_BUCKETS,
    registers,
  });

  const lookupCounter = (name: string, help: string, result: keyof CacheLookups) =>
    new Counter({
      name,
      help,
      labelNames: ['kind'],
      registers,
      collect() {
        // Mirrors the handlers' running totals; `page` is always there, so a hit ratio exists from the start.
        this.reset();
        this.inc({ kind: 'page' }, 0);
        for (const [kind, count] of Object.entries(cacheLookups()[result])) this.inc({ kind: cacheKind(kind) }, count);
      },
    });
  lookupCounter(
    'page_cache_hits_total',
    "Lookups of Next's cache that found an entry (page, route, fetch, image).",
    'hits',
  );
  lookupCounter('page_cache_misses_total', "Lookups of Next's cache that found none.", 'misses');

  let emailQueue: Promise<EmailQueueStats> | undefined;
  const readEmailQueue = () =>
    (emailQueue ??= readEmailQueueStats().finally(() => {
      emailQueue = undefined;
    }));
  new Gauge({
    name: 'email_queue_depth',
    help: 'Emails waiting to be sent (NaN when the database did not answer).',
    registers,
    async collect() {
      this.set((await readEmailQueue()).depth);
    },
  });
  new Gauge({
    name: 'email_queue_oldest_pending_seconds',
    help: 'Age of the oldest email waiting to be sent (0 when none; NaN when the database did not answer).',
    registers,
    async collect() {
      this.set((await readEmailQueue()).oldest);
    },
  });

  // The live events stream (/api/v1/events, the next feature) sets this; until then it stays 0.
  const sseConnections = new Gauge({ name: 'sse_connections', help: 'Open event-stream connections.', registers });

  return { registry, requests, requestDuration, admissionWait, queryDuration, sseConnections };
}

function readEmailQueueStats(): Promise<EmailQueueStats> {
  const unknown = { depth: NaN, oldest: NaN };
  if (!state.emailQueue) return Promise.resolve(unknown);
  const read = state.emailQueue();
  return Promise.race([read, sleep(EMAIL_QUEUE_READ_MS, unknown, { ref: false })]).catch(() => unknown);
}

const CACHE_KINDS: Record<string, string> = {
  APP_PAGE: 'page',
  APP_ROUTE: 'route',
  FETCH: 'fetch',
  IMAGE: 'image',
  PAGES: 'page',
};
const cacheKind = (kind: string) => CACHE_KINDS[kind] ?? 'other';

/** Reports the admission queue's length at scrape time. */
export function trackAdmissionQueue(length: () => number): void {
  state.admissionQueue = length;
}

/**
 * Reports the email queue at scrape time (GET /api/metrics gives mail/'s reader: ops/ imports no domain, and mail/
 * logs through ops/).
 */
export function trackEmailQueue(read: () => Promise<EmailQueueStats>): void {
  state.emailQueue = read;
}

export function observeAdmissionWait(seconds: number): void {
  metrics()?.admissionWait.observe(seconds);
}

/** Sets sse_connections (for the events stream). */
export function setSseConnections(count: number): void {
  metrics()?.sseConnections.set(count);
}

/** The Prometheus text of every metric, read now. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  const { registry } = metrics()!;
  return { contentType: registry.contentType, text: await registry.metrics() };
}
