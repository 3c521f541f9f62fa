import type { Rewrite } from 'next/dist/lib/load-custom-routes';

/**
 * Page paths reach their locale through these rewrites, without the middleware (which cost a cached page a third
 * of its serving time): unprefixed paths are Russian, `/cn` is zh-CN, `/en` needs nothing. Paths of files
 * (with a dot) and of the routes outside `[locale]` are left alone. The middleware (see its matcher) keeps what
 * needs a request-time decision.
 */
export const localeRewrites: Rewrite[] = [
  { source: '/cn', destination: '/zh-CN' },
  { source: '/cn/:path*', destination: '/zh-CN/:path*' },
  { source: '/:path((?!(?:api|media|sitemaps|_next|en|cn|ru|zh-CN)(?:/|$))[^.]+)', destination: '/ru/:path' },
];
