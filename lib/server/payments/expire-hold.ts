import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, transaction, type Tx } from '../db';
import { bookings, ideaDates, payments } from '../db/schema';
import { scheduleJob } from '../jobs/schedule-job';
import { logger } from '../ops/logger';
import { env } from '../platform/env';
import { applySettling, type PaymentChange } from './apply-gateway-payment';
import { gatewayDriver } from './driver';

/** The durable job that ends an unpaid booking's hold (lib/server/jobs): its payload is `{ bookingId }`. */
export const HOLD_EXPIRY_JOB = 'payment-hold-expiry';

/** When a booking made now stops holding its seats unpaid (PAYMENT_HOLD_MINUTES). */
export const holdEnd = (now = new Date()) => new Date(now.getTime() + env().PAYMENT_HOLD_MINUTES * 60_000);

/** The key of a booking's hold-expiry job (cancelled once the booking is paid). */
export const holdKey = (bookingId: number) => `hold:booking:${bookingId}`;

/** Schedules the end of a booking's hold, in the transaction that created it in `awaiting_payment`. */
export function scheduleHoldExpiry(tx: Tx, bookingId: number, at: Date): Promise<void> {
  return scheduleJob(tx, {
    kind: HOLD_EXPIRY_JOB,
    key: holdKey(bookingId),
    runAt: at,
    payload: { bookingId },
  });
}

export type HoldOutcome =
  /** The booking was no longer waiting (paid, cancelled, already expired): nothing to do. */
  | { outcome: 'not_waiting' }
  /** The gateway says it was paid after all (its webhook had not arrived): settled through `onSettled`. */
  | { outcome: 'paid'; change: PaymentChange }
  /** Expired: its seats are back. A payment completing later is a late payment. */
  | { outcome: 'expired' };

type BookingRow = typeof bookings.$inferSelect;
/**
 * What the booking flow does in a payment's transaction when it settled: answers what to do once that committed
 * (wake the workers, drop cached seats).
 */
export type OnSettled = (tx: Tx, change: Extract<PaymentChange, { outcome: 'changed' }>) => Promise<() => void>;

/** What the booking flow does, in the same transaction, when a payment settles or a hold ends. */
export interface HoldHooks {
  onSettled: OnSettled;
  onExpired(tx: Tx, booking: BookingRow): Promise<() => void>;
}

/**
 * Ends an unpaid booking in `tx`: it moves from `awaiting_payment` to `expired` (by the system, for `reason`) and
 * its seats go back, in one conditional UPDATE, so a payment settling at the same moment cannot also win. Null when
 * it was no longer waiting.
 */
export async function expireUnpaidBooking(
  tx: Tx,
  bookingId: number,
  reason: 'payment_timeout' | 'payment_failed' | 'payment_unavailable',
  now: Date,
): Promise<BookingRow | null> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'expired', endedBy: 'system', endReason: reason, cancelledAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'awaiting_payment')))
    .returning();
  if (!row) return null;
  await tx
    .update(ideaDates)
    .set({ seatsLeft: sql`least(${ideaDates.seatsTotal}, ${ideaDates.seatsLeft} + ${row.adults + row.children})` })
    .where(eq(ideaDates.id, row.ideaDateId));
  return row;
}

/**
 * The hold-expiry job: a booking still `awaiting_payment` when its hold ends first has its payment read back
 * from the gateway (a lost webhook must not cost a paid traveller the seats); unpaid, it expires and gives its
 * seats back (expireUnpaidBooking).
 */
export async function expireHold(
  payload: { bookingId: number },
  hooks: HoldHooks,
  now = new Date(),
): Promise<HoldOutcome> {
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
      const change = await applySettling(payment, state, hooks.onSettled);
      if (state.status === 'succeeded' && change.outcome !== 'refused') return { outcome: 'paid', change };
    } catch (error) {
      // The gateway cannot say: the hold ends as promised; a payment that completes later is a late payment.
      logger().warn({ err: error, payment: payment.hid }, 'hold expiry could not ask the gateway about a payment');
    }
  }
  const expired = await transaction(async (tx) => {
    const row = await expireUnpaidBooking(tx, booking.id, 'payment_timeout', now);
    return row && (await hooks.onExpired(tx, row));
  });
  if (!expired) return { outcome: 'not_waiting' };
  expired();
  return { outcome: 'expired' };
}
