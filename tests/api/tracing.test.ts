/**
 * OpenTelemetry tracing (lib/server/ops/tracing.ts) in this process: a real node:http server whose handler (in a
 * span of Next's tracer, as a route handler) queries the database and calls another service with fetch, its spans exported as OTLP/HTTP JSON to a receiver of the
 * test's own. PostgreSQL (node-postgres) with TEST_DATABASE_URL; embedded PGlite always.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { AppRouteRouteHandlersSpan } from 'next/dist/server/lib/trace/constants';
import { getTracer } from 'next/dist/server/lib/trace/tracer';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logRequests } from '@/lib/server/ops/request-log';
import {
  requestTraceIds,
  startTracing,
  stopTracing,
  traceEmbeddedQueries,
  tracingConfigured,
  tracingStarted,
} from '@/lib/server/ops/tracing';
import { SPAN_KIND, startOtlpReceiver, until, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';

const adminUrl = process.env.TEST_DATABASE_URL;
/** In the query string of every request: it must reach no span. */
const SECRET = 'query-secret-5b1e';

let receiver: OtlpReceiver;
let upstream: http.Server;
let app: http.Server;
/** What the app's handler does with the database, set by each test. */
let work: () => Promise<unknown> = async () => undefined;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: http.Server | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

let upstreamBase: string;
let appPort: number;

/** The request log's lines (lib/server/ops/request-log.ts), from the process's logger. */
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  ((globalThis as { __sopkaLogger?: { logger?: pino.Logger } }).__sopkaLogger ??= {}).logger = pino(sink);
  // In the order of instrumentation.ts: the request hooks first, so that the server span covers them.
  logRequests();
  receiver = await startOtlpReceiver();
  // The batch goes out within 0.1 s instead of 5 s.
  process.env.OTEL_BSP_SCHEDULE_DELAY = '100';
  await startTracing({ url: `${receiver.endpoint}/v1/traces` });
  upstream = http.createServer((_request, response) => response.end('from upstream'));
  upstreamBase = await listen(upstream);
  app = http.createServer((request, response) => {
    const ids = requestTraceIds(request);
    void (async () => {
      try {
        // As Next runs a route handler: its span (through @opentelemetry/api, as Next's rendering too) comes under
        // the server span once a provider is registered, and the handler's queries under it.
        await getTracer().trace(
          AppRouteRouteHandlersSpan.runHandler,
          { spanName: 'executing api route (app) /work' },
          () => work(),
        );
        const answer = await fetch(`${upstreamBase}/downstream?token=${SECRET}`);
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ ids, upstream: await answer.text() }));
      } catch (error) {
        response.statusCode = 500;
        response.end(String(error));
      }
    })();
  });
  appPort = Number(new URL(await listen(app)).port);
});

afterAll(async () => {
  await close(app);
  await close(upstream);
  await stopTracing();
  delete process.env.OTEL_BSP_SCHEDULE_DELAY;
  await receiver?.close();
});

/**
 * GET `target` over a socket of its own: a request from outside, with no trace context of its own (fetch from this
 * process would be traced itself, and its span would be the server span's parent).
 */
function get(target: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(appPort, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, body] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  });
}

/** The spans of the trace whose server span answered `path`, once its database and upstream spans arrived. */
async function traceOf(path: string, databaseScope: string) {
  let server: ReceivedSpan | undefined;
  const trace = () => receiver.spans.filter((span) => span.traceId === server?.traceId);
  await until(
    () => {
      server ??= receiver.spans.find(
        (span) => span.kind === SPAN_KIND.server && span.parentSpanId === '' && span.attributes['url.path'] === path,
      );
      const spans = trace();
      return (
        spans.some((span) => span.scope.includes(databaseScope)) &&
        spans.some((span) => span.scope === '@opentelemetry/instrumentation-undici') &&
        spans.some((span) => span.kind === SPAN_KIND.server && span.parentSpanId !== '')
      );
    },
    10_000,
    `the spans of ${path}`,
  );
  return { server: server!, spans: trace() };
}

/** Next's span of the route handler, under the request's server span. */
function handlerSpan({ server, spans }: { server: ReceivedSpan; spans: ReceivedSpan[] }) {
  const handler = spans.find((span) => span.scope === 'next.js');
  expect(handler).toMatchObject({ name: 'executing api route (app) /work', parentSpanId: server.spanId });
  return handler!;
}

