import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, transaction } from '../db';
import { toHid } from '../db/hids';
import { payments } from '../db/schema';
import type { PaymentDriver, PaymentMethod } from './payment-driver';

export interface PaymentStart {
  bookingId: number;
  bookingHid: string;
  /** Minor units, from the server's own total (lib/payments/amounts.ts), never from the client. */
  amount: number;
  currency: string;
  description: string;
  returnUrl: string;
  /** The end of the booking's hold. */
  expiresAt: Date;
  methods?: readonly PaymentMethod[];
}

type PaymentRow = typeof payments.$inferSelect;

/**
 * Opens a booking's payment at the gateway. The row and its idempotency key are written first, so a call that
 * failed or whose answer was lost is retried with the same key and the gateway answers with the same payment
 * instead of making a second one. A booking's pending payment with a gateway id is answered as it is.
 */
export async function startPayment(driver: PaymentDriver, start: PaymentStart): Promise<PaymentRow> {
  if (driver.name === 'none') throw new Error('PAYMENT_DRIVER=none takes no payments online');
  const db = await getDb();
  const [open] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, start.bookingId),
        eq(payments.status, 'pending'),
        eq(payments.driver, driver.name),
        eq(payments.amount, start.amount),
        eq(payments.currency, start.currency),
      ),
    );
  if (open?.gatewayPaymentId) return open;
  const row =
    open ??
    (await transaction(async (tx) => {
      const [inserted] = await tx
        .insert(payments)
        .values({
          hid: `new-${randomUUID()}`,
          bookingId: start.bookingId,
          driver: driver.name,
          idempotencyKey: `sopka-payment-${randomUUID()}`,
          amount: start.amount,
          currency: start.currency,
          expiresAt: start.expiresAt,
        })
        .returning();
      const [named] = await tx
        .update(payments)
        .set({ hid: toHid(inserted.id) })
        .where(eq(payments.id, inserted.id))
        .returning();
      return named;
    }));
  const created = await driver.createPayment({
    bookingHid: start.bookingHid,
    amount: start.amount,
    currency: start.currency,
    description: start.description,
    returnUrl: start.returnUrl,
    idempotencyKey: row.idempotencyKey,
    methods: start.methods,
    expiresAt: start.expiresAt,
  });
  const [updated] = await db
    .update(payments)
    .set({ gatewayPaymentId: created.gatewayId, confirmationUrl: created.confirmationUrl, updatedAt: sql`now()` })
    .where(and(eq(payments.id, row.id), isNull(payments.gatewayPaymentId)))
    .returning();
  if (updated) return updated;
  const [current] = await db.select().from(payments).where(eq(payments.id, row.id));
  return current;
}
