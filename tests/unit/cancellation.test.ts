import { describe, expect, it } from 'vitest';
import { cancellationRefusal, freeCancellationDeadline } from '@/lib/bookings/cancellation';

const start = new Date('2026-07-10T09:00:00+10:00');
const HOUR = 3_600_000;
const before = (hours: number, ms = 0) => new Date(start.getTime() - hours * HOUR - ms);

describe('free-cancellation deadline', () => {
  it('is 24 h, 72 h or 7 days before the start, and none for non-refundable', () => {
    expect(freeCancellationDeadline('free_24h', start)).toEqual(new Date('2026-07-09T09:00:00+10:00'));
    expect(freeCancellationDeadline('free_72h', start)).toEqual(new Date('2026-07-07T09:00:00+10:00'));
    expect(freeCancellationDeadline('free_7d', start)).toEqual(new Date('2026-07-03T09:00:00+10:00'));
    expect(freeCancellationDeadline('non_refundable', start)).toBeNull();
  });
});

describe('whether a booking can be cancelled', () => {
  it.each([
    ['free_24h', 24],
    ['free_72h', 72],
    ['free_7d', 168],
  ] as const)('%s: free until the deadline itself, refused a millisecond after', (policy, hours) => {
    expect(cancellationRefusal(policy, start, before(hours, 1))).toBeNull();
    expect(cancellationRefusal(policy, start, before(hours))).toBeNull();
    expect(cancellationRefusal(policy, start, before(hours, -1))).toBe('deadlinePassed');
    expect(cancellationRefusal(policy, start, before(1))).toBe('deadlinePassed');
  });

  it('non-refundable: never, however early', () => {
    expect(cancellationRefusal('non_refundable', start, before(24 * 365))).toBe('nonRefundable');
  });

  it('a departure that has started is refused as started, whatever the policy', () => {
    for (const policy of ['free_24h', 'free_7d', 'non_refundable'] as const) {
      expect(cancellationRefusal(policy, start, start)).toBe('started');
      expect(cancellationRefusal(policy, start, new Date(start.getTime() + HOUR))).toBe('started');
    }
  });
});
