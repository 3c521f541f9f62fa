import type { AvailabilityWindow } from '@/lib/bookings/private-slots';

/**
 * The demo's private ideas (lib/bookings/private-slots.ts): a group books the guide for itself at a start time it
 * proposes within the guide's week, for one price per group. They have no group departures.
 */
export interface SeedPrivateIdea {
  /** The price of the whole group, in roubles. */
  groupPrice: number;
  stepMinutes: number;
  windows: AvailabilityWindow[];
  /** Local days off, as days after the seed's today. */
  blockedDayOffsets: number[];
}

const hours = (weekday: number, from: number, to: number): AvailabilityWindow => ({
  weekday,
  start: from * 60,
  end: to * 60,
});

export const PRIVATE_IDEAS: ReadonlyMap<string, SeedPrivateIdea> = new Map([
  [
    'cape-tobizin-morning-walk',
    {
      groupPrice: 9000,
      stepMinutes: 60,
      // Early mornings every day, and afternoons at the weekend.
      windows: [1, 2, 3, 4, 5, 6, 7].map((day) => hours(day, 6, 12)).concat([hours(6, 14, 20), hours(7, 14, 20)]),
      blockedDayOffsets: [9, 10],
    },
  ],
  [
    'shkotovo-hills-horse-ride',
    {
      groupPrice: 18000,
      stepMinutes: 120,
      windows: [hours(3, 8, 18), hours(5, 8, 18), hours(6, 8, 18), hours(7, 8, 18)],
      blockedDayOffsets: [14],
    },
  ],
]);
