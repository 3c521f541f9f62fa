import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as bookingDetail } from '@/app/api/v1/bookings/[hid]/route';
import { DELETE as deleteIdeaRoute } from '@/app/api/v1/ideas/[id]/route';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { transaction } from '@/lib/server/db';
import { bookings, emailQueue, ideaDates, ideas, messages, payments, refunds } from '@/lib/server/db/schema';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { ON_REQUEST_IDEAS } from '@/lib/server/demo/content/terms';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { zonedInstant } from '@/lib/departures/schedule';
import { localStartMinute } from '@/lib/time/local-time';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';
import { yookassaForFile } from '../support/gateways/yookassa-for-file';
import { runDue } from '../support/jobs';

// Removing an idea (its guide, or moderation) ends its live bookings and gives everyone everything back (issue 40).
const yookassa = yookassaForFile();
const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });

/** Published instant ideas, each test its own (the test removes it). */
const instant = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 })).filter(
  (idea) => idea.status === 'published' && !ON_REQUEST_IDEAS.has(idea.key) && idea.maxPersons >= 2,
);

let travellers = 0;
/** A new traveller with an email, writing in `locale`, signed in. */
async function traveller(locale: 'ru' | 'en' | 'zh') {
  travellers++;
  const email = `removal${travellers}@example.com`;
  const user = await transaction((tx) => createUserWithProfile(tx, { name: `Traveller ${travellers}`, email, locale }));
  const session = await issueSession(user.id, 'user', { ip: '203.0.113.71', userAgent: null });
  return { email, headers: { authorization: `Bearer ${session.body.token}` } };
}

/** A new departure of the idea with ten seats, a month ahead. */
async function departure(ideaId: number, day: string) {
  const startsAt = zonedInstant(day, '10:00');
  const [date] = await database.db
    .insert(ideaDates)
    .values({ ideaId, startsAt, localStartMinute: localStartMinute(startsAt), seatsTotal: 10, seatsLeft: 10 })
    .returning();
  return date;
}

