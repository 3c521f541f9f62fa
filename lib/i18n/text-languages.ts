import type { AppLocale } from './locales';

/**
 * Languages of stored texts (ideas' titles and descriptions, place and category names, an author's "about"): one per
 * site locale, Russian required. Chinese, the locale zh-CN, keeps its texts under `zh`.
 */
export const TEXT_LANGUAGES = ['ru', 'en', 'zh'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

export const textLanguageOf = (locale: AppLocale): TextLanguage => (locale === 'zh-CN' ? 'zh' : locale);

/** The `lang` attribute of a text in a language (the site's own for Chinese, zh-CN). */
export const htmlLangOf = (language: TextLanguage): AppLocale => (language === 'zh' ? 'zh-CN' : language);

/** What an API client may call a text language (the `locale` parameter, the `Locale` header), lower-cased. */
export const LANGUAGE_ALIASES: Record<string, TextLanguage> = { ru: 'ru', en: 'en', zh: 'zh', 'zh-cn': 'zh', cn: 'zh' };
