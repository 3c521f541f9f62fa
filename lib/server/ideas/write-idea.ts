import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { PatchIdeaBody } from '@/lib/contract/own-ideas';
import { localStartMinute } from '@/lib/time/local-time';
import { catalog } from '../cache/catalog-cache';
import { getDb, type Tx } from '../db';
import { bookings, ideaDates, ideaItineraries, ideaTypes, ideas, photos, type LocalizedText } from '../db/schema';
import { ApiError, invalid } from '../http/problem';
import type { IdeaRow } from './find-idea';
import { writeAvailability } from './idea-availability';
import { LIVE_BOOKING_STATUSES, refreshNextDate } from './next-date';

/** An author's save of the editor (PATCH /ideas/{hid}, and a new draft's first save), step by step. */

type DateRow = typeof ideaDates.$inferSelect;

/** Category, place, type and currency must exist: a PATCH naming an unknown one is a 422, never a 500. */
export async function checkReferences(body: PatchIdeaBody): Promise<void> {
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

/**
 * Writes a PATCH body to an idea inside the caller's transaction (checkReferences first, outside it); a published
 * idea goes back to moderation.
 */
export async function writeIdea(tx: Tx, idea: IdeaRow, body: PatchIdeaBody, now: Date): Promise<void> {
  const existingDates = await lockEditedRows(tx, idea.id, body);
  await writeIdeaRow(tx, idea, body, now);
  if (body.dates) await writeDepartures(tx, idea.id, body.dates, existingDates, now);
  if (body.itinerary) await writeItinerary(tx, idea.id, body.itinerary);
  if (body.photo_ids) await orderPhotos(tx, idea.id, body.photo_ids);
  await writeAvailability(tx, idea.id, body);
}

/**
 * Every write to these tables also updates the single content_version row (migration 0003) and holds it to the
 * commit. So the rows this edit changes are locked before its first write, in one order everywhere (the idea, its
 * departures by id, its photos): a booking holding a departure then never waits for content_version held by an
 * edit that waits for the same departure. Answers the idea's departures when the body replaces them.
 */
async function lockEditedRows(tx: Tx, ideaId: number, body: PatchIdeaBody): Promise<DateRow[]> {
  await tx.select({ id: ideas.id }).from(ideas).where(eq(ideas.id, ideaId)).for('no key update');
  const existing = body.dates
    ? await tx
        .select()
        .from(ideaDates)
        .where(and(eq(ideaDates.ideaId, ideaId), isNull(ideaDates.cancelledAt)))
        .orderBy(asc(ideaDates.id))
        .for('update')
    : [];
  if (body.photo_ids)
    await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.ideaId, ideaId))
      .orderBy(asc(photos.id))
      .for('update');
  return existing;
}

const merge = (current: LocalizedText, patch: Partial<LocalizedText> | undefined): LocalizedText =>
  patch ? { ...current, ...patch, ru: patch.ru ?? current.ru } : current;

/** The idea's own columns the body changes (texts merged by language), checked, then written. */
async function writeIdeaRow(tx: Tx, idea: IdeaRow, body: PatchIdeaBody, now: Date): Promise<void> {
  const fields = {
    title: merge(idea.title, body.title),
    description: merge(idea.description, body.description),
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
    ...(body.booking_mode !== undefined ? { bookingMode: body.booking_mode } : {}),
    ...(body.response_hours !== undefined ? { responseHours: body.response_hours } : {}),
    ...(body.format !== undefined ? { format: body.format } : {}),
    ...(body.slot_step_minutes !== undefined ? { slotStepMinutes: body.slot_step_minutes } : {}),
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
}

/**
 * The list replaces the future departures (the editor sees only those); past and cancelled ones stay as history.
 * A departure keeps its bookings: it is removed only without any, and never gets fewer seats than are booked.
 */
async function writeDepartures(
  tx: Tx,
  ideaId: number,
  dates: NonNullable<PatchIdeaBody['dates']>,
  existing: DateRow[],
  now: Date,
): Promise<void> {
  const keep = new Set(dates.flatMap((d) => (d.id ? [d.id] : [])));
  for (const id of keep)
    if (!existing.some((d) => d.id === id)) throw invalid({ dates: [`Date ${id} does not belong to this idea.`] });
  const dropped = existing.filter((d) => !keep.has(d.id) && d.startsAt > now).map((d) => d.id);
  if (dropped.length) {
    const [booked] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.ideaDateId, dropped), inArray(bookings.status, LIVE_BOOKING_STATUSES)))
      .limit(1);
    if (booked)
      throw new ApiError(409, 'Conflict', 'A date with bookings cannot be removed; cancel its bookings first.');
    await tx.delete(ideaDates).where(inArray(ideaDates.id, dropped));
  }
  for (const date of dates) {
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
        ideaId,
        startsAt,
        localStartMinute: localStartMinute(startsAt),
        seatsTotal: date.seats_total,
        seatsLeft: date.seats_total,
      });
    }
  }
  await refreshNextDate(tx, ideaId, now);
}

/** The itinerary is replaced as a whole. */
async function writeItinerary(tx: Tx, ideaId: number, itinerary: NonNullable<PatchIdeaBody['itinerary']>) {
  await tx.delete(ideaItineraries).where(eq(ideaItineraries.ideaId, ideaId));
  if (itinerary.length) {
    await tx.insert(ideaItineraries).values(
      itinerary.map((step, position) => ({
        ideaId,
        position,
        title: { ...step.title, ru: step.title.ru ?? '' },
        description: { ...step.description, ru: step.description?.ru ?? '' },
        durationMinutes: step.duration_minutes ?? null,
      })),
    );
  }
}

/** The idea's photos in the body's order; the ones left out are removed, and the cover with them. */
async function orderPhotos(tx: Tx, ideaId: number, photoIds: number[]): Promise<void> {
  const own = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.ideaId, ideaId))
    .orderBy(asc(photos.position));
  const ids = new Set(own.map((p) => p.id));
  if (photoIds.some((id) => !ids.has(id))) throw invalid({ photo_ids: ["Only this idea's photos can be ordered."] });
  const removed = own.filter((p) => !photoIds.includes(p.id)).map((p) => p.id);
  if (removed.length) await tx.delete(photos).where(inArray(photos.id, removed));
  for (const [position, id] of photoIds.entries()) await tx.update(photos).set({ position }).where(eq(photos.id, id));
  const [cover] = await tx.select({ coverPhotoId: ideas.coverPhotoId }).from(ideas).where(eq(ideas.id, ideaId));
  if (!cover.coverPhotoId || removed.includes(cover.coverPhotoId))
    await tx
      .update(ideas)
      .set({ coverPhotoId: photoIds[0] ?? null })
      .where(eq(ideas.id, ideaId));
}
