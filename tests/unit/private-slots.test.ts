import { describe, expect, it } from 'vitest';
import {
  dayStartMinutes,
  freeSlots,
  minuteOf,
  minuteText,
  slotRefusal,
  weekdayOf,
  windowsOverlap,
  type SlotRules,
} from '@/lib/bookings/private-slots';

// 2026-12-07 is a Monday.
const rules: SlotRules = {
  windows: [
    { weekday: 1, start: 9 * 60, end: 13 * 60 },
    { weekday: 1, start: 15 * 60, end: 18 * 60 },
    { weekday: 3, start: 10 * 60, end: 12 * 60 },
  ],
  blocked: new Set(['2026-12-09']),
  stepMinutes: 60,
  durationMinutes: 120,
};
const at = (day: string, time: string) => new Date(`${day}T${time}:00+10:00`);
const now = at('2026-12-01', '12:00');

describe('private slots', () => {
  it('reads ISO weekdays and local times', () => {
    expect(weekdayOf('2026-12-07')).toBe(1);
    expect(weekdayOf('2026-12-13')).toBe(7);
    expect(minuteOf('09:30')).toBe(570);
    expect(minuteOf('24:00')).toBe(1440);
    expect(minuteOf('9:30')).toBeNull();
    expect(minuteText(570)).toBe('09:30');
  });

  it('offers starts a step apart whose slot ends inside the window, and none on blocked days or other weekdays', () => {
    expect(dayStartMinutes('2026-12-07', rules).map(minuteText)).toEqual(['09:00', '10:00', '11:00', '15:00', '16:00']);
    expect(dayStartMinutes('2026-12-09', rules)).toEqual([]);
    expect(dayStartMinutes('2026-12-08', rules)).toEqual([]);
    expect(dayStartMinutes('2026-12-16', rules).map(minuteText)).toEqual(['10:00']);
  });

  it('leaves out starts whose slot overlaps a held one, and the ones too soon', () => {
    const held = [{ start: at('2026-12-07', '10:00'), end: at('2026-12-07', '12:00') }];
    const [monday] = freeSlots('2026-12-07', '2026-12-07', rules, held, now);
    // 09:00–11:00 and 11:00–13:00 overlap 10:00–12:00; a slot ending when another begins does not.
    expect(monday).toEqual({ day: '2026-12-07', times: ['15:00', '16:00'] });
    const touching = [{ start: at('2026-12-07', '11:00'), end: at('2026-12-07', '13:00') }];
    expect(freeSlots('2026-12-07', '2026-12-07', rules, touching, now)[0].times).toEqual(['09:00', '15:00', '16:00']);
    const soon = freeSlots('2026-12-07', '2026-12-07', rules, [], at('2026-12-06', '22:30'));
    expect(soon[0].times).toEqual(['11:00', '15:00', '16:00']);
  });

  it('lists every day of a range, in Vladivostok days whatever the instant', () => {
    const days = freeSlots('2026-12-06', '2026-12-09', rules, [], now);
    expect(days.map((d) => d.day)).toEqual(['2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09']);
    expect(days.map((d) => d.times.length)).toEqual([0, 5, 0, 0]);
  });

  it('says why a proposed start cannot be taken', () => {
    expect(slotRefusal(at('2026-12-07', '09:00'), rules, [], now)).toBeNull();
    expect(slotRefusal(at('2026-12-07', '09:30'), rules, [], now)).toBe('unavailable');
    expect(slotRefusal(at('2026-12-07', '12:00'), rules, [], now)).toBe('unavailable');
    expect(slotRefusal(at('2026-12-09', '10:00'), rules, [], now)).toBe('unavailable');
    expect(slotRefusal(at('2026-12-01', '15:00'), rules, [], now)).toBe('range');
    expect(slotRefusal(at('2028-12-04', '09:00'), rules, [], now)).toBe('range');
    const held = [{ start: at('2026-12-07', '08:00'), end: at('2026-12-07', '10:00') }];
    expect(slotRefusal(at('2026-12-07', '09:00'), rules, held, now)).toBe('taken');
  });

  it('finds windows that overlap on the same weekday', () => {
    expect(windowsOverlap(rules.windows)).toBe(false);
    expect(windowsOverlap([...rules.windows, { weekday: 1, start: 12 * 60, end: 14 * 60 }])).toBe(true);
    expect(windowsOverlap([...rules.windows, { weekday: 2, start: 12 * 60, end: 14 * 60 }])).toBe(false);
  });
});
