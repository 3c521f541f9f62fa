import 'server-only';
import { ideaChanged } from '../cache/invalidate';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, min } from 'drizzle-orm';
import type { PatchIdeaBody } from '@/lib/contract/own-ideas';
import { DEFAULT_DETAIL_INCLUDES } from '@/lib/contract/ideas';
import { parseIdOrHid } from '@/lib/contract/ids';
import { localStartMinute } from '@/lib/time/local-time';
import { getDb, transaction, type Tx } from '../db';
import { bookings, ideaDates, ideaItineraries, ideaTypes, ideas, photos, type LocalizedText } from '../db/schema';
import { toHid } from '../db/hids';
import { ApiError, forbidden, invalid, notFound } from '../http/problem';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { catalog } from '../cache/catalog-cache';
import { getIdea } from './query';
import { isModerator, type Viewer } from '../accounts/viewer';

type IdeaRow = typeof ideas.$inferSelect;

/** An author's ideas: a new draft, its texts, changes and deletion. Moderation is in moderation.ts. */

/** The undeleted idea a path param (id or hid) names; 404 when there is none. */
export async function findIdea(param: string): Promise<IdeaRow> {
  const parsed = parseIdOrHid(param);
  const db = await getDb();
  const [row] = parsed
    ? await db
        .select()
        .from(ideas)
        .where(and(parsed.kind === 'id' ? eq(ideas.id, parsed.id) : eq(ideas.hid, parsed.hid), isNull(ideas.deletedAt)))
    : [];
  if (!row) throw notFound('There is no such idea.');
  return row;
}

export function requireAuthor(idea: IdeaRow, viewer: Viewer): void {
  if (idea.authorId !== viewer.id) throw forbidden('Only the author can change this idea.');
}

export const detail = (idea: { hid: string }, language: TextLanguage, viewer: Viewer) =>
  getIdea(idea.hid, DEFAULT_DETAIL_INCLUDES, language, viewer);

