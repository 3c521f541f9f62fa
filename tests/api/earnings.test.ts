import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET as earningsCsvRoute } from '@/app/api/v1/office/earnings.csv/route';
import { GET as earningsRoute } from '@/app/api/v1/office/earnings/route';
import { GET as payoutsRoute } from '@/app/api/v1/office/payouts/route';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { transaction } from '@/lib/server/db';
import { bookings, ideaDates } from '@/lib/server/db/schema';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { zonedInstant } from '@/lib/departures/schedule';
import { localStartMinute } from '@/lib/time/local-time';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';
import { recordPayment, recordRefund } from '../support/payments';

// The server runs in the default PAYMENT_MODE (prepay); a booking paid in full online counts as `full` whatever
// the setting, so both kinds are here.
const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });

const seeded = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 }));
const guideIdea = seeded.find((i) => i.status === 'published' && i.maxPersons >= 2)!;
const otherIdea = seeded.find((i) => i.status === 'published' && i.author !== guideIdea.author)!;
const guide = () => signInHeaders(SEED_AUTHORS[guideIdea.author].email, AUTHOR_PASSWORD);

let travellers = 0;
async function traveller() {
  travellers++;
  const user = await transaction((tx) =>
    createUserWithProfile(tx, { name: `Traveller ${travellers}`, email: `earner${travellers}@example.com` }),
  );
  const session = await issueSession(user.id, 'user', { ip: '203.0.113.60', userAgent: null });
  return { authorization: `Bearer ${session.body.token}` };
}

