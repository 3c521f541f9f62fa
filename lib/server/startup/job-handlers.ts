import 'server-only';
import { remindTraveller, sendReminderSms } from '../bookings/booking-reminder';
import { sendDepartureManifest } from '../bookings/departure-manifest';
import { expireBookingRequest } from '../bookings/expire-request';
import { REQUEST_EXPIRY_JOB } from '../bookings/booking-transitions';
import { scheduleMissingFollowUps } from '../bookings/follow-ups';
import { MESSAGE_EMAIL_JOB, messageEmailJob } from '../conversations/message-email';
import { getDb } from '../db';
import type { JobHandlers } from '../jobs/run-jobs';
import { scheduleJob } from '../jobs/schedule-job';
import { HOLD_HOOKS, settleBookingPayment } from '../bookings/booking-payment';
import { expireHold, HOLD_EXPIRY_JOB } from '../payments/expire-hold';
import { reconcilePendingPayments } from '../payments/reconcile-payments';
import { REFUND_JOB, runRefund } from '../payments/refund-payment';
import { inviteToReview, REVIEW_INVITATION_WINDOW_MS } from '../reviews/invitations';

const RECONCILE_JOB = 'payment-reconciliation';
const RECONCILE_EVERY_MS = 5 * 60_000;

/**
 * Every kind of job and its handler: the one registry (docs/jobs.md). The scheduler (lib/server/jobs) imports no
 * domain; the worker of each process (instrumentation.ts) and the test route get this map. A slice that adds a
 * kind adds its line here.
 */
export const JOB_HANDLERS: JobHandlers = {
  'booking-reminder': remindTraveller,
  'booking-reminder-sms': sendReminderSms,
  'departure-manifest': sendDepartureManifest,
  [REQUEST_EXPIRY_JOB]: expireBookingRequest,
  [MESSAGE_EMAIL_JOB]: messageEmailJob,
  'review-invitation': inviteToReview,
  [REFUND_JOB]: async (job) => void (await runRefund({ refundId: Number(job.payload.refundId) })),
  [HOLD_EXPIRY_JOB]: async (job, { now }) =>
    void (await expireHold({ bookingId: Number(job.payload.bookingId) }, HOLD_HOOKS, now)),
  // Runs again every few minutes for as long as the process lives: lost webhooks are found within that.
  [RECONCILE_JOB]: async (_job, { now }) => {
    await reconcilePendingPayments(settleBookingPayment, now);
    return { later: new Date(now.getTime() + RECONCILE_EVERY_MS) };
  },
};

/**
 * At start-up: the jobs confirmed bookings miss (made before the scheduler, seeded, restored), and the one
 * reconciliation of pending payments (a single job for every process, by its key). Idempotent.
 */
export async function scheduleMissingJobs(): Promise<void> {
  const db = await getDb();
  await scheduleMissingFollowUps(db, REVIEW_INVITATION_WINDOW_MS);
  await scheduleJob(db, { kind: RECONCILE_JOB, key: RECONCILE_JOB, runAt: new Date(), ifAbsent: true });
}
