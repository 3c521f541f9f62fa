import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideas, profiles, reviews, users } from '@/lib/server/db/schema';
import { GET as userIdeas } from '@/app/api/v1/users/[id]/ideas/route';
import { GUIDE_IDEAS_PAGE_SIZE } from '@/lib/constants';
import { guideIdeasParams } from '@/lib/listing/params';
import { getGuide, GUIDE_REVIEWS_LIMIT } from '@/lib/server/guides/guide';
import { call, setupApiDatabase } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
type User = typeof users.$inferSelect;
let anna: User;
let annaPublished: (typeof ideas.$inferSelect)[];
let drafted: typeof ideas.$inferSelect;

const userByEmail = async (email: string) => (await database.db.select().from(users).where(eq(users.email, email)))[0];

beforeAll(async () => {
  database = await setupApiDatabase();
  anna = await userByEmail('anna@demo.sopka.travel');
  const own = await database.db.select().from(ideas).where(eq(ideas.authorId, anna.id)).orderBy(ideas.id);
  drafted = own.find((i) => i.status === 'published')!;
  await database.db.update(ideas).set({ status: 'draft' }).where(eq(ideas.id, drafted.id));
  annaPublished = own.filter((i) => i.status === 'published' && i.id !== drafted.id && !i.deletedAt);
});
afterAll(() => database.dispose());

