import 'server-only';
import { env } from '../platform/env';
import { apiRoute } from './api-route';
import { notFound } from '../http/problem';

/**
 * A route under /api/v1/test/ (test support). It never exists on a deployment (APP_ENV=production),
 * whatever else is configured there; elsewhere it runs `handler` as any API route.
 */
export function testRoute<P = Record<string, never>>(handler: Parameters<typeof apiRoute<P>>[0]) {
  return apiRoute<P>(async (context) => {
    if (env().APP_ENV === 'production') throw notFound();
    return handler(context);
  });
}
