import { NextResponse } from 'next/server';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb } from '@/lib/server/db';
import { queryObject } from '@/lib/server/routes/api-route';
import { testRoute } from '@/lib/server/routes/test-route';
import { logger } from '@/lib/server/ops/logger';

const query = z.object({
  ms: z.coerce.number().int().min(0).max(30_000),
  work: z.coerce.number().int().min(0).max(1_000).default(0),
});

/** How long each step of `work` computes before its database query. */
const STEP_MS = 5;

/**
 * Test support: a request that is still running `ms` milliseconds after its headers were sent, for the
 * shutdown test to have something in flight. The first line is sent at once, so the client knows it started.
 * Then `work` steps, each computing for a few milliseconds and querying the database, as a page render does
 * (Next goes on with one whose client has left); its end is logged, since the client may have gone.
 */
export const GET = testRoute(async ({ request }) => {
  const { ms, work } = query.parse(queryObject(request));
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('started\n'));
      await sleep(ms);
      const db = await getDb();
      for (let step = 0; step < work; step++) {
        const until = performance.now() + STEP_MS;
        while (performance.now() < until);
        await db.execute(sql`select 1`);
      }
      if (work > 0) logger().info({ steps: work }, 'test work finished');
      try {
        controller.enqueue(encoder.encode('finished\n'));
        controller.close();
      } catch {
        // The client left: the stream was cancelled.
      }
    },
  });
  return new NextResponse(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
});
