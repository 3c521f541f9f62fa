import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { POST as runDueRoute } from '@/app/api/v1/test/jobs/run-due/route';
import { jobs } from '@/lib/server/db/schema';
import { runDueJobs, type JobHandlers } from '@/lib/server/jobs/run-jobs';
import { cancelJob, scheduleJob } from '@/lib/server/jobs/schedule-job';
import { call, apiDatabaseForFile } from '../support/api';
import { runDue } from '../support/jobs';

const database = apiDatabaseForFile();

const T = new Date('2031-03-01T00:00:00Z');
const SECOND = 1000;

async function jobByKey(key: string) {
  const [row] = await database.db.select().from(jobs).where(eq(jobs.key, key));
  return row;
}

/** Handlers of a test kind that record which jobs ran. */
function recording(kind: string, work: (id: number) => Promise<void> = async () => undefined) {
  const ran: number[] = [];
  const handlers: JobHandlers = {
    [kind]: async (job) => {
      ran.push(job.id);
      await work(job.id);
    },
  };
  return { ran, handlers };
}

// Each test leaves no live job of its own kinds behind for the next one's run.
afterEach(async () => {
  await database.db.execute(
    sql`update jobs set cancelled_at = now() where done_at is null and failed_at is null and cancelled_at is null`,
  );
});

