import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { transaction, type Tx } from '../db';
import { payments, refunds } from '../db/schema';
import { logger } from '../ops/logger';
import type { GatewayPaymentState, GatewayRefundState } from './payment-driver';

type PaymentRow = typeof payments.$inferSelect;

/** What a verified gateway state did to our payment row. */
export type PaymentChange =
  | { outcome: 'changed'; payment: PaymentRow; from: 'pending'; to: Exclude<PaymentRow['status'], 'pending'> }
  /** Nothing to do: still pending, or already settled (a repeated, late or out-of-order event). */
  | { outcome: 'unchanged'; payment: PaymentRow }
  /** The gateway's amount or currency is not ours: nothing changed, and it is logged as an error. */
  | { outcome: 'refused'; payment: PaymentRow; reason: 'mismatch' };

/**
 * Brings a payment row to what the gateway verifiably says, once: only a pending row moves (a conditional
 * UPDATE, so two deliveries racing each other change it once), and a state whose amount or currency differs
 * from the row is refused. The caller moves the booking on a `changed` answer, in the same transaction.
 */
export async function applyGatewayPayment(
  tx: Tx,
  payment: PaymentRow,
  state: GatewayPaymentState,
): Promise<PaymentChange> {
  if (
    state.gatewayId !== payment.gatewayPaymentId ||
    state.amount !== payment.amount ||
    state.currency !== payment.currency
  ) {
    logger().error(
      {
        payment: payment.hid,
        gatewayId: state.gatewayId,
        expected: { id: payment.gatewayPaymentId, amount: payment.amount, currency: payment.currency },
        received: { amount: state.amount, currency: state.currency, status: state.status },
      },
      'a gateway payment does not match ours (amount, currency or id): refused',
    );
    return { outcome: 'refused', payment, reason: 'mismatch' };
  }
  if (state.status === 'pending') return { outcome: 'unchanged', payment };
  const [updated] = await tx
    .update(payments)
    .set({ status: state.status, raw: state.raw, updatedAt: sql`now()` })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .returning();
  if (!updated) {
    const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
    return { outcome: 'unchanged', payment: current ?? payment };
  }
  return { outcome: 'changed', payment: updated, from: 'pending', to: state.status };
}

/**
 * Applies a verified state in its own transaction and, when it changed the payment, lets the booking flow follow
 * in the same transaction (`onSettled`); what that asks to do after the commit runs once it committed.
 */
export async function applySettling(
  payment: PaymentRow,
  state: GatewayPaymentState,
  onSettled: (tx: Tx, change: Extract<PaymentChange, { outcome: 'changed' }>) => Promise<() => void>,
): Promise<PaymentChange> {
  let afterCommit: (() => void) | undefined;
  const change = await transaction(async (tx) => {
    const applied = await applyGatewayPayment(tx, payment, state);
    if (applied.outcome === 'changed') afterCommit = await onSettled(tx, applied);
    return applied;
  });
  afterCommit?.();
  return change;
}

type RefundRow = typeof refunds.$inferSelect;

/** The same for a refund: a pending refund row settles once; an amount that is not ours is refused and logged. */
export async function applyGatewayRefund(
  tx: Tx,
  state: GatewayRefundState,
): Promise<{ outcome: 'changed' | 'unchanged' | 'refused' | 'unknown'; refund?: RefundRow }> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.gatewayRefundId, state.gatewayRefundId));
  if (!refund) return { outcome: 'unknown' };
  if (refund.amount !== state.amount || refund.currency !== state.currency) {
    logger().error(
      { refund: refund.id, expected: { amount: refund.amount, currency: refund.currency }, received: state },
      'a gateway refund does not match ours (amount or currency): refused',
    );
    return { outcome: 'refused', refund };
  }
  if (state.status === 'pending') return { outcome: 'unchanged', refund };
  const [updated] = await tx
    .update(refunds)
    .set({ status: state.status, updatedAt: sql`now()` })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
    .returning();
  return updated ? { outcome: 'changed', refund: updated } : { outcome: 'unchanged', refund };
}
