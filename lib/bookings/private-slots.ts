import { localDay, localDayStart, localStartMinute } from '@/lib/time/local-time';

/**
 * A private idea's free start times: the guide's weekly availability (weekdays × local time windows, Vladivostok
 * time), minus blocked days and the slots other bookings hold. Pure: the server reads the rows and the held
 * slots, and checks a proposal against the same answer inside the transaction that takes the slot.
 */

export const IDEA_FORMATS = ['group', 'private'] as const;
export type IdeaFormat = (typeof IDEA_FORMATS)[number];

/** Start times are this far apart by default (the editor offers 15 to 240 minutes). */
export const DEFAULT_SLOT_STEP_MINUTES = 60;
export const SLOT_STEP_CHOICES = [15, 30, 60, 90, 120, 180, 240] as const;
/** A slot lasts the idea's duration, two hours when the idea does not say. */
export const DEFAULT_SLOT_MINUTES = 120;
/** A proposal starts at least this long after it is made, so the guide has time to answer. */
export const PROPOSAL_LEAD_HOURS = 12;
/** How far ahead a traveller may propose, and how many days one availability query may cover. */
export const PROPOSAL_HORIZON_DAYS = 365;
export const MAX_AVAILABILITY_DAYS = 62;
/** At most this many windows in a week, and blocked days in the editor. */
export const MAX_WINDOWS = 28;
export const MAX_BLOCKED_DAYS = 366;

export interface AvailabilityWindow {
  /** ISO weekday: 1 Monday … 7 Sunday. */
  weekday: number;
  /** Minutes after local midnight: the first start may be at `start`, the slot must end by `end`. */
  start: number;
  end: number;
}

export interface SlotRules {
  windows: readonly AvailabilityWindow[];
  /** Local days `YYYY-MM-DD` the guide is not available. */
  blocked: ReadonlySet<string>;
  stepMinutes: number;
  durationMinutes: number;
}

/** A time another booking holds: `[start, end)`. */
export interface HeldSlot {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;

/** The ISO weekday of a local day. */
export function weekdayOf(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** `HH:MM` of minutes after midnight, and back (null for anything else); the end of a day is `24:00`. */
export const minuteText = (minute: number): string =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
export function minuteOf(text: string): number | null {
  if (text === '24:00') return 1440;
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Where a slot starting at `start` ends. */
export const slotEnd = (start: Date, durationMinutes: number): Date =>
  new Date(start.getTime() + durationMinutes * 60_000);

const overlaps = (start: Date, end: Date, held: HeldSlot) => start < held.end && held.start < end;

/** The start minutes a day's windows offer, earliest first, each slot ending within its window. */
export function dayStartMinutes(day: string, rules: SlotRules): number[] {
  if (rules.blocked.has(day)) return [];
  const weekday = weekdayOf(day);
  const starts = new Set<number>();
  for (const window of rules.windows) {
    if (window.weekday !== weekday) continue;
    for (let minute = window.start; minute + rules.durationMinutes <= window.end; minute += rules.stepMinutes)
      starts.add(minute);
  }
  return [...starts].sort((a, b) => a - b);
}

/** Whether `start` may be proposed at `now`: inside the lead and the horizon. */
export function withinProposalRange(start: Date, now: Date): boolean {
  const ms = start.getTime() - now.getTime();
  return ms >= PROPOSAL_LEAD_HOURS * 3_600_000 && ms <= PROPOSAL_HORIZON_DAYS * DAY_MS;
}

/** The free start times of each local day from `from` to `to` (both included), `HH:MM` in Vladivostok time. */
export function freeSlots(
  from: string,
  to: string,
  rules: SlotRules,
  held: readonly HeldSlot[],
  now: Date,
): { day: string; times: string[] }[] {
  const days: { day: string; times: string[] }[] = [];
  for (let instant = localDayStart(from); localDay(instant) <= to; instant = new Date(instant.getTime() + DAY_MS)) {
    const day = localDay(instant);
    const times = dayStartMinutes(day, rules)
      .map((minute) => new Date(instant.getTime() + minute * 60_000))
      .filter((start) => withinProposalRange(start, now))
      .filter((start) => !held.some((slot) => overlaps(start, slotEnd(start, rules.durationMinutes), slot)))
      .map((start) => minuteText(localStartMinute(start)));
    days.push({ day, times });
  }
  return days;
}

/** Why a proposed start cannot be taken, or null when it is one of the free slots. */
export function slotRefusal(
  start: Date,
  rules: SlotRules,
  held: readonly HeldSlot[],
  now: Date,
): 'range' | 'unavailable' | 'taken' | null {
  if (!withinProposalRange(start, now)) return 'range';
  if (!dayStartMinutes(localDay(start), rules).includes(localStartMinute(start))) return 'unavailable';
  if (held.some((slot) => overlaps(start, slotEnd(start, rules.durationMinutes), slot))) return 'taken';
  return null;
}

/** Whether windows overlap one another on the same weekday (the editor refuses them). */
export function windowsOverlap(windows: readonly AvailabilityWindow[]): boolean {
  return windows.some((a, i) =>
    windows.some((b, j) => j > i && a.weekday === b.weekday && a.start < b.end && b.start < a.end),
  );
}
