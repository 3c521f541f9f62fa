import 'server-only';
import { remindTraveller, sendReminderSms } from '../bookings/booking-reminder';
import { sendDepartureManifest } from '../bookings/departure-manifest';
import { expireBookingRequest } from '../bookings/expire-request';
import { REQUEST_EXPIRY_JOB } from '../bookings/booking-transitions';
import { scheduleMissingFollowUps } from '../bookings/follow-ups';
import { MESSAGE_EMAIL_JOB, messageEmailJob } from '../conversations/message-email';
import { getDb } from '../db';
import type { JobHandlers } from '../jobs/run-jobs';
import { inviteToReview, REVIEW_INVITATION_WINDOW_MS } from '../reviews/invitations';

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
};

/** At start-up: the jobs confirmed bookings miss (made before the scheduler, seeded, restored). Idempotent. */
export async function scheduleMissingJobs(): Promise<void> {
  await scheduleMissingFollowUps(await getDb(), REVIEW_INVITATION_WINDOW_MS);
}
