import { and, asc, eq, gt, gte, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { GET as bookingDetail } from '@/app/api/v1/bookings/[hid]/route';
import { POST as stripeWebhook } from '@/app/api/v1/payments/webhooks/stripe/route';
import { bookings, ideaDates, ideas, payments, rateLimits, refunds } from '@/lib/server/db/schema';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { ON_REQUEST_IDEAS } from '@/lib/server/demo/content/terms';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { paymentSplit } from '@/lib/payments/amounts';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';
import { deliverTo, type WebhookAnswer } from '../support/gateways/app-webhooks';
import { startStripeEmulator, type StripeEmulator } from '../support/gateways/stripe-emulator';
import { runDue } from '../support/jobs';

// Booking with PAYMENT_DRIVER=stripe: a Checkout Session of the official SDK against the Stripe emulator, settled by
// its signed webhook (stripe.webhooks.constructEvent).
let stripe: StripeEmulator;
const answers: WebhookAnswer[] = [];
const webhook = () => deliverTo(stripeWebhook, '/api/v1/payments/webhooks/stripe', { address: '3.18.12.63' }, answers);
beforeAll(async () => {
  stripe = await startStripeEmulator();
  Object.assign(process.env, {
    PAYMENT_DRIVER: 'stripe',
    PAYMENT_MODE: 'prepay',
    PREPAY_PERCENT: '20',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.apiUrl,
  });
  stripe.setWebhook(webhook());
});
const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });
afterAll(() => stripe?.close());

beforeEach(async () => {
  await database.db.delete(rateLimits).where(like(rateLimits.key, 'booking:%'));
  stripe.setWebhook(webhook());
});

const indexed = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 }));
const guideIndex = indexed.find((idea) => ON_REQUEST_IDEAS.has(idea.key))!.author;
const instantIdeas = indexed.filter(
  (idea) => idea.status === 'published' && !ON_REQUEST_IDEAS.has(idea.key) && idea.author === guideIndex,
);
const travellerIndex = guideIndex === 0 ? 1 : 0;
const signIn = (index: number) => signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);

let nextIdea = 0;
/** A departure with room of a free-cancellation instant idea, at least a week ahead. */
async function freeDeparture() {
  for (let tries = 0; tries < instantIdeas.length; tries++) {
    const ideaId = instantIdeas[nextIdea++ % instantIdeas.length].id;
    const [idea] = await database.db.select().from(ideas).where(eq(ideas.id, ideaId));
    if (idea.cancellationPolicy === 'non_refundable') continue;
    const [date] = await database.db
      .select()
      .from(ideaDates)
      .where(
        and(
          eq(ideaDates.ideaId, ideaId),
          gte(ideaDates.seatsLeft, 4),
          gt(ideaDates.startsAt, new Date(Date.now() + 8 * 86_400_000)),
        ),
      )
      .orderBy(asc(ideaDates.startsAt));
    if (date) return { idea, date };
  }
  throw new Error('no free departure left');
}

const bookingOf = async (hid: string) => (await database.db.select().from(bookings).where(eq(bookings.hid, hid)))[0];
const paymentOf = async (bookingId: number) =>
  (await database.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];

