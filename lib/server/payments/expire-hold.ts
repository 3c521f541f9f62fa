import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { ideaChanged } from '../cache/invalidate';
import { getDb, transaction, type Tx } from '../db';
import { bookings, ideaDates, payments } from '../db/schema';
import { scheduleJob } from '../jobs/schedule-job';
import { logger } from '../ops/logger';
import { env } from '../platform/env';
import { applyGatewayPayment, type PaymentChange } from './apply-gateway-payment';
import { gatewayDriver } from './driver';

/** The durable job that ends an unpaid booking's hold (lib/server/jobs): its payload is `{ bookingId }`. */
export const HOLD_EXPIRY_JOB = 'payment-hold-expiry';

/** When a booking made now stops holding its seats unpaid (PAYMENT_HOLD_MINUTES). */
export const holdEnd = (now = new Date()) => new Date(now.getTime() + env().PAYMENT_HOLD_MINUTES * 60_000);

/** Schedules the end of a booking's hold, in the transaction that created it in `awaiting_payment`. */
export function scheduleHoldExpiry(tx: Tx, bookingId: number, at: Date): Promise<void> {
  return scheduleJob(tx, {
    kind: HOLD_EXPIRY_JOB,
    key: `hold:booking:${bookingId}`,
    runAt: at,
    payload: { bookingId },
  });
}

export type HoldOutcome =
  /** The booking was no longer waiting (paid, cancelled, already expired): nothing to do. */
  | { outcome: 'not_waiting' }
  /** The gateway says it was paid after all (its webhook had not arrived): the booking flow confirms it. */
  | { outcome: 'paid'; change: PaymentChange }
  /** Expired: its seats are back. A payment completing later is a late payment. */
  | { outcome: 'expired' };

/**
 * The hold-expiry job: a booking still `awaiting_payment` when its hold ends first has its payment read back
 * from the gateway (a lost webhook must not cost a paid traveller the seats); unpaid, it expires and gives its
 * seats back, in one transaction that moves it only from `awaiting_payment`, so a payment settling at the same
 * moment and this job cannot both win.
 */
export async function expireHold(payload: { bookingId: number }, now = new Date()): Promise<HoldOutcome> {
  const db = await getDb();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, payload.bookingId));
  if (!booking || booking.status !== 'awaiting_payment') return { outcome: 'not_waiting' };
  const pending = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, booking.id), eq(payments.status, 'pending')));
  for (const payment of pending) {
    const driver = payment.driver === 'none' ? null : gatewayDriver(payment.driver);
    if (!driver || !payment.gatewayPaymentId) continue;
    try {
      const state = await driver.getPayment(payment.gatewayPaymentId);
      const change = await transaction((tx) => applyGatewayPayment(tx, payment, state));
      if (state.status === 'succeeded' && change.outcome !== 'refused') return { outcome: 'paid', change };
    } catch (error) {
      // The gateway cannot say: the hold ends as promised; a payment that completes later is a late payment.
      logger().warn({ err: error, payment: payment.hid }, 'hold expiry could not ask the gateway about a payment');
    }
  }
  const expired = await transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: 'expired', endedBy: 'system', endReason: 'payment_timeout', cancelledAt: now })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, 'awaiting_payment')))
      .returning();
    if (!row) return false;
    await tx
      .update(ideaDates)
      .set({
        seatsLeft: sql`least(${ideaDates.seatsTotal}, ${ideaDates.seatsLeft} + ${row.adults + row.children})`,
      })
      .where(eq(ideaDates.id, row.ideaDateId));
    return true;
  });
  if (!expired) return { outcome: 'not_waiting' };
  ideaChanged(booking.ideaId);
  return { outcome: 'expired' };
}
