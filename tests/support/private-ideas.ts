import { freeSlots, minuteOf } from '@/lib/bookings/private-slots';
import { SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { PRIVATE_IDEAS } from '@/lib/server/demo/content/private-ideas';

const TIME_OF_DAY = { morning: [0, 720], day: [720, 1020], evening: [1020, 1440] } as const;

/**
 * The seeded private ideas (by database id) whose weekly availability offers a start on a local day from `from` to
 * `to` within the time of day, as a listing's date and time filters should find them; `blocked` are the rows of
 * idea_blocked_days.
 */
export function privateIdeasStarting(
  blocked: readonly { ideaId: number; day: string }[],
  from: string,
  to: string,
  timeOfDay?: keyof typeof TIME_OF_DAY,
  now = new Date(),
): number[] {
  const [start, end] = timeOfDay ? TIME_OF_DAY[timeOfDay] : [0, 1440];
  return SEED_IDEAS.flatMap((idea, index) => {
    const personal = PRIVATE_IDEAS.get(idea.key);
    if (!personal || idea.status !== 'published') return [];
    const id = index + 1;
    const rules = {
      windows: personal.windows,
      blocked: new Set(blocked.filter((row) => row.ideaId === id).map((row) => row.day)),
      stepMinutes: personal.stepMinutes,
      durationMinutes: idea.durationMinutes,
    };
    const days = freeSlots(from, to, rules, [], now);
    const inWindow = days.some((day) => day.times.some((time) => minuteOf(time)! >= start && minuteOf(time)! < end));
    return inWindow ? [id] : [];
  });
}
