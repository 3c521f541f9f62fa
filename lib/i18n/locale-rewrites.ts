import type { Rewrite } from 'next/dist/lib/load-custom-routes';

/** First path segments that are not pages: the API, uploads, sitemaps and Next's own files. */
const NON_PAGE_SECTIONS = ['api', 'media', 'sitemaps', '_next'];

/**
 * Page paths reach their locale through these rewrites, without the proxy (which cost a cached page a third
 * of its serving time): unprefixed paths are Russian, `/cn` is zh-CN, `/en` needs nothing. Paths of files
 * (with a dot) and of the routes outside `[locale]` are left alone. The proxy (see its matcher) keeps what
 * needs a request-time decision.
 */
export const localeRewrites: Rewrite[] = [
  // Russian first: the rules match disjoint paths, and Next compiles and tries them in order on every page request.
  {
    source: `/:path((?!(?:${[...NON_PAGE_SECTIONS, 'en', 'cn', 'ru', 'zh-CN'].join('|')})(?:/|$))[^.]+)`,
    destination: '/ru/:path',
  },
  { source: '/cn', destination: '/zh-CN' },
  { source: '/cn/:path*', destination: '/zh-CN/:path*' },
];

/** Whether a path names a page rather than a file (it has a dot) or something under a non-page section. */
export function isPagePath(pathname: string): boolean {
  const [, section = ''] = pathname.split('/');
  return !NON_PAGE_SECTIONS.includes(section) && !pathname.includes('.');
}
