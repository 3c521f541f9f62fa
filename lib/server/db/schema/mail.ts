import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A rendered email, as queued and as kept in the test outbox: new column builders for each table. */
const renderedEmailColumns = () => ({
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** Attachments as text (e.g. an .ics calendar event): `{ filename, contentType, content }`. */
  attachments: jsonb('attachments')
    .$type<{ filename: string; contentType: string; content: string }[]>()
    .notNull()
    .default([]),
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of the emails one may turn off. */
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
});

/**
 * Emails waiting to be sent (lib/server/mail/queue.ts): written, already rendered, in the same transaction as
 * the change that causes them, and sent by a worker in every app process. A worker claims a row by setting
 * `locked_until` (a lease) under `FOR UPDATE SKIP LOCKED`; a failed send is tried again after an exponential pause.
 */
export const emailQueue = pgTable(
  'email_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    ...renderedEmailColumns(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the last attempt failed: the row is kept for a look, never sent again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * Set (with `failed_at`, so that the worker and the purge treat the row as done) when the row was dropped
     * unsent because its recipient had reached the cap of unrequested emails (queue.ts, RECIPIENT_CAP).
     */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_queue_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`sent_at is null and failed_at is null`),
    // The purge (db/purge.ts) finds rows done for a week without a scan.
    index('email_queue_done_idx').on(sql`coalesce(sent_at, failed_at)`),
  ],
);

/** Messages of the `outbox` email driver (tests and local development read them from here). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    queueId: integer('queue_id'),
    ...renderedEmailColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_recipient_idx').on(t.recipient, t.id), index('email_outbox_created_idx').on(t.createdAt)],
);
