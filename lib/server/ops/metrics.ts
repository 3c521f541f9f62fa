import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { isIPv4 } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { normalizeAddress } from '@/lib/http/client-address';
import { isPagePath } from '@/lib/i18n/locale-rewrites';
import { defaultLocale, localePrefixes, locales } from '@/lib/i18n/locales';
import { stampedPeer } from '../http/peer-address';
import { env } from '../platform/env';

/**
 * The process's Prometheus metrics, read at GET /api/metrics (README, Operations, "Metrics"). One registry per
 * process on globalThis: Next loads this file into separate module graphs (instrumentation, route handlers, pages),
 * and the page cache handlers (plain .mjs outside the bundler) count into a global of their own that is read here.
 * METRICS=off creates nothing, wraps nothing and counts nothing (the page cache's two integers excepted).
 */

type Labels = 'method' | 'route' | 'status';

interface Metrics {
  registry: Registry;
  requests: Counter<Labels>;
  requestDuration: Histogram<Labels>;
  admissionWait: Histogram;
  queryDuration: Histogram;
  sseConnections: Gauge;
}

/** A database's connections at scrape time: a PostgreSQL pool's, or PGlite's one. */
interface PoolStats {
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
};
const state = ((globalThis as { __sopkaMetrics?: MetricsState }).__sopkaMetrics ??= {});

/** Lookups of Next's cache by kind, counted by lib/server/cache/page-cache-handler.mjs and redis-page-cache-handler.mjs. */
type CacheLookups = { hits: Record<string, number>; misses: Record<string, number> };
const cacheLookups = () =>
  ((globalThis as { __sopkaPageCacheLookups?: CacheLookups }).__sopkaPageCacheLookups ??= { hits: {}, misses: {} });

export function metricsEnabled(): boolean {
  return env().METRICS;
}

/** The metrics, made on first use; undefined under METRICS=off. */
function metrics(): Metrics | undefined {
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

  let emailQueue: Promise<{ depth: number; oldest: number }> | undefined;
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

function readEmailQueueStats(): Promise<{ depth: number; oldest: number }> {
  const unknown = { depth: NaN, oldest: NaN };
  // Imported here: the queue's module opens the database, whose client imports this file.
  const read = import('../mail/queue').then(({ emailQueueStats }) => emailQueueStats());
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

// ---- Requests -------------------------------------------------------------------------------------------------

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One request's response ended (lib/server/ops/request-log.ts). */
export function observeRequest(method: string | undefined, urlPath: string, status: number, seconds: number): void {
  const m = metrics();
  if (!m) return;
  const labels = {
    method: method && METHODS.has(method) ? method : 'other',
    route: routePattern(urlPath),
    status: String(status),
  };
  m.requests.inc(labels);
  m.requestDuration.observe(labels, seconds);
}

type RouteNode = {
  /** The pattern a path ending at this node answers with. */
  pattern?: string;
  fixed: Map<string, RouteNode>;
  param?: RouteNode;
  /** `[...name]`: one segment or more. */
  catchAll?: string;
  /** `[[...name]]`: none or more. */
  optionalCatchAll?: string;
};

const newNode = (): RouteNode => ({ fixed: new Map() });

/** Next's own files, answered outside app/. */
const NEXT_ROUTES = ['/_next/static/[...path]', '/_next/image'];
/** Metadata files of app/'s root and the path each answers. */
const METADATA_ROUTES: Record<string, string> = {
  robots: '/robots.txt',
  sitemap: '/sitemap.xml',
  manifest: '/manifest.webmanifest',
  favicon: '/favicon.ico',
};
const ROUTE_FILE = /^(page|route)\.(tsx?|jsx?|mdx?)$/;
const METADATA_FILE = /^(robots|sitemap|manifest|favicon)\.(tsx?|jsx?|txt|xml|json|webmanifest|ico)$/;

let routeTree: RouteNode | undefined;

/** The routes of app/ (read once; a deployment runs from the project's folder, as the migrations need). */
function routes(): RouteNode {
  if (routeTree) return routeTree;
  const root = newNode();
  const appDir = path.join(process.cwd(), 'app');
  const patterns: string[] = [...NEXT_ROUTES];
  const walk = (dir: string, segments: string[]) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = entry.name;
      if (entry.isDirectory()) {
        // Private folders (_x) and intercepting routes ((.)x) are no URLs; groups ((x)) and slots (@x) add no segment.
        if (name.startsWith('_') || name.startsWith('(.')) continue;
        const grouping = (name.startsWith('(') && name.endsWith(')')) || name.startsWith('@');
        walk(path.join(dir, name), grouping ? segments : [...segments, name]);
      } else if (ROUTE_FILE.test(name)) {
        patterns.push(`/${segments.join('/')}`);
      } else if (segments.length === 0 && METADATA_FILE.test(name)) {
        patterns.push(METADATA_ROUTES[name.split('.')[0]]);
      }
    }
  };
  walk(appDir, []);
  for (const pattern of patterns) {
    let node = root;
    let end: 'pattern' | 'catchAll' | 'optionalCatchAll' = 'pattern';
    for (const segment of pattern.split('/').filter(Boolean)) {
      // A catch-all is a route's last segment.
      if (segment.startsWith('[[...')) end = 'optionalCatchAll';
      else if (segment.startsWith('[...')) end = 'catchAll';
      if (end !== 'pattern') break;
      if (segment.startsWith('[')) node = node.param ??= newNode();
      else node = node.fixed.get(segment) ?? node.fixed.set(segment, newNode()).get(segment)!;
    }
    node[end] = pattern;
  }
  return (routeTree = root);
}

