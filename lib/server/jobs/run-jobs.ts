import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { jobBackoffMs } from '@/lib/jobs/timing';
import { getDb, type Tx } from '../db';
import { rowsOf } from '../db/client';
import { jobs } from '../db/schema';
import { logger } from '../ops/logger';

/**
 * The durable scheduler's runner. Any number of processes run it at once: a batch of due rows is claimed by one
 * UPDATE of rows locked with `FOR UPDATE SKIP LOCKED`, which sets a lease (`locked_until`, on the database's clock)
 * and counts the attempt; a claimed row is skipped by every other worker until its lease ends, so a job runs once,
 * and again only when the process that claimed it died (its lease ran out) or its handler failed (after a backoff).
 * The same SQL runs on PGlite and PostgreSQL.
 */

/** How long a claimed job belongs to its worker; a handler takes a few queries. */
export const JOB_LEASE_SECONDS = 120;
/** Jobs claimed at once. */
const CLAIM_BATCH = 10;

export interface ClaimedJob {
  id: number;
  kind: string;
  key: string | null;
  payload: Record<string, unknown>;
  /** This run included. */
  attempts: number;
}

export interface JobContext {
  /** The time the job runs at (the real time, or the `at` of the test route). */
  now: Date;
  /**
   * Marks the job done inside the handler's own transaction, so that its writes and its completion commit together
   * (a crash between them cannot run it twice). Throws, rolling that transaction back, when the lease was lost.
   */
  complete(tx: Tx): Promise<void>;
}

/** What a handler may answer: nothing (done), or a later time to run again (what it waits for moved). */
export type JobOutcome = void | { later: Date };
export type JobHandler = (job: ClaimedJob, context: JobContext) => Promise<JobOutcome>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

interface ClaimedRow extends Omit<ClaimedJob, 'payload'> {
  payload: Record<string, unknown> | string;
  max_attempts: number;
  locked_until: string | Date;
}

async function claim(at: Date, limit: number): Promise<ClaimedRow[]> {
  const db = await getDb();
  // The lease is cut to milliseconds: the worker settles the row by it, as a JavaScript Date holds it.
  return rowsOf<ClaimedRow>(
    await db.execute(sql`
      update jobs
      set locked_until = date_trunc('milliseconds', now() + make_interval(secs => ${JOB_LEASE_SECONDS})),
        attempts = attempts + 1
      where id in (
        select id from jobs
        where done_at is null and failed_at is null and cancelled_at is null and run_at <= ${at.toISOString()}
          and (locked_until is null or locked_until <= now())
        order by run_at, id
        limit ${limit}
        for update skip locked)
      returning id, kind, key, payload, attempts, max_attempts, locked_until`),
  );
}

export interface RunResult {
  ran: number;
  failed: number;
}

/** Runs one claimed job; true when it ran, false when it failed (and was rescheduled or given up). */
async function runOne(row: ClaimedRow, handlers: JobHandlers, at: Date): Promise<boolean> {
  const db = await getDb();
  // Only the claim that holds the row may settle it (a lease that ran out may belong to another worker now).
  const ours = and(eq(jobs.id, row.id), eq(jobs.lockedUntil, new Date(row.locked_until)));
  const job: ClaimedJob = {
    id: row.id,
    kind: row.kind,
    key: row.key,
    payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
    attempts: row.attempts,
  };
  let completed = false;
  const context: JobContext = {
    now: at,
    async complete(tx) {
      const done = await tx.update(jobs).set({ doneAt: at, lockedUntil: null }).where(ours).returning({ id: jobs.id });
      if (done.length === 0) throw new Error(`job ${row.id}: its lease ran out and another worker holds it`);
      completed = true;
    },
  };
  try {
    const handler = handlers[row.kind];
    if (!handler) throw new Error(`no handler for jobs of kind "${row.kind}"`);
    const outcome = await handler(job, context);
    if (outcome) {
      // Waiting for something else is no failure: the attempts start over.
      await db.update(jobs).set({ runAt: outcome.later, attempts: 0, lockedUntil: null }).where(ours);
    } else if (!completed) {
      await db.update(jobs).set({ doneAt: at, lockedUntil: null, lastError: null }).where(ours);
    }
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const givingUp = row.attempts >= row.max_attempts;
    await db
      .update(jobs)
      .set({
        lockedUntil: null,
        lastError: message.slice(0, 1000),
        ...(givingUp ? { failedAt: at } : { runAt: new Date(at.getTime() + jobBackoffMs(row.attempts)) }),
      })
      .where(ours);
    logger()[givingUp ? 'error' : 'warn'](
      { err: error, jobId: row.id, kind: row.kind, key: row.key, attempts: row.attempts },
      givingUp ? 'job failed after its last attempt' : 'job failed; will run again',
    );
    return false;
  }
}

/**
 * Runs every job due by `at`, batch by batch, until none is left (or `maxBatches` ran): jobs a handler scheduled
 * for now run in the same call. `stopping` is true once the process shuts down: no new batch is claimed.
 */
export async function runDueJobs(
  handlers: JobHandlers,
  {
    at = () => new Date(),
    maxBatches = 20,
    stopping = () => false,
  }: { at?: () => Date; maxBatches?: number; stopping?: () => boolean } = {},
): Promise<RunResult> {
  const result: RunResult = { ran: 0, failed: 0 };
  for (let batch = 0; batch < maxBatches && !stopping(); batch++) {
    const now = at();
    const rows = await claim(now, CLAIM_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      if (await runOne(row, handlers, now)) result.ran++;
      else result.failed++;
    }
  }
  return result;
}
