import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import {
  getRewrittenUrl,
  isRewrite,
  unstable_doesMiddlewareMatch,
  unstable_getResponseFromNextConfig,
} from 'next/experimental/testing/server';
import { localeRewrites } from '@/lib/i18n/locale-rewrites';
import { toHid } from '@/lib/server/db/hids';
import proxy, { config } from '@/proxy';

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://localhost:3000'), { headers });
}

const location = (response: Response) => {
  const value = response.headers.get('location');
  return value ? new URL(value).pathname + new URL(value).search : null;
};

describe('proxy', () => {
  it('sends an English-preferring first visit of / to /en, keeping the query', () => {
    const response = proxy(request('/?utm_source=x', { 'accept-language': 'en-US,en;q=0.9' }));
    expect(response.status).toBe(307);
    expect(location(response)).toBe('/en?utm_source=x');
  });

  it('keeps everyone else on Russian /', () => {
    for (const acceptLanguage of ['ru-RU', 'zh-CN,zh;q=0.9', 'de']) {
      const response = proxy(request('/', { 'accept-language': acceptLanguage }));
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('tells caches that / depends on the language and the locale cookie, whichever version it answers', () => {
    for (const acceptLanguage of ['en-US,en;q=0.9', 'ru-RU']) {
      const vary = proxy(request('/', { 'accept-language': acceptLanguage })).headers.get('vary');
      expect(vary).toContain('Accept-Language');
      expect(vary).toContain('Cookie');
    }
  });

  it('follows the remembered locale cookie on /', () => {
    const response = proxy(request('/', { 'accept-language': 'ru', cookie: 'NEXT_LOCALE=zh-CN' }));
    expect(location(response)).toBe('/cn');
  });

  it('redirects /ru paths to the unprefixed form', () => {
    const response = proxy(request('/ru/go?category_id=2'));
    expect([307, 308]).toContain(response.status);
    expect(location(response)).toBe('/go?category_id=2');
  });

  it('sends listings of only a place, a category or a sort order to the cached listing route, in their locale', () => {
    const rewrite = (path: string) => {
      const target = proxy(request(path)).headers.get('x-middleware-rewrite');
      return target ? new URL(target).pathname : null;
    };
    expect(rewrite('/go')).toBe('/ru/listing/all');
    expect(rewrite('/go?place_id=8&category_id=2&utm_source=x')).toBe(
      `/ru/listing/${encodeURIComponent('place_id=8&category_id=2')}`,
    );
    expect(rewrite('/go?category_id=2&place_id=8')).toBe(rewrite('/go?place_id=8&category_id=2'));
    expect(rewrite('/cn/go?sort=price&sortDirection=asc')).toBe(
      `/zh-CN/listing/${encodeURIComponent('sort=price&sortDirection=asc')}`,
    );
    expect(rewrite('/en/go?category_id=abc')).toBe('/en/listing/all');
    for (const path of ['/go?date_from=2030-01-01', '/go?category_id=2&price_max=5000', '/en/go?query=море'])
      expect(rewrite(path), path).toBeNull();
    expect(location(proxy(request('/ru/go?category_id=2')))).toBe('/go?category_id=2');
  });

  it("serves an idea's numeric path as its hid's page, in its locale and with its query: one cached page per idea", () => {
    const rewrite = (path: string) => {
      const target = proxy(request(path)).headers.get('x-middleware-rewrite');
      return target ? new URL(target).pathname + new URL(target).search : null;
    };
    expect(rewrite('/go/1')).toBe(`/ru/go/${toHid(1)}`);
    expect(rewrite('/en/go/2147483647?date=5')).toBe(`/en/go/${toHid(2147483647)}?date=5`);
    expect(rewrite('/cn/go/42')).toBe(`/zh-CN/go/${toHid(42)}`);
    // Beyond the database's integers, or with a leading zero, no idea: left to the page's 404.
    for (const path of ['/go/2147483648', '/go/0', '/go/012']) {
      const response = proxy(request(path));
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
      expect(response.headers.get('x-middleware-next'), path).toBe('1');
    }
    expect(location(proxy(request('/ru/go/1')))).toBe('/go/1');
  });

  it('gates account and office pages without a session', () => {
    expect(location(proxy(request('/account')))).toBe('/login?next=%2Faccount');
    expect(location(proxy(request('/en/office')))).toBe('/en/login?next=%2Fen%2Foffice');
  });

  it('lets account pages through with a session cookie', () => {
    const response = proxy(request('/account', { cookie: 'sopka_session=abc' }));
    expect(response.headers.get('location')).toBeNull();
  });

  it('answers the error routes with their status', () => {
    expect(proxy(request('/error/e400')).status).toBe(400);
    expect(proxy(request('/error/e403')).status).toBe(403);
    expect(proxy(request('/en/error/e404')).status).toBe(404);
    expect(proxy(request('/cn/error/e503')).status).toBe(503);
    expect(proxy(request('/go')).status).toBe(200);
  });

  it('answers a path that is not valid percent-encoding with 400: the bad-address page in its locale, problem+json from the API', async () => {
    const page = proxy(request('/en/go/%E0'));
    expect(page.status).toBe(400);
    expect(new URL(page.headers.get('x-middleware-rewrite')!).pathname).toBe('/en/error/e400');
    expect(new URL(proxy(request('/cn/%ZZ')).headers.get('x-middleware-rewrite')!).pathname).toBe('/zh-CN/error/e400');
    const api = proxy(request('/api/v1/ideas/%E0'));
    expect(api.status).toBe(400);
    expect(api.headers.get('content-type')).toBe('application/problem+json');
    expect(await api.json()).toMatchObject({ status: 400, title: 'Bad request' });
    expect(proxy(request('/go/%76srOge')).status).toBe(200);
    for (const path of ['/api/v1/ideas/%76srOge', '/media/a%20b.webp']) {
      const response = proxy(request(path));
      expect(response.headers.get('x-middleware-next'), path).toBe('1');
      expect(response.headers.get('x-middleware-rewrite'), path).toBeNull();
    }
  });
});

describe('where the proxy runs, and where rewrites give a path its locale', () => {
  const nextConfig = { rewrites: async () => ({ beforeFiles: [], afterFiles: localeRewrites, fallback: [] }) };
  const runsMiddleware = (path: string) => unstable_doesMiddlewareMatch({ config, url: path });
  const rewrittenTo = async (path: string) => {
    const response = await unstable_getResponseFromNextConfig({ url: `http://localhost:3000${path}`, nextConfig });
    return isRewrite(response) ? new URL(getRewrittenUrl(response)!).pathname : null;
  };

  it('runs the proxy for the root, /ru and /zh-CN paths, numeric idea paths, the gated sections and the error routes in every locale', () => {
    for (const path of [
      '/',
      '/ru',
      '/ru/go',
      '/zh-CN/go/abc',
      '/go',
      '/en/go',
      '/cn/go',
      '/account',
      '/account/bookings',
      '/en/office',
      '/cn/office/ideas/new',
      '/go/1',
      '/en/go/123',
      '/cn/go/2147483648',
      '/error/e403',
      '/cn/error/e503',
    ]) {
      expect(runsMiddleware(path), path).toBe(true);
    }
  });

  it('runs the proxy for any path with a percent sign, to turn away bad encoding', () => {
    for (const path of ['/go/%E0', '/api/v1/ideas/%E0', '/_next/static/%ZZ', '/media/a%20b.webp'])
      expect(runsMiddleware(path), path).toBe(true);
  });

  it('leaves the proxy out of browsing pages, the API and files', () => {
    for (const path of [
      '/go/kXbqTz',
      '/en/go/kXbqTz',
      '/cn',
      '/cn/go/kXbqTz',
      '/en',
      '/login',
      '/accounting',
      '/api/v1/ideas',
      '/media/seed/a.webp',
      '/robots.txt',
    ]) {
      expect(runsMiddleware(path), path).toBe(false);
    }
  });

  it('gives unprefixed page paths Russian and /cn Chinese, and leaves /en, the API, media, sitemaps and files alone', async () => {
    expect(await rewrittenTo('/go/kXbqTz')).toBe('/ru/go/kXbqTz');
    expect(await rewrittenTo('/info/infoAbout')).toBe('/ru/info/infoAbout');
    expect(await rewrittenTo('/cn')).toBe('/zh-CN');
    expect(await rewrittenTo('/cn/go')).toBe('/zh-CN/go');
    for (const path of [
      '/en/go',
      '/en',
      '/api/v1/ideas',
      '/media/seed/a.webp',
      '/sitemaps/ideas-1.xml',
      '/_next/static/x.js',
      '/icon.svg',
      '/ru/go',
      '/zh-CN/go',
    ]) {
      expect(await rewrittenTo(path), path).toBeNull();
    }
  });
});
