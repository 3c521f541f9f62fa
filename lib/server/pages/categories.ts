import 'server-only';
import { cache } from 'react';
import type { AppLocale } from '@/lib/i18n/locales';
import { listCategories } from '../catalog/reference-lists';
import { textLanguageOf } from '@/lib/i18n/text-languages';

/**
 * The categories in a page's language, read once per request however many parts of a page show them: its
 * metadata (a category listing's title), the catalog prefetched for the browser, the cards it renders.
 */
export const loadCategories = cache((locale: AppLocale) => listCategories(textLanguageOf(locale)));
