import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { bayesianRating } from '@/lib/reviews/rules';
import type { Tx } from '../db';
import type { Db } from '../db/client';
import { ideas, reviews } from '../db/schema';

/**
 * Reviews of ideas: a traveller reviews a booking once its trip has ended, the idea's author replies once, a
 * moderator hides. Every change that adds or takes away a visible review recomputes the idea's `rating`,
 * `reviews_count` and `rating_score` in the same transaction, from the visible reviews, with the idea's row
 * locked first, so two reviews written at once still leave the exact average.
 */

/** Recomputes an idea's rating, count and sort score from its visible reviews (the idea's row must be locked by `tx`). */
export async function refreshIdeaRating(tx: Tx | Db, ideaId: number): Promise<void> {
  const visible = isNull(reviews.hiddenAt);
  const [stats] = await tx
    .select({
      average: sql<number | null>`avg(${reviews.rating})::float8`,
      count: sql<number>`count(*)::int`,
      // The other ideas' scores keep the mean of their own last refresh: it moves slowly, and the sort tolerates it.
      siteMean: sql<number | null>`(select avg(s.rating)::float8 from ${reviews} s where s.hidden_at is null)`,
    })
    .from(reviews)
    .where(and(eq(reviews.ideaId, ideaId), visible));
  await tx
    .update(ideas)
    .set({
      rating: sql`(select round(avg(r.rating)::numeric, 1)::float8 from ${reviews} r where r.idea_id = ${ideaId} and r.hidden_at is null)`,
      reviewsCount: stats.count,
      ratingScore: bayesianRating(stats.average, stats.count, stats.siteMean),
    })
    .where(eq(ideas.id, ideaId));
}
