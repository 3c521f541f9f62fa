import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { departureNoticeAt } from '@/lib/jobs/timing';
import { tripEndsAt } from '@/lib/reviews/rules';
import type { Tx } from '../db';
import type { Db } from '../db/client';
import { ideaDates, ideas } from '../db/schema';
import { cancelJob, scheduleJob } from '../jobs/schedule-job';

/**
 * The jobs a confirmed booking sets off (docs/jobs.md): the traveller's reminder and the guide's manifest 48 h
 * before the departure, and the review invitation when the trip ends. Their handlers are registered in
 * lib/server/startup/job-handlers.ts.
 */
export const FOLLOW_UP_KINDS = {
  reminder: 'booking-reminder',
  reminderSms: 'booking-reminder-sms',
  manifest: 'departure-manifest',
  reviewInvitation: 'review-invitation',
} as const;

export const reminderKey = (bookingId: number) => `${FOLLOW_UP_KINDS.reminder}:${bookingId}`;
export const reminderSmsKey = (bookingId: number) => `${FOLLOW_UP_KINDS.reminderSms}:${bookingId}`;
export const manifestKey = (ideaDateId: number) => `${FOLLOW_UP_KINDS.manifest}:${ideaDateId}`;
export const reviewInvitationKey = (bookingId: number) => `${FOLLOW_UP_KINDS.reviewInvitation}:${bookingId}`;

/** A reminder that failed five times (a broken address) would be of no use any later. */
const NOTICE_ATTEMPTS = 5;

/**
 * Call in the transaction that makes a booking confirmed (an instant booking, a guide accepting a request): its
 * jobs exist exactly when the confirmation committed. Nudge the worker (jobsScheduled) after the commit.
 */
export async function scheduleBookingFollowUps(
  tx: Tx,
  booking: { id: number; ideaDateId: number },
  now = new Date(),
): Promise<void> {
  const [row] = await tx
    .select({ startsAt: ideaDates.startsAt, durationMinutes: ideas.durationMinutes })
    .from(ideaDates)
    .innerJoin(ideas, eq(ideas.id, ideaDates.ideaId))
    .where(eq(ideaDates.id, booking.ideaDateId));
  if (!row) return;
  const noticeAt = departureNoticeAt(row.startsAt, now);
  if (noticeAt) {
    await scheduleJob(tx, {
      kind: FOLLOW_UP_KINDS.reminder,
      key: reminderKey(booking.id),
      runAt: noticeAt,
      payload: { bookingId: booking.id },
      maxAttempts: NOTICE_ATTEMPTS,
    });
    // One per departure, set off by its first confirmed booking; it lists the bookings confirmed when it runs.
    await scheduleJob(tx, {
      kind: FOLLOW_UP_KINDS.manifest,
      key: manifestKey(booking.ideaDateId),
      runAt: noticeAt,
      payload: { ideaDateId: booking.ideaDateId },
      maxAttempts: NOTICE_ATTEMPTS,
      ifAbsent: true,
    });
  }
  await scheduleJob(tx, {
    kind: FOLLOW_UP_KINDS.reviewInvitation,
    key: reviewInvitationKey(booking.id),
    runAt: tripEndsAt(row.startsAt, row.durationMinutes),
    payload: { bookingId: booking.id },
  });
}

/**
 * Call in the transaction that ends a booking (a cancellation): its reminder and invitation never run. The
 * departure's manifest stays: it lists the bookings still confirmed when it runs, and none is sent without any.
 */
export async function cancelBookingFollowUps(tx: Tx, bookingId: number): Promise<void> {
  for (const key of [reminderKey(bookingId), reminderSmsKey(bookingId), reviewInvitationKey(bookingId)])
    await cancelJob(tx, key);
}

/**
 * Schedules the jobs of confirmed bookings that have none: those made before the scheduler existed (their review
 * invitations were a sweep of the email worker until then), the demo's, a restored backup's. Run at start-up; it
 * only adds what is missing and still ahead (a reminder before its time, an invitation not yet sent within its
 * window), so it never repeats a job that ran.
 */
export async function scheduleMissingFollowUps(db: Db | Tx, reviewWindowMs: number): Promise<void> {
  const lead = sql`make_interval(hours => 48)`;
  const end = sql`d.starts_at + make_interval(mins => greatest(coalesce(i.duration_minutes, 0), 0))`;
  await db.execute(sql`
    insert into jobs (kind, key, run_at, payload, max_attempts)
    select ${FOLLOW_UP_KINDS.reminder}::text, ${FOLLOW_UP_KINDS.reminder}::text || ':' || b.id, d.starts_at - ${lead},
      jsonb_build_object('bookingId', b.id), ${NOTICE_ATTEMPTS}::int
    from bookings b join idea_dates d on d.id = b.idea_date_id
    where b.status = 'confirmed' and d.starts_at - ${lead} > now()
    on conflict (key) do nothing`);
  await db.execute(sql`
    insert into jobs (kind, key, run_at, payload, max_attempts)
    select ${FOLLOW_UP_KINDS.manifest}::text, ${FOLLOW_UP_KINDS.manifest}::text || ':' || d.id, d.starts_at - ${lead},
      jsonb_build_object('ideaDateId', d.id), ${NOTICE_ATTEMPTS}::int
    from idea_dates d
    where d.starts_at - ${lead} > now()
      and exists (select 1 from bookings b where b.idea_date_id = d.id and b.status = 'confirmed')
    on conflict (key) do nothing`);
  await db.execute(sql`
    insert into jobs (kind, key, run_at, payload)
    select ${FOLLOW_UP_KINDS.reviewInvitation}::text, ${FOLLOW_UP_KINDS.reviewInvitation}::text || ':' || b.id, ${end},
      jsonb_build_object('bookingId', b.id)
    from bookings b join idea_dates d on d.id = b.idea_date_id join ideas i on i.id = b.idea_id
    where b.status = 'confirmed' and b.review_invited_at is null and i.deleted_at is null
      and ${end} > now() - make_interval(secs => ${reviewWindowMs / 1000}::float8)
      and not exists (select 1 from reviews r where r.booking_id = b.id)
    on conflict (key) do nothing`);
}
