import { NextResponse, type NextRequest } from 'next/server';
import { apiRoute } from '@/lib/server/routes/api-route';
import { problemResponse } from '@/lib/http/problem-response';
import { mayReadMetrics } from '@/lib/server/ops/metrics/access';
import { metricsEnabled, metricsText, trackEmailQueue } from '@/lib/server/ops/metrics/registry';
import { emailQueueStats } from '@/lib/server/mail/queue';

const NO_STORE = { 'cache-control': 'no-store' };

// Before any scrape: the email queue's gauges read the queue through this (ops/ does not import mail/).
trackEmailQueue(emailQueueStats);

const serve = apiRoute(
  async () => {
    const { contentType, text } = await metricsText();
    return new NextResponse(text, { headers: { 'content-type': contentType, ...NO_STORE } });
  },
  { availableInServiceMode: true },
);

/**
 * Prometheus metrics of this process (README, Operations, "Metrics"): from this machine, or with
 * `Authorization: Bearer METRICS_TOKEN`. Anyone else, and everyone under METRICS=off, gets a 404 before the request
 * is looked at any further (a bad query would otherwise answer 422 and tell that the path exists).
 */
export async function GET(request: NextRequest, context: { params: Promise<Record<string, never>> }) {
  if (!metricsEnabled() || !mayReadMetrics(request.headers))
    return problemResponse(404, undefined, 'The resource does not exist.', undefined, NO_STORE);
  return serve(request, context);
}
