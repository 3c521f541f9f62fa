import 'server-only';
import { cache } from 'react';
import type { AppLocale } from '@/lib/i18n/locales';
import { textLanguageOf } from '@/lib/i18n/text-languages';
import { getGuide } from '../guides/guide';
import { loadCategories } from './categories';
import { pageData } from './prefetch';

/**
 * A guide page (`/authors/{hid}`), for its metadata and the page alike, read once per request: the guide and the
 * categories its idea cards are coloured by, or null when the hid names no guide (the page answers 404).
 */
export const loadGuidePage = cache(async (locale: AppLocale, hid: string) => {
  const [guide, { data: categories }] = await pageData(
    Promise.all([getGuide(hid, textLanguageOf(locale)), loadCategories(locale)]),
  );
  return guide && { guide, categories };
});
