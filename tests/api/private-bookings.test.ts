import { eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { POST as accept } from '@/app/api/v1/bookings/[hid]/accept/route';
import { POST as acceptCounter } from '@/app/api/v1/bookings/[hid]/accept-counter/route';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { POST as counter } from '@/app/api/v1/bookings/[hid]/counter-propose/route';
import { POST as decline } from '@/app/api/v1/bookings/[hid]/decline/route';
import { GET as availability } from '@/app/api/v1/ideas/[id]/availability/route';
import { GET as getIdea, PATCH as patchIdea } from '@/app/api/v1/ideas/[id]/route';
import { POST as propose } from '@/app/api/v1/ideas/[id]/proposals/route';
import { expireBookingRequest } from '@/lib/server/bookings/expire-request';
import { bookings, emailQueue, ideaDates, jobs, messages, rateLimits } from '@/lib/server/db/schema';
import { toHid } from '@/lib/server/db/hids';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { PRIVATE_IDEAS } from '@/lib/server/demo/content/private-ideas';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { localDay, localDeparture } from '@/lib/time/local-time';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { GUEST_CONTACT, postBooking } from '../support/bookings';

const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });

// The seeded private walk: every morning 06:00–12:00, starts an hour apart, four hours long, 9 000 ₽ a group.
const KEY = 'cape-tobizin-morning-walk';
const ideaIndex = SEED_IDEAS.findIndex((idea) => idea.key === KEY);
const idea = { ...SEED_IDEAS[ideaIndex], id: ideaIndex + 1, hid: toHid(ideaIndex + 1) };
const { groupPrice, blockedDayOffsets } = PRIVATE_IDEAS.get(KEY)!;
const guideIndex = idea.author;
const [travellerIndex, otherTravellerIndex] = [0, 1, 2, 3].filter((i) => i !== guideIndex);
const signIn = (index: number) => signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);

/** A local day `offset` days from today (each test takes days of its own, clear of the blocked ones). */
let nextOffset = 20;
const freshDay = () => localDay(localDeparture(new Date(), nextOffset++, '12:00'));

const proposeAs = async (index: number, body: Record<string, unknown>) =>
  call(propose, `/api/v1/ideas/${idea.hid}/proposals`, {
    params: { id: idea.hid },
    headers: await signIn(index),
    json: { adults: 2, contact: GUEST_CONTACT, ...body },
  });
const move = async (handler: typeof accept, hid: string, who: number | Record<string, string>, json?: unknown) =>
  call(handler, `/api/v1/bookings/${hid}`, {
    params: { hid },
    headers: typeof who === 'number' ? await signIn(who) : who,
    json,
  });
/** The free morning starts of a day. */
const freeTimes = async (day: string) => {
  const answer = await call(availability, `/api/v1/ideas/${idea.hid}/availability?from=${day}&to=${day}`, {
    params: { id: idea.hid },
  });
  // The mornings only: weekends have afternoon starts too.
  return (answer.body.data.days[0].times as string[]).filter((time) => time < '12:00');
};
const bookingOf = async (hid: string) => (await database.db.select().from(bookings).where(eq(bookings.hid, hid)))[0];
const eventsOf = async (bookingId: number) =>
  (await database.db.select().from(messages).where(eq(messages.bookingId, bookingId))).map((m) => m.event?.type);
const expire = (bookingId: number, now: Date) =>
  expireBookingRequest({ payload: { bookingId } }, { now, complete: async () => {} });

/** A proposal by the traveller at 07:00 on a fresh day: its hid and day. */
async function proposal(time = '07:00') {
  const day = freshDay();
  const created = await proposeAs(travellerIndex, { day, time });
  expect(created.status).toBe(201);
  return { hid: created.body.data.hid as string, day, body: created.body };
}

beforeEach(async () => {
  await database.db.delete(rateLimits).where(like(rateLimits.key, 'booking:%'));
});

describe("a private idea's availability", () => {
  it('lists each day of the range with its free start times in Vladivostok time, none on blocked days', async () => {
    const from = localDay(localDeparture(new Date(), 1, '12:00'));
    const to = localDay(localDeparture(new Date(), 14, '12:00'));
    const answer = await call(availability, `/api/v1/ideas/${idea.hid}/availability?from=${from}&to=${to}`, {
      params: { id: idea.hid },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ duration_minutes: 240, time_zone: 'Asia/Vladivostok' });
    const days = answer.body.data.days as { day: string; times: string[] }[];
    expect(days).toHaveLength(14);
    expect(days[0].day).toBe(from);
    const blocked = localDay(localDeparture(new Date(), blockedDayOffsets[0], '12:00'));
    expect(days.find((d) => d.day === blocked)?.times).toEqual([]);
    // Mornings end at 12:00 and a walk lasts four hours: the last morning start is 08:00.
    const later = days.find((d) => d.day === localDay(localDeparture(new Date(), 3, '12:00')))!;
    expect(later.times.slice(0, 3)).toEqual(['06:00', '07:00', '08:00']);
  });

  it('answers bad ranges with 422 and an idea booked on departures with 404', async () => {
    const day = freshDay();
    const ask = (query: string, id = idea.hid) =>
      call(availability, `/api/v1/ideas/${id}/availability?${query}`, { params: { id } });
    expect((await ask(`from=${day}`)).status).toBe(422);
    expect((await ask(`from=${day}&to=2020-01-01`)).status).toBe(422);
    expect((await ask(`from=2026-01-01&to=2026-12-31`)).status).toBe(422);
    expect((await ask(`from=${day}&to=${day}`, '1')).status).toBe(404);
  });
});

