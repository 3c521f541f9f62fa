import 'server-only';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { transaction } from '../db';
import { bookings, ideaDates, ideas, reviews } from '../db/schema';
import { enqueueReviewInvitationEmail } from '../mail/notifications';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Trips that ended longer ago than this get no invitation (e.g. right after an upgrade or a long outage). */
export const REVIEW_INVITATION_WINDOW_MS = 7 * DAY_MS;
/** The longest trip the sweep looks back for: it bounds the departures read by their start. */
const LONGEST_TRIP_MS = 30 * DAY_MS;

/**
 * Queues one "how was your trip?" email per confirmed, unreviewed booking whose trip has ended (within the
 * window). The booking is marked in the same transaction as its email is queued, and rows another process is
 * marking are skipped (SKIP LOCKED), so each traveller is invited once however many processes sweep; a crash
 * before the commit leaves the booking for the next sweep. Returns how many were invited.
 */
export async function inviteToReview(now = new Date(), limit = 100): Promise<number> {
  const ended = sql`${ideaDates.startsAt} + make_interval(mins => coalesce(${ideas.durationMinutes}, 0))`;
  return transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
      .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
      .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNull(bookings.reviewInvitedAt),
          isNull(reviews.id),
          isNull(ideas.deletedAt),
          lte(ideaDates.startsAt, now),
          gt(ideaDates.startsAt, new Date(now.getTime() - REVIEW_INVITATION_WINDOW_MS - LONGEST_TRIP_MS)),
          sql`${ended} <= ${now.toISOString()}`,
          sql`${ended} > ${new Date(now.getTime() - REVIEW_INVITATION_WINDOW_MS).toISOString()}`,
        ),
      )
      .orderBy(bookings.id)
      .limit(limit)
      .for('update', { of: bookings, skipLocked: true });
    for (const { id } of due) {
      await tx.update(bookings).set({ reviewInvitedAt: now }).where(eq(bookings.id, id));
      await enqueueReviewInvitationEmail(tx, id);
    }
    return due.length;
  });
}
