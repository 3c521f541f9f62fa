import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { messageFiles, type AppLocale } from './locales';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale: AppLocale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  const messages = (await import(`../../messages/${messageFiles[locale]}.json`)).default;
  return { locale, messages, timeZone: 'Asia/Vladivostok' };
});
