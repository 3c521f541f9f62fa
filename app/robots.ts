import type { MetadataRoute } from 'next';
import { localePrefixes } from '@/lib/i18n/locales';
import { env } from '@/lib/server/platform/env';
import { SITEMAP_INDEX_PATH } from '@/lib/seo/sitemap';

/** Rendered per request: SITE_URL is read at run time, so one build serves any host. */
export const dynamic = 'force-dynamic';

const PRIVATE_SECTIONS = ['/account', '/office'];

/** Crawlers may read everything public; account, office and the API stay out of search results. */
export default function robots(): MetadataRoute.Robots {
  const prefixes = ['', ...Object.values(localePrefixes)];
  const siteUrl = env().SITE_URL;
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', ...PRIVATE_SECTIONS.flatMap((section) => prefixes.map((prefix) => `${prefix}${section}`))],
    },
    sitemap: new URL(SITEMAP_INDEX_PATH, siteUrl).toString(),
    host: new URL(siteUrl).origin,
  };
}
