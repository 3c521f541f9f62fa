/** The scheduler's timing rules (lib/server/jobs and the follow-ups of a booking), pure so they are unit-tested. */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The pause after the n-th failed run of a job: 30 s, 1, 2, 4 … minutes, at most 6 hours. */
export function jobBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * HOUR_MS);
}

/** How long before a departure the traveller's reminder and the guide's manifest are sent. */
export const DEPARTURE_LEAD_MS = 48 * HOUR_MS;

/**
 * When a departure's reminder (or manifest) runs: 48 h before the start; for a booking confirmed less than 48 h
 * before, at once (the reminder carries the guide's phone and an SMS, which the confirmation does not); never for
 * a departure that has started.
 */
export function departureNoticeAt(startsAt: Date, now: Date): Date | null {
  if (startsAt.getTime() <= now.getTime()) return null;
  return new Date(Math.max(startsAt.getTime() - DEPARTURE_LEAD_MS, now.getTime()));
}
