import { describe, expect, it } from 'vitest';
import { locales } from '@/lib/i18n/locales';
import { alternatesFor } from '@/lib/seo/alternates';
import {
  chunkIdRange,
  chunkOfId,
  escapeXml,
  ideaPage,
  IDS_PER_SITEMAP,
  listingPages,
  parseSitemapFile,
  sitemapFileName,
  sitemapFilePath,
  sitemapIndexXml,
  urlsetXml,
} from '@/lib/seo/sitemap';

const SITE = 'https://sopka.example';

/** The <url> blocks of a urlset, each as its loc and its hreflang → href alternates. */
function urls(xml: string) {
  return [...xml.matchAll(/<url>(.*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(body)![1],
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(body)?.[1],
    alternates: Object.fromEntries(
      [...body.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, lang, href]) => [
        lang,
        href,
      ]),
    ),
  }));
}

describe('sitemap files', () => {
  it('round-trips file names and paths', () => {
    for (const file of [
      { kind: 'listings' as const },
      { kind: 'guides' as const },
      { kind: 'ideas' as const, chunk: 0 },
      { kind: 'ideas' as const, chunk: 12 },
    ]) {
      expect(parseSitemapFile(sitemapFileName(file))).toEqual(file);
    }
    expect(sitemapFilePath({ kind: 'ideas', chunk: 3 })).toBe('/sitemaps/ideas-3.xml');
    expect(sitemapFilePath({ kind: 'listings' })).toBe('/sitemaps/listings.xml');
    expect(sitemapFilePath({ kind: 'guides' })).toBe('/sitemaps/guides.xml');
  });

  it('rejects anything that is not exactly one of its names', () => {
    for (const name of [
      'ideas-01.xml',
      'ideas--1.xml',
      'ideas-1',
      'ideas-x.xml',
      'ideas-1.xml.gz',
      'listings',
      '../sitemap.xml',
      'ideas-1234567890.xml',
    ]) {
      expect(parseSitemapFile(name)).toBeNull();
    }
  });

  it('puts each id in exactly one chunk of IDS_PER_SITEMAP ids', () => {
    expect(chunkOfId(1)).toBe(0);
    expect(chunkOfId(IDS_PER_SITEMAP)).toBe(0);
    expect(chunkOfId(IDS_PER_SITEMAP + 1)).toBe(1);
    expect(chunkIdRange(0)).toEqual({ first: 1, last: IDS_PER_SITEMAP });
    expect(chunkIdRange(2)).toEqual({ first: 2 * IDS_PER_SITEMAP + 1, last: 3 * IDS_PER_SITEMAP });
    for (const id of [1, 9_999, 10_000, 10_001, 123_456]) {
      const { first, last } = chunkIdRange(chunkOfId(id));
      expect(id).toBeGreaterThanOrEqual(first);
      expect(id).toBeLessThanOrEqual(last);
    }
  });
});

describe('urlsetXml', () => {
  it('lists every page once per locale with all hreflang alternates and x-default = Russian', () => {
    const xml = urlsetXml([ideaPage('kXbqTz', new Date('2030-01-02T03:04:05.000Z'))], SITE);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const alternates = {
      ru: `${SITE}/go/kXbqTz`,
      en: `${SITE}/en/go/kXbqTz`,
      'zh-CN': `${SITE}/cn/go/kXbqTz`,
      'x-default': `${SITE}/go/kXbqTz`,
    };
    expect(urls(xml)).toEqual([
      { loc: `${SITE}/go/kXbqTz`, lastmod: '2030-01-02T03:04:05.000Z', alternates },
      { loc: `${SITE}/en/go/kXbqTz`, lastmod: '2030-01-02T03:04:05.000Z', alternates },
      { loc: `${SITE}/cn/go/kXbqTz`, lastmod: '2030-01-02T03:04:05.000Z', alternates },
    ]);
    expect(xml).not.toContain('hreflang="cn"');
  });

  it('uses exactly the URLs the pages name as their alternates, whatever the form of SITE_URL', () => {
    for (const siteUrl of [SITE, `${SITE}/`, 'http://localhost:3160', 'https://sopka.example/base/']) {
      for (const { path } of [...listingPages([3]), ideaPage('kXbqTz')]) {
        const expected = alternatesFor(path, 'ru', siteUrl).languages;
        const [first] = urls(urlsetXml([{ path }], siteUrl));
        expect(first.alternates).toEqual(
          Object.fromEntries(Object.entries(expected).map(([lang, href]) => [lang, href.replace(/&/g, '&amp;')])),
        );
        expect(urls(urlsetXml([{ path }], siteUrl)).map((u) => u.loc)).toEqual(locales.map((l) => expected[l]));
      }
    }
  });

  it('names the home page, the listing and each category listing, escaping the query', () => {
    const xml = urlsetXml(listingPages([2, 7]), SITE);
    expect(urls(xml).map((u) => u.loc)).toEqual([
      `${SITE}/`,
      `${SITE}/en`,
      `${SITE}/cn`,
      `${SITE}/go`,
      `${SITE}/en/go`,
      `${SITE}/cn/go`,
      `${SITE}/go?category_id=2`,
      `${SITE}/en/go?category_id=2`,
      `${SITE}/cn/go?category_id=2`,
      `${SITE}/go?category_id=7`,
      `${SITE}/en/go?category_id=7`,
      `${SITE}/cn/go?category_id=7`,
    ]);
    expect(urls(xml)[0].lastmod).toBeUndefined();
    expect(urlsetXml([{ path: '/go?a=1&b=<2>' }], SITE)).toContain('/go?a=1&amp;b=%3C2%3E');
  });
});

describe('sitemapIndexXml', () => {
  it('names each child sitemap by absolute URL with its lastmod', () => {
    const xml = sitemapIndexXml(
      [
        { path: '/sitemaps/listings.xml' },
        { path: '/sitemaps/ideas-0.xml', lastModified: new Date('2030-01-01T00:00:00.000Z') },
      ],
      SITE,
    );
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...xml.matchAll(/<sitemap>(.*?)<\/sitemap>/g)].map(([, body]) => body)).toEqual([
      `<loc>${SITE}/sitemaps/listings.xml</loc>`,
      `<loc>${SITE}/sitemaps/ideas-0.xml</loc><lastmod>2030-01-01T00:00:00.000Z</lastmod>`,
    ]);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });
});
