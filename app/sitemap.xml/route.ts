import { sitemapIndexXml, sitemapFilePath, SITEMAP_HEADERS } from '@/lib/seo/sitemap';
import { env } from '@/lib/server/platform/env';
import { sitemapIdeaChunks } from '@/lib/server/seo/sitemap';

/** Read from the database on each request: never at build time, and a new idea shows up at once. */
export const dynamic = 'force-dynamic';

/** The sitemap index: the listings' sitemap and one sitemap per id range holding published ideas. */
export async function GET(): Promise<Response> {
  const chunks = await sitemapIdeaChunks();
  const entries = [
    { path: sitemapFilePath({ kind: 'listings' }) },
    ...chunks.map(({ chunk, lastModified }) => ({ path: sitemapFilePath({ kind: 'ideas', chunk }), lastModified })),
  ];
  return new Response(sitemapIndexXml(entries, env().SITE_URL), { headers: SITEMAP_HEADERS });
}
