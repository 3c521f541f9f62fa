import { z } from 'zod';
import { readJson } from '@/lib/server/http/body';
import { runDueJobs } from '@/lib/server/jobs/run-jobs';
import { testRoute } from '@/lib/server/routes/test-route';
import { JOB_HANDLERS } from '@/lib/server/startup/job-handlers';

const runDueBody = z.object({ at: z.iso.datetime({ offset: true, error: 'Give the time as ISO 8601: {"at": "…"}.' }) });

/**
 * Test support: runs every job due by `at` as if it were that time (and the jobs they schedule for then), at
 * once, and answers how many ran and failed. Never in production.
 */
export const POST = testRoute(async ({ request }) => {
  const { at } = await readJson(request, runDueBody);
  const time = new Date(at);
  return { data: await runDueJobs(JOB_HANDLERS, { at: () => time, maxBatches: 50 }) };
});
