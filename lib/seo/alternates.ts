import { locales, localizePath, type AppLocale } from '@/lib/i18n/locales';

/** Canonical URL and hreflang alternates (ru, en, zh-CN and x-default = Russian) for an unprefixed path. */
export function alternatesFor(path: string, locale: AppLocale, siteUrl: string) {
  const absolute = (l: AppLocale) => new URL(localizePath(l, path), siteUrl).toString();
  const languages: Record<string, string> = Object.fromEntries(locales.map((l) => [l, absolute(l)]));
  languages['x-default'] = absolute('ru');
  return { canonical: absolute(locale), languages };
}

const DESCRIPTION_LENGTH = 160;

/** A description for search results: the text on one line, cut at a word near 160 characters. */
export function searchSummary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}
