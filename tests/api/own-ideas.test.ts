import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELETE as deleteIdea, GET as getIdea, PATCH as patchIdea } from '@/app/api/v1/ideas/[id]/route';
import { POST as submit } from '@/app/api/v1/ideas/[id]/submit/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as createEmpty } from '@/app/api/v1/users/[id]/ideas/createAndGetEmpty/route';
import { GET as userIdeas, POST as createIdea } from '@/app/api/v1/users/[id]/ideas/route';
import { ideaItineraries, ideas, photos } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { call, apiDatabaseForFile, signInHeaders } from '../support/api';
import { moderationStep } from '../support/moderation';

const database = apiDatabaseForFile();

const signIn = (email: string, password = AUTHOR_PASSWORD) => signInHeaders(email, password);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function draftOf(authorIndex: number) {
  const auth = await signIn(SEED_AUTHORS[authorIndex].email);
  const created = await call(createEmpty, `/api/v1/users/${authorIndex + 1}/ideas/createAndGetEmpty`, {
    params: { id: String(authorIndex + 1) },
    headers: auth,
  });
  return { auth, idea: created.body.data, created };
}

const complete = {
  title: { ru: 'Рассвет на Токаревском маяке', en: 'Sunrise at Tokarevsky lighthouse' },
  description: { ru: 'Встречаем рассвет у маяка и пьём чай из термоса.' },
  category_id: 1,
  place_id: 9,
  price: 2500,
  child_price: 1500,
  languages: ['ru', 'en'] as const,
  dates: [{ starts_at: inDays(10), seats_total: 8 }],
  itinerary: [{ title: { ru: 'Встреча у маяка' }, duration_minutes: 90 }],
  cancellation_policy: 'free_24h' as const,
  meeting_point: { ru: 'Парковка у Токаревского маяка' },
};

async function addPhoto(ideaId: number, ownerId: number) {
  const [photo] = await database.db
    .insert(photos)
    .values({ ideaId, ownerId, storageKey: `test/photo-${ideaId}`, width: 1400, height: 1050 })
    .returning();
  return photo.id;
}

