import type { MetadataRoute } from 'next';
import { localePrefixes } from '@/lib/i18n/locales';

const PRIVATE_SECTIONS = ['/account', '/office'];

/** Crawlers may read everything public; account, office and the API stay out of search results. */
export default function robots(): MetadataRoute.Robots {
  const prefixes = ['', ...Object.values(localePrefixes)];
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/api/', ...PRIVATE_SECTIONS.flatMap((section) => prefixes.map((prefix) => `${prefix}${section}`))],
    },
  };
}
