import 'server-only';
import { IncomingMessage } from 'node:http';
import path from 'node:path';
// Types only: nothing of OpenTelemetry is loaded unless tracing is configured (startTracing imports it).
import type * as OtelApi from '@opentelemetry/api';
import type { NodeSDK, NodeSDKConfiguration } from '@opentelemetry/sdk-node';

type SpanExporter = NodeSDKConfiguration['traceExporter'];
type ExportedSpan = Parameters<SpanExporter['export']>[0][number];

type TracingState = {
  sdk?: NodeSDK;
  api?: typeof OtelApi;
  tracer?: OtelApi.Tracer;
};
// Shared by the instrumentation's module instance (which starts the SDK) and the route handlers' (the database).
const state = ((globalThis as { __sopkaTracing?: TracingState }).__sopkaTracing ??= {});

/** Where the server span of a request keeps its ids for the request log (set by the HTTP instrumentation). */
const SPAN_CONTEXT = Symbol.for('sopka.tracing.spanContext');
type TracedRequest = IncomingMessage & { [SPAN_CONTEXT]?: OtelApi.SpanContext };

/** Requests that get no trace: balancer probes and metric scrapes every few seconds, and build files. */
const UNTRACED_PATHS = [/^\/api\/(health|ready|metrics)(\?|$)/, /^\/_next\/static\//];

/** Attributes that hold a URL or a target: their query string is cut off before a span leaves the process. */
const URL_ATTRIBUTES = ['http.target', 'http.url', 'url.full'];

/** The OpenTelemetry service name when neither OTEL_SERVICE_NAME nor OTEL_RESOURCE_ATTRIBUTES names one. */
export const SERVICE_NAME = 'sopka';

/**
 * Tracing is on when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT, or the traces-only
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and OTEL_SDK_DISABLED is not `true`.
 */
export function tracingConfigured(environment: Record<string, string | undefined> = process.env): boolean {
  if (environment.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Boolean(
    environment.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim(),
  );
}

export function tracingStarted(): boolean {
  return state.sdk !== undefined;
}

export interface TracingOptions {
  /** The OTLP/HTTP traces URL (…/v1/traces); by default the exporter's, from the OTEL_EXPORTER_OTLP_* variables. */
  url?: string;
}

/**
 * Starts the OpenTelemetry SDK: spans of incoming and outgoing HTTP (node:http, fetch) and of PostgreSQL queries
 * (node-postgres; PGlite through traceEmbeddedQueries), sent as OTLP/HTTP JSON in batches. Next emits its own spans
 * (request handling, rendering, route handlers) through @opentelemetry/api once a provider is registered; they are
 * children of the request's server span. The SDK reads the other OTEL_* variables itself (sampler, batch delays,
 * headers, resource attributes).
 *
 * Call it after the request hooks are installed (lib/server/ops/request-hook.ts): the HTTP instrumentation then wraps
 * them, so that a request's server span covers every hook and its wait for admission.
 */
export async function startTracing(options: TracingOptions = {}): Promise<void> {
  if (state.sdk) return;
  const [
    api,
    { NodeSDK },
    { OTLPTraceExporter },
    { HttpInstrumentation },
    { UndiciInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-undici'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  if (state.sdk) return;
  const namedElsewhere =
    Boolean(process.env.OTEL_SERVICE_NAME?.trim()) ||
    /(^|,)\s*service\.name\s*=/.test(process.env.OTEL_RESOURCE_ATTRIBUTES ?? '');
  const sdk = new NodeSDK({
    serviceName: namedElsewhere ? undefined : SERVICE_NAME,
    traceExporter: withoutQueryStrings(new OTLPTraceExporter(options.url ? { url: options.url } : {})),
    // Traces only: metrics are Prometheus's (/api/metrics), and the log is pino's JSON on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.some((pattern) => pattern.test(request.url ?? '/')),
        requestHook: (span, request) => {
          if (request instanceof IncomingMessage) (request as TracedRequest)[SPAN_CONTEXT] = span.spanContext();
        },
      }),
      new UndiciInstrumentation(),
      // A query outside any request (the email worker's polling) would start a trace of its own every few seconds.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  Object.assign(state, { sdk, api, tracer: api.trace.getTracer(SERVICE_NAME) });
  patchLoadedModules();
}

/**
 * The instrumentations patch a module when it is required after the SDK started; node:http was loaded long before
 * (Next's server, the request hooks), and `import` (ESM) never passes through `require`. So each is required here
 * once, through Node's own require (not the bundler's), which patches the module object every importer shares.
 */
function patchLoadedModules(): void {
  const load = process.getBuiltinModule('node:module').createRequire(path.join(process.cwd(), 'package.json'));
  for (const name of ['node:http', 'node:https', 'pg', 'pg-pool']) {
    try {
      load(name);
    } catch {
      // Not installed (pg-pool comes with pg): nothing to trace.
    }
  }
}

/** Sends the spans still buffered and stops tracing (graceful shutdown, tests). */
export async function stopTracing(): Promise<void> {
  const { sdk } = state;
  if (!sdk) return;
  delete state.sdk;
  delete state.tracer;
  await sdk.shutdown();
  state.api?.trace.disable();
  state.api?.context.disable();
  state.api?.propagation.disable();
}

/** The trace and span id of a request's server span, for its log line; none when it is not traced. */
export function requestTraceIds(request: IncomingMessage): { trace_id: string; span_id: string } | undefined {
  const spanContext = (request as TracedRequest)[SPAN_CONTEXT];
  // Sampled only: an unsampled trace is never exported, so its id would point nowhere.
  if (!spanContext || (spanContext.traceFlags & 1) === 0) return undefined;
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}

/** The part of PGlite (and of a PGlite transaction) whose queries get spans. */
interface EmbeddedQueries {
  query(sql: string, ...rest: unknown[]): Promise<unknown>;
  exec(sql: string, ...rest: unknown[]): Promise<unknown>;
}
interface EmbeddedDatabase extends EmbeddedQueries {
  transaction<T>(callback: (tx: EmbeddedQueries) => Promise<T>): Promise<T>;
}

/**
 * Gives PGlite's queries a client span each, as the pg instrumentation does for node-postgres, while tracing is
 * on and a traced request runs them; without tracing the client is left as it is.
 */
export function traceEmbeddedQueries(client: EmbeddedDatabase): void {
  if (!state.tracer) return;
  wrapQueries(client);
  const transaction = client.transaction;
  client.transaction = function tracedTransaction<T>(
    this: EmbeddedDatabase,
    callback: (tx: EmbeddedQueries) => Promise<T>,
  ) {
    return transaction.call(this, (tx: EmbeddedQueries) => {
      wrapQueries(tx);
      return callback(tx);
    }) as Promise<T>;
  };
}

function wrapQueries(target: EmbeddedQueries): void {
  for (const method of ['query', 'exec'] as const) {
    const original = target[method];
    target[method] = function tracedQuery(this: EmbeddedQueries, sql: string, ...rest: unknown[]) {
      return withQuerySpan(sql, () => Reflect.apply(original, this, [sql, ...rest]) as Promise<unknown>);
    };
  }
}

function withQuerySpan<T>(sql: string, run: () => Promise<T>): Promise<T> {
  const { api, tracer } = state;
  // Only within a request still being traced: a timer set up during one (the hourly purge) keeps its context.
  if (!api || !tracer || !api.trace.getActiveSpan()?.isRecording()) return run();
  const operation = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toUpperCase();
  const attributes: OtelApi.Attributes = { 'db.system.name': 'postgresql', 'db.query.text': sql };
  if (operation) attributes['db.operation.name'] = operation;
  return tracer.startActiveSpan(
    operation ? `pglite.query:${operation}` : 'pglite.query',
    { kind: api.SpanKind.CLIENT, attributes },
    async (span) => {
      try {
        return await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: api.SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** The exporter, with the query string of every URL attribute cut off: its values may be tokens, as in the log. */
function withoutQueryStrings(exporter: SpanExporter): SpanExporter {
  return {
    export(spans, done) {
      for (const span of spans) stripQueries(span);
      exporter.export(spans, done);
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}

function stripQueries(span: ExportedSpan): void {
  const attributes = span.attributes as OtelApi.Attributes;
  for (const key of URL_ATTRIBUTES) {
    const value = attributes[key];
    if (typeof value === 'string' && value.includes('?')) attributes[key] = value.slice(0, value.indexOf('?'));
  }
  delete attributes['url.query'];
}
