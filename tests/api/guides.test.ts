import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ideas, profiles, users } from '@/lib/server/db/schema';
import { getGuide } from '@/lib/server/guides/guide';
import { setupApiDatabase } from '../support/api';

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
    expect((await getGuide(anna.hid, 'en'))!.about).toMatch(/^Historian/);
    expect((await getGuide(anna.hid, 'zh'))!.about).toMatch(/^历史学者/);
    expect(annaPublished.length).toBeGreaterThan(1);
    expect(ru.ideasTotal).toBe(annaPublished.length);
    expect(ru.ideas.map((i) => i.hid).sort()).toEqual(annaPublished.map((i) => i.hid).sort());
    expect(ru.ideas.map((i) => i.hid)).not.toContain(drafted.hid);
    // Cards carry what the listing's cards show: the author and the price.
    expect(ru.ideas[0].relationships.author?.data.hid).toBe(anna.hid);
    expect(ru.ideas[0].relationships.price).toBeDefined();
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
});
