import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import robots from '@/app/robots';
import { GET as getIndex } from '@/app/sitemap.xml/route';
import { GET as getSitemap } from '@/app/sitemaps/[file]/route';
import { categories, ideas, users } from '@/lib/server/db/schema';
import { env } from '@/lib/server/platform/env';
import { toHid } from '@/lib/server/db/hids';
import { sitemapIdeas } from '@/lib/server/seo/sitemap';
import { IDS_PER_SITEMAP } from '@/lib/seo/sitemap';
import { setupApiDatabase } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
let site: string;
let published: { id: number; hid: string }[];
let hidden: { hid: string; why: string }[];
/** Users' hids: authors with a published idea, and users without one (an author whose ideas all wait for moderation, the moderator). */
let guides: string[];
let notGuides: string[];
/** A published idea in the second id range, to see the split across files. */
const FAR_ID = IDS_PER_SITEMAP + 7;

beforeAll(async () => {
  database = await setupApiDatabase();
  site = env().SITE_URL.replace(/\/$/, '');
  const rows = await database.db.select().from(ideas).orderBy(ideas.id);
  const [toDraft, toDelete, template] = rows.filter((r) => r.status === 'published');
  await database.db.update(ideas).set({ status: 'draft' }).where(eq(ideas.id, toDraft.id));
  await database.db.update(ideas).set({ deletedAt: new Date() }).where(eq(ideas.id, toDelete.id));
  const { id: _id, hid: _hid, ...copy } = template;
  await database.db.insert(ideas).values({ ...copy, id: FAR_ID, hid: toHid(FAR_ID), coverPhotoId: null });
  const [ekaterina] = await database.db.select().from(users).where(eq(users.email, 'ekaterina@demo.sopka.travel'));
  await database.db.update(ideas).set({ status: 'not-moderated' }).where(eq(ideas.authorId, ekaterina.id));
  const all = await database.db.select().from(ideas).orderBy(ideas.id);
  published = all.filter((r) => r.status === 'published' && !r.deletedAt).map(({ id, hid }) => ({ id, hid }));
  const authorIds = new Set(all.filter((r) => r.status === 'published' && !r.deletedAt).map((r) => r.authorId));
  const everyone = await database.db.select().from(users).orderBy(users.id);
  guides = everyone.filter((u) => authorIds.has(u.id)).map((u) => u.hid);
  notGuides = everyone.filter((u) => !authorIds.has(u.id)).map((u) => u.hid);
  expect(notGuides).toContain(ekaterina.hid);
  hidden = [
    ...all.filter((r) => r.status === 'not-moderated').map((r) => ({ hid: r.hid, why: 'not-moderated' })),
    { hid: toDraft.hid, why: 'draft' },
    { hid: toDelete.hid, why: 'deleted' },
  ];
});
afterAll(() => database.dispose());

async function text(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return response.text();
}

const file = (name: string) =>
  getSitemap(new Request(`http://localhost:3000/sitemaps/${name}`), { params: Promise.resolve({ file: name }) });
