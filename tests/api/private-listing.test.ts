import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { weekdayOf } from '@/lib/bookings/private-slots';
import { ideasQuery } from '@/lib/contract/ideas';
import { ideaAvailability, ideaBlockedDays, ideas } from '@/lib/server/db/schema';
import { SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { PRIVATE_IDEAS } from '@/lib/server/demo/content/private-ideas';
import { listIdeas as listIdeasAt } from '@/lib/server/ideas/query';
import { localDay, localDeparture } from '@/lib/time/local-time';
import { apiDatabaseForFile, call } from '../support/api';

const database = apiDatabaseForFile();

// The seeded private ideas: a morning walk every day 06:00–12:00 (and 14:00–20:00 at the weekend), four hours
// long; a horse ride on Wednesdays, Fridays and weekends 08:00–18:00, six hours long, starts two hours apart.
const idOf = (key: string) => SEED_IDEAS.findIndex((idea) => idea.key === key) + 1;
const walk = idOf('cape-tobizin-morning-walk');
const ride = idOf('shkotovo-hills-horse-ride');
const inDays = (days: number) => localDay(localDeparture(new Date(), days, '12:00'));
/** The first day from `days` on whose ISO weekday is one of `weekdays`. */
const nextDay = (days: number, weekdays: number[]) => {
  for (let offset = days; ; offset++) if (weekdays.includes(weekdayOf(inDays(offset)))) return inDays(offset);
};
const listed = async (query: string) => {
  const answer = await call(listIdeas, `/api/v1/ideas?place_id=1&limit=100&${query}`);
  expect(answer.status).toBe(200);
  const found = answer.body.data.map((idea: { id: number }) => idea.id) as number[];
  return { walk: found.includes(walk), ride: found.includes(ride) };
};

describe("a listing's dates and time of day find private ideas by their weekly availability", () => {
  it('a day the guide offers starts on lists the idea; a day without any, or blocked, does not', async () => {
    expect(await listed(`date_from=${nextDay(20, [3])}&date_to=${nextDay(20, [3])}`)).toEqual({
      walk: true,
      ride: true,
    });
    expect(await listed(`date_from=${nextDay(20, [1])}`)).toEqual({ walk: true, ride: false });
    const [blocked] = PRIVATE_IDEAS.get('cape-tobizin-morning-walk')!.blockedDayOffsets;
    expect((await listed(`date_from=${inDays(blocked)}`)).walk).toBe(false);
    // A range that covers a day the ride is offered.
    expect((await listed(`date_from=${nextDay(20, [1])}&date_to=${inDays(30)}`)).ride).toBe(true);
    expect((await listed(`checkin=${nextDay(20, [2])}&checkout=${nextDay(20, [2])}`)).ride).toBe(false);
  });

  it('time of day: a start inside the window, the slot ending within the availability', async () => {
    const wednesday = nextDay(20, [3]);
    const saturday = nextDay(20, [6]);
    expect(await listed(`date_from=${wednesday}&time_of_day=morning`)).toEqual({ walk: true, ride: true });
    // The ride starts at 12:00 too; the walk's weekday mornings end at noon.
    expect(await listed(`date_from=${wednesday}&time_of_day=day`)).toEqual({ walk: false, ride: true });
    expect(await listed(`date_from=${saturday}&time_of_day=day`)).toEqual({ walk: true, ride: true });
    // The last walk starts at 16:00 and the last ride at 12:00: nothing in the evening.
    expect(await listed(`date_from=${saturday}&time_of_day=evening`)).toEqual({ walk: false, ride: false });
    expect(await listed(`time_of_day=morning`)).toEqual({ walk: true, ride: true });
  });

  it('the group size: up to the idea’s largest group, with or without dates', async () => {
    expect(await listed('adults=2')).toEqual({ walk: true, ride: true });
    expect(await listed(`adults=7&date_from=${nextDay(20, [3])}`)).toEqual({ walk: true, ride: false });
    expect(await listed('adults=9')).toEqual({ walk: false, ride: false });
  });

  it('no start sooner than twelve hours ahead, nor in a past range', async () => {
    const day = inDays(40);
    // 04:00 in Vladivostok on that day: the walk's mornings are too soon, the weekend afternoons are not.
    const at = new Date(`${day}T04:00:00+10:00`);
    const found = async (query: Record<string, string>) =>
      (await listIdeasAt(ideasQuery.parse({ place_id: '1', limit: '100', ...query }), 'ru', null, at)).data.map(
        (idea) => idea.id,
      );
    const weekend = [6, 7].includes(weekdayOf(day));
    expect((await found({ date_from: day })).includes(walk)).toBe(weekend);
    expect((await found({ date_from: day, time_of_day: 'morning' })).includes(walk)).toBe(false);
    expect((await listed(`date_from=${inDays(-5)}&date_to=${inDays(-2)}`)).walk).toBe(false);
  });

  it('an idea turned into a group idea is listed by its departures, no longer by its availability', async () => {
    const day = nextDay(20, [3]);
    await database.db.update(ideas).set({ format: 'group' }).where(eq(ideas.id, ride));
    try {
      expect((await listed(`date_from=${day}`)).ride).toBe(false);
    } finally {
      await database.db.update(ideas).set({ format: 'private' }).where(eq(ideas.id, ride));
    }
    expect((await listed(`date_from=${day}`)).ride).toBe(true);
  });

  it('follows the availability and the blocked days at once, however the listing was asked before', async () => {
    // Written to the tables directly: the ids a dated listing finds are kept per content version, which a write to
    // either table raises on its own (migration 0033), not only through the idea's editor.
    const day = nextDay(20, [3]);
    expect((await listed(`date_from=${day}`)).walk).toBe(true);
    await database.db.insert(ideaBlockedDays).values({ ideaId: walk, day });
    try {
      expect((await listed(`date_from=${day}`)).walk).toBe(false);
    } finally {
      await database.db
        .delete(ideaBlockedDays)
        .where(and(eq(ideaBlockedDays.ideaId, walk), eq(ideaBlockedDays.day, day)));
    }
    expect((await listed(`date_from=${day}`)).walk).toBe(true);

    const windows = await database.db.select().from(ideaAvailability).where(eq(ideaAvailability.ideaId, walk));
    await database.db.delete(ideaAvailability).where(eq(ideaAvailability.ideaId, walk));
    try {
      expect((await listed(`date_from=${day}`)).walk).toBe(false);
    } finally {
      await database.db.insert(ideaAvailability).values(windows);
    }
    expect((await listed(`date_from=${day}`)).walk).toBe(true);
  });
});
