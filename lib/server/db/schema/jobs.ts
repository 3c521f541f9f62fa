import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The durable scheduler's work (lib/server/jobs): a job runs once at or after `run_at`, in whichever process
 * claims it first (`FOR UPDATE SKIP LOCKED`, then a lease in `locked_until`); a failure is retried with backoff
 * until `max_attempts`. `key` makes scheduling idempotent: one live job per key (e.g. `reminder:booking:42`).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    key: text('key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Set when what the job was for went away (a cancelled booking's reminder): never run. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`done_at is null and failed_at is null and cancelled_at is null`),
    uniqueIndex('jobs_key_idx').on(t.key),
    index('jobs_done_idx').on(sql`coalesce(done_at, failed_at, cancelled_at)`),
  ],
);
