import type { Instrumentation } from 'next';

/** Runs once in each server process before it handles requests (`next start` and `next dev`). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { recordPeerAddresses } = await import('@/lib/server/http/peer-address');
  const { logRequests } = await import('@/lib/server/ops/request-log');
  const { closeOnShutdown, drainOnShutdownSignals } = await import('@/lib/server/ops/shutdown');
  const { closeRedis, redisClient } = await import('@/lib/server/cache/redis');
  const { startEmailWorker, stopEmailWorker } = await import('@/lib/server/mail/worker');
  const { closeEmailTransport } = await import('@/lib/server/platform/email');
  // In this order: the request log reads the peer address the first one records.
  recordPeerAddresses();
  logRequests();
  drainOnShutdownSignals();
  const { REQUEST_CONCURRENCY } = (await import('@/lib/server/platform/env')).env();
  if (REQUEST_CONCURRENCY > 0) (await import('@/lib/server/ops/admission')).admitInOrder(REQUEST_CONCURRENCY);
  // The page cache's Redis connection (when REDIS_URL is set) opens now, not on the first cached page (a first
  // write's invalidation would wait for it), and is closed with the pools.
  redisClient();
  closeOnShutdown('redis', closeRedis);
  // The email queue's worker (lib/server/mail): sends what this or any other process enqueued, with retries.
  startEmailWorker();
  closeOnShutdown('email', async () => {
    await stopEmailWorker();
    await closeEmailTransport();
  });
}

/**
 * An error a page or server component threw, in the structured log with its stack and request id
 * (API routes answer theirs as problem+json and log them in lib/server/http/handler.ts).
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
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
