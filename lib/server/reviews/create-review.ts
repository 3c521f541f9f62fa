import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { CreateReviewBody } from '@/lib/contract/reviews';
import { canReview } from '@/lib/reviews/rules';
import { detectTextLanguage } from '@/lib/reviews/language';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import type { Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { getDb, transaction } from '../db';
import { isUniqueViolation } from '../db/errors';
import { toHid } from '../db/hids';
import { bookings, ideaDates, ideas, reviews } from '../db/schema';
import { ApiError, forbidden } from '../http/problem';
import { refreshIdeaRating } from './idea-rating';
import { findPublishedIdea } from './review-queries';

/**
 * POST /ideas/{hid}/reviews: the booking's traveller, once per booking, after the trip has ended. The review keeps
 * the language its text is written in; `language`, the request's, stands for a text without letters.
 */
export async function createReview(
  ideaParam: string,
  body: CreateReviewBody,
  viewer: Viewer,
  language: TextLanguage,
  now = new Date(),
) {
  const idea = await findPublishedIdea(ideaParam);
  // Before the booking is looked at: a guide's own booking (made before bookings refused them) does not count.
  if (idea.authorId === viewer.id) throw new ApiError(409, 'Conflict', 'You cannot review your own idea.');
  const db = await getDb();
  const [booking] = await db
    .select({ id: bookings.id, userId: bookings.userId, status: bookings.status, startsAt: ideaDates.startsAt })
    .from(bookings)
    .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
    .where(and(eq(bookings.hid, body.booking_hid), eq(bookings.ideaId, idea.id)));
  // Someone else's booking, or one of another idea, is reported like no booking at all.
  if (!booking || booking.userId !== viewer.id)
    throw forbidden('Only a traveller with a completed booking of this idea can review it.');
  if (!canReview({ ...booking, durationMinutes: idea.durationMinutes }, now))
    throw forbidden(
      booking.status === 'cancelled'
        ? 'This booking was cancelled; there is no trip to review.'
        : 'You can review the trip once it has ended.',
    );
  try {
    const review = await transaction(async (tx) => {
      await tx.select({ id: ideas.id }).from(ideas).where(eq(ideas.id, idea.id)).for('no key update');
      const [row] = await tx
        .insert(reviews)
        .values({
          hid: `new-${randomUUID()}`,
          ideaId: idea.id,
          bookingId: booking.id,
          authorId: viewer.id,
          rating: body.rating,
          text: body.text,
          language: detectTextLanguage(body.text, language),
          createdAt: now,
        })
        .returning();
      const [review] = await tx
        .update(reviews)
        .set({ hid: toHid(row.id) })
        .where(eq(reviews.id, row.id))
        .returning();
      await refreshIdeaRating(tx, idea.id);
      return review;
    });
    ideaChanged(idea.id);
    return review;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, 'Conflict', 'This booking already has a review.');
    throw error;
  }
}
