import 'server-only';
import { alias } from 'drizzle-orm/pg-core';
import { and, asc, eq, getTableColumns, gte, inArray, isNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_PLACE_ID } from '@/lib/constants';
import { pageMetaOf } from '@/lib/contract/common';
import type { IdeaInclude, IdeaResource, IdeasQuery } from '@/lib/contract/ideas';
import { parseIdOrHid } from '@/lib/contract/ids';
import { localDay, localDayStart, nextLocalDayStart } from '@/lib/time/local-time';
import { getDb } from '../db';
import { ideaDates, ideaItineraries, ideas, listingCounts, photos, profiles, users } from '../db/schema';
import { toHid } from '../db/hids';
import { forbidden, notFound, unauthenticated } from '../http/problem';
import { pick, type TextLanguage } from '../db/localized';
import { imageKeys, mediaUrl } from '../platform/storage';
import { cachedAnswer } from '../cache/answer-cache';
import { catalog, descendantsOf } from '../cache/catalog-cache';
import { isModerator, type Viewer } from '../accounts/viewer';

type IdeaRow = typeof ideas.$inferSelect;

/** A listing card needs neither the long texts nor the search text: leaving them out keeps the rows small. */
const {
  description: _description,
  searchText: _searchText,
  departureDays: _departureDays,
  ...LIST_COLUMNS
} = getTableColumns(ideas);
type ListRow = Omit<IdeaRow, 'description' | 'searchText' | 'departureDays'>;

const TIME_OF_DAY_MINUTES = { morning: [0, 720], day: [720, 1020], evening: [1020, 1440] } as const;

/** Most departures listed with an idea in a listing (a detail page gets them all). */
const LIST_DATES_LIMIT = 12;

function distanceKm(lat: number, lon: number): SQL<number> {
  // Equirectangular approximation: exact enough for "nearest first" within a region.
  return sql<number>`(sqrt(power(${ideas.lat} - ${lat}, 2) + power((${ideas.lon} - ${lon}) * ${Math.cos((lat * Math.PI) / 180)}, 2)) * 111.32)`;
}

/**
 * The departure conditions of a query (dates, time of day, guests). A date range becomes an overlap with
 * the indexed `departure_days`; that alone is exact for one range of whole future days. Otherwise (today,
 * whose earlier departures have left, a time of day, guests, two ranges) a per-departure check follows it.
 */
function departureConditions(query: IdeasQuery, now: Date): SQL[] {
  const today = localDay(now);
  const conditions: SQL[] = [];
  const departure: SQL[] = [];
  let exact = true;
  for (const [from, to] of [
    [query.date_from, query.date_to],
    [query.checkin, query.checkout],
  ] as const) {
    if (!from) continue;
    const last = to ?? from;
    departure.push(
      sql`d.starts_at >= ${localDayStart(from).toISOString()}`,
      sql`d.starts_at < ${nextLocalDayStart(last).toISOString()}`,
    );
    const first = from < today ? today : from;
    if (first > last) return [sql`false`];
    if (first === today || conditions.length > 0) exact = false;
    conditions.push(sql`${ideas.departureDays} && daterange(${first}::date, ${last}::date, '[]')`);
  }
  if (query.time_of_day) {
    const [start, end] = TIME_OF_DAY_MINUTES[query.time_of_day];
    departure.push(sql`d.local_start_minute >= ${start}`, sql`d.local_start_minute < ${end}`);
    exact = false;
  }
  const guests = (query.adults ?? 0) + (query.children ?? 0);
  if (guests > 0) {
    departure.push(sql`d.seats_left >= ${guests}`);
    exact = false;
  }
  if (departure.length > 0 && !(exact && conditions.length > 0)) {
    conditions.push(
      sql`exists (select 1 from idea_dates d where d.idea_id = ${ideas.id} and d.starts_at >= ${now.toISOString()} and ${sql.join(departure, sql` and `)})`,
    );
  }
  return conditions;
}

/** `column = any(ids)` with the ids as one array parameter: cheaper to build than an IN list of one parameter each. */
const anyOf = (column: AnyColumn, ids: number[]) => sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;

/** A listing's filter, and its total when a cheaper way than counting the matching ideas exists. */
type ListFilter = { where: SQL; total?: SQL<number> };

/** The total of published ideas in some places (and one category), summed from listing_counts. */
function storedTotal(placeIds: number[], categoryId: number | undefined): SQL<number> {
  const category = categoryId === undefined ? sql`` : sql` and ${listingCounts.categoryId} = ${categoryId}`;
  return sql<number>`(select coalesce(sum(${listingCounts.ideas}), 0)::int from ${listingCounts} where ${anyOf(listingCounts.placeId, placeIds)}${category})`;
}

