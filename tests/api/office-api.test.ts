import { describe, expect, it } from 'vitest';
import { POST as book } from '@/app/api/v1/bookings/route';
import { GET as ideaTypes } from '@/app/api/v1/idea-types/route';
import { PATCH as patchIdea } from '@/app/api/v1/ideas/[id]/route';
import { GET as texts } from '@/app/api/v1/ideas/[id]/texts/route';
import { GET as openApi } from '@/app/api/v1/openapi.json/route';
import { GET as userBookings } from '@/app/api/v1/users/[id]/bookings/route';
import { GET as createEmpty } from '@/app/api/v1/users/[id]/ideas/createAndGetEmpty/route';
import { GET as userIdeas } from '@/app/api/v1/users/[id]/ideas/route';
import { ideas } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { eq } from 'drizzle-orm';
import { call, apiDatabaseForFile, signInHeaders } from '../support/api';
import { moderationStep } from '../support/moderation';

const database = apiDatabaseForFile();

const signIn = (email: string, password = AUTHOR_PASSWORD) => signInHeaders(email, password);

async function draftOf(authorIndex: number) {
  const auth = await signIn(SEED_AUTHORS[authorIndex].email);
  const created = await call(createEmpty, `/api/v1/users/${authorIndex + 1}/ideas/createAndGetEmpty`, {
    params: { id: String(authorIndex + 1) },
    headers: auth,
  });
  return { auth, idea: created.body.data };
}

describe('GET /idea-types', () => {
  it('lists the types in the request language', async () => {
    const ru = await call(ideaTypes, '/api/v1/idea-types');
    expect(ru.status).toBe(200);
    expect(ru.body.data.length).toBeGreaterThan(0);
    expect(ru.body.data[0]).toMatchObject({ type: 'ideaTypes', attributes: { title: expect.any(String) } });
    expect(ru.body.data.map((t: any) => t.id)).toContain(4);
    const en = await call(ideaTypes, '/api/v1/idea-types', { headers: { locale: 'en' } });
    expect(en.body.data.map((t: any) => t.id)).toEqual(ru.body.data.map((t: any) => t.id));
  });
});

describe('GET /ideas/{id}/texts', () => {
  it('gives the author every language, including itinerary steps', async () => {
    const { idea, auth } = await draftOf(0);
    await call(patchIdea, `/api/v1/ideas/${idea.hid}`, {
      method: 'PATCH',
      params: { id: idea.hid },
      headers: auth,
      json: {
        title: { ru: 'Маяк', en: 'Lighthouse' },
        description: { ru: 'Описание', zh: '描述' },
        itinerary: [{ title: { ru: 'Шаг', en: 'Step' }, duration_minutes: 30 }],
      },
    });
    const answer = await call(texts, `/api/v1/ideas/${idea.hid}/texts`, { params: { id: idea.hid }, headers: auth });
    expect(answer.status).toBe(200);
    expect(answer.body.data.title).toEqual({ ru: 'Маяк', en: 'Lighthouse', zh: '' });
    expect(answer.body.data.description).toEqual({ ru: 'Описание', en: '', zh: '描述' });
    expect(answer.body.data.itinerary).toEqual([
      { title: { ru: 'Шаг', en: 'Step', zh: '' }, description: { ru: '', en: '', zh: '' }, duration_minutes: 30 },
    ]);
  });

  it('is for the author and moderators only', async () => {
    const { idea } = await draftOf(1);
    const path = `/api/v1/ideas/${idea.hid}/texts`;
    expect((await call(texts, path, { params: { id: idea.hid } })).status).toBe(401);
    expect(
      (await call(texts, path, { params: { id: idea.hid }, headers: await signIn(SEED_AUTHORS[2].email) })).status,
    ).toBe(403);
    expect(
      (
        await call(texts, path, {
          params: { id: idea.hid },
          headers: await signIn(MODERATOR_EMAIL, MODERATOR_PASSWORD),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(texts, '/api/v1/ideas/zzzzzzzz/texts', {
          params: { id: 'zzzzzzzz' },
          headers: await signIn(MODERATOR_EMAIL, MODERATOR_PASSWORD),
        })
      ).status,
    ).toBe(404);
  });
});

describe('PATCH /ideas/{id} with unknown references', () => {
  it('answers 422 naming the field and stores nothing', async () => {
    const { idea, auth } = await draftOf(2);
    const path = `/api/v1/ideas/${idea.hid}`;
    for (const [json, field] of [
      [{ idea_type_id: 999 }, 'idea_type_id'],
      [{ category_id: 999 }, 'category_id'],
      [{ place_id: 999_999 }, 'place_id'],
    ] as const) {
      const answer = await call(patchIdea, path, {
        method: 'PATCH',
        params: { id: idea.hid },
        headers: auth,
        json: { ...json, price: 100 },
      });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
    }
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, idea.id));
    expect(row.price).toBeNull();
  });
});

describe("the office's lists", () => {
  it("the author's own list carries the refusal reason", async () => {
    const hidden = SEED_IDEAS.findIndex((i) => i.status === 'not-moderated') + 1;
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, hidden));
    const moderator = await signIn(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    await moderationStep('refuse', row.hid, moderator, { reason: 'Нужны фото.' });
    const author = await signIn(SEED_AUTHORS[row.authorId - 1].email);
    const own = await call(userIdeas, `/api/v1/users/${row.authorId}/ideas?limit=100`, {
      params: { id: String(row.authorId) },
      headers: author,
    });
    const refused = own.body.data.find((i: any) => i.hid === row.hid);
    expect(refused.attributes).toMatchObject({ status: 'refused', refusal_reason: 'Нужны фото.' });
    const publicList = await call(userIdeas, `/api/v1/users/${row.authorId}/ideas?limit=100`, {
      params: { id: String(row.authorId) },
    });
    expect(publicList.body.data.every((i: any) => i.attributes.refusal_reason === undefined)).toBe(true);
  });

  it('as=author lists bookings received for own ideas, for the author only', async () => {
    const published = SEED_IDEAS.findIndex((i) => i.status === 'published') + 1;
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, published));
    const full = await call((await import('@/app/api/v1/ideas/[id]/route')).GET, `/api/v1/ideas/${row.hid}`, {
      params: { id: row.hid },
    });
    const date = full.body.data.relationships.futureDates.data[0];
    const traveller = await signIn(SEED_AUTHORS.find((_, index) => index + 1 !== row.authorId)!.email);
    const booked = await call(book, '/api/v1/bookings', {
      method: 'POST',
      headers: traveller,
      json: { idea_id: row.hid, idea_date_id: date.id, adults: 1, contact: { name: 'Иван', phone: '+79141112233' } },
    });
    expect([200, 201]).toContain(booked.status);
    const author = await signIn(SEED_AUTHORS[row.authorId - 1].email);
    const received = await call(userBookings, `/api/v1/users/${row.authorId}/bookings?as=author`, {
      params: { id: String(row.authorId) },
      headers: author,
    });
    expect(received.status).toBe(200);
    expect(
      received.body.data.some((b: any) => b.relationships.idea.data.hid === row.hid && b.attributes.traveller_name),
    ).toBe(true);
    expect(
      (
        await call(userBookings, `/api/v1/users/${row.authorId}/bookings?as=author`, {
          params: { id: String(row.authorId) },
          headers: traveller,
        })
      ).status,
    ).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('describes the office endpoints', async () => {
    const { body } = await call(openApi, '/api/v1/openapi.json');
    expect(body.paths['/idea-types'].get).toBeDefined();
    expect(body.paths['/ideas/{id}/texts'].get).toBeDefined();
  });
});
