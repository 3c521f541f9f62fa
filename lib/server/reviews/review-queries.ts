import 'server-only';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pageMetaOf } from '@/lib/contract/common';
import { parseIdOrHid } from '@/lib/contract/ids';
import type { ReviewsPage } from '@/lib/contract/reviews';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { getDb, type Tx } from '../db';
import type { Db } from '../db/client';
import { ideas, reviews } from '../db/schema';
import { notFound } from '../http/problem';
import { reviewResources } from './review-resource';

type ReviewRow = typeof reviews.$inferSelect;

/** The published, undeleted idea a path param (id or hid) names; 404 when there is none. */
export async function findPublishedIdea(param: string) {
  const parsed = parseIdOrHid(param);
  if (!parsed) throw notFound('There is no such idea.');
  const db = await getDb();
  const [idea] = await db
    .select({
      id: ideas.id,
      authorId: ideas.authorId,
      durationMinutes: ideas.durationMinutes,
      status: ideas.status,
      rating: ideas.rating,
      reviewsCount: ideas.reviewsCount,
    })
    .from(ideas)
    .where(and(parsed.kind === 'id' ? eq(ideas.id, parsed.id) : eq(ideas.hid, parsed.hid), isNull(ideas.deletedAt)));
  if (!idea || idea.status !== 'published') throw notFound('There is no such idea.');
  return idea;
}

/** The review `hid` names, with its idea's author; 404 when there is none. */
export async function findReview(hid: string): Promise<ReviewRow & { ideaAuthorId: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ review: reviews, ideaAuthorId: ideas.authorId })
    .from(reviews)
    .innerJoin(ideas, eq(ideas.id, reviews.ideaId))
    .where(eq(reviews.hid, hid));
  if (!row) throw notFound('There is no such review.');
  return { ...row.review, ideaAuthorId: row.ideaAuthorId };
}

/**
 * GET /ideas/{id}/reviews: visible reviews, those in the reader's `language` first and newest first within each,
 * with the idea's rating and the count of reviews per language in the meta; `only` keeps one language's reviews.
 */
export async function listIdeaReviews(
  ideaParam: string,
  page: number,
  limit: number,
  language: TextLanguage,
  only?: TextLanguage,
): Promise<ReviewsPage> {
  const idea = await findPublishedIdea(ideaParam);
  return reviewsPageOf({ id: idea.id, rating: idea.rating, count: idea.reviewsCount }, page, limit, language, only);
}

/**
 * A page of an idea's reviews, as listIdeaReviews answers it, for a caller that has read the published idea and its
 * rating already (an idea page: two reads fewer per render).
 */
export async function reviewsPageOf(
  idea: { id: number; rating: number | null; count: number },
  page: number,
  limit: number,
  language: TextLanguage,
  only?: TextLanguage,
): Promise<ReviewsPage> {
  // The count is kept from the visible reviews in the transaction that changes them (idea-rating.ts): with none,
  // most ideas' pages, there is nothing to read.
  if (idea.count === 0)
    return { data: [], meta: { ...pageMetaOf(page, limit, 0), rating: idea.rating, reviews_count: 0, languages: [] } };
  const db = await getDb();
  const visible = and(eq(reviews.ideaId, idea.id), isNull(reviews.hiddenAt));
  const [rows, perLanguage] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(only ? and(visible, eq(reviews.language, only)) : visible)
      .orderBy(sql`${reviews.language} = ${language} desc`, desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ language: reviews.language, count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(visible)
      .groupBy(reviews.language)
      .orderBy(sql`${reviews.language} = ${language} desc`, desc(sql`count(*)`), reviews.language),
  ]);
  const total = only ? (perLanguage.find((l) => l.language === only)?.count ?? 0) : idea.count;
  return {
    data: await reviewResources(rows, language),
    meta: {
      ...pageMetaOf(page, limit, total),
      rating: idea.rating,
      reviews_count: idea.count,
      languages: perLanguage,
    },
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
