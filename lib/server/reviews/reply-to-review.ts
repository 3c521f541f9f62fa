import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { getDb } from '../db';
import { reviews } from '../db/schema';
import { ApiError, forbidden, notFound } from '../http/problem';
import { findReview } from './review-queries';

/** PUT /reviews/{hid}/reply: the idea's author answers a review, once. */
export async function replyToReview(hid: string, text: string, viewer: Viewer, now = new Date()) {
  const review = await findReview(hid);
  if (review.ideaAuthorId !== viewer.id) throw forbidden('Only the author of the idea can reply to its reviews.');
  if (review.hiddenAt) throw notFound('There is no such review.');
  const db = await getDb();
  const [updated] = await db
    .update(reviews)
    .set({ replyText: text, repliedAt: now })
    .where(and(eq(reviews.id, review.id), isNull(reviews.replyText)))
    .returning();
  if (!updated) throw new ApiError(409, 'Conflict', 'This review already has a reply.');
  ideaChanged(review.ideaId);
  return updated;
}
