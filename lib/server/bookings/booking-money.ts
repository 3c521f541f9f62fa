import 'server-only';
import { inArray } from 'drizzle-orm';
import { minorUnitDigits } from '@/lib/payments/amounts';
import type { Db } from '../db/client';
import type { Tx } from '../db';
import { payments, refunds } from '../db/schema';
import { holdEnd } from '../payments/expire-hold';
import { bookingSplit } from '../payments/payment-terms';

type BookingRow = typeof import('../db/schema').bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;

/** The payments of these bookings with their refunds, for their answers. */
export async function paymentsOfBookings(db: Db | Tx, bookingIds: number[]) {
  const paymentRows = await db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(payments.id);
  const refundRows = paymentRows.length
    ? await db
        .select()
        .from(refunds)
        .where(
          inArray(
            refunds.paymentId,
            paymentRows.map((p) => p.id),
          ),
        )
        .orderBy(refunds.id)
    : [];
  return { paymentRows, refundRows };
}

/**
 * A booking's money as the API shows it, in whole units of its currency (minor units divided, so 1500.5 is
 * possible for a partial refund): what is due and paid online, what is left for the guide on the day, the
 * latest payment's state, when an unpaid hold ends, and each refund with its state. Null for a booking paid
 * entirely on the day (PAYMENT_DRIVER=none, or made before payments).
 */
export function bookingMoney(
  booking: BookingRow,
  { paymentRows, refundRows }: { paymentRows: PaymentRow[]; refundRows: RefundRow[] },
) {
  const own = paymentRows.filter((p) => p.bookingId === booking.id);
  if (own.length === 0 && booking.status !== 'awaiting_payment') return null;
  const unit = 10 ** minorUnitDigits(booking.currency);
  const latest = own.at(-1);
  const paid = own.filter((p) => p.status === 'succeeded').reduce((sum, p) => sum + p.amount, 0);
  // What the traveller was asked to pay online: the payment's own amount, or (not opened yet) today's split.
  const due = latest?.amount ?? bookingSplit(booking.total, booking.currency).now;
  return {
    status: latest?.status ?? 'pending',
    due_online: due / unit,
    paid_online: paid / unit,
    on_the_day: booking.total - due / unit,
    hold_until:
      booking.status === 'awaiting_payment' ? (latest?.expiresAt ?? holdEnd(booking.createdAt)).toISOString() : null,
    refunds: refundRows
      .filter((r) => own.some((p) => p.id === r.paymentId))
      .map((r) => ({
        amount: r.amount / unit,
        status: r.status,
        reason: r.reason,
        created_at: r.createdAt.toISOString(),
      })),
  };
}
