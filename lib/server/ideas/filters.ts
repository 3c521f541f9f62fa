import 'server-only';
import { and, eq, gte, isNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_PLACE_ID } from '@/lib/constants';
import type { IdeasQuery } from '@/lib/contract/ideas';
import { localDay, localDayStart, nextLocalDayStart } from '@/lib/time/local-time';
import { isModerator, type Viewer } from '../accounts/viewer';
import { catalog, descendantsOf } from '../cache/catalog-cache';
import { ideas, listingCounts } from '../db/schema';
import { forbidden, unauthenticated } from '../http/problem';
import { privateStartIdList } from './private-filter';
import { matchRank, textSearch } from './search';

/** The WHERE and ORDER BY of a listing, from its query (GET /ideas). */

const TIME_OF_DAY_MINUTES = { morning: [0, 720], day: [720, 1020], evening: [1020, 1440] } as const;

export function distanceKm(lat: number, lon: number): SQL<number> {
  // Equirectangular approximation: exact enough for "nearest first" within a region.
  return sql<number>`(sqrt(power(${ideas.lat} - ${lat}, 2) + power((${ideas.lon} - ${lon}) * ${Math.cos((lat * Math.PI) / 180)}, 2)) * 111.32)`;
}

/** `column = any(ids)` with the ids as one array parameter: cheaper to build than an IN list of one parameter each. */
const anyOf = (column: AnyColumn | SQL, ids: number[]) => sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;

/**
 * The departure conditions of a query (dates, time of day, guests). A date range becomes an overlap with
 * the indexed `departure_days`; that alone is exact for one range of whole future days. Otherwise (today,
 * whose earlier departures have left, a time of day, guests, two ranges) a per-departure check follows it.
 * A private idea's departures are its bookings' own: its weekly availability answers instead (private-filter.ts),
 * as ids beside the departures' (a BitmapOr with the departure_days index; in the semi-join, the idea's own row
 * joined with its departures, so that the listing still stops at its first page in published order).
 */
async function departureConditions(query: IdeasQuery, now: Date): Promise<SQL[]> {
  const today = localDay(now);
  const conditions: SQL[] = [];
  const departure: SQL[] = [];
  let exact = true;
  const ranges = [
    [query.date_from, query.date_to],
    [query.checkin, query.checkout],
  ] as const;
  const window = query.time_of_day ? TIME_OF_DAY_MINUTES[query.time_of_day] : ([0, 1440] as const);
  const guests = (query.adults ?? 0) + (query.children ?? 0);
  const departureAsked = ranges.some(([from]) => from) || query.time_of_day !== undefined || guests > 0;
  const privateIds = departureAsked ? await privateStartIdList(ranges, window, now) : [];
  const orPrivate = privateIds.length ? sql` or ${anyOf(ideas.id, privateIds)}` : sql``;
  for (const [from, to] of ranges) {
    if (!from) continue;
    const last = to ?? from;
    departure.push(
      sql`d.starts_at >= ${localDayStart(from).toISOString()}`,
      sql`d.starts_at < ${nextLocalDayStart(last).toISOString()}`,
    );
    const first = from < today ? today : from;
    if (first > last) return [sql`false`];
    if (first === today || conditions.length > 0) exact = false;
    conditions.push(
      sql`((${ideas.departureDays} && daterange(${first}::date, ${last}::date, '[]') and ${ideas.format} = 'group')${orPrivate})`,
    );
  }
  if (query.time_of_day) {
    const [start, end] = TIME_OF_DAY_MINUTES[query.time_of_day];
    departure.push(sql`d.local_start_minute >= ${start}`, sql`d.local_start_minute < ${end}`);
    exact = false;
  }
  if (guests > 0) {
    departure.push(sql`d.seats_left >= ${guests}`);
    exact = false;
  }
  if (departure.length > 0 && !(exact && conditions.length > 0)) {
    conditions.push(
      sql`exists (select 1 from ideas x left join idea_dates d on d.idea_id = x.id and d.cancelled_at is null and d.starts_at >= ${now.toISOString()} and ${sql.join(departure, sql` and `)} where x.id = ${ideas.id} and ((d.idea_id is not null and x.format = 'group')${privateIds.length ? sql` or ${anyOf(sql`x.id`, privateIds)}` : sql``}))`,
    );
  }
  return conditions;
}

/**
 * A listing's filter, and its total when a cheaper way than counting the matching ideas exists. A listing in
 * relevance order joins the best `first` matches of its text search (search.ts, `rankedMatches`), which carry
 * its total, and `where` holds its other conditions.
 */
export type ListFilter = { where: SQL; total?: SQL<number>; rankedMatches?: (first: number) => SQL };

/** The total of published ideas in some places (and one category), summed from listing_counts. */
function storedTotal(placeIds: number[], categoryId: number | undefined): SQL<number> {
  const category = categoryId === undefined ? sql`` : sql` and ${listingCounts.categoryId} = ${categoryId}`;
  return sql<number>`(select coalesce(sum(${listingCounts.ideas}), 0)::int from ${listingCounts} where ${anyOf(listingCounts.placeId, placeIds)}${category})`;
}