async function listFilter(query: IdeasQuery, viewer: Viewer | null, now: Date): Promise<ListFilter> {
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
  if (query.query) {
    const needle = `%${query.query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`${ideas.searchText} like ${needle}`);
  }
  const guests = (query.adults ?? 0) + (query.children ?? 0);
  if (guests > 0) conditions.push(gte(ideas.maxPersons, guests));
  if ((query.children ?? 0) > 0) conditions.push(eq(ideas.childrenAllowed, true));
  conditions.push(...departureConditions(query, now));
  if (query.gps_lat !== undefined && query.gps_lon !== undefined) conditions.push(sql`${ideas.lat} is not null`);
  const where = and(...conditions)!;
  // The default listing, a place and a category: the most visited pages, and the largest counts.
  const stored = query.f === undefined && tree?.length && conditions.length === placeAndCategoryOnly;
  return stored ? { where, total: storedTotal(tree, query.category_id) } : { where };
}

function listOrder(query: IdeasQuery): SQL[] {
  const nearby = query.search_type === 'nearby';
  const sort = nearby && query.sort === 'default' ? 'distance' : query.sort;
  const flip = query.sortDirection !== 'default';
  // Directions and NULLS placement match the partial indexes of schema.ts, so that they serve the order.
  const by = (column: SQL | AnyColumn, natural: 'asc' | 'desc') => {
    const direction = flip ? query.sortDirection : natural;
    return direction === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
  };
  switch (sort) {
    case 'price':
      return [by(ideas.price, 'asc'), by(ideas.id, 'asc')];
    case 'date':
      return [by(ideas.nextDateAt, 'asc'), by(ideas.id, 'asc')];
    case 'distance':
      return [by(distanceKm(query.gps_lat!, query.gps_lon!), 'asc'), by(ideas.id, 'asc')];
    default:
      return [by(ideas.publishedAt, 'desc'), by(ideas.id, 'desc')];
  }
}

/** The answer cache may serve a departure that started less than this long ago as "future". */
const FRESHNESS_MS = 60_000;
const freshnessBucket = (now: Date) => Math.floor(now.getTime() / FRESHNESS_MS);

/** GET /ideas: one page of ideas with pagination meta. Anonymous answers are cached (see answer-cache). */
export async function listIdeas(query: IdeasQuery, language: TextLanguage, viewer: Viewer | null, now = new Date()) {
  if (viewer !== null || query.f !== undefined) return buildList(query, language, viewer, now);
  return cachedAnswer(`ideas|${language}|${freshnessBucket(now)}|${JSON.stringify(query)}`, () =>
    buildList(query, language, null, now),
  );
}

async function buildList(query: IdeasQuery, language: TextLanguage, viewer: Viewer | null, now: Date) {
  return pageOfIdeas(await listFilter(query, viewer, now), query, language, now);
}

/** GET /users/{id}/ideas: the author sees every status of their ideas, everyone else the published ones. */
export async function listAuthorIdeas(
  authorId: number,
  query: IdeasQuery,
  language: TextLanguage,
  viewer: Viewer | null,
  now = new Date(),
) {
  const own = viewer?.id === authorId;
  const where = and(
    eq(ideas.authorId, authorId),
    isNull(ideas.deletedAt),
    ...(own ? [] : [eq(ideas.status, 'published')]),
  )!;
  // An author's own list shows the most recently edited first.
  const order = query.sort === 'default' ? [sql`${ideas.updatedAt} desc`, sql`${ideas.id} desc`] : listOrder(query);
  return pageOfIdeas({ where }, query, language, now, order, { withRefusal: own });
}

const coverPhoto = alias(photos, 'cover_photo');
/** Departures as `json_build_array(id, starts_at, seats_total, seats_left)`, earliest first. */
type DeparturesJson = [number, string, number, number][] | null;

/** The timestamp columns of a listing row, which JSON carries as text. */
const LIST_TIMESTAMPS = Object.entries(LIST_COLUMNS).flatMap(([key, column]) =>
  column.columnType === 'PgTimestamp' ? [key as keyof ListRow] : [],
);

/** `json_build_object('key', column, …)` over columns named by our own keys (never by input). */
const jsonObject = (columns: Record<string, AnyColumn | SQL>) =>
  sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;

type ListedJson = { idea: Record<string, unknown>; coverKey: string | null; author: AuthorRow; dates: DeparturesJson };

/**
 * A listing row as one JSON value: the idea with its cover key, its author and profile, and its next
 * departures, from ideas joined with the cover photo, the author and the profile. One statement, because a
 * round trip to the database costs the server more than the rows it brings (uncached on PostgreSQL at
 * 100 000 ideas, 5–25% more listings per second than five queries); one JSON value per row, because mapping
 * thirty-odd fields per row was the largest part of the server's work on a listing.
 */
function listedJson(now: Date) {
  return sql<ListedJson>`json_build_object(
    'idea', ${jsonObject(LIST_COLUMNS)},
    'coverKey', ${coverPhoto.storageKey},
    'author', ${jsonObject({ id: users.id, hid: users.hid, name: users.name, avatarKey: users.avatarKey, profileHid: profiles.hid })},
    'dates', (
      select json_agg(json_build_array(listed.id, listed.starts_at, listed.seats_total, listed.seats_left) order by listed.starts_at)
      from (select d.id, d.starts_at, d.seats_total, d.seats_left from ${ideaDates} d
            where d.idea_id = ${ideas.id} and d.starts_at >= ${now.toISOString()} order by d.starts_at limit ${LIST_DATES_LIMIT}) listed))`;
}

function listRowOf(json: Record<string, unknown>): ListRow {
  for (const key of LIST_TIMESTAMPS) if (typeof json[key] === 'string') json[key] = new Date(json[key]);
  return json as ListRow;
}

/** The parts of `Related` that listed rows already carry. */
function relatedOf(rows: (Omit<ListedJson, 'idea'> & { idea: ListRow })[]): Preloaded {
  return {
    coverKeys: new Map(
      rows.flatMap((r) => (r.coverKey && r.idea.coverPhotoId ? [[r.idea.coverPhotoId, r.coverKey] as const] : [])),
    ),
    authors: new Map(rows.map((r) => [r.author.id, r.author])),
    dates: new Map(
      rows.map((r) => [
        r.idea.id,
        (r.dates ?? []).map(([id, startsAt, seatsTotal, seatsLeft]) => ({
          id,
          startsAt: new Date(startsAt),
          seatsTotal,
          seatsLeft,
        })),
      ]),
    ),
  };
}

/** One page of a listing in one statement, its total included. */
async function pageOfIdeas(
  { where, total = sql<number>`(select count(*)::int from ${ideas} where ${where})` }: ListFilter,
  query: IdeasQuery,
  language: TextLanguage,
  now: Date,
  order = listOrder(query),
  extra: Pick<ResourceOptions, 'withRefusal'> = {},
) {
  const db = await getDb();
  const offset = (query.page - 1) * query.limit;
  const hasPosition = query.gps_lat !== undefined && query.gps_lon !== undefined;
  const selected = await db
    .select({
      listed: listedJson(now),
      total,
      ...(hasPosition ? { distance: distanceKm(query.gps_lat!, query.gps_lon!) } : {}),
    })
    .from(ideas)
    .leftJoin(coverPhoto, eq(coverPhoto.id, ideas.coverPhotoId))
    .innerJoin(users, eq(users.id, ideas.authorId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset(offset);
  const rows = selected.map((r) => ({
    ...r.listed,
    idea: listRowOf(r.listed.idea),
    distance: (r as { distance?: number }).distance,
  }));
  // A page past the end has no row to carry the total.
  const count =
    selected.length > 0
      ? selected[0].total
      : offset === 0
        ? 0
        : (await db.select({ total }).from(sql`(select 1) as one`))[0].total;
  const include: IdeaInclude[] = query.simple_resource ? ['price'] : query.include;
  const data = await toResources(
    rows.map((r) => r.idea),
    include,
    language,
    now,
    { ...extra, distances: hasPosition ? new Map(rows.map((r) => [r.idea.id, Number(r.distance)])) : undefined },
    relatedOf(rows),
  );
  return { data, meta: pageMetaOf(query.page, query.limit, count) };
}

/** GET /ideas/{id|hid}: published ideas for everyone, others only for their author and moderators. */
export async function getIdea(
  param: string,
  include: IdeaInclude[],
  language: TextLanguage,
  viewer: Viewer | null,
  now = new Date(),
) {
  if (viewer !== null) return buildIdea(param, include, language, viewer, now);
  return cachedAnswer(`idea|${language}|${freshnessBucket(now)}|${param}|${include.join(',')}`, () =>
    buildIdea(param, include, language, null, now),
  );
}

async function buildIdea(
  param: string,
  include: IdeaInclude[],
  language: TextLanguage,
  viewer: Viewer | null,
  now: Date,
) {
  const parsed = parseIdOrHid(param);
  if (!parsed) throw notFound('There is no such idea.');
  const db = await getDb();
  // Joining the related rows in, as a listing page does, measured no faster for a single idea.
  const [row] = await db
    .select()
    .from(ideas)
    .where(and(parsed.kind === 'id' ? eq(ideas.id, parsed.id) : eq(ideas.hid, parsed.hid), isNull(ideas.deletedAt)));
  const visible = row && (row.status === 'published' || viewer?.id === row.authorId || isModerator(viewer));
  if (!visible) throw notFound('There is no such idea.');
  const [data] = await toResources([row], include, language, now, { withDescription: true });
  return { data };
}

/** A related row in the API's resource shape (no relationships of its own). */
function childResource<T extends string, A>(type: T, id: number, attributes: A) {
  return { id, hid: toHid(id), type, attributes, relationships: {} };
}

interface ResourceOptions {
  withDescription?: boolean;
  /** The author's own list shows why a refused idea was refused. */
  withRefusal?: boolean;
  distances?: Map<number, number>;
}

type DepartureRow = Pick<typeof ideaDates.$inferSelect, 'id' | 'startsAt' | 'seatsTotal' | 'seatsLeft'>;
type AuthorRow = Pick<typeof users.$inferSelect, 'id' | 'hid' | 'name' | 'avatarKey'> & { profileHid: string | null };

/** What resources are made of besides the idea rows: each map by the id its rows hang on. */
interface Related {
  /** Storage keys by photo id. */
  coverKeys: Map<number, string>;
  /** Future departures, earliest first, by idea id. */
  dates: Map<number, DepartureRow[]>;
  photos: Map<number, (typeof photos.$inferSelect)[]>;
  steps: Map<number, (typeof ideaItineraries.$inferSelect)[]>;
  /** By user id. */
  authors: Map<number, AuthorRow>;
}

/** What a listing page brings along with its rows (see relatedColumns). */
type Preloaded = Pick<Related, 'coverKeys' | 'dates' | 'authors'>;

function groupByIdea<T extends { ideaId: number | null }>(list: T[]): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of list)
    if (item.ideaId !== null) (map.get(item.ideaId) ?? map.set(item.ideaId, []).get(item.ideaId)!).push(item);
  return map;
}

/** Loads, one query each, the parts of `Related` that `wants` needs and `preloaded` does not carry. */
async function loadRelated(
  rows: ListRow[],
  wants: Set<IdeaInclude>,
  now: Date,
  preloaded?: Preloaded,
): Promise<Related> {
  const db = await getDb();
  const ids = rows.map((r) => r.id);
  const none = Promise.resolve(undefined);
  const [coverRows, dateRows, photoRows, stepRows, authorRows] = await Promise.all([
    preloaded
      ? none
      : db
          .select({ id: photos.id, storageKey: photos.storageKey })
          .from(photos)
          .where(
            inArray(
              photos.id,
              rows.map((r) => r.coverPhotoId ?? 0),
            ),
          ),
    preloaded
      ? none
      : db
          .select({
            id: ideaDates.id,
            ideaId: ideaDates.ideaId,
            startsAt: ideaDates.startsAt,
            seatsTotal: ideaDates.seatsTotal,
            seatsLeft: ideaDates.seatsLeft,
          })
          .from(ideaDates)
          .where(and(inArray(ideaDates.ideaId, ids), gte(ideaDates.startsAt, now)))
          .orderBy(asc(ideaDates.ideaId), asc(ideaDates.startsAt)),
    wants.has('photos')
      ? db.select().from(photos).where(inArray(photos.ideaId, ids)).orderBy(asc(photos.ideaId), asc(photos.position))
      : none,
    wants.has('ideaItineraries')
      ? db
          .select()
          .from(ideaItineraries)
          .where(inArray(ideaItineraries.ideaId, ids))
          .orderBy(asc(ideaItineraries.ideaId), asc(ideaItineraries.position))
      : none,
    wants.has('author') && !preloaded
      ? db
          .select({
            id: users.id,
            hid: users.hid,
            name: users.name,
            avatarKey: users.avatarKey,
            profileHid: profiles.hid,
          })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(
            inArray(
              users.id,
              rows.map((r) => r.authorId),
            ),
          )
      : none,
  ]);
  return {
    coverKeys: new Map((coverRows ?? []).map((c) => [c.id, c.storageKey])),
    dates: groupByIdea(dateRows ?? []),
    authors: new Map((authorRows ?? []).map((a) => [a.id, a])),
    ...preloaded,
    photos: groupByIdea(photoRows ?? []),
    steps: groupByIdea(stepRows ?? []),
  };
}

/** Turns idea rows into API resources with every included relationship. */
async function toResources(
  rows: (ListRow & Partial<Pick<IdeaRow, 'description'>>)[],
  include: IdeaInclude[],
  language: TextLanguage,
  now: Date,
  options: ResourceOptions = {},
  preloaded?: Preloaded,
): Promise<IdeaResource[]> {
  if (rows.length === 0) return [];
  const wants = new Set(include);
  const { places: placeMap, categories: categoryMap, currencies: currencyMap } = await catalog();
  const related = await loadRelated(rows, wants, now, preloaded);

  return rows.map((row) => {
    const place = row.placeId ? placeMap.get(row.placeId) : undefined;
    const coverKey = row.coverPhotoId ? related.coverKeys.get(row.coverPhotoId) : undefined;
    const dates = related.dates.get(row.id) ?? [];
    const currency = currencyMap.get(row.currency);
    const price = { amount: row.price, currency: row.currency, symbol: currency?.symbol ?? row.currency };
    const relationships: IdeaResource['relationships'] = {};
    if (wants.has('price')) relationships.price = { data: price };
    if (wants.has('ideaPrice'))
      relationships.ideaPrice = {
        data: { ...price, child_amount: row.childPrice, includes: pick(row.includes, language) },
      };
    if (wants.has('bookingParams'))
      relationships.bookingParams = {
        data: { min_persons: row.minPersons, max_persons: row.maxPersons, children_allowed: row.childrenAllowed },
      };
    if (wants.has('futureDates')) {
      relationships.futureDates = {
        data: dates.map((d) =>
          childResource('ideaDates', d.id, {
            starts_at: d.startsAt.toISOString(),
            seats_total: d.seatsTotal,
            seats_left: d.seatsLeft,
          }),
        ),
      };
    }
    if (wants.has('photos')) {
      relationships.photos = {
        data: (related.photos.get(row.id) ?? []).map((p) => {
          const keys = imageKeys(p.storageKey);
          return childResource('photos', p.id, {
            cover_url: mediaUrl(keys.cover),
            large_url: mediaUrl(keys.large),
            width: p.width,
            height: p.height,
            position: p.position,
          });
        }),
      };
    }
    if (wants.has('ideaItineraries')) {
      relationships.ideaItineraries = {
        data: (related.steps.get(row.id) ?? []).map((step) =>
          childResource('ideaItineraries', step.id, {
            position: step.position,
            title: pick(step.title, language),
            description: pick(step.description, language),
            duration_minutes: step.durationMinutes,
          }),
        ),
      };
    }
    if (wants.has('author')) {
      const author = related.authors.get(row.authorId);
      if (author) {
        relationships.author = {
          data: {
            id: author.id,
            hid: author.hid,
            type: 'users',
            attributes: {
              name: author.name,
              image_url: author.avatarKey ? mediaUrl(author.avatarKey) : null,
              profile_hid: author.profileHid ?? '',
            },
            relationships: {},
          },
        };
      }
    }
    if (wants.has('place') && place)
      relationships.place = { data: { id: place.id, title: pick(place.title, language), parent_id: place.parentId } };
    if (wants.has('category') && row.categoryId) {
      const category = categoryMap.get(row.categoryId);
      if (category)
        relationships.category = {
          data: { id: category.id, title: pick(category.title, language), color: category.color },
        };
    }
    const distance = options.distances?.get(row.id);
    return {
      id: row.id,
      hid: row.hid,
      type: 'ideas',
      attributes: {
        title: pick(row.title, language),
        ...(options.withDescription && row.description ? { description: pick(row.description, language) } : {}),
        status: row.status,
        ...(options.withDescription || options.withRefusal ? { refusal_reason: row.refusalReason } : {}),
        category_id: row.categoryId,
        place_id: row.placeId,
        place_title: place ? pick(place.title, language) : '',
        idea_type_id: row.ideaTypeId,
        languages: row.languages,
        duration_minutes: row.durationMinutes,
        lat: row.lat,
        lon: row.lon,
        cover_url: coverKey ? mediaUrl(imageKeys(coverKey).cover) : null,
        next_date: dates[0]?.startsAt.toISOString() ?? null,
        ...(distance !== undefined ? { distance_km: Math.round(distance * 10) / 10 } : {}),
        published_at: row.publishedAt?.toISOString() ?? null,
      },
      relationships,
    };
  });
}
