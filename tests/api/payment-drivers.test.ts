import { Writable } from 'node:stream';
import { and, eq, gt, gte, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as stripeWebhook } from '@/app/api/v1/payments/webhooks/stripe/route';
import { POST as yookassaWebhook } from '@/app/api/v1/payments/webhooks/yookassa/route';
import { transaction } from '@/lib/server/db';
import { bookings, ideaDates, ideas, jobs, payments, refunds } from '@/lib/server/db/schema';
import { HOLD_HOOKS } from '@/lib/server/bookings/booking-payment';
import { applyGatewayPayment } from '@/lib/server/payments/apply-gateway-payment';
import { gatewayDriver } from '@/lib/server/payments/driver';
import { expireHold, HOLD_EXPIRY_JOB, scheduleHoldExpiry } from '@/lib/server/payments/expire-hold';
import { reconcilePendingPayments } from '@/lib/server/payments/reconcile-payments';
import { requestRefund, runRefund } from '@/lib/server/payments/refund-payment';
import { startPayment } from '@/lib/server/payments/start-payment';
import { stripeAddress, stripeDriver } from '@/lib/server/payments/stripe';
import type { PaymentDriver } from '@/lib/server/payments/payment-driver';
import { startStripeEmulator, type StripeEmulator } from '../support/gateways/stripe-emulator';
import { startYookassaEmulator, type YookassaEmulator } from '../support/gateways/yookassa-emulator';
import { apiDatabaseForFile } from '../support/api';
import { deliverTo, type WebhookAnswer } from '../support/gateways/app-webhooks';

let yookassa: YookassaEmulator;
let stripe: StripeEmulator;
/** The address the next YooKassa notification comes from. */
const sender = { address: '185.71.76.10' };

// The emulators' addresses are the app's gateway URLs, so they start before the app reads its environment.
beforeAll(async () => {
  [yookassa, stripe] = await Promise.all([startYookassaEmulator(), startStripeEmulator()]);
  Object.assign(process.env, {
    PAYMENT_DRIVER: 'yookassa',
    YOOKASSA_SHOP_ID: yookassa.shopId,
    YOOKASSA_SECRET_KEY: yookassa.secretKey,
    YOOKASSA_API_URL: yookassa.apiUrl,
    YOOKASSA_WEBHOOK_IPS: '185.71.76.0/27, 185.71.77.0/27, 77.75.156.11, 2a02:5180::/32',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.apiUrl,
  });
});
const database = apiDatabaseForFile();
afterAll(() => Promise.all([yookassa?.close(), stripe?.close()]));

/** The last answers of the webhook routes, for the assertions. */
const answers: WebhookAnswer[] = [];
const receiver = (route: Parameters<typeof deliverTo>[0], path: string) => deliverTo(route, path, sender, answers);

beforeAll(() => {
  yookassa.setWebhook(receiver(yookassaWebhook, '/api/v1/payments/webhooks/yookassa'));
  stripe.setWebhook(receiver(stripeWebhook, '/api/v1/payments/webhooks/stripe'));
});

/** The lines the app logs from now on. */
function captureLog(): Record<string, any>[] {
  const lines: Record<string, any>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  ((globalThis as { __sopkaLogger?: { logger?: pino.Logger } }).__sopkaLogger ??= {}).logger = pino(sink);
  return lines;
}

let bookingNumber = 0;
/** A pending payment of a new booking through `driver`, as the booking flow starts it. */
async function pendingPayment(driver: PaymentDriver, amount = 50_000, currency = 'RUB') {
  // A booking waiting for this payment, as the booking flow makes it: settling the payment places it, and
  // nothing of it is refunded (a payment for a booking that holds no seats would be).
  const { booking } = await awaitingBooking();
  return startPayment(driver, {
    bookingId: booking.id,
    bookingHid: booking.hid,
    amount: amount + bookingNumber,
    currency,
    description: `Booking ${booking.hid}`,
    returnUrl: `http://localhost:3000/account/booking/${booking.hid}`,
    expiresAt: new Date(Date.now() + 15 * 60_000),
  });
}

