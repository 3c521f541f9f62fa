/**
 * Locale facts shared by the proxy, the server and the browser.
 * Internally Chinese is `zh-CN` (html lang, hreflang, Intl); only its URL prefix is `/cn`.
 */
export const locales = ['ru', 'en', 'zh-CN'] as const;
export type AppLocale = (typeof locales)[number];

export const defaultLocale: AppLocale = 'ru';

/** URL prefixes of the non-default locales; the default locale has none. */
export const localePrefixes = { en: '/en', 'zh-CN': '/cn' } as const satisfies Partial<Record<AppLocale, string>>;

export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** File name of each locale's messages in `messages/`. */
export const messageFiles: Record<AppLocale, 'ru' | 'en' | 'cn'> = { ru: 'ru', en: 'en', 'zh-CN': 'cn' };

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The path prefix of a locale: '' for the default one. */
export function localePrefix(locale: AppLocale): string {
  return (localePrefixes as Partial<Record<AppLocale, string>>)[locale] ?? '';
}

/**
 * Adds the locale's prefix to an unprefixed path ('/go' → '/en/go'; '/' → '/en'; '/?a=1' → '/en?a=1').
 * `forcePrefix` gives the default locale one too ('/ru/go'): a link that switches the language carries it, so that
 * the proxy stores the choice, whatever the language cookie said before.
 */
export function localizePath(locale: AppLocale, path: string, { forcePrefix = false } = {}): string {
  const prefix = forcePrefix && locale === defaultLocale ? `/${defaultLocale}` : localePrefix(locale);
  if (!prefix) return path;
  return /^\/(\?|$)/.test(path) ? `${prefix}${path.slice(1)}` : `${prefix}${path}`;
}

/** The language cookie's assignment for `document.cookie`: the visitor chose `locale`. */
export function localeCookie(locale: AppLocale): string {
  return `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * Splits a request path into its locale and the path without prefix ('/cn/go' → zh-CN, '/go'). The internal form
 * ('/zh-CN/go', as the locale rewrites make it) splits the same way: Next gives it to server components, while the
 * browser sees the visited '/cn/go', and both must render alike.
 */
export function splitLocalePath(pathname: string): { locale: AppLocale; path: string } {
  const candidates: [AppLocale, string][] = [
    ...Object.entries(localePrefixes).map(([locale, prefix]) => [locale as AppLocale, prefix] as [AppLocale, string]),
    ...locales.map((locale): [AppLocale, string] => [locale, `/${locale}`]),
  ];
  for (const [locale, prefix] of candidates) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
      return { locale, path: pathname.slice(prefix.length) || '/' };
    }
  }
  return { locale: defaultLocale, path: pathname };
}
