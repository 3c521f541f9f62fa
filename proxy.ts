import createIntlMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { loginGateRedirect } from '@/lib/auth/gate';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { hidCodec } from '@/lib/contract/hids';
import { parseIdOrHid } from '@/lib/contract/ids';
import { errorRouteStatus } from '@/lib/http/errors';
import { problemResponse } from '@/lib/http/problem-response';
import { rootLocaleFor } from '@/lib/i18n/detect';
import { isPagePath } from '@/lib/i18n/locale-rewrites';
import { cachedListingKey } from '@/lib/listing/cached-listing';
import { parseFilters } from '@/lib/listing/parse-filters';
import { defaultLocale, LOCALE_COOKIE, localizePath, splitLocalePath } from '@/lib/i18n/locales';
import { routing } from '@/lib/i18n/routing';

const intl = createIntlMiddleware(routing);

/** Locale routing (next-intl), the first-visit language rule, the login gate and the error routes' status. */
export default function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname.includes('%')) {
    if (!isDecodable(pathname)) return malformedPath(request);
    // The matcher sends every encoded path here; those that are not pages go on as if it had not.
    if (!isPagePath(pathname)) return NextResponse.next();
  }

  const chinese = CHINESE_LOCALE_PREFIX.exec(pathname);
  if (chinese) {
    // Internally Chinese is zh-CN, and pages say lang="zh-CN": a visitor who types it (in any case) means /cn.
    const target = new URL(localizePath('zh-CN', pathname.slice(chinese[0].length) || '/') + search, request.url);
    return NextResponse.redirect(target, 308);
  }

  if (pathname === '/') {
    const locale = rootLocaleFor({
      cookie: request.cookies.get(LOCALE_COOKIE)?.value,
      acceptLanguage: request.headers.get('accept-language'),
    });
    if (locale !== defaultLocale)
      return variesByVisitor(NextResponse.redirect(new URL(localizePath(locale, '/') + search, request.url)));
    return variesByVisitor(intl(request));
  }

  const { locale, path } = splitLocalePath(pathname);
  if (path === '/go' && pathname === localizePath(locale, '/go')) {
    // Listings of only a place, a category or a sort order are rendered once and kept (the cached route);
    // the rest are left to the rewrites in next.config.ts, which render them per request.
    const key = cachedListingKey(parseFilters(request.nextUrl.searchParams));
    return key
      ? NextResponse.rewrite(new URL(`/${locale}/listing/${encodeURIComponent(key)}`, request.url))
      : NextResponse.next();
  }

  const ideaId = /^\/go\/(\d+)$/.exec(path)?.[1];
  if (ideaId && pathname === localizePath(locale, path)) {
    // An idea by its numeric id is served as its hid's page: one render and one page-cache entry per idea, which
    // its changes drop by one path (lib/server/cache/page-cache.ts). An id out of range is left to the page's 404.
    const ref = parseIdOrHid(ideaId);
    return ref?.kind === 'id'
      ? NextResponse.rewrite(new URL(`/${locale}/go/${hidCodec.encode([ref.id])}${search}`, request.url))
      : NextResponse.next();
  }

  const gate = loginGateRedirect(pathname, search, request.cookies.has(SESSION_COOKIE));
  if (gate) return NextResponse.redirect(new URL(gate, request.url));

  const response = intl(request);
  const status = errorRouteStatus(path);
  if (status && response.status === 200) {
    // The error routes answer with their own status; the rewrite headers keep the page rendering.
    return new NextResponse(null, { status, headers: response.headers });
  }
  return response;
}

/** `/zh-CN`, `/zh-cn/...`, `/ZH-CN`: the Chinese locale's internal name as a path prefix, in any case. */
const CHINESE_LOCALE_PREFIX = /^\/zh-cn(?=\/|$)/i;

/**
 * The root's answer depends on the visitor's language and remembered choice: caches and crawlers are told so, as
 * Google asks of locale-adaptive pages (with `/` as the x-default alternate of every page).
 */
function variesByVisitor(response: NextResponse): NextResponse {
  response.headers.append('Vary', 'Accept-Language, Cookie');
  return response;
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path that is not valid percent-encoding (`/go/%E0`) is a bad request. Next would answer it with a bare
 * 500 (vercel/next.js#94278): the API says why in problem+json, a page says it in the visitor's language.
 */
function malformedPath(request: NextRequest) {
  if (request.nextUrl.pathname.startsWith('/api/'))
    return problemResponse(400, undefined, 'The path is not valid percent-encoding.');
  const page = NextResponse.rewrite(
    new URL(`/${splitLocalePath(request.nextUrl.pathname).locale}/error/e400`, request.url),
  );
  return new NextResponse(null, { status: 400, headers: page.headers });
}

export const config = {
  // Only where a request decides: the root's language rule, /ru and /zh-CN in any case (redirected to their public
  // form), the listing (cached or not), an idea by its numeric id, the login gate and the error routes. Other page
  // paths get their locale from lib/i18n/locale-rewrites.ts. Any path with a percent sign comes here to be checked
  // for bad encoding.
  matcher: [
    '/:path(.*%.*)',
    '/',
    '/ru',
    '/ru/:path*',
    '/:chinese([zZ][hH]-[cC][nN])',
    '/:chinese([zZ][hH]-[cC][nN])/:path*',
    '/:prefix(en|cn)?/go',
    '/:prefix(en|cn)?/go/:id(\\d+)',
    '/:prefix(en|cn)?/(account|office|error)/:path*',
  ],
};