describe('the job scheduler', () => {
  it('keeps one job per key: scheduling it again moves it', async () => {
    await scheduleJob(database.db, { kind: 'test-once', key: 'test-once:1', runAt: T, payload: { n: 1 } });
    await scheduleJob(database.db, {
      kind: 'test-once',
      key: 'test-once:1',
      runAt: new Date(T.getTime() + 60 * SECOND),
      payload: { n: 2 },
    });
    const rows = await database.db.select().from(jobs).where(eq(jobs.key, 'test-once:1'));
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toEqual({ n: 2 });

    const { ran, handlers } = recording('test-once');
    expect(await runDueJobs(handlers, { at: () => T })).toEqual({ ran: 0, failed: 0 });
    expect(await runDueJobs(handlers, { at: () => new Date(T.getTime() + 60 * SECOND) })).toEqual({
      ran: 1,
      failed: 0,
    });
    expect(ran).toEqual([rows[0].id]);
    expect((await jobByKey('test-once:1')).doneAt).not.toBeNull();
    // Done: a later run does not repeat it.
    expect(await runDueJobs(handlers, { at: () => new Date(T.getTime() + 3600 * SECOND) })).toEqual({
      ran: 0,
      failed: 0,
    });
  });

  it('never runs a cancelled job', async () => {
    await scheduleJob(database.db, { kind: 'test-cancel', key: 'test-cancel:1', runAt: T });
    await cancelJob(database.db, 'test-cancel:1');
    const { ran, handlers } = recording('test-cancel');
    await runDueJobs(handlers, { at: () => new Date(T.getTime() + 3600 * SECOND) });
    expect(ran).toEqual([]);
    expect((await jobByKey('test-cancel:1')).cancelledAt).not.toBeNull();
  });

  it('retries a failing job after a growing pause, then gives it up', async () => {
    await scheduleJob(database.db, { kind: 'test-fail', key: 'test-fail:1', runAt: T, maxAttempts: 3 });
    let calls = 0;
    const handlers: JobHandlers = {
      'test-fail': async () => {
        calls++;
        throw new Error('the gateway is down');
      },
    };
    const at = (seconds: number) => () => new Date(T.getTime() + seconds * SECOND);

    expect(await runDueJobs(handlers, { at: at(0) })).toEqual({ ran: 0, failed: 1 });
    let job = await jobByKey('test-fail:1');
    expect(job).toMatchObject({ attempts: 1, lastError: 'the gateway is down', failedAt: null });
    expect(job.runAt).toEqual(new Date(T.getTime() + 30 * SECOND));

    // Not before its pause (30 s after the first failure, then 60 s after the second).
    expect(await runDueJobs(handlers, { at: at(29) })).toEqual({ ran: 0, failed: 0 });
    expect(await runDueJobs(handlers, { at: at(30) })).toEqual({ ran: 0, failed: 1 });
    job = await jobByKey('test-fail:1');
    expect(job.runAt).toEqual(new Date(T.getTime() + 90 * SECOND));
    expect(await runDueJobs(handlers, { at: at(89) })).toEqual({ ran: 0, failed: 0 });
    expect(await runDueJobs(handlers, { at: at(90) })).toEqual({ ran: 0, failed: 1 });

    job = await jobByKey('test-fail:1');
    expect(job.attempts).toBe(3);
    expect(job.failedAt).toEqual(new Date(T.getTime() + 90 * SECOND));
    expect(await runDueJobs(handlers, { at: at(86_400) })).toEqual({ ran: 0, failed: 0 });
    expect(calls).toBe(3);
  });

  it('fails a job of a kind no handler knows, without stopping the others', async () => {
    await scheduleJob(database.db, { kind: 'test-unknown', key: 'test-unknown:1', runAt: T, maxAttempts: 1 });
    await scheduleJob(database.db, { kind: 'test-known', key: 'test-known:1', runAt: T });
    const { ran, handlers } = recording('test-known');
    expect(await runDueJobs(handlers, { at: () => T })).toEqual({ ran: 1, failed: 1 });
    expect(ran).toHaveLength(1);
    expect((await jobByKey('test-unknown:1')).lastError).toContain('test-unknown');
  });

  it('runs again a job whose worker died holding it (its lease ran out), not one whose lease holds', async () => {
    await scheduleJob(database.db, { kind: 'test-lease', key: 'test-lease:dead', runAt: T });
    await scheduleJob(database.db, { kind: 'test-lease', key: 'test-lease:alive', runAt: T });
    // As a claim leaves them: one by a process killed two minutes ago, one by a worker still running it.
    await database.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.key, 'test-lease:dead'));
    await database.db
      .update(jobs)
      .set({ attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.key, 'test-lease:alive'));
    const { ran, handlers } = recording('test-lease');
    expect(await runDueJobs(handlers, { at: () => T })).toEqual({ ran: 1, failed: 0 });
    expect(ran).toEqual([(await jobByKey('test-lease:dead')).id]);
    expect(await jobByKey('test-lease:dead')).toMatchObject({ attempts: 2, lockedUntil: null });
    expect((await jobByKey('test-lease:alive')).doneAt).toBeNull();
  });

  it('runs each job once when several workers race for them', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `test-race:${i}`);
    for (const key of keys) await scheduleJob(database.db, { kind: 'test-race', key, runAt: T });
    // Each run takes a moment, so that the workers' claims overlap (on PostgreSQL, each on its own connection).
    const { ran, handlers } = recording('test-race', () => new Promise((resolve) => setTimeout(resolve, 5)));
    const results = await Promise.all(Array.from({ length: 4 }, () => runDueJobs(handlers, { at: () => T })));
    expect(results.reduce((sum, result) => sum + result.ran, 0)).toBe(keys.length);
    expect(ran).toHaveLength(keys.length);
    expect(new Set(ran).size).toBe(keys.length);
    const rows = await database.db.select().from(jobs).where(inArray(jobs.key, keys));
    expect(rows.every((row) => row.doneAt !== null && row.attempts === 1)).toBe(true);
  });
});

describe('POST /test/jobs/run-due', () => {
  it('runs the jobs due by the given time and not the later ones', async () => {
    // Review invitations of bookings that do not exist: their handler completes them without an email.
    await scheduleJob(database.db, {
      kind: 'review-invitation',
      key: 'review-invitation:-1',
      runAt: T,
      payload: { bookingId: -1 },
    });
    await scheduleJob(database.db, {
      kind: 'review-invitation',
      key: 'review-invitation:-2',
      runAt: new Date(T.getTime() + 3600 * SECOND),
      payload: { bookingId: -2 },
    });
    expect(await runDue(T)).toEqual({ ran: 1, failed: 0 });
    expect((await jobByKey('review-invitation:-1')).doneAt).toEqual(T);
    expect((await jobByKey('review-invitation:-2')).doneAt).toBeNull();
    expect(await runDue(T)).toEqual({ ran: 0, failed: 0 });
  });

  it('answers 422 without a valid time', async () => {
    for (const json of [{}, { at: 'tomorrow' }]) {
      const { status, contentType } = await call(runDueRoute, '/api/v1/test/jobs/run-due', { json });
      expect(status).toBe(422);
      expect(contentType).toContain('application/problem+json');
    }
  });
});