export async function listFilter(query: IdeasQuery, viewer: Viewer | null, now: Date): Promise<ListFilter> {
  const conditions: SQL[] = [isNull(ideas.deletedAt)];
  if (query.f === 'not-moderated') {
    if (!viewer) throw unauthenticated('Sign in as a moderator to see the moderation queue.');
    if (!isModerator(viewer)) throw forbidden('Only moderators see the moderation queue.');
    conditions.push(eq(ideas.status, 'not-moderated'));
  } else {
    conditions.push(eq(ideas.status, 'published'));
  }
  const nearby = query.search_type === 'nearby';
  const placeId = query.place_id ?? (query.f || nearby ? undefined : DEFAULT_PLACE_ID);
  const tree = placeId === undefined ? undefined : descendantsOf(await catalog(), placeId);
  if (tree) conditions.push(tree.length ? anyOf(ideas.placeId, tree) : sql`false`);
  if (query.category_id !== undefined) conditions.push(eq(ideas.categoryId, query.category_id));
  const placeAndCategoryOnly = conditions.length;
  if (query.idea_type_id !== undefined) conditions.push(eq(ideas.ideaTypeId, query.idea_type_id));
  if (query.price_min !== undefined) conditions.push(gte(ideas.price, query.price_min));
  if (query.price_max !== undefined) conditions.push(lte(ideas.price, query.price_max));
  if (query.languages?.length)
    conditions.push(
      sql`${ideas.languages} && ${sql.raw(`ARRAY[${query.languages.map((l) => `'${l}'`).join(',')}]::text[]`)}`,
    );
  const guests = (query.adults ?? 0) + (query.children ?? 0);
  if (guests > 0) conditions.push(gte(ideas.maxPersons, guests));
  if ((query.children ?? 0) > 0) conditions.push(eq(ideas.childrenAllowed, true));
  conditions.push(...(await departureConditions(query, now)));
  if (query.gps_lat !== undefined && query.gps_lon !== undefined) conditions.push(sql`${ideas.lat} is not null`);
  if (query.bbox) {
    const { minLon, minLat, maxLon, maxLat } = query.bbox;
    conditions.push(
      sql`${ideas.lat} between ${minLat} and ${maxLat}`,
      sql`${ideas.lon} between ${minLon} and ${maxLon}`,
    );
  }
  if (query.query) {
    const search = await textSearch(query.query);
    if (listSort(query) === 'relevance') {
      const where = and(...conditions)!;
      return { where, rankedMatches: (first) => search.rankedMatches(where, first) };
    }
    conditions.push(search.where);
  }
  const where = and(...conditions)!;
  // The default listing, a place and a category: the most visited pages, and the largest counts.
  const stored = query.f === undefined && tree?.length && conditions.length === placeAndCategoryOnly;
  return stored ? { where, total: storedTotal(tree, query.category_id) } : { where };
}

/** The order a listing is read in, as its query asks it (a text search: relevance, a nearby one: distance). */
export function listSort(query: IdeasQuery) {
  if (query.sort !== 'default' && query.sort !== 'quality') return query.sort;
  if (query.search_type === 'nearby') return 'distance';
  return query.query ? 'relevance' : 'default';
}

/**
 * sort=quality (home's rows): ideas whose reviews rate them below the site-wide mean come after the others. The
 * Bayesian average (`rating_score`) pulls an idea towards that mean: above its own average, the average is below it.
 * Ideas without reviews are new, not bad, and stay with the others.
 */
const belowSiteMean = sql`(${ideas.ratingScore} is not null and ${ideas.ratingScore} > ${ideas.rating})`;

export function listOrder(query: IdeasQuery): SQL[] {
  const order = naturalOrder(query);
  return query.sort === 'quality' ? [sql`${belowSiteMean} asc`, ...order] : order;
}

function naturalOrder(query: IdeasQuery): SQL[] {
  const sort = listSort(query);
  const flip = query.sortDirection !== 'default';
  // Directions and NULLS placement match the partial indexes of db/schema/ideas.ts, so that they serve the order.
  const by = (column: SQL | AnyColumn, natural: 'asc' | 'desc') => {
    const direction = flip ? query.sortDirection : natural;
    return direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  };
  switch (sort) {
    case 'price':
      return [by(ideas.price, 'asc'), by(ideas.id, 'asc')];
    case 'date':
      return [by(ideas.nextDateAt, 'asc'), by(ideas.id, 'asc')];
    case 'rating':
      // Highest Bayesian average first (few reviews weigh less); ideas without reviews (null) last either way.
      return [by(ideas.ratingScore, 'desc'), by(ideas.id, 'desc')];
    case 'distance':
      return [by(distanceKm(query.gps_lat!, query.gps_lon!), 'asc'), by(ideas.id, 'asc')];
    case 'relevance':
      // Best first in either direction: the ranked matches are the best ones.
      return [sql`${matchRank} desc`, sql`${ideas.id} desc`];
    default:
      return [by(ideas.publishedAt, 'desc'), by(ideas.id, 'desc')];
  }
}
