import { describe, expect, it } from 'vitest';
import { formatDateRange } from '@/lib/format/date-range';
import { dateToDay, dayToDate, formatDeparture, formatDuration, formatSinceMonth, siteToday } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';

// Intl separates digit groups and symbols with no-break spaces; readers see plain spaces.
const plain = (text: string | null) => text?.replace(/[\u00a0\u202f]/g, ' ') ?? null;

describe('date-range label', () => {
  it('writes a range with localized month names', () => {
    expect(formatDateRange('2026-05-12', '2026-05-18', 'ru')).toBe('12 мая – 18 мая');
    expect(formatDateRange('2026-05-12', '2026-05-18', 'en')).toBe('12 May – 18 May');
    expect(formatDateRange('2026-05-12', '2026-05-18', 'zh-CN')).toBe('5月12日 – 5月18日');
  });

  it('uses the genitive month names Russian readers expect', () => {
    expect(formatDateRange('2026-03-01', '2026-03-08', 'ru')).toBe('1 марта – 8 марта');
    expect(formatDateRange('2026-08-30', '2026-09-02', 'ru')).toBe('30 августа – 2 сентября');
  });

  it('shows a single day once when the range starts and ends on it, or has no end', () => {
    expect(formatDateRange('2026-05-12', '2026-05-12', 'ru')).toBe('12 мая');
    expect(formatDateRange('2026-05-12', undefined, 'en')).toBe('12 May');
    expect(formatDateRange('2026-05-12', null, 'zh-CN')).toBe('5月12日');
  });

  it('spans a new year with each day in its own month', () => {
    expect(formatDateRange('2026-12-30', '2027-01-02', 'ru')).toBe('30 декабря – 2 января');
    expect(formatDateRange('2026-12-30', '2027-01-02', 'en')).toBe('30 December – 2 January');
    expect(formatDateRange('2026-12-30', '2027-01-02', 'zh-CN')).toBe('12月30日 – 1月2日');
  });

  it('is null (the button shows its default title) without a valid start', () => {
    expect(formatDateRange(undefined, undefined, 'ru')).toBeNull();
    expect(formatDateRange(null, '2026-05-18', 'ru')).toBeNull();
    expect(formatDateRange('2026-02-30', undefined, 'ru')).toBeNull();
  });

  it('ignores an invalid end and shows the start day', () => {
    expect(formatDateRange('2026-05-12', '2026-13-01', 'ru')).toBe('12 мая');
  });
});

describe('days', () => {
  it('reads a calendar day as local midnight', () => {
    const date = dayToDate('2026-05-12')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 4, 12, 0]);
  });

  it('rejects days that do not exist instead of rolling them over', () => {
    expect(dayToDate('2026-13-01')).toBeNull();
    expect(dayToDate('2026-02-30')).toBeNull();
    expect(dayToDate('2026-02-29')).toBeNull();
    expect(dayToDate('2026-00-10')).toBeNull();
    expect(dayToDate('2028-02-29')).not.toBeNull();
  });

  it('rejects anything but YYYY-MM-DD', () => {
    for (const value of ['', '2026-5-12', '12.05.2026', '2026-05-12T00:00', 'today', null, undefined])
      expect(dayToDate(value)).toBeNull();
  });

  it('writes a date back as the same day', () => {
    for (const day of ['2026-01-01', '2026-05-12', '2026-12-31', '2028-02-29'])
      expect(dateToDay(dayToDate(day)!)).toBe(day);
  });

  it('"today" is Vladivostok\'s day, not the server\'s', () => {
    // 15:00 UTC is already 01:00 next morning in Vladivostok (UTC+10).
    expect(siteToday(new Date('2026-05-11T15:00:00Z'))).toBe('2026-05-12');
    expect(siteToday(new Date('2026-05-11T13:59:00Z'))).toBe('2026-05-11');
  });
});

describe('departures', () => {
  it('shows the date and time in Vladivostok, in the page language', () => {
    expect(formatDeparture('2026-11-22T00:00:00Z', 'ru')).toMatch(/^22 ноября.*10:00$/);
    expect(formatDeparture('2026-11-22T00:00:00Z', 'en')).toMatch(/^November 22.*10:00$/);
    expect(formatDeparture('2026-11-22T00:00:00Z', 'zh-CN')).toMatch(/^11月22日.*10:00$/);
  });

  it('uses a 24-hour clock in every language', () => {
    expect(formatDeparture('2026-11-22T08:30:00Z', 'en')).toContain('18:30');
    expect(formatDeparture('2026-11-22T08:30:00Z', 'en')).not.toMatch(/PM/i);
  });

  it('can name the weekday', () => {
    expect(formatDeparture('2026-11-22T00:00:00Z', 'ru', { withWeekday: true })).toMatch(/^вс/);
    expect(formatDeparture('2026-11-22T00:00:00Z', 'en', { withWeekday: true })).toMatch(/^Sun/);
  });
});

