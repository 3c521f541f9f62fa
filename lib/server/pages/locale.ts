import 'server-only';
import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { isAppLocale, locales, type AppLocale } from '@/lib/i18n/locales';

/** A page's first step: validate the locale segment (404 otherwise) and enable static rendering for it. */
export async function enterLocale(params: Promise<{ locale: string }>): Promise<AppLocale> {
  const { locale } = await params;
  if (!isAppLocale(locale)) notFound();
  setRequestLocale(locale);
  return locale;
}

/**
 * Every locale, for the pages and layouts prerendered at build time. The [locale] layout leaves this to
 * them: home shows ideas, so it is rendered on its first visit (there is no database at build time).
 */
export function localeStaticParams() {
  return locales.map((locale) => ({ locale }));
}