const reread = async (id: number) => (await database.db.select().from(payments).where(eq(payments.id, id)))[0];

describe('the YooKassa driver against its emulator', () => {
  it('creates a payment with basic auth and an Idempotence-Key, reads it back, and reuses it for the same key', async () => {
    const driver = gatewayDriver('yookassa')!;
    const request = {
      bookingHid: 'bk1',
      amount: 250_050,
      currency: 'RUB',
      description: 'Морская прогулка',
      returnUrl: 'http://localhost:3000/account/booking/bk1',
      idempotencyKey: 'yk-create-1',
    };
    const created = await driver.createPayment(request);
    expect(created.status).toBe('pending');
    expect(created.confirmationUrl).toBe(`${yookassa.origin}/pay/${created.gatewayId}`);
    const sent = yookassa.requests.at(-1)!;
    expect(sent.headers['idempotence-key']).toBe('yk-create-1');
    expect(JSON.parse(sent.body)).toMatchObject({
      amount: { value: '2500.50', currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: request.returnUrl },
      metadata: { booking: 'bk1' },
    });
    expect(await driver.createPayment(request)).toEqual(created);
    expect([...yookassa.payments.values()].filter((p) => p.metadata?.booking === 'bk1')).toHaveLength(1);
    expect(await driver.getPayment(created.gatewayId)).toMatchObject({
      gatewayId: created.gatewayId,
      status: 'pending',
      amount: 250_050,
      currency: 'RUB',
    });
  });

  it('asks for the one method chosen (SBP), and lets YooKassa’s page offer them all otherwise', async () => {
    const driver = gatewayDriver('yookassa')!;
    const base = { bookingHid: 'bk2', amount: 1000, currency: 'RUB', description: 'x', returnUrl: 'http://localhost/' };
    await driver.createPayment({ ...base, idempotencyKey: 'yk-sbp', methods: ['sbp'] });
    expect(JSON.parse(yookassa.requests.at(-1)!.body).payment_method_data).toEqual({ type: 'sbp' });
    await driver.createPayment({ ...base, idempotencyKey: 'yk-wechat', methods: ['wechat_pay'] });
    expect(JSON.parse(yookassa.requests.at(-1)!.body).payment_method_data).toEqual({ type: 'wechat' });
    await driver.createPayment({ ...base, idempotencyKey: 'yk-all' });
    expect(JSON.parse(yookassa.requests.at(-1)!.body).payment_method_data).toBeUndefined();
  });

  it('refunds a paid payment once per idempotency key', async () => {
    const driver = gatewayDriver('yookassa')!;
    const payment = await pendingPayment(driver);
    expect(await yookassa.pay(payment.gatewayPaymentId!)).toBe(200);
    const refund = {
      gatewayPaymentId: payment.gatewayPaymentId!,
      amount: 20_000,
      currency: 'RUB',
      idempotencyKey: 'yk-refund-1',
    };
    const first = await driver.refund(refund);
    expect(first).toMatchObject({ status: 'succeeded', amount: 20_000, currency: 'RUB' });
    expect(await driver.refund(refund)).toEqual(first);
    expect(yookassa.refunds.size).toBe(1);
    expect(yookassa.payments.get(payment.gatewayPaymentId!)!.refunded_amount).toEqual({
      value: '200.00',
      currency: 'RUB',
    });
  });
});

