import { expect, test, type APIRequestContext } from '@playwright/test';
import { formatMoney } from '../lib/format/money';

// What crawlers read needs no browser: plain requests, no JavaScript. One viewport is enough.
test.beforeEach(({}, testInfo) =>
  test.skip(testInfo.project.name !== 'desktop', 'server answers do not depend on the viewport'),
);

const decode = (html: string) =>
  html
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'");

/** A published idea with a price, as the API describes it. */
async function pricedIdea(request: APIRequestContext) {
  const list = await (await request.get('/api/v1/ideas?limit=20&include=price')).json();
  const idea = list.data.find((i: any) => i.relationships.price?.data.amount != null);
  expect(idea, 'a published idea with a price').toBeTruthy();
  return {
    hid: idea.hid as string,
    title: idea.attributes.title as string,
    amount: idea.relationships.price.data.amount as number,
    currency: idea.relationships.price.data.currency as string,
  };
}

test('an idea page carries its title, price and a TouristTrip in JSON-LD without JavaScript', async ({
  request,
  baseURL,
}) => {
  const idea = await pricedIdea(request);
  const response = await request.get(`/go/${idea.hid}`);
  expect(response.status()).toBe(200);
  const html = await response.text();

  const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(html);
  expect(decode(h1?.[1] ?? '')).toBe(idea.title);
  expect(decode(html)).toContain(formatMoney(idea.amount, idea.currency, 'ru'));

  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(([, json]) =>
    JSON.parse(json),
  );
  expect(scripts).toHaveLength(1);
  const graph: any[] = scripts[0]['@graph'];
  const trip = graph.find((node) => node['@type'] === 'TouristTrip');
  expect(trip).toMatchObject({
    name: idea.title,
    url: `${baseURL}/go/${idea.hid}`,
    offers: { price: idea.amount, priceCurrency: idea.currency },
  });
  expect(['https://schema.org/InStock', 'https://schema.org/SoldOut']).toContain(trip.offers.availability);
  const breadcrumb = graph.find((node) => node['@type'] === 'BreadcrumbList');
  expect(breadcrumb.itemListElement.at(-1)).toMatchObject({ name: idea.title, item: `${baseURL}/go/${idea.hid}` });
});

test('the English idea page describes itself under its English URL', async ({ request, baseURL }) => {
  const { hid } = await pricedIdea(request);
  const html = await (await request.get(`/en/go/${hid}`)).text();
  const [, json] = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)!;
  expect(JSON.parse(json)['@graph'][0].url).toBe(`${baseURL}/en/go/${hid}`);
});

test('/sitemap.xml is an index whose idea sitemap names idea URLs with hreflang alternates', async ({
  request,
  baseURL,
}) => {
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('xml');
  const xml = await index.text();
  expect(xml).toContain('<sitemapindex');
  const children = [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
  expect(children).toContain(`${baseURL}/sitemaps/listings.xml`);
  const ideasSitemap = children.find((loc) => /\/sitemaps\/ideas-\d+\.xml$/.test(loc));
  expect(ideasSitemap).toBeTruthy();

  const child = await (await request.get(ideasSitemap!)).text();
  const { hid } = await pricedIdea(request);
  expect(child).toContain(`<loc>${baseURL}/go/${hid}</loc>`);
  expect(child).toContain(`<loc>${baseURL}/cn/go/${hid}</loc>`);
  expect(child).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${baseURL}/en/go/${hid}"/>`);
  expect(child).toContain(`<xhtml:link rel="alternate" hreflang="zh-CN" href="${baseURL}/cn/go/${hid}"/>`);
  expect(child).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${baseURL}/go/${hid}"/>`);
});

test('/robots.txt names the sitemap index and the host, and keeps the API out', async ({ request, baseURL }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(text).toContain(`Host: ${baseURL}`);
  expect(text).toContain('Disallow: /api/');
});