/** Next's order: a fixed segment before a parameter, a parameter before a catch-all, trying the next on no match. */
function match(node: RouteNode, segments: string[], index: number): string | undefined {
  if (index === segments.length) return node.pattern ?? node.optionalCatchAll;
  const fixed = node.fixed.get(segments[index]);
  return (
    (fixed && match(fixed, segments, index + 1)) ||
    (node.param && match(node.param, segments, index + 1)) ||
    node.catchAll ||
    node.optionalCatchAll
  );
}

const LOCALE_SEGMENTS = new Set<string>([
  ...locales,
  ...Object.values(localePrefixes).map((prefix) => prefix.slice(1)),
]);

/**
 * Paths already labelled: most requests are for a few paths, and matching one costs a few microseconds. Bounded in
 * entries and in their length, so that made-up paths cannot grow it: when full, it starts again.
 */
const knownPaths = new Map<string, string>();
const KNOWN_PATHS = 10_000;
const KNOWN_PATH_LENGTH = 200;

/**
 * The app/ route a request path reaches, as a bounded label: `/api/v1/ideas/[id]`, `/[locale]/go/[id]` (a page
 * path without a locale prefix is Russian, as the rewrites of lib/i18n/locale-rewrites.ts make it), or `other`.
 */
export function routePattern(urlPath: string): string {
  let pattern = knownPaths.get(urlPath);
  if (pattern !== undefined) return pattern;
  pattern = findRoutePattern(urlPath);
  if (urlPath.length <= KNOWN_PATH_LENGTH) {
    if (knownPaths.size >= KNOWN_PATHS) knownPaths.clear();
    knownPaths.set(urlPath, pattern);
  }
  return pattern;
}

function findRoutePattern(urlPath: string): string {
  const segments = urlPath.split('?')[0].split('/').filter(Boolean);
  const page = isPagePath(urlPath);
  if (page && !LOCALE_SEGMENTS.has(segments[0] ?? '')) segments.unshift(defaultLocale);
  const pattern = match(routes(), segments, 0);
  // Next would render `/api/nothing` as the page [locale]=api (a 404): not a page anyone asked for.
  return pattern && (page || !pattern.startsWith('/[')) ? pattern : 'other';
}

// ---- Admission, database, events --------------------------------------------------------------------------------

/** Reports the admission queue's length at scrape time. */
export function trackAdmissionQueue(length: () => number): void {
  state.admissionQueue = length;
}

export function observeAdmissionWait(seconds: number): void {
  metrics()?.admissionWait.observe(seconds);
}

/** Sets sse_connections (for the events stream). */
export function setSseConnections(count: number): void {
  metrics()?.sseConnections.set(count);
}

type AnyFunction = (...args: unknown[]) => unknown;
const noop = () => undefined;

/** Makes `database` the one reported at scrape time; the returned function forgets it (when it closes). */
function trackDatabase(stats: () => PoolStats): () => void {
  state.database = stats;
  return () => {
    if (state.database === stats) state.database = undefined;
  };
}

/**
 * Times every statement of a PostgreSQL pool: each of its connections' `query`, which pool.query and drizzle's
 * transactions both call (a pool's wait for a free connection is db_pool_waiting, not statement time). Returns
 * what to call when the pool closes.
 */