describe('the Stripe driver (the official SDK) against its emulator', () => {
  it('creates a Checkout Session through the emulator, not api.stripe.com, reused for the same key', async () => {
    const driver = gatewayDriver('stripe')!;
    const request = {
      bookingHid: 'bk3',
      amount: 4_200,
      currency: 'USD',
      description: 'Sea kayaking',
      returnUrl: 'http://localhost:3000/en/account/booking/bk3',
      idempotencyKey: 'st-create-1',
    };
    const before = stripe.requests.length;
    const created = await driver.createPayment(request);
    expect(created.gatewayId).toMatch(/^cs_test_/);
    expect(created.confirmationUrl).toBe(`${stripe.origin}/pay/${created.gatewayId}`);
    const sent = stripe.requests[before];
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
    expect(sent.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(sent.headers['idempotency-key']).toBe('st-create-1');
    const session = stripe.sessions.get(created.gatewayId)!;
    expect(session).toMatchObject({
      amount_total: 4_200,
      currency: 'usd',
      client_reference_id: 'bk3',
      allowed_payment_method_types: ['card', 'alipay', 'wechat_pay'],
      payment_method_options: { wechat_pay: { client: 'web' } },
    });
    expect(await driver.createPayment(request)).toEqual(created);
    expect([...stripe.sessions.values()].filter((s) => s.client_reference_id === 'bk3')).toHaveLength(1);
    expect(await driver.getPayment(created.gatewayId)).toMatchObject({
      status: 'pending',
      amount: 4_200,
      currency: 'USD',
    });
  });

  it('hands STRIPE_API_URL to the SDK as host, port and protocol', () => {
    expect(stripeAddress('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
    expect(stripeAddress('http://127.0.0.1:3271')).toEqual({ host: '127.0.0.1', port: 3271, protocol: 'http' });
  });

  it('is refused, as by Stripe, when an idempotency key is reused for another payment', async () => {
    const driver = gatewayDriver('stripe')!;
    const request = {
      bookingHid: 'bk4',
      amount: 1_000,
      currency: 'USD',
      description: 'x',
      returnUrl: 'http://localhost:3000/',
      idempotencyKey: 'st-reused',
    };
    await driver.createPayment(request);
    await expect(driver.createPayment({ ...request, amount: 2_000 })).rejects.toMatchObject({ status: 400 });
  });

  it('fails with a gateway error when Stripe refuses the key', async () => {
    const wrong = stripeDriver({ secretKey: 'sk_test_wrong', webhookSecret: 'x', apiUrl: stripe.apiUrl });
    await expect(wrong.getPayment('cs_test_x')).rejects.toMatchObject({ status: 401 });
  });

  it('refunds a paid session once per idempotency key', async () => {
    const driver = gatewayDriver('stripe')!;
    const payment = await pendingPayment(driver, 9_000, 'USD');
    expect(await stripe.pay(payment.gatewayPaymentId!)).toBe(200);
    const refund = {
      gatewayPaymentId: payment.gatewayPaymentId!,
      amount: 3_000,
      currency: 'USD',
      idempotencyKey: 'st-refund-1',
    };
    const first = await driver.refund(refund);
    expect(first).toMatchObject({ status: 'succeeded', amount: 3_000, currency: 'USD' });
    expect(await driver.refund(refund)).toEqual(first);
    expect(stripe.refunds.size).toBe(1);
  });
});

describe('a payment started twice', () => {
  it('is one row and one gateway payment', async () => {
    const driver = gatewayDriver('yookassa')!;
    const [booking] = await database.db.select().from(bookings).limit(1);
    const start = {
      bookingId: booking.id,
      bookingHid: booking.hid,
      amount: 77_700,
      currency: 'RUB',
      description: 'twice',
      returnUrl: 'http://localhost:3000/',
      expiresAt: new Date(Date.now() + 60_000),
    };
    const first = await startPayment(driver, start);
    const second = await startPayment(driver, start);
    expect(second.id).toBe(first.id);
    expect(second.gatewayPaymentId).toBe(first.gatewayPaymentId);
    expect(first.hid).not.toMatch(/^new-/);
  });
});

describe('YooKassa notifications', () => {
  it('mark the payment succeeded once: a repeated notification changes nothing', async () => {
    const payment = await pendingPayment(gatewayDriver('yookassa')!);
    expect(await yookassa.pay(payment.gatewayPaymentId!)).toBe(200);
    expect(answers.at(-1)!.body).toEqual({ received: true });
    const paid = await reread(payment.id);
    expect(paid.status).toBe('succeeded');
    expect(paid.raw).toMatchObject({ id: payment.gatewayPaymentId, status: 'succeeded' });
    const again = await yookassa.notify('payment.succeeded', yookassa.payments.get(payment.gatewayPaymentId!)!);
    expect(again).toBe(200);
    expect((await reread(payment.id)).updatedAt).toEqual(paid.updatedAt);
  });

  it('believe the API, not the body: a forged "succeeded" for a pending payment changes nothing', async () => {
    const payment = await pendingPayment(gatewayDriver('yookassa')!);
    const forged = { ...yookassa.payments.get(payment.gatewayPaymentId!)!, status: 'succeeded', paid: true };
    expect(await yookassa.notify('payment.succeeded', forged)).toBe(200);
    expect((await reread(payment.id)).status).toBe('pending');
  });

  it('refuse a payment id YooKassa does not know (400 problem+json)', async () => {
    const status = await yookassa.notify('payment.succeeded', {
      id: '2f1e3c4b-000f-5000-a000-000000000000',
      status: 'succeeded',
    });
    expect(status).toBe(400);
    expect(answers.at(-1)!.body).toMatchObject({ status: 400, detail: expect.any(String) });
  });

  it('refuse a sender outside YOOKASSA_WEBHOOK_IPS, and accept YooKassa’s IPv6 range', async () => {
    const payment = await pendingPayment(gatewayDriver('yookassa')!);
    sender.address = '203.0.113.7';
    try {
      expect(await yookassa.pay(payment.gatewayPaymentId!)).toBe(400);
      expect((await reread(payment.id)).status).toBe('pending');
      sender.address = '2a02:5180::10';
      expect(await yookassa.notify('payment.succeeded', yookassa.payments.get(payment.gatewayPaymentId!)!)).toBe(200);
      expect((await reread(payment.id)).status).toBe('succeeded');
    } finally {
      sender.address = '185.71.76.10';
    }
  });

  it('refuse a payment whose amount is not ours, change nothing, and log it as an error', async () => {
    const payment = await pendingPayment(gatewayDriver('yookassa')!);
    // The gateway's payment says another amount than our row (as if the request had been tampered with).
    yookassa.payments.get(payment.gatewayPaymentId!)!.amount.value = '1.00';
    const lines = captureLog();
    expect(await yookassa.pay(payment.gatewayPaymentId!)).toBe(400);
    expect((await reread(payment.id)).status).toBe('pending');
    const error = lines.find((line) => line.level === 50);
    expect(error).toMatchObject({
      payment: payment.hid,
      expected: { amount: payment.amount, currency: 'RUB' },
      received: { amount: 100, currency: 'RUB' },
    });
  });

  it('mark a canceled payment canceled, and a late "succeeded" for it changes nothing', async () => {
    const payment = await pendingPayment(gatewayDriver('yookassa')!);
    expect(await yookassa.cancel(payment.gatewayPaymentId!)).toBe(200);
    expect((await reread(payment.id)).status).toBe('canceled');
    const late = { ...yookassa.payments.get(payment.gatewayPaymentId!)!, status: 'succeeded' };
    expect(await yookassa.notify('payment.succeeded', late)).toBe(200);
    expect((await reread(payment.id)).status).toBe('canceled');
  });
});

describe('Stripe events', () => {
  it('mark the payment succeeded on a signed checkout.session.completed, once', async () => {
    const payment = await pendingPayment(gatewayDriver('stripe')!, 12_000, 'USD');
    expect(await stripe.pay(payment.gatewayPaymentId!)).toBe(200);
    const paid = await reread(payment.id);
    expect(paid.status).toBe('succeeded');
    expect(await stripe.sendEvent(payment.gatewayPaymentId!)).toBe(200);
    // Out of order: the session's expiry arriving after its completion.
    expect(
      await stripe.sendEvent(payment.gatewayPaymentId!, {
        type: 'checkout.session.expired',
        session: { status: 'expired', payment_status: 'unpaid' },
      }),
    ).toBe(200);
    expect(await reread(payment.id)).toEqual(paid);
  });

  it('refuse a forged signature, an old one, and an unsigned event, changing nothing', async () => {
    const payment = await pendingPayment(gatewayDriver('stripe')!, 12_000, 'USD');
    const session = stripe.sessions.get(payment.gatewayPaymentId!)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    expect(await stripe.sendEvent(session.id, { secret: 'whsec_forged' })).toBe(400);
    expect(answers.at(-1)!.body).toMatchObject({ status: 400 });
    expect(await stripe.sendEvent(session.id, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).toBe(400);
    const unsigned = await receiver(stripeWebhook, '/api/v1/payments/webhooks/stripe')(
      JSON.stringify({ type: 'checkout.session.completed', data: { object: session } }),
      {},
    );
    expect(unsigned).toBe(400);
    expect((await reread(payment.id)).status).toBe('pending');
  });

  it('refuse a signed event whose amount or currency is not ours, and log it as an error', async () => {
    const payment = await pendingPayment(gatewayDriver('stripe')!, 12_000, 'USD');
    const lines = captureLog();
    const session = stripe.sessions.get(payment.gatewayPaymentId!)!;
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    expect(await stripe.sendEvent(session.id, { session: { amount_total: 1 } })).toBe(400);
    expect(await stripe.sendEvent(session.id, { session: { currency: 'eur' } })).toBe(400);
    expect((await reread(payment.id)).status).toBe('pending');
    expect(lines.filter((line) => line.level === 50)).toHaveLength(2);
  });

  it('answer 200 to events of no concern', async () => {
    const payment = await pendingPayment(gatewayDriver('stripe')!, 12_000, 'USD');
    const status = await stripe.sendEvent(payment.gatewayPaymentId!, {
      type: 'customer.created',
      session: { object: 'customer' } as never,
    });
    expect(status).toBe(200);
  });
});

describe('applyGatewayPayment', () => {
  it('applies the same verified state delivered twice at once exactly once', async () => {
    const driver = gatewayDriver('yookassa')!;
    const payment = await pendingPayment(driver);
    yookassa.setWebhook(undefined);
    try {
      await yookassa.pay(payment.gatewayPaymentId!);
    } finally {
      yookassa.setWebhook(receiver(yookassaWebhook, '/api/v1/payments/webhooks/yookassa'));
    }
    const state = await driver.getPayment(payment.gatewayPaymentId!);
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => transaction((tx) => applyGatewayPayment(tx, payment, state))),
    );
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['changed', 'unchanged', 'unchanged']);
    expect((await reread(payment.id)).status).toBe('succeeded');
  });
});

/** A payment paid at the gateway without its webhook reaching us (lost, or not sent yet). */
async function paidQuietly(emulator: YookassaEmulator | StripeEmulator, payment: { gatewayPaymentId: string | null }) {
  const receiverBefore =
    emulator === yookassa
      ? receiver(yookassaWebhook, '/api/v1/payments/webhooks/yookassa')
      : receiver(stripeWebhook, '/api/v1/payments/webhooks/stripe');
  emulator.setWebhook(undefined);
  try {
    await emulator.pay(payment.gatewayPaymentId!);
  } finally {
    emulator.setWebhook(receiverBefore);
  }
}

describe('refunds through the job queue', () => {
  it('records a refund with its job, carries it to the gateway once, and never refunds more than was paid', async () => {
    const payment = await pendingPayment(gatewayDriver('yookassa')!);
    await yookassa.pay(payment.gatewayPaymentId!);
    const refund = (await transaction((tx) =>
      requestRefund(tx, { paymentId: payment.id, amount: 30_000, reason: 'traveller' }),
    ))!;
    expect(refund).toMatchObject({ status: 'pending', amount: 30_000, currency: 'RUB', gatewayRefundId: null });
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `refund:${refund.id}`));
    expect(job).toMatchObject({ kind: 'payment-refund', payload: { refundId: refund.id } });

    const done = (await runRefund({ refundId: refund.id }))!;
    expect(done).toMatchObject({ status: 'succeeded', gatewayRefundId: expect.any(String) });
    // The job run again (a retry after a crash) changes nothing and asks the gateway for nothing new.
    const gatewayRefunds = yookassa.refunds.size;
    expect(await runRefund({ refundId: refund.id })).toEqual(done);
    expect(yookassa.refunds.size).toBe(gatewayRefunds);

    const rest = await transaction((tx) =>
      requestRefund(tx, { paymentId: payment.id, amount: 999_999, reason: 'guide' }),
    );
    expect(rest!.amount).toBe(payment.amount - 30_000);
    expect(
      await transaction((tx) => requestRefund(tx, { paymentId: payment.id, amount: 1, reason: 'guide' })),
    ).toBeNull();
  });

  it('after a crash between the gateway call and our write, gets the same gateway refund back', async () => {
    const driver = gatewayDriver('stripe')!;
    const payment = await pendingPayment(driver, 20_000, 'USD');
    await stripe.pay(payment.gatewayPaymentId!);
    const refund = (await transaction((tx) =>
      requestRefund(tx, { paymentId: payment.id, amount: 5_000, reason: 'traveller' }),
    ))!;
    // The first run reached Stripe, then the process died before it wrote the answer down.
    const reached = await driver.refund({
      gatewayPaymentId: payment.gatewayPaymentId!,
      amount: refund.amount,
      currency: refund.currency,
      idempotencyKey: refund.idempotencyKey,
    });
    const before = stripe.refunds.size;
    expect(await runRefund({ refundId: refund.id })).toMatchObject({
      status: 'succeeded',
      gatewayRefundId: reached.gatewayRefundId,
    });
    expect(stripe.refunds.size).toBe(before);
  });

  it('marks a refund the gateway refuses as failed, and logs it as an error', async () => {
    const driver = gatewayDriver('stripe')!;
    const payment = await pendingPayment(driver, 20_000, 'USD');
    await stripe.pay(payment.gatewayPaymentId!);
    // Refunded in full elsewhere (Stripe's dashboard): nothing is left at the gateway.
    await driver.refund({
      gatewayPaymentId: payment.gatewayPaymentId!,
      amount: payment.amount,
      currency: 'USD',
      idempotencyKey: 'elsewhere',
    });
    const refund = (await transaction((tx) =>
      requestRefund(tx, { paymentId: payment.id, amount: 1_000, reason: 'guide' }),
    ))!;
    const lines = captureLog();
    expect(await runRefund({ refundId: refund.id })).toMatchObject({ status: 'failed' });
    expect(lines.find((line) => line.level === 50)).toMatchObject({ refund: refund.id });
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row.status).toBe('failed');
  });
});

