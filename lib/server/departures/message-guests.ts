import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../accounts/viewer';
import { postMessage } from '../conversations/post-message';
import { transaction } from '../db';
import { bookings } from '../db/schema';
import { eventsRecorded } from '../events/record-event';
import { LIVE_BOOKING_STATUSES } from '../ideas/next-date';
import { requireGuideOfDeparture } from './departure-resource';
import { conversationsOf } from './manifest';

/**
 * POST /office/departures/{id}/message: the guide's (only theirs) message to every live booking of a departure (confirmed,
 * requested, awaiting payment), one into each traveller's conversation, all or none. A traveller with two
 * bookings shares one conversation and gets it once. Answers how many conversations got it.
 */
export async function messageGuests(param: string, text: string, viewer: Viewer) {
  const { date, idea } = await requireGuideOfDeparture(param, viewer);
  const sent = await transaction(async (tx) => {
    const live = await tx
      .select({ id: bookings.id, userId: bookings.userId })
      .from(bookings)
      .where(and(eq(bookings.ideaDateId, date.id), inArray(bookings.status, LIVE_BOOKING_STATUSES)))
      .orderBy(asc(bookings.id));
    const byTraveller = await conversationsOf(
      tx,
      idea.id,
      idea.authorId,
      live.map((b) => b.userId),
    );
    const firstBooking = new Map<number, number>();
    for (const booking of live) if (!firstBooking.has(booking.userId)) firstBooking.set(booking.userId, booking.id);
    for (const [travellerId, bookingId] of firstBooking)
      await postMessage(tx, byTraveller.get(travellerId)!, { senderId: idea.authorId, text, bookingId });
    return firstBooking.size;
  });
  eventsRecorded();
  return { data: { sent } };
}
