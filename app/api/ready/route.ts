import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/routes/api-route';
import { problemResponse } from '@/lib/http/problem-response';
import { readiness } from '@/lib/server/ops/readiness';
import { isDraining } from '@/lib/server/ops/shutdown';

const NO_STORE = { 'cache-control': 'no-store' };

/** Readiness: whether a balancer should send this process requests (its dependencies answer, it is not shutting down). */
export const GET = apiRoute(
  async () => {
    if (isDraining()) return problemResponse(503, undefined, 'This process is shutting down.', undefined, NO_STORE);
    const { ready, checks } = await readiness();
    if (ready) return NextResponse.json({ status: 'ok', checks }, { headers: NO_STORE });
    const failed = Object.entries(checks).filter(([, result]) => result !== 'ok');
    return problemResponse(
      503,
      undefined,
      `Not ready: ${failed.map(([name]) => name).join(', ')}.`,
      Object.fromEntries(failed.map(([name, result]) => [name, [result]])),
      NO_STORE,
    );
  },
  { availableInServiceMode: true },
);
