/**
 * OpenTelemetry traces of the real production server (`next start` of the existing build) with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver of the test's own: an idea page and an API route
 * each arrive as one trace, whose server span is the one the request log names (trace_id, span_id), with Next's
 * own spans and the database's under it. Skipped when there is no build (`npx next build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHid } from '@/lib/server/db/hids';
import { SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { startNextServer, stopNextServer, type NextServer } from '../support/next-server';
import { BASE, BUILT, PORT, seededDataDirForFile } from '../support/server-test';
import { SPAN_KIND, startOtlpReceiver, until, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';

/** In the query string of every request: it must reach neither the log nor any span. */
const SECRET = 'query-secret-0c4a';
const ideaHid = toHid(SEED_IDEAS.findIndex((idea) => idea.status === 'published') + 1);

const dataDir = seededDataDirForFile('sopka-telemetry-test-');
let receiver: OtlpReceiver;

beforeAll(async () => {
  if (BUILT) receiver = await startOtlpReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

/** The server's JSON log lines (Next's own start-up banner is plain text). */
function logEntries(server: NextServer): Record<string, unknown>[] {
  return server.lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The `request` log line of the request with this id, once it is written. */
async function requestLine(server: NextServer, requestId: string): Promise<Record<string, unknown>> {
  const find = () => logEntries(server).find((entry) => entry.msg === 'request' && entry.requestId === requestId);
  await until(() => find() !== undefined, 10_000, `the log line of ${requestId}`);
  return find()!;
}

/** The spans of one trace, as received so far. */
const traceSpans = (traceId: unknown) => receiver.spans.filter((span) => span.traceId === traceId);

/** Spans of Next's own tracer (request handling, rendering, route handlers), with their route where they name one. */
const nextSpans = (spans: ReceivedSpan[]) => spans.filter((span) => span.scope === 'next.js');
const routesOf = (spans: ReceivedSpan[]) =>
  nextSpans(spans).flatMap((span) => [span.name, String(span.attributes['next.route'] ?? '')]);

/**
 * The request's trace as the log line names it: the HTTP instrumentation's server span (the root: the request came
 * from outside, without trace context), and Next's request span directly under it.
 */
function expectTraceOfLogLine(line: Record<string, unknown>, path: string): ReceivedSpan[] {
  expect(line.trace_id).toMatch(/^[0-9a-f]{32}$/);
  expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
  const spans = traceSpans(line.trace_id);
  const server = spans.find((span) => span.spanId === line.span_id);
  expect(server).toMatchObject({
    kind: SPAN_KIND.server,
    parentSpanId: '',
    scope: '@opentelemetry/instrumentation-http',
    service: 'sopka',
  });
  expect(server!.attributes['url.path']).toBe(path);
  expect(server!.attributes['http.response.status_code']).toBe(200);
  // (A request the proxy (proxy.ts) sees is handled twice, the second pass under the first.)
  const handleRequests = nextSpans(spans).filter(
    (span) => span.attributes['next.span_type'] === 'BaseServer.handleRequest',
  );
  expect(handleRequests.map((span) => span.parentSpanId)).toContain(server!.spanId);
  return spans;
}

describe.skipIf(!BUILT)('traces of the real server', () => {
  it('exports each request as one trace whose ids are in its log line, and flushes the last spans on SIGTERM', async () => {
    const server = await startNextServer(
      PORT,
      {
        DATA_DIR: dataDir(),
        DATABASE_URL: '',
        NEXT_MANUAL_SIG_HANDLE: 'true',
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        // Nothing is sent before the shutdown (the batch waits a minute): what arrives, its flush sent.
        OTEL_BSP_SCHEDULE_DELAY: '60000',
      },
      { captureOutput: true },
    );
    try {
      expect((await fetch(`${BASE}/api/health`)).status).toBe(200);
      const page = await fetch(`${BASE}/en/go/${ideaHid}?token=${SECRET}`, {
        headers: { 'x-request-id': 'telemetry-test-page-0001' },
      });
      expect(page.status).toBe(200);
      await page.text();
      const api = await fetch(`${BASE}/api/v1/ideas/${ideaHid}?locale=en&token=${SECRET}`, {
        headers: { 'x-request-id': 'telemetry-test-api-0001' },
      });
      expect(api.status).toBe(200);
      await api.json();
      const pageLine = await requestLine(server, 'telemetry-test-page-0001');
      const apiLine = await requestLine(server, 'telemetry-test-api-0001');
      expect(pageLine.trace_id).not.toBe(apiLine.trace_id);

      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(logEntries(server).at(-1)).toMatchObject({ msg: 'stopped', drained: true });
      expect(logEntries(server).some((entry) => entry.msg === 'closing failed')).toBe(false);
      await until(
        () => traceSpans(pageLine.trace_id).length > 0 && traceSpans(apiLine.trace_id).length > 0,
        5_000,
        'the spans of both requests',
      );

      const pageSpans = expectTraceOfLogLine(pageLine, `/en/go/${ideaHid}`);
      expect(routesOf(pageSpans)).toContainEqual(expect.stringMatching(/\/go\/\[id\]/));

      const apiSpans = expectTraceOfLogLine(apiLine, `/api/v1/ideas/${ideaHid}`);
      expect(routesOf(apiSpans)).toContainEqual(expect.stringMatching(/\/api\/v1\/ideas\/\[id\]/));
      // The route handler read the embedded database (PGlite) within the request's trace.
      const queries = apiSpans.filter((span) => span.name.startsWith('pglite.query'));
      expect(queries.length).toBeGreaterThan(0);
      for (const query of queries) expect(query).toMatchObject({ kind: SPAN_KIND.client, service: 'sopka' });

      // Probes get no trace, and no query string reaches the receiver (its values may be tokens).
      expect(receiver.spans.some((span) => span.attributes['url.path'] === '/api/health')).toBe(false);
      expect(JSON.stringify(receiver.spans)).not.toContain(SECRET);
      expect(server.lines.join('\n')).not.toContain(SECRET);
      expect(receiver.requests.every((request) => request.contentType.startsWith('application/json'))).toBe(true);
    } finally {
      await stopNextServer(server, 'SIGKILL');
    }
  });
});
