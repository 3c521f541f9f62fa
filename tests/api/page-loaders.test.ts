import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCategories } from '@/lib/server/catalog/reference-lists';
import { ideas, users } from '@/lib/server/db/schema';
import { loadGuidePage } from '@/lib/server/pages/guide-page';
import { loadIdeaPage } from '@/lib/server/pages/idea-page';
import { setupApiDatabase } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
let published: typeof ideas.$inferSelect;
let draft: typeof ideas.$inferSelect;

beforeAll(async () => {
  database = await setupApiDatabase();
  const live = await database.db
    .select()
    .from(ideas)
    .where(and(eq(ideas.status, 'published'), isNull(ideas.deletedAt)))
    .orderBy(ideas.id)
    .limit(2);
  [published, draft] = live;
  await database.db.update(ideas).set({ status: 'draft' }).where(eq(ideas.id, draft.id));
});
afterAll(() => database.dispose());

describe('loadIdeaPage (the metadata and the page of /go/{id})', () => {
  it('reads a published idea by its id or its hid, in the page language', async () => {
    const byHid = (await loadIdeaPage('en', published.hid))!;
    expect(byHid).toMatchObject({ id: published.id, hid: published.hid });
    expect(byHid.attributes.title).toBe(published.title.en);
    expect((await loadIdeaPage('en', String(published.id)))?.hid).toBe(published.hid);
  });

  it('is null, for the page to answer 404, for a draft, an unknown idea and a path that names none', async () => {
    for (const param of [draft.hid, String(draft.id), 'kXbqTzRm', '2147483648', '012', 'not-an-id'])
      expect(await loadIdeaPage('ru', param), param).toBeNull();
  });
});

describe('loadGuidePage (the metadata and the page of /authors/{hid})', () => {
  it("reads an author's guide with the categories its cards are coloured by; null for a hid that names no guide", async () => {
    const [author] = await database.db.select().from(users).where(eq(users.id, published.authorId));
    const page = (await loadGuidePage('ru', author.hid))!;
    expect(page.guide.hid).toBe(author.hid);
    expect(page.categories).toEqual((await listCategories('ru')).data);
    expect(await loadGuidePage('ru', 'kXbqTzRm')).toBeNull();
  });
});
