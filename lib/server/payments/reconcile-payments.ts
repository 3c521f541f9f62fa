import 'server-only';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { getDb } from '../db';
import { payments } from '../db/schema';
import { logger } from '../ops/logger';
import { applySettling, type PaymentChange } from './apply-gateway-payment';
import type { OnSettled } from './expire-hold';
import { gatewayDriver } from './driver';

/** A payment pending this long is asked about: its webhook may have been lost. */
export const RECONCILE_AFTER_MINUTES = 15;
const BATCH = 50;

/**
 * The reconciliation job's work: asks the gateway about payments pending for over RECONCILE_AFTER_MINUTES and
 * applies what it says, exactly as a webhook would (once). Answers the changes, for the booking flow to follow.
 */
export async function reconcilePendingPayments(
  /** Moves the booking when its payment settled, in the same transaction (the booking flow's part). */
  onSettled: OnSettled,
  now = new Date(),
): Promise<PaymentChange[]> {
  const db = await getDb();
  const stale = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        isNotNull(payments.gatewayPaymentId),
        lt(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(BATCH);
  const changes: PaymentChange[] = [];
  for (const payment of stale) {
    const driver = payment.driver === 'none' ? null : gatewayDriver(payment.driver);
    if (!driver) continue;
    try {
      const state = await driver.getPayment(payment.gatewayPaymentId!);
      changes.push(await applySettling(payment, state, onSettled));
    } catch (error) {
      // One gateway's hiccup must not stop the others: the next run asks again.
      logger().warn({ err: error, payment: payment.hid }, 'reconciliation could not ask about a payment');
    }
  }
  return changes;
}
