import { describe, expect, it } from 'vitest';
import {
  localDay,
  localDayStart,
  localDeparture,
  localStartMinute,
  localTime,
  nextLocalDayStart,
} from '@/lib/time/local-time';

describe('Vladivostok local time', () => {
  it('puts a late UTC evening on the next local day', () => {
    expect(localDay(new Date('2026-11-22T13:59:00Z'))).toBe('2026-11-22');
    expect(localDay(new Date('2026-11-22T14:00:00Z'))).toBe('2026-11-23');
  });

  it('starts a local day at 14:00 UTC of the day before and ends it 24 hours later', () => {
    expect(localDayStart('2026-12-31').toISOString()).toBe('2026-12-30T14:00:00.000Z');
    expect(nextLocalDayStart('2026-12-31').toISOString()).toBe('2026-12-31T14:00:00.000Z');
  });

  it('reads the local time of day', () => {
    expect(localTime(new Date('2026-11-22T23:30:00Z'))).toBe('09:30');
  });

  it('counts start minutes from local midnight', () => {
    expect(localStartMinute(new Date('2026-11-22T23:30:00Z'))).toBe(9 * 60 + 30);
    expect(localStartMinute(new Date('2026-11-22T14:00:00Z'))).toBe(0);
  });

  it('places a departure on a later local day at its local time', () => {
    const now = new Date('2026-11-22T20:00:00Z'); // 06:00 on the 23rd in Vladivostok
    expect(localDeparture(now, 2, '09:15').toISOString()).toBe('2026-11-24T23:15:00.000Z');
  });
});
