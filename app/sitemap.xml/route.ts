import { sitemapIndexXml, sitemapFilePath, SITEMAP_HEADERS } from '@/lib/seo/sitemap';
import { env } from '@/lib/server/platform/env';
import { sitemapGuides, sitemapIdeaChunks } from '@/lib/server/seo/sitemap';

/** Read from the database on each request: never at build time, and a new idea shows up at once. */
export const dynamic = 'force-dynamic';

/** The sitemap index: the listings' sitemap, the guides' (when there are any) and one per id range holding published ideas. */
export async function GET(): Promise<Response> {
  const [chunks, guides] = await Promise.all([sitemapIdeaChunks(), sitemapGuides()]);
  const guidesModified = guides.reduce<Date | undefined>(
    (latest, guide) => (latest && latest >= guide.updatedAt ? latest : guide.updatedAt),
    undefined,
  );
  const entries = [
    { path: sitemapFilePath({ kind: 'listings' }) },
    ...(guides.length ? [{ path: sitemapFilePath({ kind: 'guides' }), lastModified: guidesModified }] : []),
    ...chunks.map(({ chunk, lastModified }) => ({ path: sitemapFilePath({ kind: 'ideas', chunk }), lastModified })),
  ];
  return new Response(sitemapIndexXml(entries, env().SITE_URL), { headers: SITEMAP_HEADERS });
}
