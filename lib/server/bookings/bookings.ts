import 'server-only';
import { ideaChanged } from '../cache/invalidate';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateBookingBody, userBookingsQuery } from '@/lib/contract/bookings';
import { pageMetaOf } from '@/lib/contract/common';
import { parseIdOrHid } from '@/lib/contract/ids';
import { getDb, transaction, type Tx } from '../db';
import { bookings, ideaDates, ideas, photos, users } from '../db/schema';
import { toHid } from '../db/hids';
import { ApiError, forbidden, invalid, notFound } from '../http/problem';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { imageKeys, mediaUrl } from '../platform/storage';
import { catalog } from '../cache/catalog-cache';
import { findUserId } from '../accounts/users';
import { isModerator, type Viewer } from '../accounts/viewer';
import { canReview } from '@/lib/reviews/rules';
import { cancellationRefusal, freeCancellationDeadline } from '@/lib/bookings/cancellation';
import { localDay, localTime } from '@/lib/time/local-time';
import { reviewsOfBookings } from '../reviews/reviews';
import { enqueueBookingEmails } from '../mail/notifications';
import { meetingPointOf } from '../ideas/resource';
import { emailQueued } from '../mail/worker';
import { consumeBookingLimit, recordCancellation } from './booking-limits';

type BookingRow = typeof bookings.$inferSelect;

const noSeats = (left: number) =>
  new ApiError(
    409,
    'Conflict',
    left > 0 ? `Only ${left} seats are left on this date.` : 'No seats are left on this date.',
  );

/**
 * POST /bookings: seats are taken with one conditional UPDATE, so concurrent bookings can never take
 * more seats than there are; the total is computed here from the idea's prices. The answer is built inside the
 * transaction: once it has committed, nothing may fail and tell the traveller otherwise.
 */
export async function createBooking(body: CreateBookingBody, viewer: Viewer, language: TextLanguage, now = new Date()) {
  const db = await getDb();
  const ideaRef =
    typeof body.idea_id === 'number' ? { kind: 'id' as const, id: body.idea_id } : parseIdOrHid(body.idea_id);
  if (!ideaRef) throw invalid({ idea_id: ['Use the idea id or hid.'] });
  const [idea] = await db
    .select()
    .from(ideas)
    .where(
      and(
        ideaRef.kind === 'id' ? eq(ideas.id, ideaRef.id) : eq(ideas.hid, ideaRef.hid),
        eq(ideas.status, 'published'),
        isNull(ideas.deletedAt),
      ),
    );
  if (!idea) throw notFound('There is no such idea to book.');
  // A guide booking their own trip could then review it (issue 37).
  if (idea.authorId === viewer.id) throw new ApiError(409, 'Conflict', 'You cannot book your own idea.');
  const persons = body.adults + body.children;
  if (body.children > 0 && !idea.childrenAllowed) throw invalid({ children: ['Children cannot join this trip.'] });
  if (persons > idea.maxPersons) throw invalid({ adults: [`At most ${idea.maxPersons} people in one booking.`] });
  if (idea.price === null) throw invalid({ idea_id: ['This idea has no price yet.'] });
  const total = body.adults * idea.price + body.children * (idea.childPrice ?? idea.price);

  // Each booking emails the traveller and the guide: an account books only so often (429 beyond, booking-limits.ts).
  const bookingLimit = await consumeBookingLimit(viewer.id, body.idea_date_id, now);
  const { currencies } = await catalog();
  // Lock order (see patchIdea): the departure row, then content_version through the trigger of this UPDATE.
  const resource = await transaction(async (tx) => {
    const [date] = await tx
      .update(ideaDates)
      .set({ seatsLeft: sql`${ideaDates.seatsLeft} - ${persons}` })
      .where(
        and(
          eq(ideaDates.id, body.idea_date_id),
          eq(ideaDates.ideaId, idea.id),
          gt(ideaDates.startsAt, now),
          gte(ideaDates.seatsLeft, persons),
        ),
      )
      .returning();
    if (!date) {
      const [existing] = await tx
        .select()
        .from(ideaDates)
        .where(and(eq(ideaDates.id, body.idea_date_id), eq(ideaDates.ideaId, idea.id)));
      if (!existing) throw invalid({ idea_date_id: ['This date does not belong to the idea.'] });
      if (existing.startsAt <= now) throw invalid({ idea_date_id: ['This date has already started.'] });
      throw noSeats(existing.seatsLeft);
    }
    const [row] = await tx
      .insert(bookings)
      .values({
        hid: `new-${randomUUID()}`,
        userId: viewer.id,
        ideaId: idea.id,
        ideaDateId: date.id,
        adults: body.adults,
        children: body.children,
        total,
        currency: idea.currency,
        contact: body.contact,
        // Ideas submitted before there were terms got the usual rule in migration 0018.
        cancellationPolicy: idea.cancellationPolicy ?? 'free_24h',
        createdAt: now,
      })
      .returning();
    const [booking] = await tx
      .update(bookings)
      .set({ hid: toHid(row.id) })
      .where(eq(bookings.id, row.id))
      .returning();
    // The confirmation (traveller) and the news (author) commit with the booking, or not at all.
    await enqueueBookingEmails(tx, booking.id, 'confirmed');
    const [resource] = await bookingResources([booking], language, now, { tx, currencies });
    return resource;
  }).catch(bookingLimit.giveBack);
  ideaChanged(idea.id);
  emailQueued();
  return resource;
}

