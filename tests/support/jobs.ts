import { POST as runDueRoute } from '@/app/api/v1/test/jobs/run-due/route';
import { call } from './api';

/** POST /test/jobs/run-due: runs every job due by `at`; answers { ran, failed }. */
export async function runDue(at: Date): Promise<{ ran: number; failed: number }> {
  const { status, body } = await call(runDueRoute, '/api/v1/test/jobs/run-due', { json: { at: at.toISOString() } });
  if (status !== 200) throw new Error(`run-due answered ${status}: ${JSON.stringify(body)}`);
  return body.data;
}
