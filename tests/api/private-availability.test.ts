import { and, eq, gt, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as bookingTimes } from '@/app/api/v1/bookings/[hid]/availability/route';
import { POST as acceptCounter } from '@/app/api/v1/bookings/[hid]/accept-counter/route';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { POST as counter } from '@/app/api/v1/bookings/[hid]/counter-propose/route';
import { GET as availability } from '@/app/api/v1/ideas/[id]/availability/route';
import { PATCH as patchIdea } from '@/app/api/v1/ideas/[id]/route';
import { POST as propose } from '@/app/api/v1/ideas/[id]/proposals/route';
import { weekdayOf } from '@/lib/bookings/private-slots';
import { expireBookingRequest } from '@/lib/server/bookings/expire-request';
import { bookings, ideaDates, ideas, rateLimits } from '@/lib/server/db/schema';
import { toHid } from '@/lib/server/db/hids';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { localDay, localDeparture } from '@/lib/time/local-time';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { GUEST_CONTACT, postBooking } from '../support/bookings';

const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });

// The seeded private walk: mornings 06:00–12:00 every day and afternoons 14:00–20:00 at the weekend, starts an hour
// apart, four hours long.
const ideaIndex = SEED_IDEAS.findIndex((idea) => idea.key === 'cape-tobizin-morning-walk');
const idea = { ...SEED_IDEAS[ideaIndex], id: ideaIndex + 1, hid: toHid(ideaIndex + 1) };
const guideIndex = idea.author;
const [traveller, otherTraveller, stranger] = [0, 1, 2, 3].filter((i) => i !== guideIndex);
const signIn = (index: number) => signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);

/** Saturdays from four weeks ahead, one for each test (clear of the seeded days off). */
let nextOffset = 28;
function freshSaturday() {
  for (;;) {
    const day = localDay(localDeparture(new Date(), nextOffset++, '12:00'));
    if (weekdayOf(day) === 6) return day;
  }
}

const proposeAs = async (index: number, day: string, time: string) => {
  const answer = await call(propose, `/api/v1/ideas/${idea.hid}/proposals`, {
    params: { id: idea.hid },
    headers: await signIn(index),
    json: { adults: 2, contact: GUEST_CONTACT, day, time },
  });
  expect(answer.status).toBe(201);
  return answer.body.data.hid as string;
};
const publicTimes = async (day: string) => {
  const answer = await call(availability, `/api/v1/ideas/${idea.hid}/availability?from=${day}&to=${day}`, {
    params: { id: idea.hid },
  });
  expect(answer.status).toBe(200);
  return answer.body.data.days[0].times as string[];
};
const counterTimes = async (hid: string, day: string, headers: Record<string, string> = {}) =>
  call(bookingTimes, `/api/v1/bookings/${hid}/availability?from=${day}&to=${day}`, { params: { hid }, headers });
const bookingId = async (hid: string) =>
  (await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.hid, hid)))[0].id;

beforeEach(async () => {
  await database.db.delete(rateLimits).where(like(rateLimits.key, 'booking:%'));
});

