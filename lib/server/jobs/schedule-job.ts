import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export interface JobRequest {
  /** Which handler runs it (the handlers are registered at start-up: lib/server/startup/job-handlers.ts). */
  kind: string;
  /** One live job per key: scheduling the same key again moves that job rather than adding one. */
  key?: string;
  runAt: Date;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
  /** Leave a job that already has this key as it is (done, cancelled or waiting) instead of moving it. */
  ifAbsent?: boolean;
}

/**
 * Schedules a job in the caller's transaction, so that it exists exactly when the change it follows committed.
 * A job with the same key is moved to the new time and payload and made live again (unless `ifAbsent`).
 */
export async function scheduleJob(tx: Tx | Db, job: JobRequest): Promise<void> {
  const values = {
    kind: job.kind,
    key: job.key ?? null,
    runAt: job.runAt,
    payload: job.payload ?? {},
    maxAttempts: job.maxAttempts ?? 8,
  };
  if (!job.key) {
    await tx.insert(jobs).values(values);
    return;
  }
  if (job.ifAbsent) {
    await tx.insert(jobs).values(values).onConflictDoNothing({ target: jobs.key });
    return;
  }
  await tx
    .insert(jobs)
    .values(values)
    .onConflictDoUpdate({
      target: jobs.key,
      set: {
        kind: values.kind,
        runAt: values.runAt,
        payload: values.payload,
        maxAttempts: values.maxAttempts,
        attempts: 0,
        lastError: null,
        doneAt: null,
        failedAt: null,
        cancelledAt: null,
        lockedUntil: null,
      },
    });
}

/** Cancels the live job with this key (what it was for went away); a job already running finishes. */
export async function cancelJob(tx: Tx | Db, key: string): Promise<void> {
  await tx
    .update(jobs)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(jobs.key, key), isNull(jobs.doneAt), isNull(jobs.failedAt), isNull(jobs.cancelledAt)));
}