describe('durations', () => {
  it('writes hours and minutes in each language', () => {
    expect(plain(formatDuration(90, 'ru'))).toBe('1 ч 30 мин');
    expect(plain(formatDuration(90, 'en'))).toBe('1 hr 30 min');
    expect(plain(formatDuration(90, 'zh-CN'))).toBe('1小时30分钟');
  });

  it('leaves out a zero part', () => {
    expect(plain(formatDuration(60, 'ru'))).toBe('1 ч');
    expect(plain(formatDuration(45, 'ru'))).toBe('45 мин');
    expect(plain(formatDuration(45, 'zh-CN'))).toBe('45分钟');
  });

  it('writes whole days as days, with the right plural', () => {
    expect(plain(formatDuration(2 * 24 * 60, 'ru'))).toBe('2 дня');
    expect(plain(formatDuration(5 * 24 * 60, 'ru'))).toBe('5 дней');
    expect(plain(formatDuration(24 * 60, 'en'))).toBe('1 day');
    expect(plain(formatDuration(2 * 24 * 60, 'zh-CN'))).toBe('2天');
    // A day and an hour is not whole days.
    expect(plain(formatDuration(25 * 60, 'ru'))).toBe('25 ч');
  });
});

describe('money', () => {
  it('formats roubles as each language writes them, without kopecks', () => {
    expect(plain(formatMoney(2500, 'RUB', 'ru'))).toBe('2 500 ₽');
    expect(plain(formatMoney(2500, 'RUB', 'en'))).toBe('₽2,500');
    expect(plain(formatMoney(2500, 'RUB', 'zh-CN'))).toBe('₽2,500');
    expect(plain(formatMoney(1_234_567, 'RUB', 'ru'))).toBe('1 234 567 ₽');
  });

  it("uses each currency's own narrow sign", () => {
    expect(plain(formatMoney(2500, 'USD', 'ru'))).toBe('2 500 $');
    expect(plain(formatMoney(2500, 'USD', 'en'))).toBe('$2,500');
    expect(plain(formatMoney(2500, 'CNY', 'zh-CN'))).toBe('¥2,500');
  });

  it('rounds to whole units', () => {
    expect(plain(formatMoney(2499.6, 'RUB', 'ru'))).toBe('2 500 ₽');
  });

  it('still shows the amount for a code Intl cannot format', () => {
    expect(plain(formatMoney(1500, 'bad!', 'ru'))).toBe('1 500 bad!');
    expect(plain(formatMoney(1500, 'XYZ', 'ru'))).toContain('1 500');
  });

  it('formats each call in its own locale and currency, whichever were used before (formatters are shared)', () => {
    const calls = [
      [2500, 'RUB', 'ru', '2 500 ₽'],
      [2500, 'USD', 'en', '$2,500'],
      [1500, 'bad!', 'ru', '1 500 bad!'],
      [2500, 'RUB', 'ru', '2 500 ₽'],
      [2500, 'USD', 'ru', '2 500 $'],
      [2500, 'USD', 'en', '$2,500'],
    ] as const;
    for (const [amount, currency, locale, expected] of calls)
      expect(plain(formatMoney(amount, currency, locale))).toBe(expected);
    expect(formatDeparture('2026-05-12T00:00:00Z', 'en', { withWeekday: true })).not.toBe(
      formatDeparture('2026-05-12T00:00:00Z', 'en'),
    );
  });
});

describe('since month', () => {
  it('names the month and year to follow "since": genitive in Russian, in Vladivostok time', () => {
    expect(formatSinceMonth('2024-03-10T00:00:00Z', 'ru')).toBe('марта 2024');
    expect(formatSinceMonth('2024-03-10T00:00:00Z', 'en')).toBe('March 2024');
    expect(formatSinceMonth('2024-03-10T00:00:00Z', 'zh-CN')).toBe('2024年3月');
    // 20:00 UTC on 29 February is already 1 March in Vladivostok.
    expect(formatSinceMonth(new Date('2024-02-29T20:00:00Z'), 'ru')).toBe('марта 2024');
    expect(formatSinceMonth('2023-11-05T00:00:00Z', 'ru')).toBe('ноября 2023');
  });
});
