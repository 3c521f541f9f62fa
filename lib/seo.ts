import { locales, localizePath, type AppLocale } from './i18n/locales';

/** Canonical URL and hreflang alternates (ru, en, zh-CN and x-default = Russian) for an unprefixed path. */
export function alternatesFor(path: string, locale: AppLocale, siteUrl: string) {
  const absolute = (l: AppLocale) => new URL(localizePath(l, path), siteUrl).toString();
  const languages: Record<string, string> = Object.fromEntries(locales.map((l) => [l, absolute(l)]));
  languages['x-default'] = absolute('ru');
  return { canonical: absolute(locale), languages };
}