describe("an author's ideas", () => {
  it('createAndGetEmpty makes a draft only the author sees', async () => {
    const { idea, created, auth } = await draftOf(0);
    expect(created.status).toBe(201);
    expect(idea.attributes.status).toBe('draft');
    expect((await call(getIdea, `/api/v1/ideas/${idea.hid}`, { params: { id: idea.hid } })).status).toBe(404);
    expect((await call(getIdea, `/api/v1/ideas/${idea.hid}`, { params: { id: idea.hid }, headers: auth })).status).toBe(
      200,
    );
    const own = await call(userIdeas, '/api/v1/users/1/ideas?limit=100', { params: { id: '1' }, headers: auth });
    expect(own.body.data.map((i: any) => i.hid)).toContain(idea.hid);
    const publicList = await call(userIdeas, '/api/v1/users/1/ideas?limit=100', { params: { id: '1' } });
    expect(publicList.body.data.map((i: any) => i.hid)).not.toContain(idea.hid);
    expect(publicList.body.data.every((i: any) => i.attributes.status === 'published')).toBe(true);
  });

  it('POST /users/{id}/ideas creates a draft with the fields of its first save', async () => {
    const auth = await signIn(SEED_AUTHORS[0].email);
    const created = await call(createIdea, '/api/v1/users/1/ideas', {
      method: 'POST',
      params: { id: '1' },
      headers: auth,
      json: complete,
    });
    expect(created.status).toBe(201);
    const idea = created.body.data;
    expect(idea.attributes.status).toBe('draft');
    expect(idea.attributes.title).toBe(complete.title.ru);
    expect(idea.relationships.futureDates.data).toHaveLength(1);
    expect(idea.relationships.ideaItineraries.data[0].attributes.title).toBe('Встреча у маяка');
    const own = await call(userIdeas, '/api/v1/users/1/ideas?limit=100', { params: { id: '1' }, headers: auth });
    expect(own.body.data.map((i: any) => i.hid)).toContain(idea.hid);
  });

  it('POST /users/{id}/ideas refuses another account, an invalid body and a foreign photo, creating nothing', async () => {
    const ideasNow = async () => (await database.db.select({ n: count() }).from(ideas))[0].n;
    const before = await ideasNow();
    const auth = await signIn(SEED_AUTHORS[0].email);
    const post = (id: string, json: unknown, headers: Record<string, string> = auth) =>
      call(createIdea, `/api/v1/users/${id}/ideas`, { method: 'POST', params: { id }, headers, json });
    expect((await post('1', complete, {})).status).toBe(401);
    expect((await post('2', complete)).status).toBe(403);
    const invalidPrice = await post('1', { ...complete, price: -1 });
    expect(invalidPrice.status).toBe(422);
    expect(Object.keys(invalidPrice.body.errors)).toEqual(['price']);
    expect((await post('1', { ...complete, category_id: 999_999 })).body.errors).toHaveProperty('category_id');
    const foreignPhoto = await post('1', { ...complete, photo_ids: [await addPhoto(SEED_IDEAS.length, 2)] });
    expect(foreignPhoto.status).toBe(422);
    expect(foreignPhoto.body.errors).toHaveProperty('photo_ids');
    expect(await ideasNow()).toBe(before);
  });

  it('submit names what is missing, then sends a complete idea to moderation', async () => {
    const { idea, auth } = await draftOf(0);
    const early = await moderationStep('submit', idea.hid, auth);
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors).sort()).toEqual([
      'cancellation_policy',
      'category_id',
      'dates',
      'description',
      'meeting_point',
      'photo_ids',
      'place_id',
      'price',
      'title',
    ]);

    const edited = await call(patchIdea, `/api/v1/ideas/${idea.hid}`, {
      method: 'PATCH',
      params: { id: idea.hid },
      headers: auth,
      json: complete,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.title).toBe(complete.title.ru);
    expect(edited.body.data.relationships.futureDates.data).toHaveLength(1);
    expect(edited.body.data.relationships.ideaItineraries.data[0].attributes.title).toBe('Встреча у маяка');
    const stillMissing = await moderationStep('submit', idea.hid, auth);
    expect(Object.keys(stillMissing.body.errors)).toEqual(['photo_ids']);

    await addPhoto(idea.id, 1);
    const submitted = await moderationStep('submit', idea.hid, auth);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.attributes.status).toBe('not-moderated');
  });

  it('a moderator approves it and it appears in the public listing', async () => {
    const { idea, auth } = await draftOf(1);
    await call(patchIdea, `/api/v1/ideas/${idea.hid}`, {
      method: 'PATCH',
      params: { id: idea.hid },
      headers: auth,
      json: complete,
    });
    await addPhoto(idea.id, 2);
    await moderationStep('submit', idea.hid, auth);

    expect((await moderationStep('approve', idea.hid, auth)).status).toBe(403);
    const moderator = await signIn(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const approved = await moderationStep('approve', idea.hid, moderator);
    expect(approved.status).toBe(200);
    expect(approved.body.data.attributes.status).toBe('published');
    const listing = await call(listIdeas, '/api/v1/ideas?place_id=9&limit=100');
    expect(listing.body.data.map((i: any) => i.hid)).toContain(idea.hid);
    expect((await moderationStep('approve', idea.hid, moderator)).status).toBe(409);

    // Editing a published idea sends it back to moderation and out of the listing.
    await call(patchIdea, `/api/v1/ideas/${idea.hid}`, {
      method: 'PATCH',
      params: { id: idea.hid },
      headers: auth,
      json: { price: 2700 },
    });
    const relisted = await call(listIdeas, '/api/v1/ideas?place_id=9&limit=100');
    expect(relisted.body.data.map((i: any) => i.hid)).not.toContain(idea.hid);
  });

  it('a refused idea shows the reason to its author', async () => {
    const hidden = SEED_IDEAS.findIndex((i) => i.status === 'not-moderated') + 1;
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, hidden));
    const moderator = await signIn(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const noReason = await moderationStep('refuse', row.hid, moderator, {});
    expect(noReason.status).toBe(422);
    const refused = await moderationStep('refuse', row.hid, moderator, { reason: 'Добавьте фото с маршрута.' });
    expect(refused.status).toBe(200);
    const author = await signIn(SEED_AUTHORS[row.authorId - 1].email);
    const seen = await call(getIdea, `/api/v1/ideas/${row.hid}`, { params: { id: row.hid }, headers: author });
    expect(seen.body.data.attributes).toMatchObject({ status: 'refused', refusal_reason: 'Добавьте фото с маршрута.' });
  });

  it('only the author edits and submits, the author or a moderator deletes; nothing changes otherwise', async () => {
    const { idea } = await draftOf(2);
    const stranger = await signIn(SEED_AUTHORS[3].email);
    const before = JSON.stringify((await database.db.select().from(ideas).where(eq(ideas.id, idea.id)))[0]);
    const path = `/api/v1/ideas/${idea.hid}`;
    const params = { id: idea.hid };
    expect(
      (await call(patchIdea, path, { method: 'PATCH', params, headers: stranger, json: { price: 1 } })).status,
    ).toBe(403);
    expect((await call(patchIdea, path, { method: 'PATCH', params, json: { price: 1 } })).status).toBe(401);
    expect((await call(submit, `${path}/submit`, { method: 'POST', params, headers: stranger })).status).toBe(403);
    expect((await call(deleteIdea, path, { method: 'DELETE', params, headers: stranger })).status).toBe(403);
    expect((await call(deleteIdea, path, { method: 'DELETE', params })).status).toBe(401);
    expect(
      (await call(createEmpty, '/api/v1/users/3/ideas/createAndGetEmpty', { params: { id: '3' }, headers: stranger }))
        .status,
    ).toBe(403);
    expect(JSON.stringify((await database.db.select().from(ideas).where(eq(ideas.id, idea.id)))[0])).toBe(before);

    const moderator = await signIn(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    expect((await call(deleteIdea, path, { method: 'DELETE', params, headers: moderator })).status).toBe(204);
    expect((await call(getIdea, path, { params, headers: moderator })).status).toBe(404);
  });

  it('rejects bad bodies with 422 and stores nothing', async () => {
    const { idea, auth } = await draftOf(4);
    const path = `/api/v1/ideas/${idea.hid}`;
    for (const json of [
      { price: -5 },
      { title: { ru: 'x'.repeat(121) } },
      { dates: [{ starts_at: 'tomorrow', seats_total: 5 }] },
      { owner: 1 },
      { min_persons: 5, max_persons: 2 },
      { languages: ['fr'] },
    ]) {
      const { status } = await call(patchIdea, path, {
        method: 'PATCH',
        params: { id: idea.hid },
        headers: auth,
        json,
      });
      expect(status).toBe(422);
    }
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, idea.id));
    expect(row.price).toBeNull();
  });

  it('refuses an itinerary step without a title, naming the step, and keeps the itinerary', async () => {
    const { idea, auth } = await draftOf(4);
    const patch = (itinerary: unknown) =>
      call(patchIdea, `/api/v1/ideas/${idea.hid}`, {
        method: 'PATCH',
        params: { id: idea.hid },
        headers: auth,
        json: { itinerary },
      });
    expect((await patch([{ title: { ru: 'Встреча' } }])).status).toBe(200);
    const empty = await patch([{ title: { ru: 'Встреча' } }, { title: { ru: '  ', en: '' }, duration_minutes: 30 }]);
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['itinerary.1.title']);
    const steps = await database.db.select().from(ideaItineraries).where(eq(ideaItineraries.ideaId, idea.id));
    expect(steps.map((step) => step.title)).toEqual([{ ru: 'Встреча' }]);
    // A title in English alone is a title.
    expect((await patch([{ title: { en: 'Meeting' } }])).status).toBe(200);
  });
});
