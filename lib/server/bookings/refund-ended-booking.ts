import 'server-only';
import { and, eq } from 'drizzle-orm';
import { refundAmount } from '@/lib/payments/amounts';
import type { Tx } from '../db';
import { ideaDates, payments } from '../db/schema';
import { requestRefund } from '../payments/refund-payment';

type EndedBooking = Pick<
  typeof import('../db/schema').bookings.$inferSelect,
  'id' | 'ideaDateId' | 'cancellationPolicy' | 'endedBy' | 'status'
>;

/**
 * In the transaction that ended a booking: what was paid online comes back as the cancellation policy says
 * (lib/payments/amounts.ts refundAmount): all of it when the guide, moderation or the system ended it; the
 * traveller's own cancellation inside the free window, all of it, after it nothing. The refunds are rows with
 * their jobs (requestRefund), so they commit exactly with the cancellation.
 */
export async function refundEndedBooking(tx: Tx, booking: EndedBooking, now: Date): Promise<void> {
  const paid = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'succeeded')));
  if (paid.length === 0 || !booking.endedBy) return;
  const [date] = await tx
    .select({ startsAt: ideaDates.startsAt })
    .from(ideaDates)
    .where(eq(ideaDates.id, booking.ideaDateId));
  const reason = booking.status === 'declined' || booking.status === 'expired' ? booking.status : booking.endedBy;
  for (const payment of paid) {
    // requestRefund caps the amount at what is left of the payment.
    const amount = refundAmount({
      paid: payment.amount,
      refunded: 0,
      policy: booking.cancellationPolicy,
      startsAt: date.startsAt,
      now,
      endedBy: booking.endedBy,
    });
    await requestRefund(tx, { paymentId: payment.id, amount, reason });
  }
}