describe('reconciliation', () => {
  it('asks the gateway about payments pending for over 15 minutes and applies what it says', async () => {
    const payment = await pendingPayment(gatewayDriver('stripe')!, 15_000, 'USD');
    const fresh = await pendingPayment(gatewayDriver('yookassa')!);
    await paidQuietly(stripe, payment);
    await paidQuietly(yookassa, fresh);
    await database.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(payments.id, payment.id));
    // The payments alone: the booking flow's part is tested in booking-payments.test.ts.
    const changes = await reconcilePendingPayments(async () => () => undefined);
    expect(changes.filter((c) => c.payment.id === payment.id)).toMatchObject([{ outcome: 'changed', to: 'succeeded' }]);
    expect((await reread(payment.id)).status).toBe('succeeded');
    // Paid too, but not yet overdue: its webhook may still come.
    expect((await reread(fresh.id)).status).toBe('pending');
  });
});

/** A booking of two seats waiting for its payment, its seats taken, as the booking flow will make it. */
async function awaitingBooking() {
  return transaction(async (tx) => {
    const [date] = await tx
      .update(ideaDates)
      .set({ seatsLeft: sql`${ideaDates.seatsLeft} - 2` })
      .where(
        and(
          eq(
            ideaDates.id,
            sql`(select id from idea_dates where starts_at > now() and seats_left >= 2 order by id limit 1)`,
          ),
          gt(ideaDates.startsAt, new Date()),
          gte(ideaDates.seatsLeft, 2),
        ),
      )
      .returning();
    const [owner] = await tx.select({ userId: bookings.userId }).from(bookings).limit(1);
    const [booking] = await tx
      .insert(bookings)
      .values({
        hid: `hold-${bookingNumber++}-${Date.now()}`,
        userId: owner.userId,
        ideaId: date.ideaId,
        ideaDateId: date.id,
        adults: 2,
        total: 5000,
        currency: 'RUB',
        status: 'awaiting_payment',
        contact: { name: 'Анна' },
      })
      .returning();
    await scheduleHoldExpiry(tx, booking.id, new Date(Date.now() + 15 * 60_000));
    return { booking, seatsLeft: date.seatsLeft };
  });
}