describe('getGuide (the page /authors/{hid})', () => {
  it("shows an author's name, about text in the page's language, since when and their published ideas only", async () => {
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, anna.id));
    const ru = (await getGuide(anna.hid, 'ru'))!;
    expect(ru).toMatchObject({ hid: anna.hid, name: 'Анна Ковалёва', about: profile.about.ru, since: anna.createdAt });
    expect(ru.about).toMatch(/^Историк/);
    const en = (await getGuide(anna.hid, 'en'))!;
    const zh = (await getGuide(anna.hid, 'zh'))!;
    expect(en.about).toMatch(/^Historian/);
    expect(zh.about).toMatch(/^历史学者/);
    // Names as each language writes them (the seed gives Anna a Latin and a Chinese spelling), and as she wrote it.
    expect([ru.name, en.name, zh.name]).toEqual(['Анна Ковалёва', 'Anna Kovaleva', '安娜·科瓦廖娃']);
    expect(en.originalName).toBe('Анна Ковалёва');
    expect(annaPublished.length).toBeGreaterThan(1);
    expect(ru.ideas.meta.total).toBe(annaPublished.length);
    expect(ru.ideas.data.map((i) => i.hid).sort()).toEqual(annaPublished.map((i) => i.hid).sort());
    expect(ru.ideas.data.map((i) => i.hid)).not.toContain(drafted.hid);
    // Cards carry what the listing's cards show: the author and the price.
    expect(ru.ideas.data[0].relationships.author?.data.hid).toBe(anna.hid);
    expect(ru.ideas.data[0].relationships.price).toBeDefined();
  });

  it('rates the guide over the visible reviews of their published ideas and shows the newest, each with its idea', async () => {
    const visible = and(
      inArray(
        reviews.ideaId,
        annaPublished.map((i) => i.id),
      ),
      isNull(reviews.hiddenAt),
    );
    const [expected] = await database.db
      .select({
        rating: sql<number>`round(avg(${reviews.rating})::numeric, 1)::float8`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(visible);
    expect(expected.count).toBeGreaterThan(GUIDE_REVIEWS_LIMIT);
    // The drafted idea's reviews do not count.
    const [ofDraft] = await database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(reviews)
      .where(eq(reviews.ideaId, drafted.id));
    expect(ofDraft.count).toBeGreaterThan(0);

    const guide = (await getGuide(anna.hid, 'en'))!;
    expect({ rating: guide.rating, count: guide.reviewsCount }).toEqual(expected);
    const newest = await database.db
      .select({ hid: reviews.hid, ideaId: reviews.ideaId })
      .from(reviews)
      .where(visible)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(GUIDE_REVIEWS_LIMIT);
    expect(guide.latestReviews.map((r) => r.review.hid)).toEqual(newest.map((r) => r.hid));
    const first = annaPublished.find((i) => i.id === newest[0].ideaId)!;
    expect(guide.latestReviews[0].idea).toEqual({ hid: first.hid, title: first.title.en });
    expect(guide.latestReviews[0].review.attributes.reviewer_name).not.toBe('');

    // A hidden review leaves the rating and the list.
    await database.db.update(reviews).set({ hiddenAt: new Date() }).where(eq(reviews.hid, newest[0].hid));
    const after = (await getGuide(anna.hid, 'en'))!;
    expect(after.reviewsCount).toBe(expected.count - 1);
    expect(after.latestReviews.map((r) => r.review.hid)).not.toContain(newest[0].hid);
  });

  it('names the languages of their published ideas', async () => {
    const published = annaPublished.map((i) => i.id);
    await database.db
      .update(ideas)
      .set({ languages: ['ru'] })
      .where(eq(ideas.authorId, anna.id));
    await database.db
      .update(ideas)
      .set({ languages: ['en', 'ru'] })
      .where(eq(ideas.id, published[0]));
    // A draft's languages are not the guide's.
    await database.db
      .update(ideas)
      .set({ languages: ['zh'] })
      .where(eq(ideas.id, drafted.id));
    expect((await getGuide(anna.hid, 'ru'))!.languages).toEqual(['en', 'ru']);
  });

  it('is null for an unknown hid, a numeric id, and a user without a published idea', async () => {
    expect(await getGuide('NoSuchHidZz', 'ru')).toBeNull();
    expect(await getGuide(String(anna.id), 'ru')).toBeNull();
    expect(await getGuide('../x', 'ru')).toBeNull();
    const moderator = await userByEmail('moderator@sopka.travel');
    expect(moderator).toBeDefined();
    expect(await getGuide(moderator.hid, 'ru')).toBeNull();
    const ekaterina = await userByEmail('ekaterina@demo.sopka.travel');
    expect(await getGuide(ekaterina.hid, 'ru')).not.toBeNull();
    await database.db.update(ideas).set({ status: 'refused' }).where(eq(ideas.authorId, ekaterina.id));
    expect(await getGuide(ekaterina.hid, 'ru')).toBeNull();
  });

  it('shows twelve ideas, and "show more" pages on through the public list, without the guide\'s drafts', async () => {
    // Every published idea becomes Anna's: more than a page of them.
    await database.db.update(ideas).set({ authorId: anna.id }).where(eq(ideas.status, 'published'));
    const published = await database.db
      .select({ hid: ideas.hid })
      .from(ideas)
      .where(and(eq(ideas.authorId, anna.id), eq(ideas.status, 'published'), isNull(ideas.deletedAt)));
    expect(published.length).toBeGreaterThan(GUIDE_IDEAS_PAGE_SIZE);
    const guide = (await getGuide(anna.hid, 'en'))!;
    expect(guide.ideas.data).toHaveLength(GUIDE_IDEAS_PAGE_SIZE);
    expect(guide.ideas.meta).toMatchObject({
      total: published.length,
      last_page: Math.ceil(published.length / GUIDE_IDEAS_PAGE_SIZE),
    });
    // The browser asks for the next pages as anyone would (lib/api/ideas.ts fetchGuideIdeas): no draft among them.
    const seen = guide.ideas.data.map((i) => i.hid);
    for (let page = 2; page <= guide.ideas.meta.last_page; page++) {
      const query = new URLSearchParams({ ...guideIdeasParams(), page: String(page) });
      const { status, body } = await call(userIdeas, `/api/v1/users/${anna.hid}/ideas?${query}`, {
        params: { id: anna.hid },
      });
      expect(status).toBe(200);
      seen.push(...body.data.map((i: { hid: string }) => i.hid));
    }
    expect(seen.sort()).toEqual(published.map((i) => i.hid).sort());
    expect(seen).not.toContain(drafted.hid);
  });
});
