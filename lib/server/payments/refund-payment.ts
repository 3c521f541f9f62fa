import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Tx } from '../db';
import { payments, refunds } from '../db/schema';
import { scheduleJob } from '../jobs/schedule-job';
import { logger } from '../ops/logger';
import { gatewayDriver } from './driver';
import { GatewayError } from './payment-driver';

/** The durable job that carries a refund to the gateway (lib/server/jobs): its payload is `{ refundId }`. */
export const REFUND_JOB = 'payment-refund';

type RefundRow = typeof refunds.$inferSelect;

/**
 * Records a refund of (part of) a succeeded payment and schedules the job that asks the gateway for it, in the
 * caller's transaction: the refund exists exactly when the cancellation that causes it committed, and a crash
 * before the gateway call leaves a job that will make it. Never more than is left of the payment (refunds that
 * failed do not count); null when nothing is left or the payment never succeeded.
 */
export async function requestRefund(
  tx: Tx,
  request: { paymentId: number; amount: number; reason: string },
): Promise<RefundRow | null> {
  // Locked, so that two cancellations of one payment cannot both refund its last part.
  const [payment] = await tx.select().from(payments).where(eq(payments.id, request.paymentId)).for('update');
  if (!payment || payment.status !== 'succeeded' || request.amount <= 0) return null;
  const [{ taken }] = await tx
    .select({ taken: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), ne(refunds.status, 'failed')));
  const amount = Math.min(request.amount, payment.amount - taken);
  if (amount <= 0) return null;
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amount,
      currency: payment.currency,
      reason: request.reason,
      idempotencyKey: `sopka-refund-${randomUUID()}`,
    })
    .returning();
  await scheduleJob(tx, {
    kind: REFUND_JOB,
    key: `refund:${refund.id}`,
    runAt: new Date(),
    payload: { refundId: refund.id },
  });
  return refund;
}

/** A gateway's answer that retrying cannot change (it refused the request), unlike a timeout or a 5xx. */
const isFinal = (error: unknown) =>
  error instanceof GatewayError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  ![409, 429].includes(error.status);

/**
 * The refund job: asks the gateway for a pending refund with the refund's own idempotency key, so a job run again
 * after a crash gets the same refund back instead of a second one. A transient failure throws (the job queue
 * retries with backoff); a refusal marks the refund failed and is logged as an error. Answers the refund's row.
 */
export async function runRefund(payload: { refundId: number }): Promise<RefundRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, payload.refundId));
  if (!row || row.refund.status !== 'pending') return row?.refund;
  const { refund, payment } = row;
  const driver = payment.driver === 'none' ? null : gatewayDriver(payment.driver);
  if (!driver || !payment.gatewayPaymentId) throw new Error(`refund ${refund.id}: its gateway is not configured`);
  let state;
  try {
    state = await driver.refund({
      gatewayPaymentId: payment.gatewayPaymentId,
      amount: refund.amount,
      currency: refund.currency,
      idempotencyKey: refund.idempotencyKey,
    });
  } catch (error) {
    if (!isFinal(error)) throw error;
    logger().error({ err: error, refund: refund.id, payment: payment.hid }, 'the gateway refused a refund');
    const [failed] = await db
      .update(refunds)
      .set({ status: 'failed', updatedAt: sql`now()` })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    return failed ?? refund;
  }
  // A webhook about this refund may have settled it meanwhile: only a pending row moves.
  const [updated] = await db
    .update(refunds)
    .set({ gatewayRefundId: state.gatewayRefundId, status: state.status, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
    .returning();
  return updated ?? refund;
}
