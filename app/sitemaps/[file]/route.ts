import { guidePage, ideaPage, listingPages, parseSitemapFile, SITEMAP_HEADERS, urlsetXml } from '@/lib/seo/sitemap';
import { env } from '@/lib/server/platform/env';
import { sitemapCategoryIds, sitemapGuides, sitemapIdeas } from '@/lib/server/seo/sitemap';

/** Read from the database on each request: never at build time, and a new idea shows up at once. */
export const dynamic = 'force-dynamic';

const notFound = () =>
  new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/** A child sitemap of /sitemap.xml: `listings.xml`, `guides.xml`, or `ideas-N.xml` for the ideas with ids in chunk N. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const file = parseSitemapFile((await params).file);
  if (!file) return notFound();
  const pages =
    file.kind === 'listings'
      ? listingPages(await sitemapCategoryIds())
      : file.kind === 'guides'
        ? (await sitemapGuides()).map((guide) => guidePage(guide.hid, guide.updatedAt))
        : (await sitemapIdeas(file.chunk)).map((idea) => ideaPage(idea.hid, idea.updatedAt));
  // An id range without published ideas (or a site without guides) is not in the index: answer it like any unknown file.
  if (!pages.length) return notFound();
  return new Response(urlsetXml(pages, env().SITE_URL), { headers: SITEMAP_HEADERS });
}