async function requireVisibleBooking(hid: string, viewer: Viewer): Promise<BookingRow> {
  const db = await getDb();
  const [row] = await db
    .select({ booking: bookings, authorId: ideas.authorId })
    .from(bookings)
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .where(eq(bookings.hid, hid));
  if (!row) throw notFound('There is no such booking.');
  // The traveller, the idea's author and moderators may see a booking.
  if (row.booking.userId !== viewer.id && row.authorId !== viewer.id && !isModerator(viewer))
    throw forbidden('This booking is not yours.');
  return row.booking;
}

/** POST /bookings/{hid}/cancel: the traveller cancels before the start; the seats go back. Answered as createBooking. */
export async function cancelBooking(hid: string, viewer: Viewer, language: TextLanguage, now = new Date()) {
  const booking = await requireVisibleBooking(hid, viewer);
  if (booking.userId !== viewer.id) throw forbidden('Only the traveller can cancel a booking.');
  if (booking.status === 'cancelled') throw new ApiError(409, 'Conflict', 'This booking is already cancelled.');
  // Counted against the account's booking limits (never refused): see booking-limits.ts.
  await recordCancellation(viewer.id, booking.ideaDateId, now);
  const { currencies } = await catalog();
  const resource = await transaction(async (tx) => {
    // The departure is locked first, as everywhere (see patchIdea).
    const [date] = await tx.select().from(ideaDates).where(eq(ideaDates.id, booking.ideaDateId)).for('no key update');
    const refusal = date ? cancellationRefusal(booking.cancellationPolicy, date.startsAt, now) : 'started';
    if (refusal === 'started')
      throw new ApiError(409, 'Conflict', 'The trip has started; it can no longer be cancelled here.');
    if (refusal === 'nonRefundable')
      throw new ApiError(409, 'Conflict', 'This booking is non-refundable: it cannot be cancelled.');
    if (refusal === 'deadlinePassed') {
      const deadline = freeCancellationDeadline(booking.cancellationPolicy, date!.startsAt)!;
      throw new ApiError(
        409,
        'Conflict',
        `Free cancellation ended on ${localDay(deadline)} ${localTime(deadline)} (Vladivostok time); the booking can no longer be cancelled.`,
      );
    }
    const rows = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'confirmed')))
      .returning();
    if (rows.length === 0) throw new ApiError(409, 'Conflict', 'This booking is already cancelled.');
    await tx
      .update(ideaDates)
      .set({
        seatsLeft: sql`least(${ideaDates.seatsTotal}, ${ideaDates.seatsLeft} + ${booking.adults + booking.children})`,
      })
      .where(eq(ideaDates.id, booking.ideaDateId));
    await enqueueBookingEmails(tx, booking.id, 'cancelled');
    const [resource] = await bookingResources(rows, language, now, { tx, currencies });
    return resource;
  });
  ideaChanged(booking.ideaId);
  emailQueued();
  return resource;
}

/**
 * What building a booking's answer inside its transaction needs: the transaction, and the catalog read before it
 * began (the catalog checks its version on another connection, which PGlite's one connection, or a busy pool,
 * would make wait for this transaction's end).
 */
interface InTransaction {
  tx: Tx;
  currencies: Awaited<ReturnType<typeof catalog>>['currencies'];
}

