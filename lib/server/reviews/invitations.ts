import 'server-only';
import { eq } from 'drizzle-orm';
import { tripEndsAt } from '@/lib/reviews/rules';
import { transaction } from '../db';
import { bookings, ideaDates, ideas, reviews } from '../db/schema';
import type { JobHandler } from '../jobs/run-jobs';
import { enqueueReviewInvitationEmail } from '../mail/notifications';
import { emailQueued } from '../mail/worker';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Trips that ended longer ago than this get no invitation (e.g. right after an upgrade or a long outage). */
export const REVIEW_INVITATION_WINDOW_MS = 7 * DAY_MS;

/**
 * Job `review-invitation`: payload { bookingId }, scheduled for the end of the trip (lib/server/bookings/follow-ups.ts).
 * Queues the "how was your trip?" email unless the booking is no longer confirmed, is reviewed or invited already,
 * its idea is deleted, or its trip ended more than the window ago; a trip that moved later waits for its new end.
 * The booking is marked, its email queued and the job completed in one transaction.
 */
export const inviteToReview: JobHandler = async (job, { now, complete }) => {
  const bookingId = Number(job.payload.bookingId);
  const outcome = await transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: bookings.status,
        invitedAt: bookings.reviewInvitedAt,
        startsAt: ideaDates.startsAt,
        durationMinutes: ideas.durationMinutes,
        ideaDeletedAt: ideas.deletedAt,
        reviewId: reviews.id,
      })
      .from(bookings)
      .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
      .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    const ended = row && tripEndsAt(row.startsAt, row.durationMinutes);
    if (ended && ended > now) return { later: ended };
    if (
      row &&
      ended &&
      row.status === 'confirmed' &&
      !row.invitedAt &&
      !row.reviewId &&
      !row.ideaDeletedAt &&
      ended.getTime() > now.getTime() - REVIEW_INVITATION_WINDOW_MS
    ) {
      await tx.update(bookings).set({ reviewInvitedAt: now }).where(eq(bookings.id, bookingId));
      await enqueueReviewInvitationEmail(tx, bookingId);
    }
    await complete(tx);
    return undefined;
  });
  emailQueued();
  return outcome;
};