/** A booking for two; paid through the emulator's page unless `paid` is false (then it waits for its payment). */
async function book(who: Awaited<ReturnType<typeof traveller>>, ideaId: number, dateId: number, paid = true) {
  const created = await postBooking(who.headers, ideaId, dateId, { adults: 2 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [row] = await database.db.select().from(bookings).where(eq(bookings.hid, created.body.data.hid));
  const [payment] = await database.db.select().from(payments).where(eq(payments.bookingId, row.id));
  if (paid) await yookassa().pay(payment.gatewayPaymentId!);
  return { hid: row.hid, id: row.id, payment };
}

const removeIdea = (ideaId: number, headers: Record<string, string>) =>
  call(deleteIdeaRoute, `/api/v1/ideas/${ideaId}`, { method: 'DELETE', params: { id: String(ideaId) }, headers });
const bookingOf = async (id: number) => (await database.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const seatsOf = async (dateId: number) =>
  (await database.db.select().from(ideaDates).where(eq(ideaDates.id, dateId)))[0].seatsLeft;
const refundsOf = (paymentId: number) => database.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
const mailsTo = (email: string, kind: string) =>
  database.db
    .select()
    .from(emailQueue)
    .where(and(eq(emailQueue.recipient, email), eq(emailQueue.kind, kind)));

describe('moderation removing an idea', () => {
  it('ends every live booking, refunds everything paid in full, mails each traveller in their language and frees the seats', async () => {
    const idea = instant[0];
    const date = await departure(idea.id, '2027-08-10');
    const english = await traveller('en');
    const chinese = await traveller('zh');
    const russian = await traveller('ru');
    const confirmed = await book(english, idea.id, date.id);
    const secondPaid = await book(chinese, idea.id, date.id);
    const unpaid = await book(russian, idea.id, date.id, false);
    expect((await bookingOf(confirmed.id)).status).toBe('confirmed');
    expect((await bookingOf(unpaid.id)).status).toBe('awaiting_payment');
    expect(await seatsOf(date.id)).toBe(4);

    const moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    expect((await removeIdea(idea.id, moderator)).status).toBe(204);

    for (const { id } of [confirmed, secondPaid, unpaid])
      expect(await bookingOf(id)).toMatchObject({
        status: 'cancelled',
        endedBy: 'moderation',
        endReason: 'idea_removed',
      });
    expect(await seatsOf(date.id)).toBe(10);
    // Everything paid comes back, through the durable refund job; nothing was paid for the unpaid one.
    for (const { payment } of [confirmed, secondPaid])
      expect(await refundsOf(payment.id)).toMatchObject([
        { amount: payment.amount, reason: 'moderation', status: 'pending' },
      ]);
    expect(await refundsOf(unpaid.payment.id)).toEqual([]);
    await runDue(new Date());
    for (const { payment } of [confirmed, secondPaid]) {
      expect(await refundsOf(payment.id)).toMatchObject([{ status: 'succeeded' }]);
      const atGateway = [...yookassa().refunds.values()].filter((r) => r.payment_id === payment.gatewayPaymentId);
      expect(atGateway).toHaveLength(1);
      expect(atGateway[0]).toMatchObject({ status: 'succeeded', amount: { value: (payment.amount / 100).toFixed(2) } });
    }

    // Its own words, in each traveller's language, with the refund.
    const [mailEn] = await mailsTo(english.email, 'idea-removed');
    expect(mailEn.subject).toMatch(/^The idea was removed from Sopka: /);
    expect(mailEn.text).toContain('Refund');
    const [mailCn] = await mailsTo(chinese.email, 'idea-removed');
    expect(mailCn.subject).toMatch(/^该行程已从 Sopka 下架：/);
    const [mailRu] = await mailsTo(russian.email, 'idea-removed');
    expect(mailRu.subject).toMatch(/^Идея снята с Сопки: /);
    expect(await mailsTo(english.email, 'cancellation-confirmed')).toEqual([]);

    // The pair's conversation says why, in each reader's words (no guide's reason to quote).
    const said = await database.db
      .select()
      .from(messages)
      .where(eq(messages.bookingId, confirmed.id))
      .orderBy(asc(messages.id));
    expect(said.at(-1)).toMatchObject({ kind: 'system', event: { type: 'idea_removed', bookingHid: confirmed.hid } });
    expect(said.at(-1)!.event).not.toHaveProperty('reason');

    // The traveller still reads the booking, with its refund.
    const seen = await call(bookingDetail, `/api/v1/bookings/${confirmed.hid}`, {
      params: { hid: confirmed.hid },
      headers: english.headers,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.data.attributes).toMatchObject({ status: 'cancelled', end_reason: 'idea_removed' });
    expect(seen.body.data.attributes.payment.refunds).toMatchObject([{ status: 'succeeded' }]);

    // Removing it again finds nothing and changes nothing.
    expect((await removeIdea(idea.id, moderator)).status).toBe(404);
    await runDue(new Date());
    expect(await refundsOf(confirmed.payment.id)).toHaveLength(1);
    expect(
      [...yookassa().refunds.values()].filter((r) => r.payment_id === confirmed.payment.gatewayPaymentId),
    ).toHaveLength(1);
    expect(await mailsTo(english.email, 'idea-removed')).toHaveLength(1);
    expect(await seatsOf(date.id)).toBe(10);
  });

  it('refunds in full when the guide removes their own idea, and leaves ended bookings as they were', async () => {
    const idea = instant[1];
    const date = await departure(idea.id, '2027-08-12');
    const paid = await traveller('en');
    const booking = await book(paid, idea.id, date.id);
    const early = await traveller('ru');
    const cancelledEarlier = await book(early, idea.id, date.id);
    await database.db
      .update(bookings)
      .set({ status: 'cancelled', endedBy: 'traveller', cancelledAt: new Date() })
      .where(eq(bookings.id, cancelledEarlier.id));

    const guide = await signInHeaders(SEED_AUTHORS[idea.author].email, AUTHOR_PASSWORD);
    expect((await removeIdea(idea.id, guide)).status).toBe(204);
    expect(await bookingOf(booking.id)).toMatchObject({
      status: 'cancelled',
      endedBy: 'guide',
      endReason: 'idea_removed',
      // Not an answer to a request: the guide's usual response time does not count it.
      answeredAt: null,
    });
    expect(await refundsOf(booking.payment.id)).toMatchObject([{ amount: booking.payment.amount, reason: 'guide' }]);
    expect(await bookingOf(cancelledEarlier.id)).toMatchObject({ endedBy: 'traveller', endReason: null });
    expect(await mailsTo(early.email, 'idea-removed')).toEqual([]);
    expect((await database.db.select().from(ideas).where(eq(ideas.id, idea.id)))[0].deletedAt).not.toBeNull();
  });

  it('refuses anyone else and changes nothing', async () => {
    const idea = instant[2];
    const date = await departure(idea.id, '2027-08-14');
    const booking = await book(await traveller('ru'), idea.id, date.id);
    const stranger = await traveller('en');
    expect((await removeIdea(idea.id, stranger.headers)).status).toBe(403);
    expect((await bookingOf(booking.id)).status).toBe('confirmed');
    expect(await refundsOf(booking.payment.id)).toEqual([]);
  });

  it('leaves no live booking behind when bookings race the removal', async () => {
    const idea = instant[3];
    const date = await departure(idea.id, '2027-08-16');
    const racers = await Promise.all([1, 2, 3, 4, 5, 6].map(() => traveller('ru')));
    const moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const [removal, ...attempts] = await Promise.all([
      removeIdea(idea.id, moderator),
      ...racers.map((who) => postBooking(who.headers, idea.id, date.id, { adults: 1 })),
    ]);
    expect(removal.status).toBe(204);
    for (const attempt of attempts) expect([201, 404]).toContain(attempt.status);
    const left = await database.db.select().from(bookings).where(eq(bookings.ideaDateId, date.id));
    expect(left.filter((b) => b.status !== 'cancelled')).toEqual([]);
    expect(await seatsOf(date.id)).toBe(10);
  });
});
