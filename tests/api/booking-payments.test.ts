import { and, asc, eq, gt, gte, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { POST as decline } from '@/app/api/v1/bookings/[hid]/decline/route';
import { POST as pay } from '@/app/api/v1/bookings/[hid]/pay/route';
import { GET as bookingDetail } from '@/app/api/v1/bookings/[hid]/route';
import { POST as cancelDepartureRoute } from '@/app/api/v1/office/departures/[id]/cancel/route';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { HOLD_HOOKS } from '@/lib/server/bookings/booking-payment';
import { transaction } from '@/lib/server/db';
import { bookings, emailQueue, ideaDates, ideas, jobs, payments, rateLimits, refunds } from '@/lib/server/db/schema';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { ON_REQUEST_IDEAS } from '@/lib/server/demo/content/terms';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { expireHold } from '@/lib/server/payments/expire-hold';
import { paymentSplit } from '@/lib/payments/amounts';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';
import { yookassaForFile } from '../support/gateways/yookassa-for-file';
import { runDue } from '../support/jobs';

const yookassa = yookassaForFile();
const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });

beforeEach(async () => {
  // Each test books; the account's booking limits (booking-limits.ts) are not what these tests are about.
  await database.db.delete(rateLimits).where(like(rateLimits.key, 'booking:%'));
});

const indexed = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 }));
const requestIdea = indexed.find((idea) => ON_REQUEST_IDEAS.has(idea.key))!;
/** Instant ideas of one guide, so that the traveller (another guide) may book them. */
const instantIdeas = indexed.filter(
  (idea) => idea.status === 'published' && !ON_REQUEST_IDEAS.has(idea.key) && idea.author === requestIdea.author,
);
const guideIndex = requestIdea.author;
const travellerIndex = guideIndex === 0 ? 1 : 0;
const otherIndex = [0, 1, 2].find((i) => i !== guideIndex && i !== travellerIndex)!;
const signIn = (index: number) => signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);

let nextIdea = 0;
/** A departure of an instant idea with room, each test its own (free cancellation, at least a week ahead). */
async function freeDeparture(minSeats = 4, idea?: { id: number }) {
  for (let tries = 0; tries < instantIdeas.length; tries++) {
    const ideaId = idea?.id ?? instantIdeas[nextIdea++ % instantIdeas.length].id;
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, ideaId));
    if (!idea && row.cancellationPolicy === 'non_refundable') continue;
    const [date] = await database.db
      .select()
      .from(ideaDates)
      .where(
        and(
          eq(ideaDates.ideaId, ideaId),
          gte(ideaDates.seatsLeft, minSeats),
          gt(ideaDates.startsAt, new Date(Date.now() + 8 * 86_400_000)),
        ),
      )
      .orderBy(asc(ideaDates.startsAt));
    if (date) return { idea: row, date };
  }
  throw new Error('no free departure left');
}

const bookingOf = async (hid: string) => (await database.db.select().from(bookings).where(eq(bookings.hid, hid)))[0];
const seatsOf = async (dateId: number) =>
  (await database.db.select().from(ideaDates).where(eq(ideaDates.id, dateId)))[0].seatsLeft;
