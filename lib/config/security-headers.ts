/**
 * The security headers of every answer (pages, API, pictures, errors), set in next.config.ts. Pure: the
 * config imports it, and so does a unit test.
 *
 * No per-request nonce: cached pages are the same bytes for everyone, and a nonce would have to differ per
 * answer. Next's App Router writes inline scripts (the RSC payload, `self.__next_f.push(...)`) into every
 * page, so scripts need 'unsafe-inline'; what it guards against is limited by everything else below
 * (no plugins, no foreign <base>, no framing, forms and connections only to this site and the analytics).
 */

// Relative, as everything next.config.ts loads: it is compiled without the @/ alias.
import { DEFAULT_TILE_URL, tileOrigin } from '../map/tiles';

/** Yandex Metrica (lib/browser/analytics.ts): its tag from mc.yandex.ru (helpers from yastatic.net), hits to mc.yandex.ru/.com. */
const ANALYTICS_SCRIPT_ORIGINS = ['https://mc.yandex.ru', 'https://yastatic.net'];
const ANALYTICS_HIT_ORIGINS = ['https://mc.yandex.ru', 'https://mc.yandex.com'];

export interface SecurityHeaderOptions {
  /** `next dev`: React's development build evaluates code (eval), and the page talks to the dev server over a WebSocket. */
  development: boolean;
  /** MAP_TILE_URL as the build sees it: the maps' tiles are pictures from its origin. */
  mapTileUrl?: string;
}

export function contentSecurityPolicy({ development, mapTileUrl }: SecurityHeaderOptions): string {
  const tiles = tileOrigin(mapTileUrl || DEFAULT_TILE_URL);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-inline'", ...(development ? ["'unsafe-eval'"] : []), ...ANALYTICS_SCRIPT_ORIGINS],
    // React's style attributes and the breakpoints' <style> element (components/layout/Breakpoints.tsx).
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: small inline pictures; blob: previews of a photo or avatar before it is uploaded; the analytics pixel;
    // the maps' tiles.
    'img-src': ["'self'", 'data:', 'blob:', ...ANALYTICS_HIT_ORIGINS, ...(tiles ? [tiles] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...ANALYTICS_HIT_ORIGINS],
    'frame-src': ANALYTICS_HIT_ORIGINS,
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * The image optimizer (/_next/image) sets its own policy on the pictures it answers, replacing the one above:
 * a picture opened on its own runs nothing (`sandbox`), and otherwise follows the same rules.
 */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'; sandbox";

export function securityHeaders(options: SecurityHeaderOptions): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(options) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    // Browsers ignore it over plain http (as `next dev` and a local `next start` are served), so it is always sent.
    { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' },
    // Geolocation stays allowed for this site: the home page offers ideas near the visitor's position.
    {
      key: 'Permissions-Policy',
      value: 'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), browsing-topics=()',
    },
    { key: 'X-Frame-Options', value: 'DENY' },
  ];
}