describe('proposing a time', () => {
  it('makes a request for the group price that holds the slot and the ones it overlaps', async () => {
    const { hid, day, body } = await proposal('07:00');
    const attributes = body.data.attributes;
    expect(attributes).toMatchObject({ status: 'requested', total: groupPrice, adults: 2 });
    expect(attributes.starts_at).toBe(new Date(`${day}T07:00:00+10:00`).toISOString());
    expect(attributes.proposal).toEqual({ proposed_start: attributes.starts_at, counter_start: null });
    expect(Date.parse(attributes.respond_by)).toBeLessThanOrEqual(Date.parse(attributes.starts_at));
    // 07:00–11:00 is held: 06:00, 07:00 and 08:00 overlap it.
    expect(await freeTimes(day)).toEqual([]);
    const booking = await bookingOf(hid);
    expect(await eventsOf(booking.id)).toEqual(['private_requested']);
    const mail = await database.db.select().from(emailQueue).where(eq(emailQueue.kind, 'request-received'));
    expect(mail.at(-1)?.recipient).toBe(SEED_AUTHORS[guideIndex].email);
    // The same price for a larger group.
    const three = await proposeAs(otherTravellerIndex, { day: freshDay(), time: '06:00', adults: 3 });
    expect(three.body.data.attributes.total).toBe(groupPrice);
  });

  it('refuses times outside the availability, taken ones, and booking a private idea by departure', async () => {
    const day = freshDay();
    expect((await proposeAs(travellerIndex, { day, time: '05:00' })).status).toBe(422);
    expect((await proposeAs(travellerIndex, { day, time: '09:00' })).status).toBe(422);
    expect((await proposeAs(travellerIndex, { day, time: '07:30' })).status).toBe(422);
    const blocked = localDay(localDeparture(new Date(), blockedDayOffsets[0], '12:00'));
    expect((await proposeAs(travellerIndex, { day: blocked, time: '07:00' })).status).toBe(422);
    expect((await proposeAs(travellerIndex, { day: '2020-01-01', time: '07:00' })).status).toBe(422);
    expect((await proposeAs(travellerIndex, { day, time: '7:00' })).status).toBe(422);
    expect((await proposeAs(travellerIndex, { day, time: '07:00', adults: idea.maxPersons + 1 })).status).toBe(422);
    expect((await proposeAs(guideIndex, { day, time: '07:00' })).status).toBe(409);
    expect((await proposeAs(travellerIndex, { day, time: '07:00' })).status).toBe(201);
    const overlapping = await proposeAs(otherTravellerIndex, { day, time: '08:00' });
    expect(overlapping.status).toBe(409);
    const [date] = await database.db.select().from(ideaDates).where(eq(ideaDates.ideaId, idea.id));
    expect((await postBooking(await signIn(travellerIndex), idea.id, date.id)).status).toBe(422);
    expect(
      (await call(propose, '/api/v1/ideas/1/proposals', { params: { id: '1' }, json: { day, time: '07:00' } })).status,
    ).toBe(401);
  });

  it('gives the slot back when the guide declines or the traveller cancels', async () => {
    const declined = await proposal();
    expect((await move(decline, declined.hid, guideIndex, { message: 'Занят в этот день' })).status).toBe(200);
    expect(await freeTimes(declined.day)).toContain('07:00');
    const cancelled = await proposal();
    expect((await move(cancel, cancelled.hid, travellerIndex)).status).toBe(200);
    expect(await freeTimes(cancelled.day)).toContain('07:00');
    const [date] = await database.db
      .select()
      .from(ideaDates)
      .where(eq(ideaDates.id, (await bookingOf(cancelled.hid)).ideaDateId));
    expect(date.cancelledAt).not.toBeNull();
  });
});