/** The API shape of bookings, with the idea's title and cover and the departure. */
export async function bookingResources(
  rows: BookingRow[],
  language: TextLanguage,
  now = new Date(),
  transaction?: InTransaction,
) {
  if (rows.length === 0) return [];
  const db = transaction?.tx ?? (await getDb());
  const [ideaRows, dateRows, travellerRows, reviewMap] = await Promise.all([
    db
      .select()
      .from(ideas)
      .where(
        inArray(
          ideas.id,
          rows.map((r) => r.ideaId),
        ),
      ),
    db
      .select()
      .from(ideaDates)
      .where(
        inArray(
          ideaDates.id,
          rows.map((r) => r.ideaDateId),
        ),
      ),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.userId),
        ),
      ),
    reviewsOfBookings(
      rows.map((r) => r.id),
      transaction?.tx,
    ),
  ]);
  const coverIds = ideaRows.map((i) => i.coverPhotoId).filter((id): id is number => id !== null);
  const coverRows = coverIds.length
    ? await db.select({ id: photos.id, storageKey: photos.storageKey }).from(photos).where(inArray(photos.id, coverIds))
    : [];
  const coverMap = new Map(coverRows.map((p) => [p.id, p.storageKey]));
  const { currencies } = transaction ?? (await catalog());
  const ideaMap = new Map(ideaRows.map((i) => [i.id, i]));
  const dateMap = new Map(dateRows.map((d) => [d.id, d]));
  const travellerMap = new Map(travellerRows.map((u) => [u.id, u]));
  return rows.map((row) => {
    const idea = ideaMap.get(row.ideaId)!;
    const date = dateMap.get(row.ideaDateId)!;
    return {
      id: row.id,
      hid: row.hid,
      type: 'bookings' as const,
      attributes: {
        status: row.status,
        adults: row.adults,
        children: row.children,
        total: row.total,
        currency: row.currency,
        symbol: currencies.get(row.currency)?.symbol ?? row.currency,
        contact: row.contact,
        starts_at: date.startsAt.toISOString(),
        upcoming: date.startsAt > now,
        created_at: row.createdAt.toISOString(),
        cancelled_at: row.cancelledAt?.toISOString() ?? null,
        traveller_name: travellerMap.get(row.userId)?.name ?? '',
        /** The trip has ended, the booking was not cancelled and has no review yet. */
        can_review:
          // A guide's own booking of their idea (made before such bookings were refused) is never reviewed.
          row.userId !== idea.authorId &&
          !reviewMap.has(row.id) &&
          idea.deletedAt === null &&
          canReview({ status: row.status, startsAt: date.startsAt, durationMinutes: idea.durationMinutes }, now),
        review: reviewMap.get(row.id) ?? null,
        /** The terms the booking was made under, not the idea's current ones. */
        cancellation_policy: row.cancellationPolicy,
        free_cancellation_until: freeCancellationDeadline(row.cancellationPolicy, date.startsAt)?.toISOString() ?? null,
        can_cancel:
          row.status === 'confirmed' && cancellationRefusal(row.cancellationPolicy, date.startsAt, now) === null,
        meeting_point: meetingPointOf(idea, language),
      },
      relationships: {
        idea: {
          data: {
            id: idea.id,
            hid: idea.hid,
            title: pick(idea.title, language),
            // Deleted ideas stay readable in their bookings.
            deleted: idea.deletedAt !== null,
            cover_url:
              idea.coverPhotoId && coverMap.has(idea.coverPhotoId)
                ? mediaUrl(imageKeys(coverMap.get(idea.coverPhotoId)!).cover)
                : null,
          },
        },
      },
    };
  });
}

/** GET /bookings/{hid} */
export async function getBooking(hid: string, language: TextLanguage, viewer: Viewer) {
  const [data] = await bookingResources([await requireVisibleBooking(hid, viewer)], language);
  return { data };
}

/** GET /users/{id}/bookings: own bookings (as=traveller) or bookings of own ideas (as=author). */
export async function listUserBookings(
  userParam: string,
  query: z.infer<typeof userBookingsQuery>,
  language: TextLanguage,
  viewer: Viewer,
  now = new Date(),
) {
  const userId = await findUserId(userParam);
  if (userId !== viewer.id) throw forbidden('You can see only your own bookings.');
  const db = await getDb();
  const conditions: SQL[] = [query.as === 'author' ? eq(ideas.authorId, userId) : eq(bookings.userId, userId)];
  if (query.when === 'upcoming') conditions.push(gt(ideaDates.startsAt, now));
  if (query.when === 'past') conditions.push(lte(ideaDates.startsAt, now));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ booking: bookings })
      .from(bookings)
      .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
      .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
      .where(where)
      .orderBy(query.when === 'past' ? desc(ideaDates.startsAt) : asc(ideaDates.startsAt), desc(bookings.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(bookings)
      .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
      .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
      .where(where),
  ]);
  return {
    data: await bookingResources(
      rows.map((r) => r.booking),
      language,
      now,
    ),
    meta: pageMetaOf(query.page, query.limit, total),
  };
}
