import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pageMetaOf } from '@/lib/contract/common';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { CreateReviewBody, ReviewResource, ReviewsPage } from '@/lib/contract/reviews';
import { canReview, departureMonth } from '@/lib/reviews/rules';
import type { Moderator, Viewer } from '../accounts/viewer';
import { ideaChanged } from '../cache/invalidate';
import { getDb, transaction, type Tx } from '../db';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { toHid } from '../db/hids';
import { bookings, ideaDates, ideas, reviews, users } from '../db/schema';
import { ApiError, forbidden, notFound } from '../http/problem';
import { mediaUrl } from '../platform/storage';

/**
 * Reviews of ideas: a traveller reviews a booking once its trip has ended, the idea's author replies once, a
 * moderator hides. Every change that adds or takes away a visible review recomputes the idea's `rating` and
 * `reviews_count` in the same transaction, from the visible reviews, with the idea's row locked first, so two
 * reviews written at once still leave the exact average.
 */

type ReviewRow = typeof reviews.$inferSelect;

const conflict = (detail: string) => new ApiError(409, 'Conflict', detail);

/** Recomputes an idea's rating and count from its visible reviews (the idea's row must be locked by `tx`). */
export async function refreshIdeaRating(tx: Tx | Db, ideaId: number): Promise<void> {
  await tx
    .update(ideas)
    .set({
      rating: sql`(select round(avg(r.rating)::numeric, 1)::float8 from ${reviews} r where r.idea_id = ${ideaId} and r.hidden_at is null)`,
      reviewsCount: sql`(select count(*)::int from ${reviews} r where r.idea_id = ${ideaId} and r.hidden_at is null)`,
    })
    .where(eq(ideas.id, ideaId));
}

async function findPublishedIdea(param: string) {
  const parsed = parseIdOrHid(param);
  if (!parsed) throw notFound('There is no such idea.');
  const db = await getDb();
  const [idea] = await db
    .select({ id: ideas.id, authorId: ideas.authorId, durationMinutes: ideas.durationMinutes, status: ideas.status })
    .from(ideas)
    .where(and(parsed.kind === 'id' ? eq(ideas.id, parsed.id) : eq(ideas.hid, parsed.hid), isNull(ideas.deletedAt)));
  if (!idea || idea.status !== 'published') throw notFound('There is no such idea.');
  return idea;
}

/** POST /ideas/{hid}/reviews: the booking's traveller, once per booking, after the trip has ended. */
export async function createReview(ideaParam: string, body: CreateReviewBody, viewer: Viewer, now = new Date()) {
  const idea = await findPublishedIdea(ideaParam);
  // Before the booking is looked at: a guide's own booking (made before bookings refused them) does not count.
  if (idea.authorId === viewer.id) throw conflict('You cannot review your own idea.');
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
    if (isUniqueViolation(error)) throw conflict('This booking already has a review.');
    throw error;
  }
}

async function findReview(hid: string): Promise<ReviewRow & { ideaAuthorId: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ review: reviews, ideaAuthorId: ideas.authorId })
    .from(reviews)
    .innerJoin(ideas, eq(ideas.id, reviews.ideaId))
    .where(eq(reviews.hid, hid));
  if (!row) throw notFound('There is no such review.');
  return { ...row.review, ideaAuthorId: row.ideaAuthorId };
}

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
  if (!updated) throw conflict('This review already has a reply.');
  ideaChanged(review.ideaId);
  return updated;
}

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
    if (!row) throw conflict('This review is already hidden.');
    await refreshIdeaRating(tx, review.ideaId);
    return row;
  });
  ideaChanged(review.ideaId);
  return updated;
}

/** Reviews in the API's shape, with the reviewer and the departure month. */
export async function reviewResources(rows: ReviewRow[], withHidden = false): Promise<ReviewResource[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const details = await db
    .select({
      id: reviews.id,
      name: users.name,
      avatarKey: users.avatarKey,
      startsAt: ideaDates.startsAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.authorId))
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
    .where(
      inArray(
        reviews.id,
        rows.map((r) => r.id),
      ),
    );
  const byId = new Map(details.map((d) => [d.id, d]));
  return rows.map((row) => {
    const detail = byId.get(row.id)!;
    return {
      id: row.id,
      hid: row.hid,
      type: 'reviews' as const,
      attributes: {
        rating: row.rating,
        text: row.text,
        created_at: row.createdAt.toISOString(),
        departure_month: departureMonth(detail.startsAt),
        reviewer_name: detail.name,
        reviewer_image_url: detail.avatarKey ? mediaUrl(detail.avatarKey) : null,
        reply:
          row.replyText !== null && row.repliedAt !== null
            ? { text: row.replyText, created_at: row.repliedAt.toISOString() }
            : null,
        ...(withHidden
          ? { hidden: row.hiddenAt ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason ?? '' } : null }
          : {}),
      },
      relationships: {},
    };
  });
}

/** GET /ideas/{id}/reviews: visible reviews, newest first, with the idea's rating in the meta. */
export async function listIdeaReviews(ideaParam: string, page: number, limit: number): Promise<ReviewsPage> {
  const idea = await findPublishedIdea(ideaParam);
  const db = await getDb();
  const visible = and(eq(reviews.ideaId, idea.id), isNull(reviews.hiddenAt));
  const [rows, [summary]] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(visible)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ rating: ideas.rating, count: ideas.reviewsCount }).from(ideas).where(eq(ideas.id, idea.id)),
  ]);
  return {
    data: await reviewResources(rows),
    meta: { ...pageMetaOf(page, limit, summary.count), rating: summary.rating, reviews_count: summary.count },
  };
}

/** The reviews written for these bookings, by booking id (the account's bookings show "Your review"). */
export async function reviewsOfBookings(
  bookingIds: number[],
  reader?: Db | Tx,
): Promise<Map<number, { hid: string; rating: number }>> {
  if (bookingIds.length === 0) return new Map();
  const db = reader ?? (await getDb());
  const rows = await db
    .select({ bookingId: reviews.bookingId, hid: reviews.hid, rating: reviews.rating })
    .from(reviews)
    .where(inArray(reviews.bookingId, bookingIds));
  return new Map(rows.map((r) => [r.bookingId, { hid: r.hid, rating: r.rating }]));
}
