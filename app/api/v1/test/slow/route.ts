import { NextResponse } from 'next/server';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { queryObject } from '@/lib/server/http/handler';
import { testRoute } from '@/lib/server/http/test-route';

const query = z.object({ ms: z.coerce.number().int().min(0).max(30_000) });

/**
 * Test support: a request that is still running `ms` milliseconds after its headers were sent, for the
 * shutdown test to have something in flight. The first line is sent at once, so the client knows it started.
 */
export const GET = testRoute(async ({ request }) => {
  const { ms } = query.parse(queryObject(request));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('started\n'));
      await sleep(ms);
      controller.enqueue(encoder.encode('finished\n'));
      controller.close();
    },
  });
  return new NextResponse(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
});
