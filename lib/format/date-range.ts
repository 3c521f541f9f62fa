import { format } from 'date-fns';
import { enUS, ru, zhCN, type Locale } from 'date-fns/locale';
import type { AppLocale } from '@/lib/i18n/locales';
import { dayToDate } from './dates';

/** date-fns locale of each site locale: month names as locals write them (kept out of pages without a date filter). */
const dateFnsLocales: Record<AppLocale, Locale> = { ru, en: enUS, 'zh-CN': zhCN };

/** How a day is written in the date-range button: '12 мая', '12 May', '5月12日'. */
const DAY_PATTERNS: Record<AppLocale, string> = { ru: 'd MMMM', en: 'd MMMM', 'zh-CN': 'M月d日' };

/**
 * The date-range button's text: '12 мая – 18 мая', '12 May – 18 May', '5月12日 – 5月18日'; one day when
 * the range starts and ends on it; null when no range is set (the button shows its default title).
 */
export function formatDateRange(from: string | undefined | null, to: string | undefined | null, locale: AppLocale): string | null {
  const start = dayToDate(from);
  if (!start) return null;
  const end = dayToDate(to) ?? start;
  const pattern = DAY_PATTERNS[locale];
  const options = { locale: dateFnsLocales[locale] };
  const first = format(start, pattern, options);
  return end.getTime() === start.getTime() ? first : `${first} – ${format(end, pattern, options)}`;
}
