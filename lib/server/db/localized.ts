import 'server-only';
import type { LocalizedText } from './schema';
import type { AppLocale } from '@/lib/i18n/locales';

/** Storage key of each site locale's text. */
export type TextLanguage = 'ru' | 'en' | 'zh';
export const textLanguageOf = (locale: AppLocale): TextLanguage => (locale === 'zh-CN' ? 'zh' : locale);

/** The text in the wanted language, falling back to Russian. */
export function pick(text: LocalizedText | null | undefined, language: TextLanguage): string {
  if (!text) return '';
  return (language !== 'ru' && text[language]?.trim()) || text.ru;
}

/** Lower-cased texts in every language, joined: what a place search matches. */
export function searchTextOf(text: LocalizedText): string {
  return [text.ru, text.en, text.zh].filter(Boolean).join(' \n ').toLowerCase();
}
