/**
 * GET /api/metrics (lib/server/ops/metrics/). Requests go through a real loopback HTTP server of this process, whose
 * request hooks are those of instrumentation.ts (peer address, request log and metrics, admission), handing them to
 * the app's route handlers as Next would: only a server with a socket has a peer to check and a response to time.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NextRequest } from 'next/server';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import type { IncrementalCacheKind } from 'next/dist/server/response-cache/types';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as metricsRoute } from '@/app/api/metrics/route';
import { GET as categories } from '@/app/api/v1/categories/route';
import { GET as ideas } from '@/app/api/v1/ideas/route';
import { GET as idea } from '@/app/api/v1/ideas/[id]/route';
import { POST as login } from '@/app/api/v1/auth/login/route';
import PageCacheHandler from '@/lib/server/cache/page-cache-handler.mjs';
import { emailQueue } from '@/lib/server/db/schema';
import { peerHeadersForTests, recordPeerAddresses } from '@/lib/server/ops/peer-address';
import { admitInOrder } from '@/lib/server/ops/admission';
import { routePattern } from '@/lib/server/ops/metrics/requests';
import { logRequests } from '@/lib/server/ops/request-log';
import { call, setupApiDatabase } from '../support/api';

const TOKEN = 'metrics-token-for-tests-0123456789';

type Handler = (request: NextRequest, context: { params: Promise<any> }) => Promise<Response>;
/** The app's routes this server answers, as Next matches them. */
const ROUTES: [RegExp, Handler][] = [
  [/^\/api\/metrics$/, metricsRoute],
  [/^\/api\/v1\/categories$/, categories],
  [/^\/api\/v1\/ideas$/, ideas],
  [/^\/api\/v1\/ideas\/(?<id>[^/]+)$/, idea],
  [/^\/api\/v1\/auth\/login$/, login],
];

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
let server: http.Server;
let base: string;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  // As behind nginx (npm run start:cluster): the client is the address the proxy appended.
  process.env.TRUST_PROXY_HOPS = '1';
  process.env.METRICS_TOKEN = TOKEN;
  delete process.env.METRICS;
  database = await setupApiDatabase();
  // instrumentation.ts's hooks, in its order.
  recordPeerAddresses();
  logRequests();
  admitInOrder(8);
  server = http.createServer(async (incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', 'http://localhost');
    const route = ROUTES.find(([pattern]) => pattern.test(url.pathname));
    if (!route) {
      outgoing.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (value !== undefined) headers.set(name, [value].flat().join(', '));
    const request = new NextRequest(url, {
      method: incoming.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    const params = url.pathname.match(route[0])?.groups ?? {};
    const response = await route[1](request, { params: Promise.resolve(params) });
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await database?.dispose();
});

const scrape = async (headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}/api/metrics`, { headers });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    response,
    text: await response.text(),
  };
};

/** The status of a call of the route in this process, with `headers` (a body that is not JSON, unlike call()'s). */
const inProcess = async (headers: Record<string, string> = {}) =>
  (
    await metricsRoute(new NextRequest('http://localhost:3000/api/metrics', { headers }), {
      params: Promise.resolve({}),
    })
  ).status;

/** The value of one sample of the exposition text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

const METRIC_NAMES = [
  ['http_requests_total', 'counter'],
  ['http_request_duration_seconds', 'histogram'],
  ['process_resident_memory_bytes', 'gauge'],
  ['nodejs_heap_size_used_bytes', 'gauge'],
  ['nodejs_eventloop_lag_seconds', 'gauge'],
  ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
  ['admission_queue_length', 'gauge'],
  ['admission_wait_seconds', 'histogram'],
  ['db_pool_size', 'gauge'],
  ['db_pool_in_use', 'gauge'],
  ['db_pool_idle', 'gauge'],
  ['db_pool_waiting', 'gauge'],
  ['db_query_duration_seconds', 'histogram'],
  ['page_cache_hits_total', 'counter'],
  ['page_cache_misses_total', 'counter'],
  ['email_queue_depth', 'gauge'],
  ['email_queue_oldest_pending_seconds', 'gauge'],
  ['sse_connections', 'gauge'],
];

describe('GET /api/metrics', () => {
  it('answers a request from this machine with the Prometheus text of every metric, never cached', async () => {
    const { status, contentType, response, text } = await scrape();
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    for (const [name, type] of METRIC_NAMES) expect(text, name).toContain(`# TYPE ${name} ${type}\n`);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'db_pool_size')).toBe(database.kind === 'pglite' ? 1 : 10);
    expect(sample(text, 'sse_connections')).toBe(0);
  });

  it('counts and times the requests of each route pattern by method and status', async () => {
    const before = (await scrape()).text;
    const listing = await fetch(`${base}/api/v1/ideas?per_page=1`);
    expect(listing.status).toBe(200);
    const [first] = ((await listing.json()) as { data: { id: string | number }[] }).data;
    expect((await fetch(`${base}/api/v1/ideas/${first.id}`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/ideas/${first.id}?include=photos`)).status).toBe(200);
    expect((await fetch(`${base}/api/v1/ideas/987654321`)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/categories`)).status).toBe(200);
    const wrongPassword = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
    });
    expect(wrongPassword.status).toBe(422);
    // The request log (and with it the metrics) sees a response once it has closed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = (await scrape()).text;

    const increase = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    const ideaRoute = { method: 'GET', route: '/api/v1/ideas/[id]' };
    expect(increase('http_requests_total', { ...ideaRoute, status: '200' })).toBe(2);
    expect(increase('http_requests_total', { ...ideaRoute, status: '404' })).toBe(1);
    expect(increase('http_requests_total', { method: 'GET', route: '/api/v1/categories', status: '200' })).toBe(1);
    expect(increase('http_requests_total', { method: 'POST', route: '/api/v1/auth/login', status: '422' })).toBe(1);
    expect(increase('http_request_duration_seconds_count', { ...ideaRoute, status: '200' })).toBe(2);
    expect(increase('http_request_duration_seconds_bucket', { ...ideaRoute, status: '200', le: '+Inf' })).toBe(2);
    // Never the raw URL: no label carries an id.
    expect(after).not.toContain('987654321');
    expect(after).not.toContain(`/api/v1/ideas/${first.id}"`);
    // The metrics endpoint's own earlier scrape, too.
    expect(sample(after, 'http_requests_total', { route: '/api/metrics', status: '200' })).toBeGreaterThan(0);

    // The reads went through admission (none waited) and the statements were timed.
    expect(increase('admission_wait_seconds_count', {})).toBeGreaterThanOrEqual(6);
    expect(sample(after, 'admission_queue_length')).toBe(0);
    expect(increase('db_query_duration_seconds_count', {})).toBeGreaterThan(3);
    expect(sample(after, 'db_pool_in_use') + sample(after, 'db_pool_idle')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'db_pool_waiting')).toBe(0);
  });

  it('reports the email queue: pending emails and the age of the oldest', async () => {
    const before = (await scrape()).text;
    await database.db.insert(emailQueue).values({
      kind: 'test',
      recipient: 'someone@example.com',
      subject: 'Hello',
      text: 'Hello',
      html: '<p>Hello</p>',
      createdAt: new Date(Date.now() - 120_000),
    });
    const after = (await scrape()).text;
    expect(sample(after, 'email_queue_depth') - sample(before, 'email_queue_depth')).toBe(1);
    expect(sample(after, 'email_queue_oldest_pending_seconds')).toBeGreaterThanOrEqual(119);
  });

  it("counts the page cache's hits and misses, so that a hit ratio can be computed", async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'sopka-metrics-cache-'));
    try {
      const handler = new PageCacheHandler({
        fs: nodeFs,
        serverDistDir: distDir,
        flushToDisk: false,
        maxMemoryCacheSize: 1_000_000,
        revalidatedTags: [],
        _requestHeaders: {},
      });
      const context = {
        kind: 'APP_PAGE' as IncrementalCacheKind.APP_PAGE,
        isRoutePPREnabled: false,
        isFallback: false,
      };
      const before = (await scrape()).text;
      await handler.get('/ru/go/metrics', context as never);
      await handler.set(
        '/ru/go/metrics',
        { kind: 'APP_PAGE', html: '<p>x</p>', rscData: Buffer.from('0:{}'), headers: {}, status: 200 } as never,
        { ...context, cacheControl: { revalidate: 60, expire: undefined } } as never,
      );
      await handler.get('/ru/go/metrics', context as never);
      await handler.get('/ru/go/metrics', context as never);
      const after = (await scrape()).text;
      const increase = (name: string) => sample(after, name, { kind: 'page' }) - sample(before, name, { kind: 'page' });
      expect(increase('page_cache_misses_total')).toBe(1);
      expect(increase('page_cache_hits_total')).toBe(2);
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });

  it('labels a path by the app/ route it reaches, pages by their pattern with the locale, anything else as other', () => {
    expect(routePattern('/api/v1/ideas/42')).toBe('/api/v1/ideas/[id]');
    expect(routePattern('/api/v1/ideas/markers')).toBe('/api/v1/ideas/markers');
    expect(routePattern('/api/v1/users/7/favourites/9')).toBe('/api/v1/users/[id]/favourites/[idea]');
    expect(routePattern('/api/health')).toBe('/api/health');
    expect(routePattern('/go/abc')).toBe('/[locale]/go/[id]');
    expect(routePattern('/en/go/abc')).toBe('/[locale]/go/[id]');
    expect(routePattern('/cn/go')).toBe('/[locale]/go');
    expect(routePattern('/')).toBe('/[locale]');
    expect(routePattern('/office/ideas/new')).toBe('/[locale]/office/ideas/new');
    expect(routePattern('/office/ideas/x1')).toBe('/[locale]/office/ideas/[hid]');
    expect(routePattern('/no/such/page')).toBe('/[locale]/[...rest]');
    expect(routePattern('/media/ideas/1/cover.webp')).toBe('/media/[...key]');
    expect(routePattern('/robots.txt')).toBe('/robots.txt');
    expect(routePattern('/sitemap.xml')).toBe('/sitemap.xml');
    expect(routePattern('/_next/static/chunks/app.js')).toBe('/_next/static/[...path]');
    expect(routePattern('/api/v1/nothing')).toBe('other');
    expect(routePattern('/api/v1/ideas/1/2/3/4')).toBe('other');
    expect(routePattern('/favicon-made-up.png')).toBe('other');
  });

  it('answers 404, as for a path that does not exist, to a remote client that nginx passes on', async () => {
    // nginx on this machine appends the remote client to X-Forwarded-For; the socket's peer is loopback.
    const { status, contentType, response, text } = await scrape({ 'x-forwarded-for': '203.0.113.9' });
    expect(status).toBe(404);
    expect(contentType).toContain('application/problem+json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text).not.toContain('http_requests_total');
    // Nor does a query the route would reject tell that the path exists.
    expect(
      (await fetch(`${base}/api/metrics?locale=xx`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status,
    ).toBe(404);
    // A client that forges a loopback address to the left of its own is still that client.
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })).status).toBe(404);
    // Local tools through the local nginx are this machine.
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
  });

  it('answers a remote client with the right bearer token, and 404 with a wrong one', async () => {
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    expect((await scrape({ ...remote, authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await scrape({ ...remote, authorization: `Bearer ${TOKEN}x` })).status).toBe(404);
    expect((await scrape({ ...remote, authorization: 'Bearer ' })).status).toBe(404);
    expect((await scrape({ ...remote, authorization: TOKEN })).status).toBe(404);
    // In-process, without a recorded peer: only the token opens it.
    expect(await inProcess()).toBe(404);
    expect(await inProcess(peerHeadersForTests('198.51.100.4'))).toBe(404);
    expect(await inProcess(peerHeadersForTests('::1'))).toBe(200);
    expect(await inProcess({ authorization: `Bearer ${TOKEN}` })).toBe(200);
  });

  it('answers 404 to everyone and counts nothing under METRICS=off', async () => {
    process.env.METRICS = 'off';
    try {
      // A process started with METRICS=off: its modules read the environment afresh.
      vi.resetModules();
      const { GET: offRoute } = await import('@/app/api/metrics/route');
      const { observeRequest } = await import('@/lib/server/ops/metrics/requests');
      const { peerHeadersForTests: offPeerHeaders } = await import('@/lib/server/ops/peer-address');
      const loopback = await call(offRoute, '/api/metrics', { headers: offPeerHeaders('127.0.0.1') });
      expect(loopback.status).toBe(404);
      expect(loopback.contentType).toContain('application/problem+json');
      expect((await call(offRoute, '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );

      const before = (await scrape()).text;
      observeRequest('GET', '/api/v1/categories', 200, 0.01);
      const after = (await scrape()).text;
      const labels = { method: 'GET', route: '/api/v1/categories', status: '200' };
      expect(sample(after, 'http_requests_total', labels)).toBe(sample(before, 'http_requests_total', labels));
    } finally {
      delete process.env.METRICS;
    }
  });
});
