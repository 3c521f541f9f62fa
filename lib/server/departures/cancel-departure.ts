import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { localDay, localTime } from '@/lib/time/local-time';
import type { Viewer } from '../accounts/viewer';
import { refundEndedBooking } from '../bookings/refund-ended-booking';
import { ideaChanged } from '../cache/invalidate';
import { postMessage } from '../conversations/post-message';
import { transaction } from '../db';
import { bookings, ideaDates } from '../db/schema';
import { recordEvent, eventsRecorded } from '../events/record-event';
import { ApiError } from '../http/problem';
import { LIVE_BOOKING_STATUSES, refreshNextDate } from '../ideas/next-date';
import { cancelJob } from '../jobs/schedule-job';
import { emailQueued } from '../mail/worker';
import { enqueueDepartureCancelledEmail } from './departure-emails';
import { requireGuideOfDeparture, requireOwnDeparture } from './departure-resource';
import { conversationsOf, manifestOf } from './manifest';

/**
 * POST /office/departures/{id}/cancel: the guide cancels a departure that has not started. In one
 * transaction: the departure is marked, every live booking on it is cancelled by the guide with the reason, each
 * traveller gets a system message in their conversation and an email, and the bookings' and departure's scheduled
 * jobs are cancelled. The departure then leaves the idea page and listings at once (every process's cache).
 */
export async function cancelDeparture(
  param: string,
  reason: string,
  viewer: Viewer,
  language: TextLanguage,
  now = new Date(),
) {
  const { date, idea } = await requireGuideOfDeparture(param, viewer);
  await transaction(async (tx) => {
    // The departure is locked first, as everywhere (see lockEditedRows in ideas/write-idea.ts): a booking made
    // meanwhile either committed before (and is cancelled here) or sees the departure cancelled.
    const [locked] = await tx.select().from(ideaDates).where(eq(ideaDates.id, date.id)).for('update');
    if (locked.cancelledAt) throw new ApiError(409, 'Conflict', 'This departure is already cancelled.');
    if (locked.startsAt <= now)
      throw new ApiError(409, 'Conflict', 'This departure has started; it cannot be cancelled.');
    const [cancelled] = await tx
      .update(ideaDates)
      .set({ cancelledAt: now, cancelReason: reason, seatsLeft: locked.seatsTotal })
      .where(eq(ideaDates.id, date.id))
      .returning();
    const ended = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: now, endedBy: 'guide', endReason: reason })
      .where(and(eq(bookings.ideaDateId, date.id), inArray(bookings.status, LIVE_BOOKING_STATUSES)))
      .returning();
    const byTraveller = await conversationsOf(
      tx,
      idea.id,
      idea.authorId,
      ended.map((b) => b.userId),
    );
    const when = `${localDay(date.startsAt)} ${localTime(date.startsAt)}`;
    for (const booking of ended) {
      await postMessage(tx, byTraveller.get(booking.userId)!, {
        senderId: null,
        kind: 'system',
        // The English fallback: each reader sees the event rendered in their language.
        text: `The guide cancelled the departure on ${when} (Vladivostok time). Reason: ${reason}`,
        event: { type: 'departure_cancelled', bookingHid: booking.hid, reason },
        bookingId: booking.id,
      });
      await recordEvent(tx, [booking.userId, idea.authorId], 'booking', { booking: booking.hid, status: 'cancelled' });
      // Refunded before the email is written, which says how much comes back.
      await refundEndedBooking(tx, booking, now);
      await enqueueDepartureCancelledEmail(tx, booking, idea, cancelled, reason);
      await cancelJob(tx, `booking-reminder:${booking.id}`);
      await cancelJob(tx, `review-invitation:${booking.id}`);
    }
    await cancelJob(tx, `departure-manifest:${date.id}`);
    await refreshNextDate(tx, idea.id, now);
  });
  eventsRecorded();
  emailQueued();
  ideaChanged(idea.id);
  return { data: await manifestOf(await requireOwnDeparture(param, viewer), language) };
}