/** Category, place, type and currency must exist: a PATCH naming an unknown one is a 422, never a 500. */
async function checkReferences(body: PatchIdeaBody): Promise<void> {
  const errors: Record<string, string[]> = {};
  const known = await catalog();
  if (body.category_id && !known.categories.has(body.category_id)) errors.category_id = ['There is no such category.'];
  if (body.place_id && !known.places.has(body.place_id)) errors.place_id = ['There is no such place.'];
  if (body.currency && !known.currencies.has(body.currency)) errors.currency = ['This currency is not available.'];
  if (body.idea_type_id !== undefined) {
    const db = await getDb();
    const [type] = await db.select({ id: ideaTypes.id }).from(ideaTypes).where(eq(ideaTypes.id, body.idea_type_id));
    if (!type) errors.idea_type_id = ['There is no such idea type.'];
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

const allLanguages = (text: Partial<LocalizedText> | null | undefined) => ({
  ru: text?.ru ?? '',
  en: text?.en ?? '',
  zh: text?.zh ?? '',
});

/** GET /ideas/{hid}/texts: every language of the texts, for the editor; the author and moderators only. */
export async function ideaTexts(param: string, viewer: Viewer) {
  const idea = await findIdea(param);
  if (idea.authorId !== viewer.id && !isModerator(viewer))
    throw forbidden('Only the author or a moderator can read all texts of this idea.');
  const db = await getDb();
  const steps = await db
    .select()
    .from(ideaItineraries)
    .where(eq(ideaItineraries.ideaId, idea.id))
    .orderBy(asc(ideaItineraries.position));
  return {
    data: {
      title: allLanguages(idea.title),
      description: allLanguages(idea.description),
      includes: allLanguages(idea.includes),
      meeting_point: allLanguages(idea.meetingPoint),
      itinerary: steps.map((step) => ({
        title: allLanguages(step.title),
        description: allLanguages(step.description),
        duration_minutes: step.durationMinutes,
      })),
    },
  };
}

const merge = (current: LocalizedText, patch: Partial<LocalizedText> | undefined): LocalizedText =>
  patch ? { ...current, ...patch, ru: patch.ru ?? current.ru } : current;

/**
 * POST /users/{hid}/ideas: a new draft owned by the caller, with the fields of the editor's first save written in
 * the same transaction (a refused body leaves no draft behind). GET createAndGetEmpty is this with no fields.
 */
export async function createIdea(
  userId: number,
  body: PatchIdeaBody,
  language: TextLanguage,
  viewer: Viewer,
  now = new Date(),
) {
  if (userId !== viewer.id) throw forbidden('You can create ideas only for yourself.');
  await checkReferences(body);
  const idea = await transaction(async (tx) => {
    const [row] = await tx
      .insert(ideas)
      .values({ hid: `new-${randomUUID()}`, authorId: viewer.id, status: 'draft' })
      .returning();
    const created = { ...row, hid: toHid(row.id) };
    await tx.update(ideas).set({ hid: created.hid }).where(eq(ideas.id, row.id));
    await writeIdea(tx, created, body, now);
    return created;
  });
  ideaChanged(idea.id);
  return detail(idea, language, viewer);
}

/** PATCH /ideas/{hid}: the author edits any field; a published idea goes back to moderation. */
export async function patchIdea(
  param: string,
  body: PatchIdeaBody,
  language: TextLanguage,
  viewer: Viewer,
  now = new Date(),
) {
  const idea = await findIdea(param);
  requireAuthor(idea, viewer);
  await checkReferences(body);
  await transaction((tx) => writeIdea(tx, idea, body, now));
  ideaChanged(idea.id);
  return detail(idea, language, viewer);
}

/** Writes a PATCH body to an idea inside the caller's transaction; a published idea goes back to moderation. */
async function writeIdea(tx: Tx, idea: IdeaRow, body: PatchIdeaBody, now: Date): Promise<void> {
  // Every write to these tables also updates the single content_version row (migration 0003) and holds
  // it to the commit. So the rows this edit changes are locked before its first write, in one order
  // everywhere (the idea, its departures by id, its photos): a booking holding a departure then never
  // waits for content_version held by an edit that waits for the same departure.
  await tx.select({ id: ideas.id }).from(ideas).where(eq(ideas.id, idea.id)).for('no key update');
  const existing = body.dates
    ? await tx.select().from(ideaDates).where(eq(ideaDates.ideaId, idea.id)).orderBy(asc(ideaDates.id)).for('update')
    : [];
  if (body.photo_ids)
    await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.ideaId, idea.id))
      .orderBy(asc(photos.id))
      .for('update');
  const title = merge(idea.title, body.title);
  const description = merge(idea.description, body.description);
  const fields = {
    title,
    description,
    includes: merge(idea.includes, body.includes),
    meetingPoint: merge(idea.meetingPoint, body.meeting_point),
    ...(body.category_id !== undefined ? { categoryId: body.category_id } : {}),
    ...(body.place_id !== undefined ? { placeId: body.place_id } : {}),
    ...(body.idea_type_id !== undefined ? { ideaTypeId: body.idea_type_id } : {}),
    ...(body.languages !== undefined ? { languages: body.languages } : {}),
    ...(body.duration_minutes !== undefined ? { durationMinutes: body.duration_minutes } : {}),
    ...(body.price !== undefined ? { price: body.price } : {}),
    ...(body.child_price !== undefined ? { childPrice: body.child_price } : {}),
    ...(body.currency !== undefined ? { currency: body.currency } : {}),
    ...(body.min_persons !== undefined ? { minPersons: body.min_persons } : {}),
    ...(body.max_persons !== undefined ? { maxPersons: body.max_persons } : {}),
    ...(body.children_allowed !== undefined ? { childrenAllowed: body.children_allowed } : {}),
    ...(body.lat !== undefined ? { lat: body.lat } : {}),
    ...(body.lon !== undefined ? { lon: body.lon } : {}),
    ...(body.cancellation_policy !== undefined ? { cancellationPolicy: body.cancellation_policy } : {}),
    ...(body.meeting_lat !== undefined ? { meetingLat: body.meeting_lat } : {}),
    ...(body.meeting_lon !== undefined ? { meetingLon: body.meeting_lon } : {}),
    ...(body.cover_photo_id !== undefined ? { coverPhotoId: body.cover_photo_id } : {}),
    ...(idea.status === 'published' ? { status: 'not-moderated' as const, publishedAt: null } : {}),
    updatedAt: now,
  };
  if (fields.minPersons !== undefined && (fields.maxPersons ?? idea.maxPersons) < fields.minPersons)
    throw invalid({ min_persons: ['Must not be above max_persons.'] });
  if (body.cover_photo_id) {
    const [photo] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.id, body.cover_photo_id), eq(photos.ideaId, idea.id)));
    if (!photo) throw invalid({ cover_photo_id: ["The cover must be one of this idea's photos."] });
  }
  await tx.update(ideas).set(fields).where(eq(ideas.id, idea.id));

  if (body.dates) {
    const keep = new Set(body.dates.flatMap((d) => (d.id ? [d.id] : [])));
    for (const id of keep)
      if (!existing.some((d) => d.id === id)) throw invalid({ dates: [`Date ${id} does not belong to this idea.`] });
    // The list replaces the future departures (the editor sees only those); past ones stay as history.
    const dropped = existing.filter((d) => !keep.has(d.id) && d.startsAt > now).map((d) => d.id);
    if (dropped.length) {
      const [booked] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(inArray(bookings.ideaDateId, dropped), eq(bookings.status, 'confirmed')))
        .limit(1);
      if (booked)
        throw new ApiError(409, 'Conflict', 'A date with bookings cannot be removed; cancel its bookings first.');
      await tx.delete(ideaDates).where(inArray(ideaDates.id, dropped));
    }
    for (const date of body.dates) {
      const startsAt = new Date(date.starts_at);
      if (date.id) {
        const current = existing.find((d) => d.id === date.id)!;
        const booked = current.seatsTotal - current.seatsLeft;
        if (date.seats_total < booked)
          throw invalid({ dates: [`${booked} seats are already booked on ${current.startsAt.toISOString()}.`] });
        await tx
          .update(ideaDates)
          .set({
            startsAt,
            localStartMinute: localStartMinute(startsAt),
            seatsTotal: date.seats_total,
            seatsLeft: date.seats_total - booked,
          })
          .where(eq(ideaDates.id, date.id));
      } else {
        await tx.insert(ideaDates).values({
          ideaId: idea.id,
          startsAt,
          localStartMinute: localStartMinute(startsAt),
          seatsTotal: date.seats_total,
          seatsLeft: date.seats_total,
        });
      }
    }
    const [next] = await tx
      .select({ at: min(ideaDates.startsAt) })
      .from(ideaDates)
      .where(and(eq(ideaDates.ideaId, idea.id), gt(ideaDates.startsAt, now)));
    await tx
      .update(ideas)
      .set({ nextDateAt: next?.at ?? null })
      .where(eq(ideas.id, idea.id));
  }

  if (body.itinerary) {
    await tx.delete(ideaItineraries).where(eq(ideaItineraries.ideaId, idea.id));
    if (body.itinerary.length) {
      await tx.insert(ideaItineraries).values(
        body.itinerary.map((step, position) => ({
          ideaId: idea.id,
          position,
          title: { ...step.title, ru: step.title.ru ?? '' },
          description: { ...step.description, ru: step.description?.ru ?? '' },
          durationMinutes: step.duration_minutes ?? null,
        })),
      );
    }
  }

  if (body.photo_ids) {
    const own = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.ideaId, idea.id))
      .orderBy(asc(photos.position));
    const ids = new Set(own.map((p) => p.id));
    if (body.photo_ids.some((id) => !ids.has(id)))
      throw invalid({ photo_ids: ["Only this idea's photos can be ordered."] });
    const removed = own.filter((p) => !body.photo_ids!.includes(p.id)).map((p) => p.id);
    if (removed.length) await tx.delete(photos).where(inArray(photos.id, removed));
    for (const [position, id] of body.photo_ids.entries())
      await tx.update(photos).set({ position }).where(eq(photos.id, id));
    const [cover] = await tx.select({ coverPhotoId: ideas.coverPhotoId }).from(ideas).where(eq(ideas.id, idea.id));
    if (!cover.coverPhotoId || removed.includes(cover.coverPhotoId))
      await tx
        .update(ideas)
        .set({ coverPhotoId: body.photo_ids[0] ?? null })
        .where(eq(ideas.id, idea.id));
  }
}

/** DELETE /ideas/{hid}: the author or a moderator; bookings of the idea stay readable. */
export async function deleteIdea(param: string, viewer: Viewer, now = new Date()) {
  const idea = await findIdea(param);
  if (idea.authorId !== viewer.id && !isModerator(viewer))
    throw forbidden('Only the author or a moderator can delete this idea.');
  const db = await getDb();
  await db.update(ideas).set({ deletedAt: now, updatedAt: now }).where(eq(ideas.id, idea.id));
  ideaChanged(idea.id);
}
