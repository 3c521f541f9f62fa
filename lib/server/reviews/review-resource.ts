import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { ReviewResource } from '@/lib/contract/reviews';
import { departureMonth } from '@/lib/reviews/rules';
import { displayName } from '@/lib/i18n/display-name';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { getDb } from '../db';
import { bookings, ideaDates, reviews, users } from '../db/schema';
import { mediaUrl } from '../platform/storage';

type ReviewRow = typeof reviews.$inferSelect;

/** Reviews in the API's shape, with the reviewer (named as `language` writes names) and the departure month. */
export async function reviewResources(
  rows: ReviewRow[],
  language: TextLanguage,
  withHidden = false,
): Promise<ReviewResource[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const details = await db
    .select({
      id: reviews.id,
      name: users.name,
      nameLatin: users.nameLatin,
      nameZh: users.nameZh,
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
        language: row.language,
        created_at: row.createdAt.toISOString(),
        departure_month: departureMonth(detail.startsAt),
        reviewer_name: displayName(detail, language),
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
