import type { ReactNode } from 'react';
import { defineRouting } from 'next-intl/routing';
import { defaultLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, localePrefixes, locales } from './locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: { mode: 'as-needed', prefixes: localePrefixes },
  // Our own rule decides the root visit (see detect.ts); next-intl would also send zh browsers to /cn.
  localeDetection: false,
  localeCookie: { name: LOCALE_COOKIE, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax' },
});

/** What Next gives a layout under app/[locale]: its pages, and the locale segment of the path. */
export interface LocaleLayoutProps {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}
