import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { PATCH as patchIdea } from '@/app/api/v1/ideas/[id]/route';
import { BOOKING_LIMITS } from '@/lib/server/bookings/booking-limits';
import { bookings, ideaDates, ideas } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { call, apiDatabaseForFile } from '../support/api';
import { postBooking } from '../support/bookings';

const database = apiDatabaseForFile();

async function signIn(authorIndex: number) {
  const { body } = await call(login, '/api/v1/auth/login', {
    json: { email: SEED_AUTHORS[authorIndex].email, password: AUTHOR_PASSWORD },
  });
  return { authorization: `Bearer ${body.token}` };
}

const ROUNDS = 10;
const EDITS_PER_ROUND = 3;
const BOOKINGS_PER_ROUND = 12;
const SEATS = 1000;

describe('bookings racing the author re-saving the dates', () => {
  it('never fail with a 5xx, and every taken seat belongs to exactly one booking', { timeout: 240_000 }, async () => {
    const index = SEED_IDEAS.findIndex((idea) => idea.status === 'published' && idea.price !== null);
    const ideaId = index + 1;
    const author = await signIn(SEED_IDEAS[index].author);
    const traveller = await signIn(SEED_IDEAS[index].author === 0 ? 1 : 0);
    const now = new Date();
    const dates = await database.db
      .select()
      .from(ideaDates)
      .where(and(eq(ideaDates.ideaId, ideaId), gt(ideaDates.startsAt, now)));
    expect(dates.length).toBeGreaterThan(0);
    await database.db
      .update(ideaDates)
      .set({ seatsTotal: SEATS, seatsLeft: SEATS })
      .where(and(eq(ideaDates.ideaId, ideaId), gt(ideaDates.startsAt, now)));
    const resave = { dates: dates.map((d) => ({ id: d.id, starts_at: d.startsAt.toISOString(), seats_total: SEATS })) };

    // The race is about seats and the author's edits: one traveller's 120 bookings would meet the booking limits first.
    const saved = { perUser: BOOKING_LIMITS.perUser.max, perDeparture: BOOKING_LIMITS.perUserAndDeparture.max };
    BOOKING_LIMITS.perUser.max = BOOKING_LIMITS.perUserAndDeparture.max = 10_000;
    onTestFinished(() => {
      BOOKING_LIMITS.perUser.max = saved.perUser;
      BOOKING_LIMITS.perUserAndDeparture.max = saved.perDeparture;
    });
    const statuses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // A re-save sends a published idea back to moderation; publish it again so that bookings reach their transaction.
      await database.db.update(ideas).set({ status: 'published' }).where(eq(ideas.id, ideaId));
      const work = [
        ...Array.from({ length: BOOKINGS_PER_ROUND }, (_, n) =>
          postBooking(traveller, ideaId, dates[n % dates.length].id),
        ),
        ...Array.from({ length: EDITS_PER_ROUND }, () =>
          call(patchIdea, `/api/v1/ideas/${ideaId}`, {
            method: 'PATCH',
            params: { id: String(ideaId) },
            headers: author,
            json: resave,
          }),
        ),
      ];
      statuses.push(...(await Promise.all(work)).map((result) => result.status));
    }

    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThan(0);
    const departures = await database.db
      .select()
      .from(ideaDates)
      .where(and(eq(ideaDates.ideaId, ideaId), gt(ideaDates.startsAt, now)));
    const confirmed = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.ideaId, ideaId), eq(bookings.status, 'confirmed')));
    for (const departure of departures) {
      const booked = confirmed
        .filter((b) => b.ideaDateId === departure.id)
        .reduce((sum, b) => sum + b.adults + b.children, 0);
      expect(departure.seatsLeft).toBeGreaterThanOrEqual(0);
      expect(departure.seatsTotal - departure.seatsLeft).toBe(booked);
    }
  });
});
