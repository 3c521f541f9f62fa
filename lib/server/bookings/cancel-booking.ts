import 'server-only';
import { eq } from 'drizzle-orm';
import { cancellationRefusal, freeCancellationDeadline } from '@/lib/bookings/cancellation';
import { statesMovableTo } from '@/lib/bookings/states';
import { localDay, localTime } from '@/lib/time/local-time';
import type { Viewer } from '../accounts/viewer';
import { getDb } from '../db';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { ideaDates } from '../db/schema';
import { ApiError, forbidden } from '../http/problem';
import { recordCancellation } from './booking-limits';
import { requireVisibleBooking } from './booking-queries';
import { commitMove } from './booking-transitions';

const alreadyEnded = (status: string) =>
  status === 'cancelled'
    ? 'This booking is already cancelled.'
    : status === 'confirmed'
      ? 'The guide has just accepted this request: look at the booking again before cancelling it.'
      : `This booking can no longer be cancelled: it is ${status}.`;

/**
 * POST /bookings/{hid}/cancel: the traveller cancels a request at any time before the start, and a confirmed booking
 * within its free-cancellation terms; the seats go back. Answered as createBooking.
 */
export async function cancelBooking(hid: string, viewer: Viewer, language: TextLanguage, now = new Date()) {
  const booking = await requireVisibleBooking(hid, viewer);
  if (booking.userId !== viewer.id) throw forbidden('Only the traveller can cancel a booking.');
  if (!statesMovableTo('cancelled', 'traveller').includes(booking.status))
    throw new ApiError(409, 'Conflict', alreadyEnded(booking.status));
  const db = await getDb();
  const [date] = await db.select().from(ideaDates).where(eq(ideaDates.id, booking.ideaDateId));
  // A request binds nobody yet: only the start ends the traveller's right to withdraw it.
  const refusal = date ? cancellationRefusal(booking.cancellationPolicy, date.startsAt, now) : 'started';
  if (refusal === 'started')
    throw new ApiError(409, 'Conflict', 'The trip has started; it can no longer be cancelled here.');
  if (booking.status === 'confirmed' && refusal === 'nonRefundable')
    throw new ApiError(409, 'Conflict', 'This booking is non-refundable: it cannot be cancelled.');
  if (booking.status === 'confirmed' && refusal === 'deadlinePassed') {
    const deadline = freeCancellationDeadline(booking.cancellationPolicy, date!.startsAt)!;
    throw new ApiError(
      409,
      'Conflict',
      `Free cancellation ended on ${localDay(deadline)} ${localTime(deadline)} (Vladivostok time); the booking can no longer be cancelled.`,
    );
  }
  // Counted against the account's booking limits (never refused): see booking-limits.ts.
  await recordCancellation(viewer.id, booking.ideaDateId, now);
  // Only from the state checked above: a request accepted meanwhile is not cancelled under the request's rules.
  return commitMove(booking, { to: 'cancelled', who: 'traveller', from: booking.status }, language, now, alreadyEnded);
}
