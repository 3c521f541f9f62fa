import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listFavourites } from '@/app/api/v1/users/[id]/favourites/route';
import { DELETE as unsave, PUT as save } from '@/app/api/v1/users/[id]/favourites/[idea]/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { favourites, ideas, users } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { call, apiDatabaseForFile, signInHeaders } from '../support/api';

const database = apiDatabaseForFile();

const seeded = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 }));
const published = seeded.filter((idea) => idea.status === 'published');
const unpublished = seeded.find((idea) => idea.status !== 'published')!;
const signIn = (authorIndex: number) => signInHeaders(SEED_AUTHORS[authorIndex].email, AUTHOR_PASSWORD);
const userId = (authorIndex: number) => String(authorIndex + 1);

async function hidOf(id: number): Promise<string> {
  const [row] = await database.db.select({ hid: ideas.hid }).from(ideas).where(eq(ideas.id, id));
  return row.hid;
}

const put = (user: string, idea: string, headers?: Record<string, string>) =>
  call(save, `/api/v1/users/${user}/favourites/${idea}`, { method: 'PUT', params: { id: user, idea }, headers });
const remove = (user: string, idea: string, headers?: Record<string, string>) =>
  call(unsave, `/api/v1/users/${user}/favourites/${idea}`, { method: 'DELETE', params: { id: user, idea }, headers });
const list = (user: string, query: string, headers?: Record<string, string>) =>
  call(listFavourites, `/api/v1/users/${user}/favourites${query}`, { params: { id: user }, headers });

const savedRows = (user: string) =>
  database.db
    .select()
    .from(favourites)
    .where(eq(favourites.userId, Number(user)));

