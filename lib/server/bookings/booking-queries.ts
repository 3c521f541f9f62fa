import 'server-only';
import { and, asc, desc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { userBookingsQuery } from '@/lib/contract/bookings';
import { pageMetaOf } from '@/lib/contract/common';
import { namesViewer } from '../accounts/users';
import { isModerator, type Viewer } from '../accounts/viewer';
import { getDb } from '../db';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { bookings, ideaDates, ideas } from '../db/schema';
import { forbidden, notFound } from '../http/problem';
import { bookingResources } from './booking-resource';

type BookingRow = typeof bookings.$inferSelect;

/** The booking `hid` names, for a viewer who may see it (cancel-booking.ts narrows it to the traveller). */
export async function requireVisibleBooking(hid: string, viewer: Viewer): Promise<BookingRow> {
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
  // Another user's list and a user who does not exist get the same 403: the answer tells no user ids.
  if (!(await namesViewer(userParam, viewer))) throw forbidden('You can see only your own bookings.');
  const userId = viewer.id;
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

/** Requests waiting for this guide's answer, on all their ideas. */
const waitingFor = (guideId: number) => and(eq(ideas.authorId, guideId), eq(bookings.status, 'requested'));

/** GET /office/requests: the guide's waiting requests, the nearest deadline first. */
export async function listGuideRequests(language: TextLanguage, viewer: Viewer, now = new Date()) {
  const db = await getDb();
  const rows = await db
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .where(waitingFor(viewer.id))
    .orderBy(asc(bookings.respondBy), asc(bookings.id));
  const data = await bookingResources(
    rows.map((r) => r.booking),
    language,
    now,
  );
  return { data, meta: { total: data.length } };
}

/** How many requests wait for this guide's answer (the office menu's count). */
export async function countGuideRequests(guideId: number): Promise<number> {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(bookings)
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .where(waitingFor(guideId));
  return total;
}
