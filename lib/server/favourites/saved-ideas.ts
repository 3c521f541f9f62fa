import 'server-only';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { MAX_FAVOURITES, type FavouritesQuery } from '@/lib/contract/favourites';
import { parseIdOrHid } from '@/lib/contract/ids';
import { namesViewer } from '../accounts/users';
import type { Viewer } from '../accounts/viewer';
import { getDb } from '../db';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { favourites, ideas } from '../db/schema';
import { ApiError, forbidden, notFound } from '../http/problem';
import { listFavouriteIdeas } from '../ideas/query';

/**
 * A user's saved ideas (the heart on cards and idea pages). Only the user themself reads and changes them.
 * Saving and removing are idempotent; a saved idea that is later unpublished or deleted is kept but not listed.
 */

/**
 * The viewer's id when the path names the viewer (by id or hid); any other param, whether it names another user or
 * nobody, gets the same 403, so the answer never tells which user ids exist.
 */
async function ownerId(userParam: string, viewer: Viewer): Promise<number> {
  if (!(await namesViewer(userParam, viewer))) throw forbidden('You can see and change only your own favourites.');
  return viewer.id;
}

/** The idea a path param (id or hid) names; `published` limits it to ideas a visitor can see. */
async function ideaIdOf(param: string, { published }: { published: boolean }): Promise<number> {
  const parsed = parseIdOrHid(param);
  if (!parsed) throw notFound('There is no such idea.');
  const db = await getDb();
  const [row] = await db
    .select({ id: ideas.id, status: ideas.status, deletedAt: ideas.deletedAt })
    .from(ideas)
    .where(parsed.kind === 'id' ? eq(ideas.id, parsed.id) : eq(ideas.hid, parsed.hid));
  if (!row || (published && (row.status !== 'published' || row.deletedAt !== null)))
    throw notFound('There is no such idea.');
  return row.id;
}

/** PUT /users/{id}/favourites/{idea}: saves a published idea; saving it again changes nothing. */
export async function addFavourite(userParam: string, ideaParam: string, viewer: Viewer): Promise<void> {
  const userId = await ownerId(userParam, viewer);
  const ideaId = await ideaIdOf(ideaParam, { published: true });
  const db = await getDb();
  const [{ saved }] = await db.select({ saved: count() }).from(favourites).where(eq(favourites.userId, userId));
  if (saved >= MAX_FAVOURITES) {
    const [already] = await db
      .select({ one: favourites.ideaId })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.ideaId, ideaId)));
    if (already) return;
    throw new ApiError(409, 'Conflict', `At most ${MAX_FAVOURITES} ideas can be saved. Remove some first.`);
  }
  await db.insert(favourites).values({ userId, ideaId }).onConflictDoNothing();
}

/** DELETE /users/{id}/favourites/{idea}: removing an idea that is not saved changes nothing. */
export async function removeFavourite(userParam: string, ideaParam: string, viewer: Viewer): Promise<void> {
  const userId = await ownerId(userParam, viewer);
  // Any idea that exists, so that one no longer published can still be removed.
  const ideaId = await ideaIdOf(ideaParam, { published: false });
  const db = await getDb();
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.ideaId, ideaId)));
}

/** GET /users/{id}/favourites: a page of cards, or (`ids_only`) the id and hid of every saved published idea. */
export async function listFavourites(
  userParam: string,
  query: FavouritesQuery,
  language: TextLanguage,
  viewer: Viewer,
) {
  const userId = await ownerId(userParam, viewer);
  if (!query.ids_only) return listFavouriteIdeas(userId, query, language);
  const db = await getDb();
  const rows = await db
    .select({ id: ideas.id, hid: ideas.hid })
    .from(favourites)
    .innerJoin(ideas, eq(ideas.id, favourites.ideaId))
    .where(and(eq(favourites.userId, userId), eq(ideas.status, 'published'), isNull(ideas.deletedAt)))
    .orderBy(desc(favourites.createdAt), desc(favourites.ideaId))
    .limit(MAX_FAVOURITES);
  return { data: rows };
}
