import { describe, expect, it } from 'vitest';
import { DEPARTURE_LEAD_MS, departureNoticeAt, jobBackoffMs } from '@/lib/jobs/timing';

const HOUR = 3_600_000;

describe('a failed job’s pause', () => {
  it('doubles from 30 s and stops growing at 6 hours', () => {
    expect([1, 2, 3, 4].map(jobBackoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(jobBackoffMs(0)).toBe(30_000);
    expect(jobBackoffMs(20)).toBe(6 * HOUR);
  });
});

describe('when a departure’s reminder and manifest run', () => {
  const start = new Date('2031-09-01T01:00:00Z');

  it('48 hours before the start', () => {
    expect(DEPARTURE_LEAD_MS).toBe(48 * HOUR);
    const now = new Date(start.getTime() - 10 * 24 * HOUR);
    expect(departureNoticeAt(start, now)).toEqual(new Date('2031-08-30T01:00:00Z'));
  });

  it('at once for a booking confirmed less than 48 hours before', () => {
    const now = new Date(start.getTime() - 5 * HOUR);
    expect(departureNoticeAt(start, now)).toEqual(now);
  });

  it('never once the departure has started', () => {
    expect(departureNoticeAt(start, start)).toBeNull();
    expect(departureNoticeAt(start, new Date(start.getTime() + HOUR))).toBeNull();
  });
});
