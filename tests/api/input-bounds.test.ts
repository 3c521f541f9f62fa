import { beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { GET as getBooking } from '@/app/api/v1/bookings/[hid]/route';
import { POST as book } from '@/app/api/v1/bookings/route';
import { GET as categories } from '@/app/api/v1/categories/route';
import { DELETE as deleteIdea, GET as getIdea, PATCH as patchIdea } from '@/app/api/v1/ideas/[id]/route';
import { POST as refuse } from '@/app/api/v1/ideas/[id]/refuse/route';
import { POST as submit } from '@/app/api/v1/ideas/[id]/submit/route';
import { GET as texts } from '@/app/api/v1/ideas/[id]/texts/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as osmPlace } from '@/app/api/v1/osm/[id]/route';
import { POST as saveSelected } from '@/app/api/v1/osm/saveSelected/route';
import { GET as searchOsm } from '@/app/api/v1/osm/search/route';
import { GET as children } from '@/app/api/v1/places/[id]/children/route';
import { GET as profile } from '@/app/api/v1/profiles/[hid]/route';
import { GET as userBookings } from '@/app/api/v1/users/[id]/bookings/route';
import { GET as userIdeas } from '@/app/api/v1/users/[id]/ideas/route';
import { PATCH as patchUser } from '@/app/api/v1/users/[id]/route';
import { parseIdOrHid } from '@/lib/contract/ids';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { call, apiDatabaseForFile, signInHeaders } from '../support/api';

apiDatabaseForFile();
let author: { authorization: string };
let moderator: { authorization: string };
beforeAll(async () => {
  author = await signInHeaders(SEED_AUTHORS[0].email, AUTHOR_PASSWORD);
  moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
});

const BEYOND_INT4 = ['2147483648', '4294967296', '9007199254740991'];
const ownIdeaId = String(SEED_IDEAS.findIndex((i) => i.author === 0) + 1);

describe('ids beyond PostgreSQL integer range', () => {
  it('are no id at all for the id-or-hid parser (the page /go/<id> answers 404 through it)', () => {
    expect(parseIdOrHid('2147483647')).toEqual({ kind: 'id', id: 2147483647 });
    for (const id of BEYOND_INT4) expect(parseIdOrHid(id)).toBeNull();
  });

  it('in paths answer 404 (id or hid) or 422 (id only), never 500', async () => {
    for (const id of ['2147483647', ...BEYOND_INT4]) {
      const params = { id };
      expect((await call(getIdea, `/api/v1/ideas/${id}`, { params })).status, id).toBe(404);
      expect((await call(texts, `/api/v1/ideas/${id}/texts`, { params, headers: author })).status, id).toBe(404);
      expect(
        (await call(submit, `/api/v1/ideas/${id}/submit`, { method: 'POST', params, headers: author })).status,
        id,
      ).toBe(404);
      expect(
        (await call(deleteIdea, `/api/v1/ideas/${id}`, { method: 'DELETE', params, headers: author })).status,
        id,
      ).toBe(404);
      expect(
        (await call(patchIdea, `/api/v1/ideas/${id}`, { method: 'PATCH', params, headers: author, json: {} })).status,
        id,
      ).toBe(404);
      expect(
        (
          await call(refuse, `/api/v1/ideas/${id}/refuse`, {
            method: 'POST',
            params,
            headers: moderator,
            json: { reason: 'Нужны фотографии маршрута.' },
          })
        ).status,
        id,
      ).toBe(404);
      expect((await call(userIdeas, `/api/v1/users/${id}/ideas`, { params })).status, id).toBe(404);
      // A user's bookings, like their favourites, answer a missing user as another user: 403, telling no ids.
      expect((await call(userBookings, `/api/v1/users/${id}/bookings`, { params, headers: author })).status, id).toBe(
        403,
      );
      expect(
        (
          await call(patchUser, `/api/v1/users/${id}`, {
            method: 'PATCH',
            params,
            headers: author,
            json: { name: 'Анна Ли' },
          })
        ).status,
        id,
      ).toBe(404);
    }
    for (const id of BEYOND_INT4) {
      expect((await call(children, `/api/v1/places/${id}/children`, { params: { id } })).status, id).toBe(422);
      expect((await call(osmPlace, `/api/v1/osm/${id}`, { params: { id } })).status, id).toBe(422);
    }
  });

  it('in queries answer 422', async () => {
    for (const key of ['place_id', 'category_id', 'idea_type_id']) {
      expect((await call(listIdeas, `/api/v1/ideas?${key}=2147483648`)).status, key).toBe(422);
    }
  });

  it('in bodies answer 422', async () => {
    const contact = { name: 'Анна', phone: '+79140000000' };
    expect(
      (
        await call(book, '/api/v1/bookings', {
          headers: author,
          json: { idea_id: 2147483648, idea_date_id: 1, adults: 1, contact },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(book, '/api/v1/bookings', {
          headers: author,
          json: { idea_id: 1, idea_date_id: 2147483648, adults: 1, contact },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call(book, '/api/v1/bookings', {
          headers: author,
          json: { idea_id: '2147483648', idea_date_id: 1, adults: 1, contact },
        })
      ).status,
    ).toBeLessThan(500);
    const place = { id: 'N4242', title: 'Бухта', lat: 43, lon: 131, parent_id: 2147483648 };
    expect((await call(saveSelected, '/api/v1/osm/saveSelected', { headers: author, json: place })).status).toBe(422);
    for (const field of [
      { category_id: 2147483648 },
      { place_id: 2147483648 },
      { idea_type_id: 2147483648 },
      { cover_photo_id: 2147483648 },
      { photo_ids: [2147483648] },
      { dates: [{ id: 2147483648, starts_at: '2030-01-01T10:00:00+10:00', seats_total: 5 }] },
    ]) {
      const answer = await call(patchIdea, `/api/v1/ideas/${ownIdeaId}`, {
        method: 'PATCH',
        params: { id: ownIdeaId },
        headers: author,
        json: field,
      });
      expect(answer.status, JSON.stringify(field)).toBe(422);
    }
  });
});

describe('U+0000 in input', () => {
  it('in a query or a path answers 422 before any SQL', async () => {
    const answers = [
      await call(listIdeas, '/api/v1/ideas?query=a%00b'),
      await call(categories, '/api/v1/categories?query=%00'),
      await call(searchOsm, '/api/v1/osm/search?title=a%00'),
      await call(profile, '/api/v1/profiles/abc%00', { params: { hid: 'abc\u0000' } }),
      await call(getBooking, '/api/v1/bookings/abc%00', { params: { hid: 'abc\u0000' }, headers: author }),
      await call(getIdea, '/api/v1/ideas/1?%00=1', { params: { id: '1' } }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(422);
      expect(answer.contentType).toBe('application/problem+json');
    }
  });

  it('in any JSON body field answers 422, also nested and in keys', async () => {
    expect((await call(login, '/api/v1/auth/login', { json: { email: 'a\u0000@b.c', password: 'x' } })).status).toBe(
      422,
    );
    expect(
      (
        await call(patchUser, '/api/v1/users/1', {
          method: 'PATCH',
          params: { id: '1' },
          headers: author,
          json: { name: 'A\u0000' },
        })
      ).status,
    ).toBe(422);
    const nested = await call(patchIdea, `/api/v1/ideas/${ownIdeaId}`, {
      method: 'PATCH',
      params: { id: ownIdeaId },
      headers: author,
      json: { title: { ru: 'Тур\u0000' } },
    });
    expect(nested.status).toBe(422);
    expect(nested.body.errors).toHaveProperty(['title.ru']);
    expect((await call(login, '/api/v1/auth/login', { json: { ['e\u0000']: 1 } })).status).toBe(422);
  });

  it('a body nested tens of thousands of levels deep answers below 500', async () => {
    const deep = '['.repeat(30_000) + ']'.repeat(30_000);
    const answer = await login(
      new (await import('next/server')).NextRequest('http://localhost/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: deep,
      }),
      { params: Promise.resolve({}) },
    );
    expect(answer.status).toBe(422);
  });
});
