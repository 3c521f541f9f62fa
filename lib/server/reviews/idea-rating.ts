import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db';
import type { Db } from '../db/client';
import { ideas, reviews } from '../db/schema';

/**
 * Reviews of ideas: a traveller reviews a booking once its trip has ended, the idea's author replies once, a
 * moderator hides. Every change that adds or takes away a visible review recomputes the idea's `rating` and
 * `reviews_count` in the same transaction, from the visible reviews, with the idea's row locked first, so two
 * reviews written at once still leave the exact average.
 */

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
