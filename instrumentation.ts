import type { Instrumentation } from 'next';
import { DATABASE_UNAVAILABLE_DIGEST } from '@/lib/http/errors';

/** Runs once in each server process before it handles requests (`next start` and `next dev`). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // How this process opens its database, with its log, metrics and traces; before anything opens it.
  await import('@/lib/server/startup/database');
  const { recordPeerAddresses } = await import('@/lib/server/ops/peer-address');
  const { logRequests } = await import('@/lib/server/ops/request-log');
  const { closeLastOnShutdown, closeOnShutdown, drainOnShutdownSignals } = await import('@/lib/server/ops/shutdown');
  const { closeRedis, redisClient } = await import('@/lib/server/cache/redis');
  const { startEmailWorker, stopEmailWorker } = await import('@/lib/server/mail/worker');
  const { startJobWorker, stopJobWorker } = await import('@/lib/server/jobs/worker');
  const { JOB_HANDLERS, scheduleMissingJobs } = await import('@/lib/server/startup/job-handlers');
  const { closeEmailTransport } = await import('@/lib/server/platform/email');
  // In this order: the request log reads the peer address the first one records.
  recordPeerAddresses();
  logRequests();
  const { answerPageOutagesWith503 } = await import('@/lib/server/ops/outage-status');
  answerPageOutagesWith503();
  drainOnShutdownSignals();
  const { REQUEST_CONCURRENCY } = (await import('@/lib/server/platform/env')).env();
  if (REQUEST_CONCURRENCY > 0) (await import('@/lib/server/ops/admission')).admitInOrder(REQUEST_CONCURRENCY);
  // Live event streams are answered before Next (and so before the admission's queue), each holding little.
  (await import('@/lib/server/events/serve-events')).serveEventsBeforeNext();
  // Traces, when an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT; otherwise OpenTelemetry is never
  // loaded). After the request hooks, so that a request's server span covers them and its wait for admission; before
  // anything opens the database, so that its queries are traced. The SDK is shut down last, sending what is left.
  const tracing = await import('@/lib/server/ops/tracing');
  if (tracing.tracingConfigured()) {
    try {
      await tracing.startTracing();
      closeLastOnShutdown('tracing', tracing.stopTracing);
    } catch (error) {
      // A malformed OTEL_* value (an endpoint that is no URL) costs the traces, never the site.
      (await import('@/lib/server/ops/logger')).logger().error({ err: error }, 'tracing could not start');
    }
  }
  // The page cache's Redis connection (when REDIS_URL is set) opens now, not on the first cached page (a first
  // write's invalidation would wait for it), and is closed with the pools.
  redisClient();
  closeOnShutdown('redis', closeRedis);
  // Before the first request: no page cached from another database (a fresh or restored one) is served.
  await (await import('@/lib/server/cache/database-generation')).dropPagesOfOtherDatabases();
  // The email queue's worker (lib/server/mail): sends what this or any other process enqueued, with retries.
  startEmailWorker();
  // The scheduler's worker (lib/server/jobs): reminders, manifests, review invitations… of this or any process,
  // after adding the jobs that confirmed bookings made before it lack.
  const { logger } = await import('@/lib/server/ops/logger');
  void scheduleMissingJobs()
    .catch((error: unknown) => logger().error({ err: error }, 'jobs: scheduling the missing ones failed'))
    .finally(() => startJobWorker(JOB_HANDLERS));
  // At shutdown the running job finishes first, then the emails it queued may still go out.
  closeOnShutdown('email', async () => {
    await stopJobWorker();
    await stopEmailWorker();
    await closeEmailTransport();
  });
}

/**
 * An error a page or server component threw, in the structured log with its stack and request id
 * (API routes answer theirs as problem+json and log them in lib/server/routes/api-route.ts).
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Before the first await: Next writes the error page's head right after calling this.
  if ((error as { digest?: unknown }).digest === DATABASE_UNAVAILABLE_DIGEST)
    (globalThis as { __sopkaPageFailedForOutage?: (requestId: unknown) => void }).__sopkaPageFailedForOutage?.(
      request.headers['x-request-id'],
    );
  const { logger } = await import('@/lib/server/ops/logger');
  logger().error(
    {
      err: error,
      requestId: request.headers['x-request-id'],
      method: request.method,
      path: request.path.split('?')[0],
      route: context.routePath,
    },
    'unhandled error while rendering',
  );
};
