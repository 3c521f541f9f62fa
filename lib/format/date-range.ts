import type { AppLocale } from '@/lib/i18n/locales';
import { dayToDate } from './dates';
import { dateTimeFormat } from './intl';

/**
 * The Intl locale that writes a day as the button shows it: '12 мая', '12 May' (day first, as en-GB writes it),
 * '5月12日'. Intl rather than date-fns keeps date-fns and its locales out of every listing's first load; the
 * calendar brings them when it opens.
 */
const DAY_LOCALES: Record<AppLocale, string> = { ru: 'ru', en: 'en-GB', 'zh-CN': 'zh-CN' };

/**
 * The date-range button's text: '12 мая – 18 мая', '12 May – 18 May', '5月12日 – 5月18日'; one day when
 * the range starts and ends on it; null when no range is set (the button shows its default title).
 */
export function formatDateRange(
  from: string | undefined | null,
  to: string | undefined | null,
  locale: AppLocale,
): string | null {
  const start = dayToDate(from);
  if (!start) return null;
  const end = dayToDate(to) ?? start;
  const day = dateTimeFormat(DAY_LOCALES[locale], { day: 'numeric', month: 'long' });
  const first = day.format(start);
  return end.getTime() === start.getTime() ? first : `${first} – ${day.format(end)}`;
}
