import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { IdeaResource } from '@/lib/contract/ideas';
import { isAppLocale, defaultLocale, type AppLocale } from '@/lib/i18n/locales';
import { alternatesFor, searchSummary } from '@/lib/seo/alternates';
import type { StaticPageKey } from '@/lib/seo/static-pages';
import { env } from '../platform/env';
import type { Guide } from '../guides/guide';
import { guidePath } from '@/lib/seo/structured-data';

type MetaPage =
  | 'home'
  | 'go'
  | 'idea'
  | 'guide'
  | 'login'
  | 'loginEmail'
  | 'loginPhone'
  | 'register'
  | 'account'
  | 'accountMain'
  | 'accountPassword'
  | 'accountBooking'
  | 'accountFavourites'
  | 'accountMessages'
  | 'office'
  | 'departures'
  | 'earnings'
  | 'payouts'
  | 'placeSearch'
  | 'moderation'
  | 'officeRequests'
  | 'e400'
  | 'e403'
  | 'e404'
  | 'e503';

/** Where a page's title and description live: `meta.<page>`, the long-form page's own texts, or password recovery's. */
type PageKey = `meta.${MetaPage}` | `staticPages.${StaticPageKey}` | `recovery.${'forgot' | 'reset'}`;

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

/** An idea page's title, description, canonical URL (by hid), alternates and social cards with its cover. */
export function ideaMetadata(locale: AppLocale, idea: IdeaResource): Metadata {
  const { title, description, cover_url: cover } = idea.attributes;
  const large = idea.relationships.photos?.data[0]?.attributes;
  const image = large
    ? { url: large.large_url, width: large.width, height: large.height, alt: title }
    : cover
      ? { url: cover, alt: title }
      : undefined;
  const text = searchSummary(description || title);
  const alternates = alternatesFor(`/go/${idea.hid}`, locale, env().SITE_URL);
  return {
    title,
    description: text,
    alternates,
    openGraph: {
      type: 'article',
      title,
      description: text,
      url: alternates.canonical,
      locale,
      ...(image ? { images: [image] } : {}),
    },
    twitter: {
      card: image ? 'summary_large_image' : 'summary',
      title,
      description: text,
      ...(image ? { images: [image.url] } : {}),
    },
  };
}

/** A guide page's title ("Анна Ковалёва, гид", the layout adds the site name), description (the about text), canonical URL, alternates and profile card. */
export async function guideMetadata(locale: AppLocale, guide: Guide): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'guide' });
  const title = t('metaTitle', { name: guide.name });
  const text = searchSummary(guide.about || t('metaDescription', { name: guide.name }));
  const alternates = alternatesFor(guidePath(guide.hid), locale, env().SITE_URL);
  const image = guide.imageUrl ? { url: guide.imageUrl, width: 256, height: 256, alt: guide.name } : undefined;
  return {
    title,
    description: text,
    alternates,
    openGraph: {
      type: 'profile',
      title,
      description: text,
      url: alternates.canonical,
      locale,
      ...(image ? { images: [image] } : {}),
    },
    twitter: { card: 'summary', title, description: text, ...(image ? { images: [image.url] } : {}) },
  };
}
