import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/routes/api-route';

/** Liveness: the process serves requests. Touches no dependency, so a database outage never restarts it. */
export const GET = apiRoute(
  async () => NextResponse.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } }),
  {
    availableInServiceMode: true,
  },
);