const paymentOf = async (bookingId: number) =>
  (await database.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
const refundsOf = async (paymentId: number) =>
  database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
const mailsTo = async (email: string, kind: string) =>
  (
    await database.db
      .select()
      .from(emailQueue)
      .where(and(eq(emailQueue.recipient, email), eq(emailQueue.kind, kind)))
  ).length;
const travellerEmail = SEED_AUTHORS[travellerIndex].email;

/** A booking for two of the traveller, paid online: its API answer and where it stands. */
async function book(place?: { idea: { id: number }; date: { id: number } }, adults = 2) {
  const { idea, date } = place ?? (await freeDeparture());
  const before = await seatsOf(date.id);
  const created = await postBooking(await signIn(travellerIndex), idea.id, date.id, { adults });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const row = await bookingOf(created.body.data.hid);
  return { created, row, dateId: date.id, before, payment: await paymentOf(row.id) };
}

describe('booking with a prepayment through YooKassa', () => {
  it('holds the seats unpaid, sends the traveller to the gateway for the 20 % prepayment, and confirms once paid', async () => {
    const { created, row, dateId, before, payment } = await book();
    expect(created.body.data.attributes.status).toBe('awaiting_payment');
    const split = paymentSplit(row.total, 'RUB', 'prepay', 20);
    // The server's own share of its own total, in kopecks; the traveller's page is the gateway's.
    expect(payment).toMatchObject({ amount: split.now, currency: 'RUB', status: 'pending' });
    expect(created.body.meta.payment_url).toBe(
      yookassa().payments.get(payment.gatewayPaymentId!)!.confirmation.confirmation_url,
    );
    expect(created.body.data.attributes.payment).toMatchObject({
      status: 'pending',
      due_online: split.now / 100,
      on_the_day: split.onTheDay / 100,
      paid_online: 0,
    });
    expect(await seatsOf(dateId)).toBe(before - 2);
    // Nothing is confirmed (nor mailed) before the money.
    expect(await mailsTo(travellerEmail, 'booking-confirmed')).toBe(0);

    expect(await yookassa().pay(payment.gatewayPaymentId!)).toBe(200);
    const paid = await bookingOf(row.hid);
    expect(paid.status).toBe('confirmed');
    expect(await seatsOf(dateId)).toBe(before - 2);
    const [hold] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `hold:booking:${row.id}`));
    expect(hold.cancelledAt).not.toBeNull();
    const shown = await call(bookingDetail, `/api/v1/bookings/${row.hid}`, {
      params: { hid: row.hid },
      headers: await signIn(travellerIndex),
    });
    expect(shown.body.data.attributes.payment).toMatchObject({ status: 'succeeded', paid_online: split.now / 100 });
    const [mail] = await database.db
      .select()
      .from(emailQueue)
      .where(and(eq(emailQueue.recipient, travellerEmail), eq(emailQueue.kind, 'booking-confirmed')))
      .orderBy(asc(emailQueue.id));
    expect(mail.text).toContain('Оплачено онлайн');
  });

  it('takes no amount or currency from the client', async () => {
    const { idea, date } = await freeDeparture();
    const before = await seatsOf(date.id);
    const { POST: bookRoute } = await import('@/app/api/v1/bookings/route');
    const forged = await call(bookRoute, '/api/v1/bookings', {
      headers: await signIn(travellerIndex),
      json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, children: 0, amount: 1, currency: 'USD' },
    });
    expect(forged.status).toBe(422);
    expect(await seatsOf(date.id)).toBe(before);
  });

  it('applies the same webhook delivered twice at once exactly once', async () => {
    const { row, payment } = await book();
    const mailsBefore = await mailsTo(travellerEmail, 'booking-confirmed');
    await yookassa().pay(payment.gatewayPaymentId!);
    const delivered = yookassa().payments.get(payment.gatewayPaymentId!)!;
    const statuses = await Promise.all([
      yookassa().notify('payment.succeeded', delivered),
      yookassa().notify('payment.succeeded', delivered),
    ]);
    expect(statuses).toEqual([200, 200]);
    expect((await bookingOf(row.hid)).status).toBe('confirmed');
    // One confirmation, no refund: three deliveries of one payment moved it once.
    expect(await mailsTo(travellerEmail, 'booking-confirmed')).toBe(mailsBefore + 1);
    expect(await refundsOf(payment.id)).toEqual([]);
  });

  it('gives the seats back at once when the traveller gives up on the gateway’s page', async () => {
    const { row, dateId, before, payment } = await book();
    await yookassa().cancel(payment.gatewayPaymentId!);
    expect(await bookingOf(row.hid)).toMatchObject({ status: 'expired', endReason: 'payment_failed' });
    expect(await seatsOf(dateId)).toBe(before);
  });

  it('refunds in full a payment completed after the traveller cancelled the unpaid booking', async () => {
    const { row, dateId, before, payment } = await book();
    const cancelled = await call(cancel, `/api/v1/bookings/${row.hid}/cancel`, {
      params: { hid: row.hid },
      headers: await signIn(travellerIndex),
    });
    expect(cancelled.status).toBe(200);
    expect(await seatsOf(dateId)).toBe(before);
    await yookassa().pay(payment.gatewayPaymentId!);
    expect((await bookingOf(row.hid)).status).toBe('cancelled');
    expect(await refundsOf(payment.id)).toMatchObject([{ amount: payment.amount, reason: 'late_payment' }]);
    expect(await mailsTo(travellerEmail, 'late-payment-refunded')).toBeGreaterThan(0);
    // The refund job carries it to the gateway, once.
    await runDue(new Date());
    expect([...yookassa().refunds.values()].filter((r) => r.payment_id === payment.gatewayPaymentId)).toHaveLength(1);
    expect((await refundsOf(payment.id))[0].status).toBe('succeeded');
  });

  it('confirms a payment that arrives after the hold ended while seats remain, taking them again', async () => {
    const { row, dateId, before, payment } = await book();
    expect(await expireHold({ bookingId: row.id }, HOLD_HOOKS)).toMatchObject({ outcome: 'expired' });
    expect(await seatsOf(dateId)).toBe(before);
    await yookassa().pay(payment.gatewayPaymentId!);
    expect((await bookingOf(row.hid)).status).toBe('confirmed');
    expect(await seatsOf(dateId)).toBe(before - 2);
    expect(await refundsOf(payment.id)).toEqual([]);
  });

  it('refunds a payment that arrives after the hold ended when its seats went to others', async () => {
    const place = await freeDeparture(2);
    const { row, dateId, payment } = await book(place, 2);
    await expireHold({ bookingId: row.id }, HOLD_HOOKS);
    // Someone else takes every seat meanwhile.
    await database.db.update(ideaDates).set({ seatsLeft: 0 }).where(eq(ideaDates.id, dateId));
    await yookassa().pay(payment.gatewayPaymentId!);
    expect((await bookingOf(row.hid)).status).toBe('expired');
    expect(await seatsOf(dateId)).toBe(0);
    expect(await refundsOf(payment.id)).toMatchObject([{ amount: payment.amount, reason: 'late_payment' }]);
  });

  it('refunds the prepayment in full when the traveller cancels inside the free window', async () => {
    const { row, payment } = await book();
    await yookassa().pay(payment.gatewayPaymentId!);
    const cancelled = await call(cancel, `/api/v1/bookings/${row.hid}/cancel`, {
      params: { hid: row.hid },
      headers: await signIn(travellerIndex),
    });
    expect(cancelled.status).toBe(200);
    expect(await refundsOf(payment.id)).toMatchObject([
      { amount: payment.amount, reason: 'traveller', status: 'pending' },
    ]);
    expect(cancelled.body.data.attributes.payment.refunds).toMatchObject([
      { amount: payment.amount / 100, status: 'pending' },
    ]);
  });

  it('refunds everyone in full when the guide cancels the departure', async () => {
    const { row, dateId, payment } = await book();
    await yookassa().pay(payment.gatewayPaymentId!);
    const answer = await call(cancelDepartureRoute, `/api/v1/office/departures/${dateId}/cancel`, {
      params: { id: String(dateId) },
      headers: await signIn(guideIndex),
      json: { reason: 'Шторм' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect((await bookingOf(row.hid)).status).toBe('cancelled');
    expect(await refundsOf(payment.id)).toMatchObject([{ amount: payment.amount, reason: 'guide' }]);
  });

  it('keeps a paid on-request booking waiting for the guide, and refunds it in full when declined', async () => {
    const { date } = await freeDeparture(2, requestIdea);
    const { row, payment } = await book({ idea: requestIdea, date }, 1);
    expect(row.respondBy).toBeNull();
    await yookassa().pay(payment.gatewayPaymentId!);
    const paid = await bookingOf(row.hid);
    expect(paid.status).toBe('requested');
    expect(paid.respondBy!.getTime()).toBeGreaterThan(Date.now());
    const declined = await call(decline, `/api/v1/bookings/${row.hid}/decline`, {
      params: { hid: row.hid },
      headers: await signIn(guideIndex),
      json: { message: 'Лодка в ремонте' },
    });
    expect(declined.status).toBe(200);
    expect(await refundsOf(payment.id)).toMatchObject([{ amount: payment.amount, reason: 'declined' }]);
  });

  it('lets only the traveller reopen the payment page, and only while the booking waits for it', async () => {
    const { row, payment } = await book();
    const path = `/api/v1/bookings/${row.hid}/pay`;
    const other = await call(pay, path, { params: { hid: row.hid }, headers: await signIn(otherIndex) });
    expect([403, 404]).toContain(other.status);
    const anonymous = await call(pay, path, { params: { hid: row.hid } });
    expect(anonymous.status).toBe(401);
    const own = await call(pay, path, { params: { hid: row.hid }, headers: await signIn(travellerIndex) });
    expect(own.status).toBe(200);
    // The same payment, not a second one.
    expect(own.body.meta.payment_url).toBe(payment.confirmationUrl);
    expect(await database.db.select().from(payments).where(eq(payments.bookingId, row.id))).toHaveLength(1);
    await yookassa().pay(payment.gatewayPaymentId!);
    const again = await call(pay, path, { params: { hid: row.hid }, headers: await signIn(travellerIndex) });
    expect(again.status).toBe(409);
  });

  it('books nothing and charges nothing when the gateway cannot open a payment (503)', async () => {
    const { idea, date } = await freeDeparture();
    const before = await seatsOf(date.id);
    yookassa().setDown(true);
    try {
      const refused = await postBooking(await signIn(travellerIndex), idea.id, date.id, { adults: 2 });
      expect(refused.status).toBe(503);
      expect(refused.contentType).toContain('application/problem+json');
      expect(await seatsOf(date.id)).toBe(before);
    } finally {
      yookassa().setDown(false);
    }
  });
});

/** A new traveller's headers (no password: a session issued directly). */
async function newTraveller(n: number) {
  const user = await transaction((tx) =>
    createUserWithProfile(tx, { name: `Путник ${n}`, phone: `+7924${String(n).padStart(7, '0')}`, locale: 'ru' }),
  );
  const session = await issueSession(user.id, 'user', { ip: '203.0.113.9', userAgent: null });
  return { authorization: `Bearer ${session.body.token}` };
}

const shuffled = <T>(list: T[]) =>
  list
    .map((item) => ({ item, key: Math.random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);

// Hundreds of bookings and payments on a 2-core machine: more time than one booking's test.
describe('a rush on the last seats', () => {
  it('200 concurrent bookings for the last 5 seats, paid in random order: never more seats than exist, and every paid booking has its seat or a refund', async () => {
    const { idea, date } = await freeDeparture(5);
    await database.db.update(ideaDates).set({ seatsLeft: 5 }).where(eq(ideaDates.id, date.id));
    const travellers: Record<string, string>[] = [];
    // 220 accounts, each booking once (an account's own booking limits are not what this is about).
    for (let n = 0; n < 220; n++) travellers.push(await newTraveller(n));

    const rush = await Promise.all(travellers.slice(0, 200).map((headers) => postBooking(headers, idea.id, date.id)));
    const won = rush.filter((answer) => answer.status === 201);
    expect(won).toHaveLength(5);
    expect(rush.filter((answer) => answer.status !== 201).map((answer) => answer.status)).toEqual(Array(195).fill(409));
    expect(await seatsOf(date.id)).toBe(0);

    // Two holds end unpaid; then, all at once and in random order: their late payments, the other payments (some
    // delivered twice), a payment given up on the gateway's page, and 20 new bookings for the seats set free.
    const held = shuffled(await Promise.all(won.map((answer) => bookingOf(answer.body.data.hid))));
    for (const booking of held.slice(0, 2)) await expireHold({ bookingId: booking.id }, HOLD_HOOKS);
    const gatewayIdOf = async (bookingId: number) => (await paymentOf(bookingId)).gatewayPaymentId!;
    const moves: (() => Promise<unknown>)[] = [
      ...held.slice(0, 4).map((booking) => async () => yookassa().pay(await gatewayIdOf(booking.id))),
      async () => yookassa().cancel(await gatewayIdOf(held[4].id)),
      ...held.slice(1, 3).map((booking) => async () => {
        const id = await gatewayIdOf(booking.id);
        return yookassa().payments.get(id)!.status === 'succeeded'
          ? yookassa().notify('payment.succeeded', yookassa().payments.get(id)!)
          : null;
      }),
      ...travellers.slice(200).map((headers) => async () => {
        const answer = await postBooking(headers, idea.id, date.id);
        if (answer.status !== 201) return;
        const id = await gatewayIdOf(answer.body.data.id);
        if (Math.random() < 0.7) await yookassa().pay(id);
      }),
    ];
    await Promise.all(shuffled(moves).map((move) => move()));

    const [departure] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    const all = await database.db.select().from(bookings).where(eq(bookings.ideaDateId, date.id));
    const holding = all.filter((b) => ['awaiting_payment', 'requested', 'confirmed'].includes(b.status));
    expect(departure.seatsLeft).toBeGreaterThanOrEqual(0);
    expect(departure.seatsLeft + holding.length).toBe(5);
    for (const booking of all) {
      const paid = (await database.db.select().from(payments).where(eq(payments.bookingId, booking.id))).filter(
        (p) => p.status === 'succeeded',
      );
      for (const payment of paid) {
        const back = (await refundsOf(payment.id)).reduce((sum, r) => sum + r.amount, 0);
        // A paid booking holds its seat, or its money goes back in full.
        expect({ booking: booking.hid, status: booking.status, holds: holding.includes(booking), back }).toEqual({
          booking: booking.hid,
          status: booking.status,
          holds: back === 0,
          back: back === 0 ? 0 : payment.amount,
        });
      }
    }
  }, 240_000);
});
