/**
 * A guide's repeating schedule (weekdays × start times × a range of days) turned into departures. Pure: the
 * server adds the idea's existing departures and saves what this answers.
 */

/** The zone every departure's local time is in. It has no daylight saving, but the offset is still read from it. */
export const SCHEDULE_ZONE = 'Asia/Vladivostok';
/** At most this many departures from one schedule: a year of daily trips. */
export const MAX_SCHEDULED_DEPARTURES = 366;

export interface ScheduleRequest {
  /** ISO weekdays: 1 Monday … 7 Sunday. */
  weekdays: number[];
  /** Local start times, `HH:MM`. */
  times: string[];
  /** First and last local day, `YYYY-MM-DD`, both included. */
  from: string;
  to: string;
}

export interface ScheduledDeparture {
  startsAt: Date;
  /** Local day `YYYY-MM-DD` and time `HH:MM`, as the preview lists them. */
  day: string;
  time: string;
}

export type ScheduleResult =
  { ok: true; departures: ScheduledDeparture[]; skipped: number } | { ok: false; reason: 'tooMany' | 'emptyRange' };

const DAY_MS = 86_400_000;

// A formatter per zone: making one costs far more than formatting with it.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC, in ms, at an instant. */
function zoneOffset(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of a local day and time in `zone` (the offset re-read at the result, for zones that shift). */
export function zonedInstant(day: string, time: string, zone = SCHEDULE_ZONE): Date {
  const [year, month, date] = day.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, date, hours, minutes);
  const first = wall - zoneOffset(wall, zone);
  return new Date(wall - zoneOffset(first, zone));
}

/** ISO weekday (1 Monday … 7 Sunday) of a `YYYY-MM-DD` day. */
const isoWeekday = (dayMs: number) => ((new Date(dayMs).getUTCDay() + 6) % 7) + 1;

/**
 * The departures a schedule makes, in time order: every chosen weekday of the range at every start time, except
 * those that start at or before `now` and those at the same instant as an existing departure (`existing`, epoch
 * ms), which are counted as skipped. More than MAX_SCHEDULED_DEPARTURES is refused, not cut short.
 */
export function scheduleDepartures(request: ScheduleRequest, existing: ReadonlySet<number>, now: Date): ScheduleResult {
  const first = Date.parse(`${request.from}T00:00:00Z`);
  const last = Date.parse(`${request.to}T00:00:00Z`);
  if (!(last >= first)) return { ok: false, reason: 'emptyRange' };
  const weekdays = new Set(request.weekdays);
  const times = [...new Set(request.times)].sort();
  const departures: ScheduledDeparture[] = [];
  let skipped = 0;
  for (let dayMs = first; dayMs <= last; dayMs += DAY_MS) {
    if (!weekdays.has(isoWeekday(dayMs))) continue;
    const day = new Date(dayMs).toISOString().slice(0, 10);
    for (const time of times) {
      const startsAt = zonedInstant(day, time);
      if (startsAt <= now) continue;
      if (existing.has(startsAt.getTime())) {
        skipped++;
        continue;
      }
      if (departures.length === MAX_SCHEDULED_DEPARTURES) return { ok: false, reason: 'tooMany' };
      departures.push({ startsAt, day, time });
    }
  }
  return { ok: true, departures, skipped };
}
