import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { cancellationRefusal, freeCancellationDeadline } from '@/lib/bookings/cancellation';
import { localDay, localTime } from '@/lib/time/local-time';
import type { Viewer } from '../accounts/viewer';
import { catalog } from '../cache/catalog-cache';
import { ideaChanged } from '../cache/invalidate';
import { transaction } from '../db';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { bookings, ideaDates } from '../db/schema';
import { ApiError, forbidden } from '../http/problem';
import { enqueueBookingEmails } from './booking-emails';
import { emailQueued } from '../mail/worker';
import { cancelBookingFollowUps } from './follow-ups';
import { recordCancellation } from './booking-limits';
import { requireVisibleBooking } from './booking-queries';
import { bookingResources } from './booking-resource';

/** POST /bookings/{hid}/cancel: the traveller cancels before the start; the seats go back. Answered as createBooking. */
export async function cancelBooking(hid: string, viewer: Viewer, language: TextLanguage, now = new Date()) {
  const booking = await requireVisibleBooking(hid, viewer);
  if (booking.userId !== viewer.id) throw forbidden('Only the traveller can cancel a booking.');
  if (booking.status === 'cancelled') throw new ApiError(409, 'Conflict', 'This booking is already cancelled.');
  // Counted against the account's booking limits (never refused): see booking-limits.ts.
  await recordCancellation(viewer.id, booking.ideaDateId, now);
  const { currencies } = await catalog();
  const resource = await transaction(async (tx) => {
    // The departure is locked first, as everywhere (see lockEditedRows in ideas/write-idea.ts).
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
    await cancelBookingFollowUps(tx, booking.id);
    const [resource] = await bookingResources(rows, language, now, { tx, currencies });
    return resource;
  });
  ideaChanged(booking.ideaId);
  emailQueued();
  return resource;
}