describe('counter-proposals', () => {
  it("moves the booking to the guide's time, frees the traveller's and waits for the traveller", async () => {
    const { hid, day } = await proposal('07:00');
    const countered = await move(counter, hid, guideIndex, { day, time: '08:00' });
    expect(countered.status).toBe(200);
    const attributes = countered.body.data.attributes;
    expect(attributes.status).toBe('countered');
    expect(attributes.starts_at).toBe(new Date(`${day}T08:00:00+10:00`).toISOString());
    expect(attributes.proposal).toEqual({
      proposed_start: new Date(`${day}T07:00:00+10:00`).toISOString(),
      counter_start: attributes.starts_at,
    });
    expect(attributes.can_cancel).toBe(true);
    const booking = await bookingOf(hid);
    expect(await eventsOf(booking.id)).toEqual(['private_requested', 'booking_countered']);
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `booking-request-expiry:${booking.id}`));
    expect(job.runAt.toISOString()).toBe(attributes.respond_by);
    const [mail] = await database.db.select().from(emailQueue).where(eq(emailQueue.kind, 'request-countered'));
    expect(mail.recipient).toBe(SEED_AUTHORS[travellerIndex].email);
    // A second counter-proposal, or the guide's accept of their own time, is not a move the table has.
    expect((await move(counter, hid, guideIndex, { day, time: '06:00' })).status).toBe(409);
    expect((await move(accept, hid, guideIndex)).status).toBe(409);

    const accepted = await move(acceptCounter, hid, travellerIndex);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.attributes.status).toBe('confirmed');
    expect(await eventsOf(booking.id)).toEqual(['private_requested', 'booking_countered', 'booking_counter_accepted']);
    const guideMail = await database.db.select().from(emailQueue).where(eq(emailQueue.kind, 'counter-accepted'));
    expect(guideMail.at(-1)?.recipient).toBe(SEED_AUTHORS[guideIndex].email);
    expect((await move(acceptCounter, hid, travellerIndex)).status).toBe(409);
  });

  it('refuses a counter-proposal at a time that is not free', async () => {
    const first = await proposal('06:00');
    const other = await proposeAs(otherTravellerIndex, { day: first.day, time: '06:00' });
    expect(other.status).toBe(409);
    const second = await proposal('07:00');
    expect((await move(counter, second.hid, guideIndex, { day: second.day, time: '05:00' })).status).toBe(422);
    expect((await move(counter, second.hid, guideIndex, { day: first.day, time: '08:00' })).status).toBe(409);
    expect((await bookingOf(second.hid)).status).toBe('requested');
  });

  it('expires a counter-proposal the traveller leaves unanswered, and frees the slot', async () => {
    const { hid, day } = await proposal('07:00');
    await move(counter, hid, guideIndex, { day, time: '06:00' });
    const row = await bookingOf(hid);
    await expire(row.id, row.respondBy!);
    expect(await bookingOf(hid)).toMatchObject({ status: 'expired', endedBy: 'system' });
    expect((await eventsOf(row.id)).at(-1)).toBe('booking_counter_expired');
    const mail = await database.db.select().from(emailQueue).where(like(emailQueue.kind, 'counter-expired%'));
    expect(mail.map((m) => m.kind).sort()).toEqual(['counter-expired', 'counter-expired-author']);
    expect(await freeTimes(day)).toContain('07:00');
    expect((await move(acceptCounter, hid, travellerIndex)).status).toBe(409);
  });
});

