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

export type LinkPageProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ token?: string | string[] }>;
};

/**
 * The first step of the page an email's link opens (password reset, email confirmation): its locale entered, and
 * the link's `?token=` (empty when there is none).
 */
export async function linkPageEntry({ params, searchParams }: LinkPageProps): Promise<string> {
  await enterLocale(params);
  const { token } = await searchParams;
  return typeof token === 'string' ? token.trim() : '';
}
