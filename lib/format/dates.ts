import type { AppLocale } from '@/lib/i18n/locales';
import { dateTimeFormat, numberFormat } from './intl';

/** Every departure and day filter is in Vladivostok time (UTC+10, no DST). */
export const SITE_TIME_ZONE = 'Asia/Vladivostok';

/** Today in Vladivostok as 'YYYY-MM-DD'. */
export function siteToday(now = new Date()): string {
  return dateTimeFormat('en-CA', {
    timeZone: SITE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** 'YYYY-MM-DD' → a local Date at midnight (what the calendar works with), or null when invalid. */
export function dayToDate(day: string | undefined | null): Date | null {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return null;
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, dayOfMonth);
  // Date rolls 2026-13-01 or 2026-02-30 over into another month; those are not days.
  return date.getMonth() === month - 1 && date.getDate() === dayOfMonth ? date : null;
}

/** A local Date → 'YYYY-MM-DD'. */
export function dateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A departure's date and time in Vladivostok: '22 ноября, 09:00'. */
export function formatDeparture(iso: string, locale: AppLocale, { withWeekday = false } = {}): string {
  return dateTimeFormat(locale, {
    timeZone: SITE_TIME_ZONE,
    ...(withWeekday ? { weekday: 'short' } : {}),
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

/** A local day 'YYYY-MM-DD' as '22 ноября' (with the weekday: 'пн, 22 ноября'), whatever the browser's zone. */
export function formatDay(day: string, locale: AppLocale, { withWeekday = false } = {}): string {
  return dateTimeFormat(locale, {
    timeZone: 'UTC',
    ...(withWeekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A month 'YYYY-MM' as 'ноябрь 2026 г.' / 'November 2026' / '2026年11月'. */
export function formatMonth(month: string, locale: AppLocale): string {
  return dateTimeFormat(locale, { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** A duration in minutes as '3 ч 30 мин' / '3 h 30 min' / '3小时30分钟'. */
export function formatDuration(minutes: number, locale: AppLocale): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (value: number, unitName: 'hour' | 'minute') =>
    numberFormat(locale, { style: 'unit', unit: unitName, unitDisplay: locale === 'zh-CN' ? 'long' : 'short' }).format(
      value,
    );
  if (hours >= 24 && rest === 0 && hours % 24 === 0) {
    return numberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(hours / 24);
  }
  return [hours ? unit(hours, 'hour') : '', rest ? unit(rest, 'minute') : '']
    .filter(Boolean)
    .join(locale === 'zh-CN' ? '' : ' ');
}

/**
 * The month and year of a moment in Vladivostok, worded to follow "since" ("на Сопке с марта 2024"): Russian
 * takes the month in the genitive, as a date with a day writes it ('марта 2024'); 'March 2024'; '2024年3月'.
 */
export function formatSinceMonth(iso: string | Date, locale: AppLocale): string {
  const date = new Date(iso);
  if (locale !== 'ru') {
    return dateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, year: 'numeric', month: 'long' }).format(date);
  }
  const parts = dateTimeFormat(locale, {
    timeZone: SITE_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('year')}`;
}