const seatsOf = async (dateId: number) =>
  (await database.db.select().from(ideaDates).where(eq(ideaDates.id, dateId)))[0].seatsLeft;

describe('the end of an unpaid booking’s hold', () => {
  it('expires the booking and gives its seats back once, and is scheduled with the booking', async () => {
    const { booking, seatsLeft } = await awaitingBooking();
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `hold:booking:${booking.id}`));
    expect(job).toMatchObject({ kind: HOLD_EXPIRY_JOB, payload: { bookingId: booking.id } });
    const payment = await startPayment(gatewayDriver('yookassa')!, {
      bookingId: booking.id,
      bookingHid: booking.hid,
      amount: 100_000,
      currency: 'RUB',
      description: 'hold',
      returnUrl: 'http://localhost:3000/',
      expiresAt: new Date(),
    });
    expect(await expireHold({ bookingId: booking.id }, HOLD_HOOKS)).toEqual({ outcome: 'expired' });
    const [ended] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(ended).toMatchObject({ status: 'expired', endedBy: 'system', endReason: 'payment_timeout' });
    expect(await seatsOf(booking.ideaDateId)).toBe(seatsLeft + 2);
    // The job run again gives nothing back twice; the unpaid payment stays for a late payment to find.
    expect(await expireHold({ bookingId: booking.id }, HOLD_HOOKS)).toEqual({ outcome: 'not_waiting' });
    expect(await seatsOf(booking.ideaDateId)).toBe(seatsLeft + 2);
    expect((await reread(payment.id)).status).toBe('pending');
  });

  it('keeps the seats of a booking paid whose webhook was lost, applies the payment and confirms it', async () => {
    const { booking, seatsLeft } = await awaitingBooking();
    const payment = await startPayment(gatewayDriver('stripe')!, {
      bookingId: booking.id,
      bookingHid: booking.hid,
      amount: 5_000,
      currency: 'RUB',
      description: 'hold',
      returnUrl: 'http://localhost:3000/',
      expiresAt: new Date(),
    });
    await paidQuietly(stripe, payment);
    expect(await expireHold({ bookingId: booking.id }, HOLD_HOOKS)).toMatchObject({
      outcome: 'paid',
      change: { outcome: 'changed', to: 'succeeded' },
    });
    const [still] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(still.status).toBe(
      (await database.db.select().from(ideas).where(eq(ideas.id, booking.ideaId)))[0].bookingMode === 'request'
        ? 'requested'
        : 'confirmed',
    );
    expect(await seatsOf(booking.ideaDateId)).toBe(seatsLeft);
    expect((await reread(payment.id)).status).toBe('succeeded');
  });
});
