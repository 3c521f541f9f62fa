import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { IdeasQuery } from '@/lib/contract/ideas';
import { MARKERS_LIMIT, type IdeaMarkersResponse } from '@/lib/contract/markers';
import type { Viewer } from '../accounts/viewer';
import { cachedAnswer } from '../cache/answer-cache';
import { getDb } from '../db';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { ideas } from '../db/schema';
import { imageKeys, mediaUrl } from '../platform/storage';
import { listFilter, listOrder } from './filters';
import { freshnessBucket } from './query';
import { coverPhoto } from './related';
import { isMatch, RANKED_MATCHES_LIMIT } from './search';

/**
 * GET /ideas/markers: every idea of a listing's filter that has coordinates (up to MARKERS_LIMIT, in the
 * listing's order), as small pins rather than cards, so that the map shows all results and not page 1 only.
 */
export async function listMarkers(
  query: IdeasQuery,
  language: TextLanguage,
  viewer: Viewer | null,
  now = new Date(),
): Promise<IdeaMarkersResponse> {
  if (viewer !== null || query.f !== undefined) return buildMarkers(query, language, viewer, now);
  return cachedAnswer(`markers|${language}|${freshnessBucket(now)}|${JSON.stringify(query)}`, () =>
    buildMarkers(query, language, null, now),
  );
}

async function buildMarkers(
  query: IdeasQuery,
  language: TextLanguage,
  viewer: Viewer | null,
  now: Date,
): Promise<IdeaMarkersResponse> {
  const { where, rankedMatches } = await listFilter(query, viewer, now);
  const db = await getDb();
  const markers = db
    .select({
      hid: ideas.hid,
      lat: ideas.lat,
      lon: ideas.lon,
      title: ideas.title,
      price: ideas.price,
      currency: ideas.currency,
      coverKey: coverPhoto.storageKey,
      rating: ideas.rating,
      reviewsCount: ideas.reviewsCount,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(ideas)
    .leftJoin(coverPhoto, eq(coverPhoto.id, ideas.coverPhotoId))
    .$dynamic();
  const rows = await (rankedMatches ? markers.innerJoin(rankedMatches(RANKED_MATCHES_LIMIT), isMatch) : markers)
    .where(and(where, sql`${ideas.lat} is not null`, sql`${ideas.lon} is not null`))
    .orderBy(...listOrder(query))
    .limit(MARKERS_LIMIT);
  return {
    data: rows.map((row) => ({
      hid: row.hid,
      lat: row.lat!,
      lon: row.lon!,
      title: pick(row.title, language),
      price: row.price,
      currency: row.currency,
      cover_url: row.coverKey ? mediaUrl(imageKeys(row.coverKey).cover) : null,
      rating: row.rating,
      reviews_count: row.reviewsCount,
    })),
    meta: { total: rows[0]?.total ?? 0, limit: MARKERS_LIMIT },
  };
}
