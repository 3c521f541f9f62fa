/**
 * Cancellation terms, as on GetYourGuide and Tripster: a free_* booking may be cancelled, with a full refund,
 * until its deadline (24 h, 72 h or 7 days before the start, the deadline itself included); after it the
 * traveller can no longer cancel. A non-refundable booking is binding from the moment it is made: its
 * free-cancellation deadline is the booking itself, so the traveller cannot cancel it. There are no payments
 * yet, so a refund is only what the terms promise.
 */

export const CANCELLATION_POLICIES = ['free_24h', 'free_72h', 'free_7d', 'non_refundable'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

const HOUR = 3_600_000;
const FREE_HOURS: Record<Exclude<CancellationPolicy, 'non_refundable'>, number> = {
  free_24h: 24,
  free_72h: 72,
  free_7d: 24 * 7,
};

/** The last instant a departure starting at `startsAt` may be cancelled for free; null for non-refundable. */
export function freeCancellationDeadline(policy: CancellationPolicy, startsAt: Date): Date | null {
  if (policy === 'non_refundable') return null;
  return new Date(startsAt.getTime() - FREE_HOURS[policy] * HOUR);
}

export type CancellationRefusal = 'nonRefundable' | 'deadlinePassed' | 'started';

/** Why the traveller cannot cancel a booking at `now`, or null when they can (for free). */
export function cancellationRefusal(policy: CancellationPolicy, startsAt: Date, now: Date): CancellationRefusal | null {
  if (startsAt <= now) return 'started';
  const deadline = freeCancellationDeadline(policy, startsAt);
  if (!deadline) return 'nonRefundable';
  return now > deadline ? 'deadlinePassed' : null;
}
