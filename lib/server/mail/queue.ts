import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../db';
import { rowsOf, type Db } from '../db/client';
import { emailQueue } from '../db/schema';
import { take } from '../http/rate-limit';
import { logger } from '../ops/logger';
import { env } from '../platform/env';
import { emailSender, type EmailAttachment, type EmailSender } from '../platform/email';
import type { RenderedEmail } from './render';

/**
 * The durable email queue. A row is written by `enqueueEmail` inside the transaction of the change that causes
 * it (a booking, a cancellation, a moderation decision, a reset request, a password change), so it exists
 * exactly when that change committed. Workers (one per app process, or a test calling `drainEmailQueue`) claim
 * due rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), send them, and mark them sent; a failed
 * send is tried again after an exponential pause, up to MAX_ATTEMPTS.
 *
 * Sending twice: two workers never claim one row (the claim is one UPDATE of rows locked with SKIP LOCKED, and a
 * claimed row is skipped until its lease ends). The one residual window is a process that dies after the SMTP
 * server accepted a message and before its row is marked sent: after the lease the row is sent again. The
 * Message-ID is the same on both (`<email-<id>.sopka@…>`), so receiving systems can recognise the repeat.
 */

/** How long a claimed row belongs to its worker; a send takes seconds (SMTP timeouts are 5 + 15 s). */
export const EMAIL_LEASE_MS = 120_000;
/** Rows claimed at once. */
const CLAIM_BATCH = 10;
/** After this many failed sends a row is given up (failed_at). */
export const EMAIL_MAX_ATTEMPTS = 8;
/** The pause after the n-th failure: 30 s, 1, 2, 4 … minutes, at most 6 hours. */
export function emailBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/**
 * No address gets more than this many emails it did not ask for (booking news, cancellations, moderation decisions,
 * review invitations…) in an hour, whoever causes them: the rest are dropped unsent (`skipped_at`) and logged. The
 * count is per recipient in `rate_limits`, so it holds across every worker of every process.
 */
export const RECIPIENT_CAP = { max: 5, windowSeconds: 3600 };
/**
 * Emails an address asked for itself are exempt from RECIPIENT_CAP: their requests have limits of their own, per
 * address and per client or account (password-reset.ts, email-confirmation.ts).
 */
export const REQUESTED_KINDS: ReadonlySet<string> = new Set(['password-reset', 'email-confirmation']);
const recipientCapKey = (recipient: string) => `mail:to:${recipient.trim().toLowerCase()}`;

export interface QueuedEmail extends RenderedEmail {
  kind: string;
  to: string;
  attachments?: EmailAttachment[];
  headers?: Record<string, string>;
}

type Executor = Tx | Db;

/** Writes an email to the queue; call it with the transaction of the change the email tells about. */
export async function enqueueEmail(tx: Executor, email: QueuedEmail): Promise<void> {
  await tx.insert(emailQueue).values({
    kind: email.kind,
    recipient: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    attachments: email.attachments ?? [],
    headers: email.headers ?? {},
  });
}

interface ClaimedRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  attachments: EmailAttachment[] | string;
  headers: Record<string, string> | string;
  attempts: number;
  locked_until: string | Date;
}

/** Claims up to `limit` due rows for this worker until `now + EMAIL_LEASE_MS`. */
async function claim(db: Db, now: Date, limit: number): Promise<ClaimedRow[]> {
  const lease = new Date(now.getTime() + EMAIL_LEASE_MS).toISOString();
  const at = now.toISOString();
  return rowsOf<ClaimedRow>(
    await db.execute(sql`
      update email_queue set locked_until = ${lease}, attempts = attempts + 1
      where id in (
        select id from email_queue
        where sent_at is null and failed_at is null and next_attempt_at <= ${at}
          and (locked_until is null or locked_until <= ${at})
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked)
      returning id, kind, recipient, subject, text, html, attachments, headers, attempts, locked_until`),
  );
}

