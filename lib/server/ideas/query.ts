import 'server-only';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pageMetaOf } from '@/lib/contract/common';
import { ideasQuery, type IdeaInclude, type IdeasQuery } from '@/lib/contract/ideas';
import { parseIdOrHid, type IdOrHid } from '@/lib/contract/ids';
import { isModerator, type Viewer } from '../accounts/viewer';
import { cachedAnswer } from '../cache/answer-cache';
import { getDb } from '../db';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { favourites, ideas, profiles, users } from '../db/schema';
import { notFound } from '../http/problem';
import { distanceKm, listFilter, listOrder, type ListFilter } from './filters';
import {
  cardExtras,
  coverPhoto,
  detailJson,
  IDEA_COLUMNS,
  listedJson,
  listRowOf,
  relatedOf,
  relatedOfDetail,
} from './related';
import { isMatch, matchTotal, RANKED_MATCHES_LIMIT } from './search';
import { nextCursor, pageStart, type PageStart } from './keyset';
import { guideResponseHours } from './response-time';
import { toResources, type ResourceOptions } from './resource';
import { readAvailability } from './idea-availability';

/** The ideas a visitor reads: listings (GET /ideas, an author's list) and one idea (GET /ideas/{id}). */

/** The answer cache may serve a departure that started less than this long ago as "future". */
const FRESHNESS_MS = 60_000;
export const freshnessBucket = (now: Date) => Math.floor(now.getTime() / FRESHNESS_MS);

/** GET /ideas: one page of ideas with pagination meta. Anonymous answers are cached (see answer-cache). */
export async function listIdeas(query: IdeasQuery, language: TextLanguage, viewer: Viewer | null, now = new Date()) {
  if (viewer !== null || query.f !== undefined) return buildList(query, language, viewer, now);
  return cachedAnswer(`ideas|${language}|${freshnessBucket(now)}|${JSON.stringify(query)}`, () =>
    buildList(query, language, null, now),
  );
}