/** A confirmed booking of a new departure of `ideaId` at a local day and time, by a new traveller. */
async function booking(ideaId: number, day: string, time: string, { name = 'Анна', adults = 2 } = {}) {
  const startsAt = zonedInstant(day, time);
  const [date] = await database.db
    .insert(ideaDates)
    .values({ ideaId, startsAt, localStartMinute: localStartMinute(startsAt), seatsTotal: 10, seatsLeft: 10 })
    .returning();
  const response = await postBooking(await traveller(), ideaId, date.id, {
    adults,
    contact: { name, phone: '+79141112233' },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  const [row] = await database.db
    .update(bookings)
    .set({ status: 'confirmed' })
    .where(eq(bookings.hid, response.body.data.hid))
    .returning();
  return row;
}

const earnings = async (query: string, headers?: Record<string, string>) =>
  call(earningsRoute, `/api/v1/office/earnings${query}`, { headers });

describe("the guide's earnings", () => {
  it('lists the paid bookings of a Vladivostok month with refunds and totals, the guide’s own only', async () => {
    // 23:30 on 31 October and 00:30 on 1 November local are both 31 October in UTC.
    const october = await booking(guideIdea.id, '2027-10-31', '23:30');
    const prepaid = await booking(guideIdea.id, '2027-11-01', '00:30', { name: 'Борис' });
    const inFull = await booking(guideIdea.id, '2027-11-15', '10:00', { name: 'Вера' });
    const unpaid = await booking(guideIdea.id, '2027-11-16', '10:00');
    const failed = await booking(guideIdea.id, '2027-11-17', '10:00');
    const others = await booking(otherIdea.id, '2027-11-18', '10:00');

    const deposit = (row: typeof prepaid) => Math.round(row.total * 0.2) * 100;
    await recordPayment(database.db, october.id, deposit(october));
    await recordPayment(database.db, prepaid.id, deposit(prepaid));
    const full = await recordPayment(database.db, inFull.id, inFull.total * 100);
    await recordRefund(database.db, full.id, 10_000, 'succeeded');
    await recordRefund(database.db, full.id, 5_000, 'pending');
    await recordRefund(database.db, full.id, 7_000, 'failed');
    await recordPayment(database.db, unpaid.id, deposit(unpaid), { status: 'pending' });
    await recordPayment(database.db, failed.id, deposit(failed), { status: 'failed' });
    await recordPayment(database.db, others.id, deposit(others));

    const { status, body } = await earnings('?month=2027-11', await guide());
    expect(status).toBe(200);
    expect(body.meta.month).toBe('2027-11');
    expect(body.meta.payment_mode).toBe('prepay');
    expect(body.data.map((line: { booking_hid: string }) => line.booking_hid)).toEqual([prepaid.hid, inFull.hid]);

    const [first, second] = body.data;
    expect(first).toMatchObject({
      day: '2027-11-01',
      traveller_name: 'Борис',
      adults: 2,
      children: 0,
      mode: 'prepay',
      currency: 'RUB',
      gross: prepaid.total * 100,
      paid_online: deposit(prepaid),
      commission: deposit(prepaid),
      refunded: 0,
      refund_pending: 0,
      guide_receives: prepaid.total * 100 - deposit(prepaid),
      refunds: [],
    });
    const commission = Math.round(inFull.total * 0.2) * 100;
    expect(second).toMatchObject({
      mode: 'full',
      gross: inFull.total * 100,
      paid_online: inFull.total * 100,
      commission,
      refunded: 10_000,
      refund_pending: 5_000,
      guide_receives: inFull.total * 100 - commission - 15_000,
      refunds: [
        { amount: 10_000, status: 'succeeded' },
        { amount: 5_000, status: 'pending' },
        { amount: 7_000, status: 'failed' },
      ],
    });
    expect(body.meta.totals).toEqual([
      {
        currency: 'RUB',
        gross: first.gross + second.gross,
        paid_online: first.paid_online + second.paid_online,
        commission: first.commission + second.commission,
        refunded: 10_000,
        refund_pending: 5_000,
        guide_receives: first.guide_receives + second.guide_receives,
      },
    ]);

    const previous = await earnings('?month=2027-10', await guide());
    expect(previous.body.data.map((line: { booking_hid: string }) => line.booking_hid)).toEqual([october.hid]);

    // Payouts: a deposit owes the guide nothing (they are paid on the day); the booking paid in full does.
    const payouts = await call(payoutsRoute, '/api/v1/office/payouts?month=2027-11', {
      headers: await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD),
    });
    expect(payouts.body.meta.payment_mode).toBe('prepay');
    expect(payouts.body.data).toEqual([
      expect.objectContaining({ bookings: 2, owed: second.guide_receives, paid_out: null }),
    ]);

    const empty = await earnings('?month=2027-12', await guide());
    expect(empty.body).toMatchObject({ data: [], meta: { month: '2027-12', totals: [] } });
  });

  it('defaults to the current month, asks for a session and refuses what is not a month', async () => {
    const headers = await guide();
    const current = await earnings('', headers);
    expect(current.status).toBe(200);
    expect(current.body.meta.month).toMatch(/^\d{4}-\d{2}$/);
    expect((await earnings('?month=2027-11')).status).toBe(401);
    for (const month of ['2027-13', '2027-1', 'november', '2027-11-01']) {
      const bad = await earnings(`?month=${month}`, headers);
      expect(bad.status, month).toBe(422);
      expect(bad.contentType).toBe('application/problem+json');
    }
  });

  it('exports the month as CSV: byte order mark, semicolons, totals, formulas neutralised', async () => {
    const row = await booking(guideIdea.id, '2027-08-10', '10:00', { name: '=HYPERLINK("http://x")' });
    await recordPayment(database.db, row.id, row.total * 100);
    const request = (locale: string, headers: Record<string, string>) =>
      new NextRequest(new URL(`http://localhost:3000/api/v1/office/earnings.csv?month=2027-08&locale=${locale}`), {
        headers,
      });
    const response = await earningsCsvRoute(request('ru', await guide()), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="earnings-2027-08.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n');
    expect(lines[0].split(';')).toEqual([
      'Дата поездки',
      'Идея',
      'Путешественник',
      'Взрослых',
      'Детей',
      'Статус брони',
      'Валюта',
      'Стоимость',
      'Оплачено онлайн',
      'Комиссия',
      'Возвращено',
      'Возвращается',
      'Гид получает',
    ]);
    const cells = lines[1].split(';');
    expect(cells[0]).toBe('2027-08-10');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(cells.slice(-6)).toEqual(
      [row.total * 100, row.total * 100, Math.round(row.total * 0.2) * 100, 0, 0, row.total * 80].map(
        // A decimal comma for Russian Excel: quoted, as every cell with a comma is.
        (minor) => `"${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}"`,
      ),
    );
    expect(lines[2].startsWith('Итого;')).toBe(true);
    expect(lines.at(-1)).toBe('');

    const english = await earningsCsvRoute(request('en', await guide()), { params: Promise.resolve({}) });
    expect((await english.text()).split('\r\n')[1]).toContain(`;${row.total}.00;`);

    const anonymous = await earningsCsvRoute(request('ru', {}), { params: Promise.resolve({}) });
    expect(anonymous.status).toBe(401);
    const bad = new NextRequest(new URL('http://localhost:3000/api/v1/office/earnings.csv?month=2027-00'), {
      headers: await guide(),
    });
    expect((await earningsCsvRoute(bad, { params: Promise.resolve({}) })).status).toBe(422);
  });
});