const locs = (xml: string, tag: 'url' | 'sitemap') =>
  [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]+)</loc>`, 'g'))].map(([, loc]) => loc);

describe('GET /sitemap.xml', () => {
  it('is an index of the listings sitemap, the guides sitemap and one sitemap per id range holding published ideas', async () => {
    const xml = await text(await getIndex());
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml, 'sitemap')).toEqual([
      `${site}/sitemaps/listings.xml`,
      `${site}/sitemaps/guides.xml`,
      `${site}/sitemaps/ideas-0.xml`,
      `${site}/sitemaps/ideas-1.xml`,
    ]);
    expect(xml).toMatch(/<loc>[^<]+ideas-0\.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });
});

describe('GET /sitemaps/{file}', () => {
  it('names every published idea once per locale, and no draft, unmoderated or deleted one', async () => {
    const xml = (await text(await file('ideas-0.xml'))) + (await text(await file('ideas-1.xml')));
    const listed = locs(xml, 'url');
    for (const { hid } of published) {
      expect(listed).toContain(`${site}/go/${hid}`);
      expect(listed).toContain(`${site}/en/go/${hid}`);
      expect(listed).toContain(`${site}/cn/go/${hid}`);
    }
    expect(listed).toHaveLength(published.length * 3);
    expect(hidden.length).toBeGreaterThan(2);
    for (const { hid } of hidden) expect(xml, hid).not.toContain(`/go/${hid}<`);
  });

  it('gives each URL its hreflang alternates: ru, en, zh-CN and x-default = Russian', async () => {
    const xml = await text(await file('ideas-0.xml'));
    const hid = published[0].hid;
    const block = xml.split('\n').find((line) => line.startsWith(`<url><loc>${site}/en/go/${hid}</loc>`))!;
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="ru" href="${site}/go/${hid}"/>`);
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${site}/en/go/${hid}"/>`);
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="zh-CN" href="${site}/cn/go/${hid}"/>`);
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${site}/go/${hid}"/>`);
    expect(block).toMatch(/<lastmod>[^<]+<\/lastmod>/);
  });

  it('splits ideas by id range: each file holds exactly the published ideas of its range, in id order', async () => {
    const first = await sitemapIdeas(0);
    const second = await sitemapIdeas(1);
    expect(first.map((i) => i.hid)).toEqual(published.filter((i) => i.id <= IDS_PER_SITEMAP).map((i) => i.hid));
    expect(second.map((i) => i.hid)).toEqual([toHid(FAR_ID)]);
    expect(locs(await text(await file('ideas-1.xml')), 'url')).toEqual([
      `${site}/go/${toHid(FAR_ID)}`,
      `${site}/en/go/${toHid(FAR_ID)}`,
      `${site}/cn/go/${toHid(FAR_ID)}`,
    ]);
  });

  it('lists the home page, the listing and every category listing in all locales', async () => {
    const listed = locs(await text(await file('listings.xml')), 'url');
    const categoryIds = (await database.db.select({ id: categories.id }).from(categories)).map((c) => c.id);
    expect(categoryIds).toHaveLength(8);
    for (const path of ['', '/go', ...categoryIds.map((id) => `/go?category_id=${id}`)]) {
      expect(listed).toContain(`${site}${path || '/'}`);
      expect(listed).toContain(`${site}/en${path}`);
      expect(listed).toContain(`${site}/cn${path}`);
    }
    expect(listed).toHaveLength((2 + categoryIds.length) * 3);
  });

  it('lists the guide page of every author with a published idea in all locales, and no other user', async () => {
    const xml = await text(await file('guides.xml'));
    const listed = locs(xml, 'url');
    expect(guides.length).toBe(5);
    for (const hid of guides) {
      expect(listed).toContain(`${site}/authors/${hid}`);
      expect(listed).toContain(`${site}/en/authors/${hid}`);
      expect(listed).toContain(`${site}/cn/authors/${hid}`);
    }
    expect(listed).toHaveLength(guides.length * 3);
    expect(notGuides.length).toBeGreaterThan(1);
    for (const hid of notGuides) expect(xml, hid).not.toContain(`/authors/${hid}<`);
    const block = xml.split('\n').find((line) => line.startsWith(`<url><loc>${site}/en/authors/${guides[0]}</loc>`))!;
    expect(block).toContain(`<xhtml:link rel="alternate" hreflang="zh-CN" href="${site}/cn/authors/${guides[0]}"/>`);
    expect(block).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  it('answers 404 for an empty id range and for names it does not make', async () => {
    for (const name of ['ideas-5.xml', 'ideas-00.xml', 'other.xml']) expect((await file(name)).status).toBe(404);
  });
});

describe('robots.txt', () => {
  it('names the sitemap index and the host by absolute URL and keeps private sections out', () => {
    const rules = robots();
    expect(rules.sitemap).toBe(`${site}/sitemap.xml`);
    expect(rules.host).toBe(new URL(site).origin);
    expect(rules.rules).toMatchObject({
      disallow: expect.arrayContaining(['/api/', '/account', '/en/office', '/cn/account']),
    });
  });
});
