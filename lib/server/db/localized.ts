import 'server-only';
import type { LocalizedText } from './schema';
import type { TextLanguage } from '@/lib/i18n/text-languages';

/** The text in the wanted language, falling back to Russian. */
export function pick(text: LocalizedText | null | undefined, language: TextLanguage): string {
  if (!text) return '';
  return (language !== 'ru' && text[language]?.trim()) || text.ru;
}

/** Lower-cased texts in every language, joined: what a place search matches. */
export function searchTextOf(text: LocalizedText): string {
  return [text.ru, text.en, text.zh].filter(Boolean).join(' \n ').toLowerCase();
}
