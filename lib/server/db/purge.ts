import 'server-only';
import { and, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { rowsOf } from './client';
import { databaseHooks } from './hooks';
import {
  emailConfirmations,
  emailOutbox,
  emailQueue,
  passwordResets,
  phoneVerifications,
  rateLimits,
  sessions,
  smsOutbox,
  userEvents,
} from './schema';

/** How often each app process purges. */
export const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** Rows deleted per statement, so that no purge holds many locks or runs long. */
export const PURGE_BATCH_SIZE = 500;
/** At most this many batches per kind of row and run; the rest waits for the next run. */
const MAX_BATCHES_PER_RUN = 200;
/** Ended sessions stay a day longer: a token presented again soon after must still find its row (reuse detection, revocation checks). */
export const SESSION_GRACE_MS = 24 * 60 * 60 * 1000;
/** Outbox messages (the test and development SMS driver) are kept a day, for reading codes. */
export const OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Sent (or given-up) emails stay a week in the queue, for a look at what left. */
export const EMAIL_QUEUE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** A spent or expired reset link is kept a day, so that opening it again says "used" or "expired" rather than "unknown". */
export const RESET_TOKEN_GRACE_MS = 24 * 60 * 60 * 1000;
/** Live events are kept a day: a client resuming a stream later than that reloads its lists instead. */
export const USER_EVENTS_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Any number that is the same in every process: only one of them purges at a time. */
const PURGE_LOCK_KEY = 7_010_017;

interface PurgeRule {
  name:
    | 'sessions'
    | 'phone_verifications'
    | 'rate_limits'
    | 'sms_outbox'
    | 'email_outbox'
    | 'email_queue'
    | 'password_resets'
    | 'email_confirmations'
    | 'user_events';
  table: PgTable;
  key: PgColumn;
  expired: (now: Date) => SQL | undefined;
}

const RULES: PurgeRule[] = [
  {
    name: 'sessions',
    table: sessions,
    key: sessions.id,
    expired: (now) => {
      const cutoff = new Date(now.getTime() - SESSION_GRACE_MS);
      return and(
        lt(sessions.expiresAt, cutoff),
        or(isNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)),
        or(isNull(sessions.rotatedAt), lt(sessions.rotatedAt, cutoff)),
      );
    },
  },
  {
    name: 'phone_verifications',
    table: phoneVerifications,
    key: phoneVerifications.id,
    expired: (now) => lt(phoneVerifications.expiresAt, now),
  },
  // A window that has reset counts from zero again anyway (rate-limit.ts), so its row says nothing.
  { name: 'rate_limits', table: rateLimits, key: rateLimits.key, expired: (now) => lte(rateLimits.resetAt, now) },
  {
    name: 'sms_outbox',
    table: smsOutbox,
    key: smsOutbox.id,
    expired: (now) => lt(smsOutbox.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_MS)),
  },
  {
    name: 'email_outbox',
    table: emailOutbox,
    key: emailOutbox.id,
    expired: (now) => lt(emailOutbox.createdAt, new Date(now.getTime() - OUTBOX_RETENTION_MS)),
  },
  {
    name: 'email_queue',
    table: emailQueue,
    key: emailQueue.id,
    // The expression of email_queue_done_idx; rows still to be sent have neither and are never purged.
    expired: (now) =>
      sql`coalesce(${emailQueue.sentAt}, ${emailQueue.failedAt}) < ${new Date(now.getTime() - EMAIL_QUEUE_RETENTION_MS).toISOString()}`,
  },
  {
    name: 'password_resets',
    table: passwordResets,
    key: passwordResets.id,
    expired: (now) => lt(passwordResets.expiresAt, new Date(now.getTime() - RESET_TOKEN_GRACE_MS)),
  },
  // Email confirmation links: like reset links, kept a day after they expired ("expired" rather than "not valid").
  {
    name: 'email_confirmations',
    table: emailConfirmations,
    key: emailConfirmations.id,
    expired: (now) => lt(emailConfirmations.expiresAt, new Date(now.getTime() - RESET_TOKEN_GRACE_MS)),
  },
  {
    name: 'user_events',
    table: userEvents,
    key: userEvents.id,
    expired: (now) => lt(userEvents.createdAt, new Date(now.getTime() - USER_EVENTS_RETENTION_MS)),
  },
];

export type PurgeCounts = Record<PurgeRule['name'], number>;

/**
 * Deletes what has ended: sessions a day after they expired (and were revoked or rotated), phone codes
 * once expired, rate-limit windows once reset, outbox messages after a day. Safe from many processes at
 * once: each batch runs under a transaction-level advisory lock, and a process that finds it taken
 * leaves the rest of this run to the one holding it. Returns how many rows of each kind it deleted.
 */
export async function purgeExpired(db: Db, now = new Date()): Promise<PurgeCounts> {
  const counts: PurgeCounts = {
    sessions: 0,
    phone_verifications: 0,
    rate_limits: 0,
    sms_outbox: 0,
    email_outbox: 0,
    email_queue: 0,
    password_resets: 0,
    email_confirmations: 0,
    user_events: 0,
  };
  for (const rule of RULES) {
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const deleted = await db.transaction(async (tx) => {
        const [{ locked }] = rowsOf<{ locked: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK_KEY}) as locked`),
        );
        if (!locked) return null;
        const doomed = tx.select({ key: rule.key }).from(rule.table).where(rule.expired(now)).limit(PURGE_BATCH_SIZE);
        return (await tx.delete(rule.table).where(inArray(rule.key, doomed)).returning({ key: rule.key })).length;
      });
      if (deleted === null) return counts;
      counts[rule.name] += deleted;
      if (deleted < PURGE_BATCH_SIZE) break;
    }
  }
  return counts;
}

/**
 * Purges now and then every PURGE_INTERVAL_MS while the process lives; the timer never keeps it alive.
 * A failed run (e.g. the database is down) is logged and the next one tries again.
 */
export function schedulePurge(db: Db): () => void {
  const run = () => {
    purgeExpired(db).catch((error) => databaseHooks().error({ err: error }, 'purge of expired rows failed'));
  };
  const first = setTimeout(run, 0);
  const timer = setInterval(run, PURGE_INTERVAL_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
