import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { toHid } from '@/lib/server/db/hids';
import { payments, refunds, type PaymentStatus, type RefundStatus } from '@/lib/server/db/schema';

/** A payment of a booking in `status` (succeeded unless said), as the gateway's verified state would leave it. */
export async function recordPayment(
  db: Db,
  bookingId: number,
  amount: number,
  { status = 'succeeded' as PaymentStatus, currency = 'RUB' } = {},
) {
  const [row] = await db
    .insert(payments)
    .values({
      hid: `new-${randomUUID()}`,
      bookingId,
      driver: 'yookassa',
      idempotencyKey: `test-${randomUUID()}`,
      amount,
      currency,
      status,
    })
    .returning();
  await db
    .update(payments)
    .set({ hid: toHid(row.id) })
    .where(eq(payments.id, row.id));
  return row;
}

/** A refund of a payment in `status`. */
export async function recordRefund(db: Db, paymentId: number, amount: number, status: RefundStatus, currency = 'RUB') {
  const [row] = await db
    .insert(refunds)
    .values({ paymentId, amount, currency, status, reason: 'traveller', idempotencyKey: `test-${randomUUID()}` })
    .returning();
  return row;
}