/** A booking for two, paid online through Stripe: the answer, the row and its payment. */
async function book() {
  const { idea, date } = await freeDeparture();
  const created = await postBooking(await signIn(travellerIndex), idea.id, date.id, { adults: 2 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const row = await bookingOf(created.body.data.hid);
  return { created, row, payment: await paymentOf(row.id) };
}

describe('booking with a prepayment through Stripe', () => {
  it('opens a Checkout Session for the server’s 20 % share and confirms the booking on the signed webhook', async () => {
    const { created, row, payment } = await book();
    expect(created.body.data.attributes.status).toBe('awaiting_payment');
    const split = paymentSplit(row.total, 'RUB', 'prepay', 20);
    expect(payment).toMatchObject({ driver: 'stripe', amount: split.now, currency: 'RUB', status: 'pending' });
    const session = stripe.sessions.get(payment.gatewayPaymentId!)!;
    expect(session).toMatchObject({ amount_total: split.now, currency: 'rub', status: 'open' });
    expect(session.success_url).toContain(`/account/booking/${row.hid}`);
    expect(created.body.meta.payment_url).toBe(session.url);

    expect(await stripe.pay(session.id)).toBe(200);
    expect((await bookingOf(row.hid)).status).toBe('confirmed');
    expect(await paymentOf(row.id)).toMatchObject({ status: 'succeeded' });
    const seen = await call(bookingDetail, `/api/v1/bookings/${row.hid}`, {
      params: { hid: row.hid },
      headers: await signIn(travellerIndex),
    });
    expect(seen.body.data.attributes.payment).toMatchObject({
      status: 'succeeded',
      paid_online: split.now / 100,
      on_the_day: split.onTheDay / 100,
    });
    // The same event again changes nothing twice.
    expect(await stripe.sendEvent(session.id)).toBe(200);
    expect((await bookingOf(row.hid)).status).toBe('confirmed');
  });

  it('changes nothing on a forged signature or a changed amount, then confirms on the genuine event', async () => {
    const { row, payment } = await book();
    // Paid at Stripe while its webhook is lost: the booking waits.
    stripe.setWebhook(undefined);
    await stripe.pay(payment.gatewayPaymentId!);
    stripe.setWebhook(webhook());
    expect((await bookingOf(row.hid)).status).toBe('awaiting_payment');

    expect(await stripe.sendEvent(payment.gatewayPaymentId!, { secret: 'whsec_forged' })).toBe(400);
    expect(answers.at(-1)!.body).toMatchObject({ status: 400 });
    expect(
      await stripe.sendEvent(payment.gatewayPaymentId!, { session: { amount_total: 1, amount_subtotal: 1 } }),
    ).toBe(400);
    expect(await stripe.sendEvent(payment.gatewayPaymentId!, { session: { currency: 'usd' } })).toBe(400);
    expect((await bookingOf(row.hid)).status).toBe('awaiting_payment');
    expect(await paymentOf(row.id)).toMatchObject({ status: 'pending' });

    expect(await stripe.sendEvent(payment.gatewayPaymentId!)).toBe(200);
    expect((await bookingOf(row.hid)).status).toBe('confirmed');
  });

  it('applies the same signed event delivered three times at once exactly once', async () => {
    const { row, payment } = await book();
    stripe.setWebhook(undefined);
    await stripe.pay(payment.gatewayPaymentId!);
    stripe.setWebhook(webhook());
    const statuses = await Promise.all([1, 2, 3].map(() => stripe.sendEvent(payment.gatewayPaymentId!)));
    expect(statuses).toEqual([200, 200, 200]);
    expect((await bookingOf(row.hid)).status).toBe('confirmed');
    expect(await database.db.select().from(payments).where(eq(payments.bookingId, row.id))).toHaveLength(1);
  });

  it('frees the seats when the traveller gives up on the Checkout page', async () => {
    const { row, payment } = await book();
    expect(await stripe.cancel(payment.gatewayPaymentId!)).toBe(200);
    expect(await bookingOf(row.hid)).toMatchObject({ status: 'expired', endReason: 'payment_failed' });
  });

  it('refunds the prepayment through Stripe when the traveller cancels inside the free window', async () => {
    const { row, payment } = await book();
    await stripe.pay(payment.gatewayPaymentId!);
    const cancelled = await call(cancel, `/api/v1/bookings/${row.hid}/cancel`, {
      params: { hid: row.hid },
      headers: await signIn(travellerIndex),
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await runDue(new Date());
    const [refund] = await database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(refund).toMatchObject({ amount: payment.amount, status: 'succeeded' });
    const session = stripe.sessions.get(payment.gatewayPaymentId!)!;
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === session.payment_intent);
    expect(atStripe).toMatchObject([{ amount: payment.amount, id: refund.gatewayRefundId }]);
  });
});
