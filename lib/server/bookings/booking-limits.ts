import 'server-only';
import { consume, record, release, type Limit } from '../http/rate-limit';

/**
 * How often one account may book and cancel (each booking and each cancellation emails the traveller and the guide).
 * The counters live in `rate_limits`, so they hold across every app process. Bookings beyond them get 429 with
 * Retry-After, and only bookings that were made count. A cancellation is counted but never refused: a traveller can
 * always give seats back, and there are never more cancellations than bookings.
 */
export const BOOKING_LIMITS = {
  /** Bookings and cancellations of one account, over all departures. */
  perUser: { max: 10, windowSeconds: 600 },
  /** Bookings and cancellations of one account on one departure. */
  perUserAndDeparture: { max: 3, windowSeconds: 3600 },
};

/** What one account books on: a departure's id, or `idea:<id>` for a private idea's proposals. */
type BookingScope = number | `idea:${number}`;

const limitsOf = (userId: number, ideaDateId: BookingScope): Limit[] => [
  { key: `booking:user:${userId}`, ...BOOKING_LIMITS.perUser },
  { key: `booking:user-date:${userId}:${ideaDateId}`, ...BOOKING_LIMITS.perUserAndDeparture },
];

/**
 * Before a booking's transaction: counts it, or answers 429 when the account has booked too often. A booking that then
 * fails (no seats left, a date that started) hands its count back with `giveBack`, which rethrows the failure.
 */
export async function consumeBookingLimit(userId: number, ideaDateId: BookingScope, now = new Date()) {
  const limits = limitsOf(userId, ideaDateId);
  await consume(limits, now);
  return {
    giveBack: async (failure: unknown): Promise<never> => {
      await Promise.all(limits.map(({ key }) => release(key))).catch(() => undefined);
      throw failure;
    },
  };
}

/** After a cancellation: counts it against the same windows, without refusing it. */
export async function recordCancellation(userId: number, ideaDateId: number, now = new Date()): Promise<void> {
  for (const { key, windowSeconds } of limitsOf(userId, ideaDateId)) await record({ key, windowSeconds }, now);
}