describe('favourites', () => {
  it('saves by id or hid, twice without harm, and lists the cards newest saved first', async () => {
    const headers = await signIn(0);
    // The later saved has the smaller id, so the order cannot come from the ids.
    const [second, first] = published;
    expect((await put(userId(0), String(first.id), headers)).status).toBe(204);
    const secondHid = await hidOf(second.id);
    expect((await put(userId(0), secondHid, headers)).status).toBe(204);
    // Saving again is not an error and keeps one row.
    expect((await put(userId(0), secondHid, headers)).status).toBe(204);
    expect(await savedRows(userId(0))).toHaveLength(2);

    const cards = await list(userId(0), '', headers);
    expect(cards.status).toBe(200);
    expect(cards.body.data.map((idea: { id: number }) => idea.id)).toEqual([second.id, first.id]);
    expect(cards.body.meta).toEqual({ current_page: 1, per_page: 40, total: 2, last_page: 1 });
    // The same card resource as the listing: title, cover, price and author.
    const card = cards.body.data[0];
    expect(card).toMatchObject({ hid: secondHid, type: 'ideas', attributes: { title: expect.any(String) } });
    expect(card.relationships.price.data.amount).toBe(second.price);
    expect(card.relationships.author.data.attributes.name).toBe(SEED_AUTHORS[second.author].name);

    const paged = await list(userId(0), '?limit=1&page=2', headers);
    expect(paged.body.data.map((idea: { id: number }) => idea.id)).toEqual([first.id]);
    expect(paged.body.meta).toMatchObject({ total: 2, last_page: 2 });

    const ids = await list(userId(0), '?ids_only=1', headers);
    expect(ids.body).toEqual({
      data: [
        { id: second.id, hid: secondHid },
        { id: first.id, hid: await hidOf(first.id) },
      ],
    });
  });

  it('lists in the language asked for', async () => {
    const headers = await signIn(1);
    const idea = published[2];
    await put(userId(1), String(idea.id), headers);
    const en = await list(userId(1), '?locale=en', headers);
    expect(en.body.data[0].attributes.title).toBe(idea.title.en ?? idea.title.ru);
    const ru = await list(userId(1), '', headers);
    expect(ru.body.data[0].attributes.title).toBe(idea.title.ru);
  });

  it('removes by id or hid, twice without harm', async () => {
    const headers = await signIn(2);
    const idea = published[3];
    await put(userId(2), String(idea.id), headers);
    expect((await remove(userId(2), await hidOf(idea.id), headers)).status).toBe(204);
    expect((await remove(userId(2), String(idea.id), headers)).status).toBe(204);
    expect(await savedRows(userId(2))).toHaveLength(0);
    expect((await list(userId(2), '?ids_only=1', headers)).body.data).toEqual([]);
  });

  it('keeps an idea that stops being published out of the list, and shows it again when it is back', async () => {
    const headers = await signIn(3);
    const idea = published[4];
    await put(userId(3), String(idea.id), headers);
    await database.db.update(ideas).set({ status: 'not-moderated' }).where(eq(ideas.id, idea.id));
    expect((await list(userId(3), '', headers)).body).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await list(userId(3), '?ids_only=1', headers)).body.data).toEqual([]);
    // It can still be removed while hidden.
    expect((await remove(userId(3), String(idea.id), headers)).status).toBe(204);
    await put(userId(3), String(published[5].id), headers);
    await database.db.update(ideas).set({ deletedAt: new Date() }).where(eq(ideas.id, published[5].id));
    expect((await list(userId(3), '', headers)).body.data).toEqual([]);
    await database.db.update(ideas).set({ deletedAt: null }).where(eq(ideas.id, published[5].id));
    await database.db.update(ideas).set({ status: 'published' }).where(eq(ideas.id, idea.id));
    expect((await list(userId(3), '', headers)).body.data.map((i: { id: number }) => i.id)).toEqual([published[5].id]);
  });

  it("are deleted with the user's account", async () => {
    const account = { name: 'Ира', email: 'fav-cascade@example.com', password: 'a-long-pass-7Q' };
    const created = await call(register, '/api/v1/auth/register', {
      json: { ...account, passwordConfirm: account.password, acceptPolicy: true },
    });
    expect(created.status).toBe(201);
    const headers = { authorization: `Bearer ${created.body.token}` };
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    expect((await put(String(user.id), String(published[7].id), headers)).status).toBe(204);
    expect(await savedRows(String(user.id))).toHaveLength(1);
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await savedRows(String(user.id))).toHaveLength(0);
  });

  it('answers 401 without a session', async () => {
    const idea = String(published[0].id);
    for (const result of [await list('1', ''), await put('1', idea), await remove('1', idea)]) {
      expect(result.status).toBe(401);
      expect(result.contentType).toContain('application/problem+json');
    }
  });

  it("answers 403 for another user's favourites and changes nothing", async () => {
    const headers = await signIn(1);
    const idea = String(published[6].id);
    expect((await list(userId(0), '', headers)).status).toBe(403);
    expect((await list(userId(0), '?ids_only=1', headers)).status).toBe(403);
    expect((await put(userId(0), idea, headers)).status).toBe(403);
    const before = await savedRows(userId(0));
    expect((await remove(userId(0), String(before[0].ideaId), headers)).status).toBe(403);
    expect(await savedRows(userId(0))).toHaveLength(before.length);
  });

  it('answers 404 for an unknown idea or user, and for saving an idea that is not published', async () => {
    const headers = await signIn(4);
    for (const idea of ['999999', 'Zzzzzzzz', 'not-an-id', '99999999999']) {
      const saved = await put(userId(4), idea, headers);
      expect(saved.status).toBe(404);
      expect(saved.contentType).toContain('application/problem+json');
      expect((await remove(userId(4), idea, headers)).status).toBe(404);
    }
    expect((await put(userId(4), String(unpublished.id), headers)).status).toBe(404);
    expect(
      await database.db
        .select()
        .from(favourites)
        .where(and(eq(favourites.userId, 5), eq(favourites.ideaId, unpublished.id))),
    ).toHaveLength(0);
  });

  it('answers a missing user like another user: the same 403, so user ids cannot be probed', async () => {
    const headers = await signIn(1);
    const idea = String(published[0].id);
    const [other] = await database.db.select({ hid: users.hid }).from(users).where(eq(users.id, 1));
    const answers = async (user: string) => {
      const results = [
        await list(user, '', headers),
        await put(user, idea, headers),
        await remove(user, idea, headers),
      ];
      return results.map(({ status, contentType, body }) => ({ status, contentType, body }));
    };
    const expected = await answers(userId(0));
    expect(expected.map((a) => a.status)).toEqual([403, 403, 403]);
    for (const user of [other.hid, '99999', 'Zzzzzzzz', 'not-an-id', '99999999999'])
      expect(await answers(user), user).toEqual(expected);
    // The viewer's own hid still works.
    const [own] = await database.db.select({ hid: users.hid }).from(users).where(eq(users.id, 2));
    expect((await list(own.hid, '', headers)).status).toBe(200);
  });

  it('answers 422 with the field for bad paging or flags', async () => {
    const headers = await signIn(0);
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?limit=101', 'limit'],
      ['?ids_only=yes', 'ids_only'],
      ['?include=nonsense', 'include'],
    ]) {
      const result = await list(userId(0), query, headers);
      expect(result.status).toBe(422);
      expect(result.body.errors).toHaveProperty(field);
    }
  });
});
