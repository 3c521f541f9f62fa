import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Moderator } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { transaction } from '../db';
import { ideas, reviews } from '../db/schema';
import { ApiError } from '../http/problem';
import { refreshIdeaRating } from './idea-rating';
import { findReview } from './review-queries';

/** POST /reviews/{hid}/hide: a moderator takes a review off the site, with a reason; the rating drops it. */
export async function hideReview(hid: string, reason: string, viewer: Moderator, now = new Date()) {
  const review = await findReview(hid);
  const updated = await transaction(async (tx) => {
    await tx.select({ id: ideas.id }).from(ideas).where(eq(ideas.id, review.ideaId)).for('no key update');
    const [row] = await tx
      .update(reviews)
      .set({ hiddenAt: now, hiddenBy: viewer.id, hiddenReason: reason })
      .where(and(eq(reviews.id, review.id), isNull(reviews.hiddenAt)))
      .returning();
    if (!row) throw new ApiError(409, 'Conflict', 'This review is already hidden.');
    await refreshIdeaRating(tx, review.ideaId);
    return row;
  });
  ideaChanged(review.ideaId);
  return updated;
}
