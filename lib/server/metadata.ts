import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isAppLocale, defaultLocale } from '@/lib/i18n/locales';
import { alternatesFor } from '@/lib/seo';
import type { StaticPageKey } from '@/components/static/StaticArticle';
import { env } from './env';

type MetaPage =
  | 'home' | 'go' | 'idea' | 'login' | 'loginEmail' | 'loginPhone' | 'register'
  | 'account' | 'accountMain' | 'accountPassword' | 'accountBooking' | 'office' | 'placeSearch'
  | 'e403' | 'e404' | 'e503';

/** Where a page's title and description live: `meta.<page>`, or the long-form page's own texts. */
type PageKey = `meta.${MetaPage}` | `staticPages.${StaticPageKey}`;

interface PageMetadataOptions {
  /** The page's path without locale prefix, e.g. '/info/infoAbout'. */
  path: string;
  page: PageKey;
  /** Pages behind the login gate or error pages are kept out of search results. */
  noindex?: boolean;
}

/** Localized title and description, canonical URL and hreflang alternates for a page. */
export async function pageMetadata(rawLocale: string, { path, page, noindex }: PageMetadataOptions): Promise<Metadata> {
  const locale = isAppLocale(rawLocale) ? rawLocale : defaultLocale;
  const t = await getTranslations({ locale });
  return {
    title: t(`${page}.title`),
    description: t(`${page}.description`),
    alternates: alternatesFor(path, locale, env().SITE_URL),
    ...(noindex ? { robots: { index: false, follow: true } } : {}),
  };
}

/** `generateMetadata` for a page whose path has no params. */
export function staticPageMetadata(options: PageMetadataOptions) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> =>
    pageMetadata((await params).locale, options);
}