async function buildList(query: IdeasQuery, language: TextLanguage, viewer: Viewer | null, now: Date) {
  // The moderation queue is counted in full: a moderator works through all of it.
  const paging = { start: pageStart(query), capped: query.f === undefined };
  return pageOfIdeas(await listFilter(query, viewer, now), query, language, now, listOrder(query), {}, paging);
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

/**
 * GET /users/{id}/favourites: the user's saved ideas that are published, as listing cards, newest saved first.
 * Never cached: the answer is one user's.
 */
export async function listFavouriteIdeas(
  userId: number,
  { page, limit, include }: Pick<IdeasQuery, 'page' | 'limit' | 'include'>,
  language: TextLanguage,
  now = new Date(),
) {
  const db = await getDb();
  const saved = db.select({ id: favourites.ideaId }).from(favourites).where(eq(favourites.userId, userId));
  const where = and(eq(ideas.status, 'published'), isNull(ideas.deletedAt), inArray(ideas.id, saved))!;
  const savedAt = sql`(select ${favourites.createdAt} from ${favourites} where ${favourites.userId} = ${userId} and ${favourites.ideaId} = ${ideas.id})`;
  const query = { ...ideasQuery.parse({}), page, limit, include };
  return pageOfIdeas({ where }, query, language, now, [sql`${savedAt} desc`, sql`${ideas.id} desc`]);
}

/**
 * GET /ideas counts its matches up to this many and says "500+" beyond: counting every match of a broad filter
 * read all of them (at 100 000 ideas, most of a request's time). The same figure as a text search's ranked matches.
 */
export const COUNT_CAP = RANKED_MATCHES_LIMIT;

/** How a listing pages: where its page starts, and whether its total is counted up to COUNT_CAP only. */
type Paging = { start: PageStart; capped: boolean };

/** The relationships a listing's resources include. */
const includedBy = (query: IdeasQuery): IdeaInclude[] => (query.simple_resource ? ['price'] : query.include);

/** The statement of one listing page, its total included (also what `npm run explain:listing` explains). */
export async function listingStatement(
  { where, total: storedTotal, rankedMatches }: ListFilter,
  query: IdeasQuery,
  now: Date,
  order = listOrder(query),
  { start, capped }: Paging = { start: pageStart(query), capped: true },
  withRefusal = false,
) {
  const db = await getDb();
  const hasPosition = query.gps_lat !== undefined && query.gps_lon !== undefined;
  const matches = rankedMatches?.(start.offset + query.limit + 1);
  const counted = capped
    ? sql`(select 1 from ${ideas} where ${where} limit ${COUNT_CAP + 1}) counted`
    : sql`${ideas} where ${where}`;
  const total = matches ? matchTotal : (storedTotal ?? sql<number>`(select count(*)::int from ${counted})`);
  const listing = db
    .select({
      listed: listedJson(now, cardExtras(includedBy(query), withRefusal)),
      total,
      ...(hasPosition ? { distance: distanceKm(query.gps_lat!, query.gps_lon!) } : {}),
    })
    .from(ideas)
    .leftJoin(coverPhoto, eq(coverPhoto.id, ideas.coverPhotoId))
    .innerJoin(users, eq(users.id, ideas.authorId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .$dynamic();
  // One row more than the page: whether a next page exists, when the total does not say.
  const statement = (matches ? listing.innerJoin(matches, isMatch) : listing)
    .where(start.after ? and(where, start.after) : where)
    .orderBy(...order)
    .limit(query.limit + 1)
    .offset(start.offset);
  return { statement, total };
}

/** One page of a listing in one statement, its total included. */
async function pageOfIdeas(
  filter: ListFilter,
  query: IdeasQuery,
  language: TextLanguage,
  now: Date,
  order = listOrder(query),
  extra: Pick<ResourceOptions, 'withRefusal'> = {},
  paging: Paging = { start: { offset: (query.page - 1) * query.limit }, capped: false },
) {
  const db = await getDb();
  const { rankedMatches } = filter;
  const { statement, total } = await listingStatement(filter, query, now, order, paging, extra.withRefusal);
  const fetched = await statement;
  const more = fetched.length > query.limit;
  const selected = more ? fetched.slice(0, query.limit) : fetched;
  // The cursor's value is the row's as the database wrote it: a timestamp's microseconds are lost in a Date.
  const last = selected.at(-1)?.listed.idea;
  const cursor = more && last ? nextCursor(query, paging.start, selected.length, { ...last }) : null;
  const rows = selected.map((r) => ({
    ...r.listed,
    idea: listRowOf(r.listed.idea),
    distance: (r as { distance?: number }).distance,
  }));
  // A page past the end has no row to carry the total.
  const count =
    selected.length > 0
      ? selected[0].total
      : paging.start.offset === 0 && !paging.start.after
        ? 0
        : filter.rankedMatches
          ? ((await db.select({ total: matchTotal }).from(rankedMatches!(1)))[0]?.total ?? 0)
          : (await db.select({ total }).from(sql`(select 1) as one`))[0].total;
  const include = includedBy(query);
  const hasPosition = query.gps_lat !== undefined && query.gps_lon !== undefined;
  const data = await toResources(
    rows.map((r) => r.idea),
    include,
    language,
    now,
    { ...extra, distances: hasPosition ? new Map(rows.map((r) => [r.idea.id, Number(r.distance)])) : undefined },
    relatedOf(rows),
  );
  if (!paging.capped) return { data, meta: pageMetaOf(query.page, query.limit, count) };
  // A stored total (listing_counts) is exact at any size; a counted one stops at the cap.
  const atCap = filter.total === undefined && count >= COUNT_CAP;
  const meta = pageMetaOf(query.page, query.limit, atCap ? COUNT_CAP : count);
  // Past the cap the total no longer says where the list ends: the next page does, while there is one.
  if (atCap) meta.last_page = Math.max(meta.last_page, more ? query.page + 1 : query.page);
  return { data, meta: { ...meta, total_capped: atCap, next_cursor: cursor } };
}

/** GET /ideas/{id|hid}: published ideas for everyone, others only for their author and moderators. */
export async function getIdea(
  param: string,
  include: IdeaInclude[],
  language: TextLanguage,
  viewer: Viewer | null,
  now = new Date(),
) {
  const ref = parseIdOrHid(param);
  if (!ref) throw notFound('There is no such idea.');
  return getIdeaByRef(ref, include, language, viewer, now);
}

/** getIdea for a path param already parsed (the idea page parses its own once, for its metadata and itself). */
export async function getIdeaByRef(
  ref: IdOrHid,
  include: IdeaInclude[],
  language: TextLanguage,
  viewer: Viewer | null,
  now = new Date(),
) {
  if (viewer !== null) return buildIdea(ref, include, language, viewer, now);
  const key = ref.kind === 'id' ? ref.id : ref.hid;
  return cachedAnswer(`idea|${language}|${freshnessBucket(now)}|${key}|${include.join(',')}`, () =>
    buildIdea(ref, include, language, null, now),
  );
}

async function buildIdea(
  ref: IdOrHid,
  include: IdeaInclude[],
  language: TextLanguage,
  viewer: Viewer | null,
  now: Date,
) {
  const db = await getDb();
  const [found] = await db
    .select({ ...IDEA_COLUMNS, detail: detailJson(now, new Set(include)) })
    .from(ideas)
    .where(and(ref.kind === 'id' ? eq(ideas.id, ref.id) : eq(ideas.hid, ref.hid), isNull(ideas.deletedAt)));
  const visible = found && (found.status === 'published' || viewer?.id === found.authorId || isModerator(viewer));
  if (!visible) throw notFound('There is no such idea.');
  const { detail, ...row } = found;
  const [[data], usual] = await Promise.all([
    toResources([row], include, language, now, { withDescription: true }, relatedOfDetail(row, detail)),
    row.bookingMode === 'request' ? guideResponseHours(row.authorId, row.responseHours) : null,
  ]);
  if (usual !== null) data.attributes.usual_response_hours = usual;
  // A private idea's week, for its booking panel and its editor (the free times: GET /ideas/{id}/availability).
  if (row.format === 'private')
    data.attributes.private = { slot_step_minutes: row.slotStepMinutes, ...(await readAvailability(db, row.id)) };
  return { data };
}