export interface DrainResult {
  sent: number;
  failed: number;
  /** Rows dropped by RECIPIENT_CAP (present only when there were any). */
  skipped?: number;
}

/** The Message-ID of a queued email: the same on every attempt. */
const messageIdOf = (id: number) => `<email-${id}.sopka@${new URL(env().SITE_URL).hostname}>`;

/**
 * Sends every due email, batch by batch, until none is left (or `maxBatches` ran). Safe to run in many processes
 * at once. `now` and `sender` are for tests.
 */
export async function drainEmailQueue({
  now = () => new Date(),
  sender = emailSender(),
  maxBatches = 50,
  stopping = () => false,
}: {
  now?: () => Date;
  sender?: EmailSender;
  maxBatches?: number;
  /** True once the process shuts down: no new batch is claimed. */
  stopping?: () => boolean;
} = {}): Promise<DrainResult> {
  const db = await getDb();
  const result: DrainResult = { sent: 0, failed: 0 };
  for (let batch = 0; batch < maxBatches && !stopping(); batch++) {
    const rows = await claim(db, now(), CLAIM_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      const lease = new Date(row.locked_until);
      // Only the claim that holds the row may settle it (a lease that ran out may belong to another worker now).
      const ours = and(eq(emailQueue.id, row.id), eq(emailQueue.lockedUntil, lease));
      // Counted once per row, at its first claim: a retry of a row that was let through is not counted again.
      if (!REQUESTED_KINDS.has(row.kind) && row.attempts === 1) {
        const { allowed } = await take({ key: recipientCapKey(row.recipient), ...RECIPIENT_CAP }, now());
        if (!allowed) {
          const at = now();
          await db
            .update(emailQueue)
            .set({
              skippedAt: at,
              failedAt: at,
              lockedUntil: null,
              lastError: `skipped: the recipient had ${RECIPIENT_CAP.max} unrequested emails within ${RECIPIENT_CAP.windowSeconds} s`,
            })
            .where(ours);
          result.skipped = (result.skipped ?? 0) + 1;
          logger().warn(
            { emailId: row.id, kind: row.kind, cap: RECIPIENT_CAP },
            'email skipped: its recipient reached the cap of unrequested emails',
          );
          continue;
        }
      }
      try {
        await sender.send({
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments,
          headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers,
          messageId: messageIdOf(row.id),
          queueId: row.id,
        });
        await db.update(emailQueue).set({ sentAt: now(), lockedUntil: null, lastError: null }).where(ours);
        result.sent++;
      } catch (error) {
        result.failed++;
        const message = error instanceof Error ? error.message : String(error);
        const givingUp = row.attempts >= EMAIL_MAX_ATTEMPTS;
        await db
          .update(emailQueue)
          .set({
            lockedUntil: null,
            lastError: message.slice(0, 1000),
            ...(givingUp
              ? { failedAt: now() }
              : { nextAttemptAt: new Date(now().getTime() + emailBackoffMs(row.attempts)) }),
          })
          .where(ours);
        logger()[givingUp ? 'error' : 'warn'](
          { err: error, emailId: row.id, attempts: row.attempts },
          givingUp ? 'email given up after its last attempt' : 'email not sent; will try again',
        );
      }
    }
  }
  return result;
}

/**
 * The emails waiting to be sent and the age in seconds of the oldest (0 when none), for the metrics
 * (lib/server/ops/metrics/registry.ts): one statement over the partial index of pending rows (email_queue_due_idx).
 */
export async function emailQueueStats(): Promise<{ depth: number; oldest: number }> {
  const db = await getDb();
  const [row] = rowsOf<{ depth: number; oldest: number | null }>(
    await db.execute(sql`
      select count(*)::int as depth, extract(epoch from now() - min(created_at))::float8 as oldest
      from email_queue where sent_at is null and failed_at is null`),
  );
  return { depth: row.depth, oldest: Math.max(0, row.oldest ?? 0) };
}
