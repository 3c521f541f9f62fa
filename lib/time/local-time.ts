/**
 * Vladivostok time (UTC+10 all year, no daylight saving): the days and start times that the filters,
 * the seed and the editor speak of. `YYYY-MM-DD` strings name local days.
 */
const VLADIVOSTOK_OFFSET_MINUTES = 600;
const DAY_MS = 86_400_000;
const OFFSET_MS = VLADIVOSTOK_OFFSET_MINUTES * 60_000;
const OFFSET_TEXT = '+10:00';

/** The local day of an instant, as `YYYY-MM-DD`. */
export const localDay = (instant: Date): string => new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** The local time of day of an instant, as `HH:MM`. */
export const localTime = (instant: Date): string => new Date(instant.getTime() + OFFSET_MS).toISOString().slice(11, 16);

/** A local day and `HH:MM` as an ISO date-time with Vladivostok's offset. */
export const localDateTime = (day: string, time: string): string => `${day}T${time}:00${OFFSET_TEXT}`;

/** The instant a local day begins. */
export const localDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);

/** The instant the local day after `day` begins. */
export const nextLocalDayStart = (day: string): Date => new Date(localDayStart(day).getTime() + DAY_MS);

/** Minutes after local midnight of an instant. */
export const localStartMinute = (instant: Date): number =>
  Math.floor(((((instant.getTime() + OFFSET_MS) / 60_000) % 1440) + 1440) % 1440);

/** The instant `dayOffset` local days after the local day of `now`, at local `HH:MM`. */
export function localDeparture(now: Date, dayOffset: number, startTime: string): Date {
  const [hours, minutes] = startTime.split(':').map(Number);
  return new Date(localDayStart(localDay(now)).getTime() + dayOffset * DAY_MS + (hours * 60 + minutes) * 60_000);
}