describe('racing moves of a private booking', () => {
  it('two travellers proposing the same time at once: one wins, the other is told 409', async () => {
    const day = freshDay();
    const results = await Promise.all([
      proposeAs(travellerIndex, { day, time: '07:00' }),
      proposeAs(otherTravellerIndex, { day, time: '07:00' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const held = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.slotStart, new Date(`${day}T07:00:00+10:00`)));
    expect(held).toHaveLength(1);
  });

  it('the guide countering vs the traveller cancelling: one wins', async () => {
    const { hid, day } = await proposal();
    const results = await Promise.all([
      move(counter, hid, guideIndex, { day, time: '06:00' }),
      move(cancel, hid, travellerIndex),
    ]);
    const { status } = await bookingOf(hid);
    if (results[0].status === 200) expect(['countered', 'cancelled']).toContain(status);
    else expect([results[0].status, status]).toEqual([409, 'cancelled']);
    expect(results[1].status).toBe(status === 'cancelled' ? 200 : 409);
  });

  it('two accepts of the counter-proposal: exactly one wins', async () => {
    const { hid, day } = await proposal();
    await move(counter, hid, guideIndex, { day, time: '06:00' });
    const traveller = await signIn(travellerIndex);
    const results = await Promise.all([move(acceptCounter, hid, traveller), move(acceptCounter, hid, traveller)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const row = await bookingOf(hid);
    expect((await eventsOf(row.id)).filter((type) => type === 'booking_counter_accepted')).toHaveLength(1);
  });

  it('accepting the counter-proposal vs its expiry: one wins, the slot follows the winner', async () => {
    const { hid, day } = await proposal();
    await move(counter, hid, guideIndex, { day, time: '06:00' });
    const row = await bookingOf(hid);
    const [accepted] = await Promise.all([move(acceptCounter, hid, travellerIndex), expire(row.id, row.respondBy!)]);
    const { status } = await bookingOf(hid);
    expect(status).toBe(accepted.status === 200 ? 'confirmed' : 'expired');
    expect(await freeTimes(day)).toEqual(status === 'confirmed' ? [] : ['06:00', '07:00', '08:00']);
  });
});

describe('who may move a private booking', () => {
  it('lets only the guide counter-propose and only the traveller accept the counter-proposal', async () => {
    const { hid, day } = await proposal();
    expect((await move(counter, hid, travellerIndex, { day, time: '06:00' })).status).toBe(403);
    expect((await move(counter, hid, otherTravellerIndex, { day, time: '06:00' })).status).toBe(404);
    expect(
      (await call(counter, `/api/v1/bookings/${hid}`, { params: { hid }, json: { day, time: '06:00' } })).status,
    ).toBe(401);
    expect((await move(counter, hid, guideIndex, { day, time: 'noon' })).status).toBe(422);
    expect((await move(counter, hid, guideIndex, { day })).status).toBe(422);
    expect((await move(acceptCounter, hid, travellerIndex)).status).toBe(409);
    await move(counter, hid, guideIndex, { day, time: '06:00' });
    expect((await move(acceptCounter, hid, guideIndex)).status).toBe(403);
    expect((await move(acceptCounter, hid, otherTravellerIndex)).status).toBe(403);
    expect((await move(acceptCounter, 'NoSuchHid', travellerIndex)).status).toBe(404);
    expect((await bookingOf(hid)).status).toBe('countered');
  });
});

describe("the editor's private-idea fields", () => {
  // The other seeded private idea: its edit sends it back to moderation, which the tests above do not read.
  const horseIndex = SEED_IDEAS.findIndex((i) => i.key === 'shkotovo-hills-horse-ride');
  const hid = toHid(horseIndex + 1);
  const patch = async (json: unknown, who = SEED_IDEAS[horseIndex].author) =>
    call(patchIdea, `/api/v1/ideas/${hid}`, { method: 'PATCH', params: { id: hid }, headers: await signIn(who), json });

  it('replaces the weekly windows, the blocked days and the step, and answers them with the idea', async () => {
    const saved = await patch({
      format: 'private',
      slot_step_minutes: 30,
      availability: [
        { weekday: 6, start: '09:00', end: '13:00' },
        { weekday: 1, start: '14:00', end: '24:00' },
      ],
      blocked_days: ['2030-01-07', '2030-01-07', '2030-01-08'],
    });
    expect(saved.status).toBe(200);
    const read = await call(getIdea, `/api/v1/ideas/${hid}`, {
      params: { id: hid },
      headers: await signIn(SEED_IDEAS[horseIndex].author),
    });
    expect(read.body.data.attributes).toMatchObject({
      format: 'private',
      private: {
        slot_step_minutes: 30,
        availability: [
          { weekday: 1, start: '14:00', end: '24:00' },
          { weekday: 6, start: '09:00', end: '13:00' },
        ],
        blocked_days: ['2030-01-07', '2030-01-08'],
      },
    });
  });

  it('refuses overlapping windows, bad times and steps, and strangers, changing nothing', async () => {
    const overlapping = await patch({
      availability: [
        { weekday: 2, start: '09:00', end: '13:00' },
        { weekday: 2, start: '12:00', end: '15:00' },
      ],
    });
    expect(overlapping.status).toBe(422);
    expect(overlapping.body.errors.availability).toBeDefined();
    expect((await patch({ availability: [{ weekday: 2, start: '13:00', end: '09:00' }] })).status).toBe(422);
    expect((await patch({ availability: [{ weekday: 8, start: '09:00', end: '13:00' }] })).status).toBe(422);
    expect((await patch({ availability: [{ weekday: 2, start: '9:00', end: '13:00' }] })).status).toBe(422);
    expect((await patch({ slot_step_minutes: 7 })).status).toBe(422);
    expect((await patch({ blocked_days: ['2030-02-30'] })).status).toBe(422);
    expect((await patch({ format: 'secret' })).status).toBe(422);
    expect((await patch({ slot_step_minutes: 60 }, travellerIndex)).status).toBeGreaterThanOrEqual(403);
    const read = await call(getIdea, `/api/v1/ideas/${hid}`, {
      params: { id: hid },
      headers: await signIn(SEED_IDEAS[horseIndex].author),
    });
    expect(read.body.data.attributes.private.availability).toHaveLength(2);
  });
});