describe("the guide's counter-proposal times (GET /bookings/{hid}/availability)", () => {
  it("offers times overlapping only the booking's own slot, never another live booking's", async () => {
    const day = freshSaturday();
    const morning = await proposeAs(traveller, day, '07:00');
    const afternoon = await proposeAs(otherTraveller, day, '14:00');
    const guide = await signIn(guideIndex);
    // For everyone, both slots are taken: 06:00–08:00 overlap the morning's, 14:00–16:00 the afternoon's.
    expect(await publicTimes(day)).toEqual([]);
    const forMorning = await counterTimes(morning, day, guide);
    expect(forMorning.status).toBe(200);
    expect(forMorning.body.data.days).toEqual([{ day, times: ['06:00', '07:00', '08:00'] }]);
    expect((await counterTimes(afternoon, day, guide)).body.data.days[0].times).toEqual(['14:00', '15:00', '16:00']);
    // The guide moves the morning by an hour: the offered time is one the counter-proposal takes.
    const moved = await call(counter, `/api/v1/bookings/${morning}/counter-propose`, {
      params: { hid: morning },
      headers: guide,
      json: { day, time: '08:00' },
    });
    expect(moved.status).toBe(200);
    expect((await counterTimes(afternoon, day, guide)).body.data.days[0].times).toEqual(['14:00', '15:00', '16:00']);
  });

  it('answers only the guide: the traveller 403, a stranger 404, nobody 401, a group booking 422', async () => {
    const day = freshSaturday();
    const hid = await proposeAs(traveller, day, '07:00');
    expect((await counterTimes(hid, day, await signIn(traveller))).status).toBe(403);
    expect((await counterTimes(hid, day, await signIn(stranger))).status).toBe(404);
    expect((await counterTimes(hid, day)).status).toBe(401);
    expect((await counterTimes(hid, 'tomorrow', await signIn(guideIndex))).status).toBe(422);
    const group = SEED_IDEAS.findIndex((other) => other.author === guideIndex && other.status === 'published') + 1;
    const [date] = await database.db
      .select()
      .from(ideaDates)
      .where(and(eq(ideaDates.ideaId, group), gt(ideaDates.startsAt, new Date()), gt(ideaDates.seatsLeft, 2)))
      .limit(1);
    const booked = await postBooking(await signIn(traveller), group, date.id);
    expect(booked.status).toBe(201);
    expect((await counterTimes(booked.body.data.hid, day, await signIn(guideIndex))).status).toBe(422);
  });
});

describe("a private idea's availability is cached and follows every change at once", () => {
  it('a proposal takes its times from the next answer, a counter-proposal moves them, a cancellation frees them', async () => {
    const day = freshSaturday();
    const all = ['06:00', '07:00', '08:00', '14:00', '15:00', '16:00'];
    // Asked twice: the answer is kept (answer-cache.ts keeps a key from its second ask).
    expect(await publicTimes(day)).toEqual(all);
    expect(await publicTimes(day)).toEqual(all);
    const hid = await proposeAs(traveller, day, '14:00');
    expect(await publicTimes(day)).toEqual(['06:00', '07:00', '08:00']);
    await call(counter, `/api/v1/bookings/${hid}/counter-propose`, {
      params: { hid },
      headers: await signIn(guideIndex),
      json: { day, time: '07:00' },
    });
    expect(await publicTimes(day)).toEqual(['14:00', '15:00', '16:00']);
    expect((await call(acceptCounter, `/x`, { params: { hid }, headers: await signIn(traveller) })).status).toBe(200);
    expect(await publicTimes(day)).toEqual(['14:00', '15:00', '16:00']);
    expect((await call(cancel, `/x`, { params: { hid }, headers: await signIn(traveller) })).status).toBe(200);
    expect(await publicTimes(day)).toEqual(all);
  });

  it('an expired request frees its times in the next answer', async () => {
    const day = freshSaturday();
    await publicTimes(day);
    const hid = await proposeAs(traveller, day, '07:00');
    expect(await publicTimes(day)).toEqual(['14:00', '15:00', '16:00']);
    const later = new Date(Date.now() + 3 * 86_400_000);
    await expireBookingRequest(
      { payload: { bookingId: await bookingId(hid) } },
      { now: later, complete: async () => {} },
    );
    expect(await publicTimes(day)).toContain('07:00');
  });

  it("the editor's save of the availability shows in the next answer", async () => {
    const day = freshSaturday();
    expect(await publicTimes(day)).toHaveLength(6);
    expect(await publicTimes(day)).toHaveLength(6);
    const saved = await call(patchIdea, `/api/v1/ideas/${idea.hid}`, {
      method: 'PATCH',
      params: { id: idea.hid },
      headers: await signIn(guideIndex),
      json: { availability: [{ weekday: 6, start: '09:00', end: '13:00' }] },
    });
    expect(saved.status).toBe(200);
    // A published idea's save goes back to moderation; the moderator's approval is not what this test is about.
    await database.db.update(ideas).set({ status: 'published' }).where(eq(ideas.id, idea.id));
    expect(await publicTimes(day)).toEqual(['09:00']);
  });
});
