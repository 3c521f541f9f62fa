import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { PAYMENT_DRIVERS } from '@/lib/config/startup-check';
import { bookings } from './bookings';
import { currencies } from './catalog';

/** A payment's states: `pending` until the gateway says it succeeded or was canceled (or failed to start). */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'canceled', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * One online payment of a booking through a gateway (docs/payments.md). Amounts are minor units of `currency`
 * (kopecks, cents). The row exists before the gateway call, keyed by `idempotency_key`, so a retried call reuses
 * the gateway's payment instead of making a second one.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    hid: text('hid').notNull().unique(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    driver: text('driver', { enum: PAYMENT_DRIVERS }).notNull(),
    /** The gateway's id (YooKassa's payment id, Stripe's Checkout Session id); null until the gateway answered. */
    gatewayPaymentId: text('gateway_payment_id').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amount: integer('amount').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    /** The gateway's page where the traveller pays. */
    confirmationUrl: text('confirmation_url'),
    /** The gateway's last verified state of the payment, as it sent it. */
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The end of the booking's hold: a payment still pending then is asked about, then given up. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_booking_idx').on(t.bookingId),
    // The reconciliation asks the gateway about payments pending for too long.
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
);

/** A refund of (part of) a payment, with its own state, shown on the booking. Amounts in minor units. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    currency: text('currency')
      .notNull()
      .references(() => currencies.code),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** Why: `traveller`, `guide`, `moderation`, `declined`, `expired`, `late_payment`… */
    reason: text('reason').notNull(),
    gatewayRefundId: text('gateway_refund_id').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refunds_payment_idx').on(t.paymentId)],
);
