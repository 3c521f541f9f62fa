import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { paymentSplit } from '@/lib/payments/amounts';
import { transaction } from '../db';
import { toHid } from '../db/hids';
import { bookings, payments } from '../db/schema';
import { notFound } from '../http/problem';
import { env } from '../platform/env';

/**
 * Test support (POST /test/payments): a succeeded online payment of a booking, of what the server's PAYMENT_MODE
 * takes online, as if the traveller had paid at the gateway. The booking flow does not take payments yet.
 */
export async function recordTestPayment(
  bookingHid: string,
): Promise<{ hid: string; amount: number; currency: string }> {
  const { PAYMENT_MODE, PREPAY_PERCENT } = env();
  return transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.hid, bookingHid));
    if (!booking) throw notFound('There is no such booking.');
    const { now, currency } = paymentSplit(booking.total, booking.currency, PAYMENT_MODE, PREPAY_PERCENT);
    const [payment] = await tx
      .insert(payments)
      .values({
        hid: `test-${randomUUID()}`,
        bookingId: booking.id,
        driver: 'none',
        idempotencyKey: `sopka-test-payment-${randomUUID()}`,
        amount: now,
        currency,
        status: 'succeeded',
      })
      .returning();
    const hid = toHid(payment.id);
    await tx.update(payments).set({ hid }).where(eq(payments.id, payment.id));
    return { hid, amount: now, currency };
  });
}
