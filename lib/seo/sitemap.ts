import { defaultLocale, localizePath, locales } from '@/lib/i18n/locales';
import { listingHref } from '@/lib/listing/filters';
import { alternatesFor } from '@/lib/seo/alternates';

/**
 * Idea sitemaps cover fixed id ranges, so an idea stays in the same file for good and a file is read by a
 * primary-key range scan. 10 000 ids give at most 30 000 <url> entries (one per locale), under the 50 000 limit.
 */
export const IDS_PER_SITEMAP = 10_000;

export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/**
 * A child sitemap of the index: the listings, the guide pages (authors with a published idea; one file holds
 * up to 16 666 of them, far more than the site has), or one id range of ideas.
 */
export type SitemapFile = { kind: 'listings' } | { kind: 'guides' } | { kind: 'ideas'; chunk: number };

export function sitemapFileName(file: SitemapFile): string {
  return file.kind === 'ideas' ? `ideas-${file.chunk}.xml` : `${file.kind}.xml`;
}

export function sitemapFilePath(file: SitemapFile): string {
  return `/sitemaps/${sitemapFileName(file)}`;
}

/** The file a child sitemap's URL names, or null for anything else (leading zeros included: one URL per file). */
export function parseSitemapFile(name: string): SitemapFile | null {
  if (name === 'listings.xml') return { kind: 'listings' };
  if (name === 'guides.xml') return { kind: 'guides' };
  const match = /^ideas-(0|[1-9]\d{0,8})\.xml$/.exec(name);
  return match ? { kind: 'ideas', chunk: Number(match[1]) } : null;
}

/** The chunk an idea id falls in (ids start at 1). */
export function chunkOfId(id: number): number {
  return Math.floor((id - 1) / IDS_PER_SITEMAP);
}

/** First and last idea id of a chunk, both inclusive. */
export function chunkIdRange(chunk: number): { first: number; last: number } {
  return { first: chunk * IDS_PER_SITEMAP + 1, last: (chunk + 1) * IDS_PER_SITEMAP };
}

export interface SitemapPage {
  /** The path without locale prefix, e.g. '/go/kXbqTz'. */
  path: string;
  lastModified?: Date;
}

/** The home page, the listing and each category's listing (the URLs those pages name as canonical). */
export function listingPages(categoryIds: number[]): SitemapPage[] {
  return [
    { path: '/' },
    { path: '/go' },
    ...categoryIds.map((id) => ({ path: listingHref({ category_id: String(id) }) })),
  ];
}

export function ideaPage(hid: string, lastModified?: Date): SitemapPage {
  return { path: `/go/${hid}`, lastModified };
}

/** An author's guide page (`/authors/{hid}`, by the user's hid). */
export function guidePage(hid: string, lastModified?: Date): SitemapPage {
  return { path: `/authors/${hid}`, lastModified };
}

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]);
}

const HREFLANGS = [...locales, 'x-default'] as const;

/** Our paths need no encoding; anything else takes the full URL parser, as the pages' own metadata does. */
const PLAIN_PATH = /^\/[\w\-/]*(\?[\w=&-]*)?$/;

/**
 * The absolute URL of a page in each locale, as alternatesFor names them. An idea sitemap holds 10 000
 * pages, so plain paths are joined to the origin directly instead of parsing 40 000 URLs.
 */
function pageLanguages(path: string, origin: string, siteUrl: string): Record<string, string> {
  if (!PLAIN_PATH.test(path)) return alternatesFor(path, defaultLocale, siteUrl).languages;
  const languages: Record<string, string> = Object.fromEntries(locales.map((l) => [l, origin + localizePath(l, path)]));
  languages['x-default'] = languages[defaultLocale];
  return languages;
}

/**
 * A `<urlset>` with one `<url>` per page and locale, each listing every language version (ru, en, zh-CN
 * and x-default = Russian) as `xhtml:link` alternates, as search engines ask for localized pages.
 */
export function urlsetXml(pages: SitemapPage[], siteUrl: string): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  const origin = new URL(siteUrl).origin;
  for (const page of pages) {
    const languages = pageLanguages(page.path, origin, siteUrl);
    const lastmod = page.lastModified ? `<lastmod>${page.lastModified.toISOString()}</lastmod>` : '';
    const links = HREFLANGS.map(
      (lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(languages[lang])}"/>`,
    ).join('');
    for (const locale of locales) out.push(`<url><loc>${escapeXml(languages[locale])}</loc>${lastmod}${links}</url>\n`);
  }
  out.push('</urlset>\n');
  return out.join('');
}

/** A `<sitemapindex>` naming each child sitemap by absolute URL. */
export function sitemapIndexXml(entries: { path: string; lastModified?: Date }[], siteUrl: string): string {
  const items = entries.map(({ path, lastModified }) => {
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
    return `<sitemap><loc>${escapeXml(new URL(path, siteUrl).toString())}</loc>${lastmod}</sitemap>\n`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}

/** Headers of every sitemap answer: XML, and cacheable by crawlers and proxies for a while. */
export const SITEMAP_HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=3600',
} as const;
