import Negotiator from 'negotiator';
import { defaultLocale, isAppLocale, type AppLocale } from './locales';

/**
 * The locale for a visit to the bare root `/`: the remembered choice (locale cookie) wins;
 * without one, English only when the browser's most preferred language is English, otherwise Russian.
 */
export function rootLocaleFor({
  cookie,
  acceptLanguage,
}: {
  cookie?: string | null;
  acceptLanguage?: string | null;
}): AppLocale {
  if (isAppLocale(cookie)) return cookie;
  const [preferred] = new Negotiator({ headers: { 'accept-language': acceptLanguage ?? undefined } }).languages();
  if (preferred && preferred.toLowerCase().split('-')[0] === 'en') return 'en';
  return defaultLocale;
}