function expectRequestTrace(
  { server, spans }: { server: ReceivedSpan; spans: ReceivedSpan[] },
  answer: { ids: unknown },
) {
  expect(server.service).toBe('sopka');
  expect(server.scope).toBe('@opentelemetry/instrumentation-http');
  // The request log's ids are the server span's.
  expect(answer.ids).toEqual({ trace_id: server.traceId, span_id: server.spanId });
  const line = logLines.find((entry) => entry.msg === 'request' && entry.path === server.attributes['url.path']);
  expect(line).toMatchObject({ status: 200, trace_id: server.traceId, span_id: server.spanId });

  // The outgoing fetch is a client span under the server span, and the upstream's own server span is under it.
  const call = spans.find((span) => span.scope === '@opentelemetry/instrumentation-undici');
  expect(call).toMatchObject({ kind: SPAN_KIND.client, parentSpanId: server.spanId });
  expect(call!.attributes['url.full']).toBe(`${upstreamBase}/downstream`);
  const downstream = spans.find((span) => span.kind === SPAN_KIND.server && span.parentSpanId === call!.spanId);
  expect(downstream?.attributes['url.path']).toBe('/downstream');

  // No query string reaches the exporter (its values may be tokens), and the export calls are never traced.
  expect(JSON.stringify(receiver.spans)).not.toContain(SECRET);
  expect(receiver.spans.some((span) => JSON.stringify(span.attributes).includes('/v1/traces'))).toBe(false);
  expect(receiver.requests.every((request) => request.contentType.startsWith('application/json'))).toBe(true);
}

describe('tracing', () => {
  it('is configured by an OTLP endpoint and off without one', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(
      false,
    );
    expect(tracingStarted()).toBe(true);
  });

  it.skipIf(!adminUrl)(
    'exports a request as a server span with child spans of its PostgreSQL query and its outgoing call',
    async () => {
      const pool = new pg.Pool({ connectionString: adminUrl, max: 1 });
      try {
        // Outside any request: no trace of its own (the email worker polls).
        await pool.query('select 0 as outside');
        work = () => pool.query('select $1::int as answer', [42]);
        const answer = await get(`/with-postgres?token=${SECRET}`);
        expect(answer.status).toBe(200);
        expect(answer.body.upstream).toBe('from upstream');

        const trace = await traceOf('/with-postgres', 'instrumentation-pg');
        const query = trace.spans.find(
          (span) => span.scope === '@opentelemetry/instrumentation-pg' && span.name.startsWith('pg.query'),
        );
        expect(query).toMatchObject({ kind: SPAN_KIND.client, parentSpanId: handlerSpan(trace).spanId });
        expect(String(query!.attributes['db.statement'] ?? query!.attributes['db.query.text'])).toContain(
          'select $1::int as answer',
        );
        expectRequestTrace(trace, answer.body);
        expect(JSON.stringify(receiver.spans)).not.toContain('outside');
      } finally {
        await pool.end();
      }
    },
  );

  // Starting PGlite (WebAssembly) alone takes seconds, tens of them on a busy machine.
  it('gives the embedded database (PGlite) a span per query of a traced request', { timeout: 90_000 }, async () => {
    const client = new PGlite();
    try {
      traceEmbeddedQueries(client);
      await client.query('select 0 as outside');
      work = async () => {
        await client.query('select 1 as single');
        await client.transaction((tx) => tx.query('select 2 as inside_transaction'));
      };
      const answer = await get(`/with-pglite?token=${SECRET}`);
      expect(answer.status).toBe(200);

      const trace = await traceOf('/with-pglite', 'sopka');
      const queries = trace.spans.filter((span) => span.name === 'pglite.query:SELECT');
      expect(queries.map((span) => span.attributes['db.query.text'])).toEqual([
        'select 1 as single',
        'select 2 as inside_transaction',
      ]);
      for (const query of queries)
        expect(query).toMatchObject({
          kind: SPAN_KIND.client,
          parentSpanId: handlerSpan(trace).spanId,
          attributes: expect.objectContaining({ 'db.system.name': 'postgresql', 'db.operation.name': 'SELECT' }),
        });
      expectRequestTrace(trace, answer.body);
      expect(JSON.stringify(receiver.spans)).not.toContain('outside');
    } finally {
      await client.close();
    }
  });
});
