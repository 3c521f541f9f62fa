import 'server-only';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { RECENT_ANSWERS, usualResponseHours } from '@/lib/bookings/response-time';
import { getDb } from '../db';
import { bookings, ideas } from '../db/schema';

/** How soon the author of an idea usually answers a request, over their recent answers on all their ideas. */
export async function guideResponseHours(authorId: number, fallbackHours: number): Promise<number> {
  const db = await getDb();
  const answers = await db
    .select({ createdAt: bookings.createdAt, answeredAt: bookings.answeredAt })
    .from(bookings)
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .where(and(eq(ideas.authorId, authorId), isNotNull(bookings.answeredAt)))
    .orderBy(desc(bookings.answeredAt))
    .limit(RECENT_ANSWERS);
  return usualResponseHours(
    answers.map((a) => a.answeredAt!.getTime() - a.createdAt.getTime()),
    fallbackHours,
  );
}
