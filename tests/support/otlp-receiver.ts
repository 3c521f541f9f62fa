import { Worker } from 'node:worker_threads';

/** One span as an OTLP/HTTP JSON export carried it, with its attributes as plain values. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a trace's root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's numbers: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  /** The resource's `service.name`. */
  service: unknown;
  /** The instrumentation scope that made it (`@opentelemetry/instrumentation-http`, `next.js`, …). */
  scope: string;
}

export const SPAN_KIND = { internal: 1, server: 2, client: 3 } as const;

export interface OtlpReceiver {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter posts to …/v1/traces). */
  endpoint: string;
  /** Every span received so far. */
  spans: ReceivedSpan[];
  /** Paths of every request received, with their content types. */
  requests: { path: string; contentType: string }[];
  close: () => Promise<void>;
}

/**
 * A plain node:http server in a worker thread, answering POST /v1/traces as an OpenTelemetry collector does. In a
 * thread of its own it is never traced itself, even in a process whose node:http the HTTP instrumentation patched
 * (each thread has its own modules): its own server spans would otherwise be exported to it, batch after batch.
 */
const WORKER_SOURCE = `
const http = require('node:http');
const { parentPort } = require('node:worker_threads');
const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    parentPort.postMessage({
      path: request.url,
      contentType: String(request.headers['content-type'] ?? ''),
      body: Buffer.concat(chunks).toString('utf8'),
    });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
`;

type AnyValue = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
};
type KeyValue = { key: string; value?: AnyValue };

function plain(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(plain);
  return undefined;
}

const attributesOf = (list: KeyValue[] | undefined) =>
  Object.fromEntries((list ?? []).map(({ key, value }) => [key, plain(value)]));

/** The spans of an OTLP/JSON ExportTraceServiceRequest. */
export function spansOf(body: string): ReceivedSpan[] {
  const request = JSON.parse(body) as {
    resourceSpans?: {
      resource?: { attributes?: KeyValue[] };
      scopeSpans?: {
        scope?: { name?: string };
        spans?: {
          traceId: string;
          spanId: string;
          parentSpanId?: string;
          name: string;
          kind: number;
          attributes?: KeyValue[];
        }[];
      }[];
    }[];
  };
  return (request.resourceSpans ?? []).flatMap((resourceSpans) => {
    const service = attributesOf(resourceSpans.resource?.attributes)['service.name'];
    return (resourceSpans.scopeSpans ?? []).flatMap((scopeSpans) =>
      (scopeSpans.spans ?? []).map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId ?? '',
        name: span.name,
        kind: span.kind,
        attributes: attributesOf(span.attributes),
        service,
        scope: scopeSpans.scope?.name ?? '',
      })),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver['requests'] = [];
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { port?: number; path?: string; contentType?: string; body?: string }) => {
      if (message.port !== undefined) return resolve(message.port);
      requests.push({ path: message.path ?? '', contentType: message.contentType ?? '' });
      if (message.path === '/v1/traces') spans.push(...spansOf(message.body ?? '{}'));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: async () => {
      await worker.terminate();
    },
  };
}

/** Polls `condition` until it holds; fails after `ms`. */
export async function until(condition: () => boolean, ms: number, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what} not met within ${ms} ms`);
}
