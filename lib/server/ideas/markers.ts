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
import { listFilter, listOrder, type ListFilter } from './filters';
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

/** The markers' statement for a listing's filter (also what `npm run explain:listing` explains). */
export async function markersStatement({ where: filter, rankedMatches }: ListFilter, query: IdeasQuery) {
  const db = await getDb();
  const where = and(filter, sql`${ideas.lat} is not null`, sql`${ideas.lon} is not null`);
  // Counted up to one past the markers given (counting every match read them all: 0.7 s for 30 000 ideas); the
  // ranked matches of a text search are at most as many, and counted as they are joined.
  const total = rankedMatches
    ? sql<number>`(count(*) over ())::int`
    : sql<number>`(select count(*)::int from (select 1 from ${ideas} where ${where} limit ${MARKERS_LIMIT + 1}) counted)`;
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
      total,
    })
    .from(ideas)
    .leftJoin(coverPhoto, eq(coverPhoto.id, ideas.coverPhotoId))
    .$dynamic();
  // In an object: an async function's builder, itself a thenable, would be run.
  const statement = (rankedMatches ? markers.innerJoin(rankedMatches(RANKED_MATCHES_LIMIT), isMatch) : markers)
    .where(where)
    .orderBy(...listOrder(query))
    .limit(MARKERS_LIMIT);
  return { statement };
}

/** Past MARKERS_LIMIT the total is "500+": `total_capped`. */
const markersMeta = (counted: number) => ({
  total: Math.min(counted, MARKERS_LIMIT),
  total_capped: counted > MARKERS_LIMIT,
  limit: MARKERS_LIMIT,
});

async function buildMarkers(
  query: IdeasQuery,
  language: TextLanguage,
  viewer: Viewer | null,
  now: Date,
): Promise<IdeaMarkersResponse> {
  const rows = await (await markersStatement(await listFilter(query, viewer, now), query)).statement;
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
    meta: markersMeta(rows[0]?.total ?? 0),
  };
}
