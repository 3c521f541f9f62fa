import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listRoute, POST as markRoute } from '@/app/api/v1/office/payouts/route';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { transaction } from '@/lib/server/db';
import { auditLog, bookings, ideaDates, payouts, users, type UserRole } from '@/lib/server/db/schema';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { zonedInstant } from '@/lib/departures/schedule';
import { localStartMinute } from '@/lib/time/local-time';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';
import { recordPayment, recordRefund } from '../support/payments';

// Everything is paid online and the platform owes the guides their share.
const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox', PAYMENT_MODE: 'full', COMMISSION_PERCENT: '20' });

const seeded = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 }));
const guideIdea = seeded.find((i) => i.status === 'published' && i.maxPersons >= 2)!;
const otherIdea = seeded.find((i) => i.status === 'published' && i.author !== guideIdea.author)!;
const guideEmail = SEED_AUTHORS[guideIdea.author].email;

let accounts = 0;
/** A new account with `role`, signed in. */
async function account(role: UserRole = 'user') {
  accounts++;
  const user = await transaction((tx) =>
    createUserWithProfile(tx, { name: `Account ${accounts}`, email: `payouts${accounts}@example.com` }),
  );
  if (role !== 'user') await database.db.update(users).set({ role }).where(eq(users.id, user.id));
  const session = await issueSession(user.id, role, { ip: '203.0.113.61', userAgent: null });
  return { id: user.id, headers: { authorization: `Bearer ${session.body.token}` } };
}

/** A confirmed booking of a new departure of `ideaId` at a local day, paid in full online. */
async function paidInFull(ideaId: number, day: string) {
  const startsAt = zonedInstant(day, '10:00');
  const [date] = await database.db
    .insert(ideaDates)
    .values({ ideaId, startsAt, localStartMinute: localStartMinute(startsAt), seatsTotal: 10, seatsLeft: 10 })
    .returning();
  const response = await postBooking((await account()).headers, ideaId, date.id, { adults: 2 });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const [booking] = await database.db
    .update(bookings)
    .set({ status: 'confirmed' })
    .where(eq(bookings.hid, response.body.data.hid))
    .returning();
  const payment = await recordPayment(database.db, booking.id, booking.total * 100);
  return { booking, payment, owed: booking.total * 80 };
}

const list = (month: string, headers?: Record<string, string>) =>
  call(listRoute, `/api/v1/office/payouts?month=${month}`, { headers });
const mark = (json: unknown, headers?: Record<string, string>) =>
  call(markRoute, '/api/v1/office/payouts', { headers, json });

describe('payouts to guides', () => {
  it('sums what is owed per guide less refunds, marks it paid once and writes the audit log', async () => {
    const a = await paidInFull(guideIdea.id, '2027-06-03');
    const b = await paidInFull(guideIdea.id, '2027-06-20');
    const other = await paidInFull(otherIdea.id, '2027-06-21');
    // Out of the month: 1 July local is still 30 June in UTC.
    await paidInFull(guideIdea.id, '2027-07-01');
    await recordRefund(database.db, b.payment.id, 30_000, 'succeeded');
    await recordRefund(database.db, b.payment.id, 10_000, 'pending');
    await recordRefund(database.db, b.payment.id, 99_000, 'failed');
    // Everything given back: the guide is owed nothing for it, not less than nothing.
    const cancelled = await paidInFull(guideIdea.id, '2027-06-25');
    await recordRefund(database.db, cancelled.payment.id, cancelled.booking.total * 100, 'succeeded');

    const moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const listed = await list('2027-06', moderator);
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toEqual({ month: '2027-06', payment_mode: 'full' });
    const [guide] = await database.db.select().from(users).where(eq(users.email, guideEmail));
    const line = listed.body.data.find((entry: { guide_id: number }) => entry.guide_id === guide.id);
    expect(line).toEqual({
      guide_id: guide.id,
      guide_hid: guide.hid,
      guide_name: guide.name,
      currency: 'RUB',
      bookings: 3,
      owed: a.owed + b.owed - 40_000,
      paid_out: null,
      reference: null,
      paid_at: null,
    });
    expect(listed.body.data.some((entry: { owed: number }) => entry.owed === other.owed)).toBe(true);

    const admin = await account('admin');
    // The amount is the server's: one the client sends is refused, not taken.
    const withAmount = await mark({ guide_id: guide.id, month: '2027-06', reference: 'x', amount: 1 }, admin.headers);
    expect(withAmount.status).toBe(422);
    const marked = await mark({ guide_id: guide.id, month: '2027-06', reference: '  п/п 4411  ' }, admin.headers);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.data).toEqual([
      expect.objectContaining({
        owed: line.owed,
        paid_out: line.owed,
        reference: 'п/п 4411',
        paid_at: expect.any(String),
      }),
    ]);

    const again = await mark({ guide_id: guide.id, month: '2027-06', reference: 'second' }, moderator);
    expect(again.status).toBe(409);
    expect(again.contentType).toBe('application/problem+json');

    const rows = await database.db
      .select()
      .from(payouts)
      .where(and(eq(payouts.guideId, guide.id), eq(payouts.period, '2027-06-01')));
    expect(rows).toEqual([
      expect.objectContaining({ amount: line.owed, currency: 'RUB', reference: 'п/п 4411', createdBy: admin.id }),
    ]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.subjectId, rows[0].id));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'payout.created',
        subjectType: 'payout',
        details: { guide_id: guide.id, month: '2027-06', amount: line.owed, currency: 'RUB', reference: 'п/п 4411' },
        createdAt: expect.any(Date),
      }),
    ]);

    const after = await list('2027-06', moderator);
    expect(after.body.data.find((entry: { guide_id: number }) => entry.guide_id === guide.id)).toMatchObject({
      paid_out: line.owed,
      reference: 'п/п 4411',
    });
  });

  it('answers 409 when nothing is owed, 404 for no such guide, 422 for bad input', async () => {
    const moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const [guide] = await database.db.select().from(users).where(eq(users.email, guideEmail));
    expect((await mark({ guide_id: guide.id, month: '2031-01', reference: 'r' }, moderator)).status).toBe(409);
    expect((await mark({ guide_id: 2_000_000, month: '2027-06', reference: 'r' }, moderator)).status).toBe(404);
    for (const body of [
      { guide_id: guide.id, month: '2027-06', reference: '   ' },
      { guide_id: guide.id, month: '2027-06', reference: 'x'.repeat(201) },
      { guide_id: guide.id, month: '2027-6', reference: 'r' },
      { guide_id: 'one', month: '2027-06', reference: 'r' },
      { month: '2027-06', reference: 'r' },
    ])
      expect((await mark(body, moderator)).status, JSON.stringify(body)).toBe(422);
    expect((await list('2027-13', moderator)).status).toBe(422);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'payout.created'))).toHaveLength(1);
  });

  it('is for moderators and admins only', async () => {
    const [guide] = await database.db.select().from(users).where(eq(users.email, guideEmail));
    const body = { guide_id: guide.id, month: '2027-06', reference: 'r' };
    const traveller = await account();
    const guideHeaders = await signInHeaders(guideEmail, AUTHOR_PASSWORD);
    for (const headers of [traveller.headers, guideHeaders]) {
      expect((await list('2027-06', headers)).status).toBe(403);
      expect((await mark(body, headers)).status).toBe(403);
    }
    expect((await list('2027-06')).status).toBe(401);
    expect((await mark(body)).status).toBe(401);
  });
});
