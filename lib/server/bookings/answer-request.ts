import 'server-only';
import { eq } from 'drizzle-orm';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { isModerator, type Viewer } from '../accounts/viewer';
import { getDb } from '../db';
import { bookings, ideas } from '../db/schema';
import { forbidden, notFound } from '../http/problem';
import { commitMove, type BookingRow } from './booking-transitions';

/**
 * The request `hid` names, for the guide of its idea. The traveller (and a moderator) may see it but not answer
 * it (403); to anyone else it does not exist (404).
 */
export async function requireGuidesBooking(hid: string, viewer: Viewer): Promise<BookingRow> {
  const db = await getDb();
  const [row] = await db
    .select({ booking: bookings, authorId: ideas.authorId })
    .from(bookings)
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .where(eq(bookings.hid, hid));
  if (row?.authorId === viewer.id) return row.booking;
  if (row && (row.booking.userId === viewer.id || isModerator(viewer)))
    throw forbidden('Only the guide of the idea can answer a request.');
  throw notFound('There is no such booking.');
}

const answered = (status: string) => `This request is no longer waiting for an answer: it is ${status}.`;

/** POST /bookings/{hid}/accept: the guide confirms a request; its seats stay taken. */
export async function acceptBooking(hid: string, viewer: Viewer, language: TextLanguage, now = new Date()) {
  const booking = await requireGuidesBooking(hid, viewer);
  return commitMove(booking, { to: 'confirmed', who: 'guide' }, language, now, answered);
}

/** POST /bookings/{hid}/decline: the guide declines a request with a message; its seats go back. */
export async function declineBooking(
  hid: string,
  message: string,
  viewer: Viewer,
  language: TextLanguage,
  now = new Date(),
) {
  const booking = await requireGuidesBooking(hid, viewer);
  return commitMove(booking, { to: 'declined', who: 'guide', reason: message }, language, now, answered);
}
