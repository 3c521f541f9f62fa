import { describe, expect, it } from 'vitest';
import { MAX_SCHEDULED_DEPARTURES, scheduleDepartures, zonedInstant } from '@/lib/departures/schedule';

const now = new Date('2026-12-31T00:00:00Z');

describe('a repeating schedule of departures', () => {
  it('reads local times in Vladivostok (UTC+10): 09:00 on 4 January is 23:00 UTC the day before', () => {
    expect(zonedInstant('2027-01-04', '09:00').toISOString()).toBe('2027-01-03T23:00:00.000Z');
    expect(zonedInstant('2027-07-04', '00:30').toISOString()).toBe('2027-07-03T14:30:00.000Z');
    // Read through the zone: a zone with daylight saving gets its summer offset.
    expect(zonedInstant('2027-07-04', '12:00', 'Europe/Berlin').toISOString()).toBe('2027-07-04T10:00:00.000Z');
  });

  it('makes every chosen weekday of the range at every start time, in time order', () => {
    // 4–17 January 2027: Monday to the Sunday a week later.
    const result = scheduleDepartures(
      { weekdays: [1, 6], times: ['15:00', '09:00'], from: '2027-01-04', to: '2027-01-17' },
      new Set(),
      now,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.departures.map((d) => `${d.day} ${d.time}`)).toEqual([
      '2027-01-04 09:00',
      '2027-01-04 15:00',
      '2027-01-09 09:00',
      '2027-01-09 15:00',
      '2027-01-11 09:00',
      '2027-01-11 15:00',
      '2027-01-16 09:00',
      '2027-01-16 15:00',
    ]);
    expect(result.skipped).toBe(0);
  });

  it('skips departures that already exist at the same start, and those already started', () => {
    const existing = new Set([zonedInstant('2027-01-05', '10:00').getTime()]);
    const result = scheduleDepartures(
      { weekdays: [1, 2, 3], times: ['10:00', '10:00'], from: '2027-01-04', to: '2027-01-06' },
      existing,
      zonedInstant('2027-01-04', '10:00'),
    );
    expect(result).toMatchObject({ ok: true, skipped: 1 });
    if (result.ok) expect(result.departures.map((d) => d.day)).toEqual(['2027-01-06']);
  });

  it(`refuses more than ${MAX_SCHEDULED_DEPARTURES} departures, and an empty range`, () => {
    const daily = { weekdays: [1, 2, 3, 4, 5, 6, 7], times: ['10:00'] };
    expect(scheduleDepartures({ ...daily, from: '2027-01-01', to: '2028-01-01' }, new Set(), now)).toMatchObject({
      ok: true,
    });
    expect(scheduleDepartures({ ...daily, from: '2027-01-01', to: '2028-01-02' }, new Set(), now)).toEqual({
      ok: false,
      reason: 'tooMany',
    });
    expect(scheduleDepartures({ ...daily, from: '2027-02-01', to: '2027-01-01' }, new Set(), now)).toEqual({
      ok: false,
      reason: 'emptyRange',
    });
  });
});