export function instrumentPool(pool: Pool, size: number): () => void {
  const m = metrics();
  if (!m) return noop;
  const histogram = m.queryDuration;
  pool.on('connect', (client) => {
    const query = client.query as unknown as AnyFunction;
    (client as unknown as { query: AnyFunction }).query = function timedQuery(this: unknown, ...args: unknown[]) {
      // A Submittable (a cursor, a stream) reports on its own; pg answers it with itself.
      if (typeof (args[0] as { submit?: unknown } | undefined)?.submit === 'function')
        return Reflect.apply(query, this, args);
      const started = performance.now();
      const done = () => histogram.observe((performance.now() - started) / 1000);
      const last = args.length - 1;
      // pool.query passes a callback; drizzle awaits the promise.
      if (typeof args[last] === 'function') {
        const callback = args[last] as AnyFunction;
        args[last] = (...results: unknown[]) => {
          done();
          return callback(...results);
        };
        return Reflect.apply(query, this, args);
      }
      const result = Reflect.apply(query, this, args);
      if (result instanceof Promise) result.then(done, done);
      return result;
    };
  });
  return trackDatabase(() => ({
    size,
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }));
}

/**
 * Times every statement of an embedded PGlite (its `query` and `exec`, and those of its transactions), which runs
 * one statement or transaction at a time: in use 0 or 1, the rest waiting. Returns what to call when it closes.
 */
export function instrumentPglite(client: PGlite): () => void {
  const m = metrics();
  if (!m) return noop;
  const histogram = m.queryDuration;
  /** Statements and transactions started on the database and not yet settled: one runs, the others wait. */
  let active = 0;
  const timed = (method: AnyFunction, holds: boolean) =>
    function timedStatement(this: unknown, ...args: unknown[]) {
      const started = performance.now();
      if (holds) active++;
      const done = () => {
        if (holds) active--;
        histogram.observe((performance.now() - started) / 1000);
      };
      try {
        const result = Reflect.apply(method, this, args) as Promise<unknown>;
        result.then(done, done);
        return result;
      } catch (error) {
        done();
        throw error;
      }
    };
  const target = client as unknown as Record<'query' | 'exec' | 'transaction', AnyFunction>;
  const transaction = target.transaction;
  target.query = timed(target.query, true);
  target.exec = timed(target.exec, true);
  target.transaction = function heldTransaction(this: unknown, work: unknown) {
    active++;
    const inside = (tx: Record<'query' | 'exec', AnyFunction>) => {
      tx.query = timed(tx.query, false);
      tx.exec = timed(tx.exec, false);
      return (work as AnyFunction)(tx);
    };
    const release = () => {
      active--;
    };
    const result = Reflect.apply(transaction, this, [inside]) as Promise<unknown>;
    result.then(release, release);
    return result;
  };
  return trackDatabase(() => ({
    size: 1,
    inUse: Math.min(active, 1),
    idle: active > 0 ? 0 : 1,
    waiting: Math.max(active - 1, 0),
  }));
}

// ---- The endpoint -----------------------------------------------------------------------------------------------

const isLoopback = (address: string) => (isIPv4(address) ? address.startsWith('127.') : address === '::1');

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether a request may read the metrics: with `Authorization: Bearer METRICS_TOKEN`, or from this machine. From
 * this machine means the socket's peer, as this process recorded it (lib/server/http/peer-address.ts), is a
 * loopback address and so is every address in X-Forwarded-For: a request nginx passes on for a remote client comes
 * from loopback too, but names that client there, whatever TRUST_PROXY_HOPS says.
 */
export function mayReadMetrics(headers: Headers): boolean {
  const token = env().METRICS_TOKEN;
  const [scheme, credentials] = (headers.get('authorization') ?? '').split(' ', 2);
  // Hashed first, so the comparison takes the same time whatever the length of the guess.
  if (token && scheme.toLowerCase() === 'bearer' && timingSafeEqual(digest(credentials ?? ''), digest(token)))
    return true;
  const peer = stampedPeer(headers);
  if (!peer || !isLoopback(normalizeAddress(peer))) return false;
  const forwarded = (headers.get('x-forwarded-for') ?? '').split(',').map(normalizeAddress).filter(Boolean);
  return forwarded.every(isLoopback);
}

/** The Prometheus text of every metric, read now. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  const { registry } = metrics()!;
  return { contentType: registry.contentType, text: await registry.metrics() };
}
