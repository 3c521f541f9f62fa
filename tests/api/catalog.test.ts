import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getCategories } from '@/app/api/v1/categories/route';
import { GET as getConfig } from '@/app/api/v1/config/route';
import { GET as getCurrencies } from '@/app/api/v1/currencies/route';
import { GET as getOpenApi } from '@/app/api/v1/openapi.json/route';
import { GET as getOsmPlace } from '@/app/api/v1/osm/[id]/route';
import { POST as saveSelected } from '@/app/api/v1/osm/saveSelected/route';
import { GET as searchOsm } from '@/app/api/v1/osm/search/route';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { FILTER_KEYS } from '@/lib/listing/filters';
import { GET as getChildren } from '@/app/api/v1/places/[id]/children/route';
import { GET as getPopular } from '@/app/api/v1/places/popular/route';
import { GET as getPlaces } from '@/app/api/v1/places/route';
import { call, apiDatabaseForFile } from '../support/api';

const database = apiDatabaseForFile();

describe('GET /config', () => {
  it('answers service mode off and both sign-in methods on by default', async () => {
    const { status, body } = await call(getConfig, '/api/v1/config');
    expect(status).toBe(200);
    expect(body).toEqual({ service_mode: false, auth: { phone_auth: true, email_auth: true } });
  });
});

describe('GET /categories', () => {
  it('lists the eight categories with colour classes 1–8, weekend = 2 and travel time = 7', async () => {
    const { body } = await call(getCategories, '/api/v1/categories');
    expect(body.data).toHaveLength(8);
    expect(body.data.map((c: any) => c.attributes.color).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body.data.find((c: any) => c.id === 2).attributes.title).toBe('На выходные');
    expect(body.data.find((c: any) => c.id === 7).attributes.title).toBe('Время путешествовать');
    expect(body.data[0]).toMatchObject({ type: 'categories', relationships: {} });
  });

  it('answers in the Locale header, the locale param winning over it', async () => {
    const en = await call(getCategories, '/api/v1/categories', { headers: { Locale: 'en' } });
    expect(en.body.data.find((c: any) => c.id === 2).attributes.title).toBe('Weekend');
    const zh = await call(getCategories, '/api/v1/categories?locale=zh-CN', { headers: { Locale: 'en' } });
    expect(zh.body.data.find((c: any) => c.id === 2).attributes.title).toBe('周末出游');
    const cn = await call(getCategories, '/api/v1/categories?locale=cn');
    expect(cn.body.data.find((c: any) => c.id === 2).attributes.title).toBe('周末出游');
  });

  it('falls back to Russian for an unknown Locale header', async () => {
    const { body } = await call(getCategories, '/api/v1/categories', { headers: { Locale: 'fr' } });
    expect(body.data.find((c: any) => c.id === 2).attributes.title).toBe('На выходные');
  });

  it('rejects an unknown locale param with a 422 naming it', async () => {
    const { status, contentType, body } = await call(getCategories, '/api/v1/categories?locale=fr');
    expect(status).toBe(422);
    expect(contentType).toContain('application/problem+json');
    expect(body.errors).toHaveProperty('locale');
  });

  it('filters by a title fragment in any language', async () => {
    for (const query of ['выход', 'week', '周末']) {
      const { body } = await call(getCategories, `/api/v1/categories?query=${encodeURIComponent(query)}`);
      expect(body.data.map((c: any) => c.id)).toEqual([2]);
    }
  });

  it('lists a category renamed in the database at once, though the process keeps the catalog between requests', async () => {
    expect((await call(getCategories, '/api/v1/categories')).body.data[1].attributes.title).toBe('На выходные');
    // As another process would write it: straight to the table, whose trigger raises the catalog's version.
    await database.db.execute(sql`update categories set title = title || '{"ru": "Выходные у моря"}' where id = 2`);
    try {
      const { body } = await call(getCategories, '/api/v1/categories');
      expect(body.data.map((c: any) => c.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(body.data[1].attributes.title).toBe('Выходные у моря');
    } finally {
      await database.db.execute(sql`update categories set title = title || '{"ru": "На выходные"}' where id = 2`);
    }
  });
});

describe('GET /currencies', () => {
  it('lists currencies with localized names', async () => {
    const { body } = await call(getCurrencies, '/api/v1/currencies?locale=en');
    const rub = body.data.find((c: any) => c.id === 'RUB');
    expect(rub.attributes).toMatchObject({ code: 'RUB', symbol: '₽', name: 'Russian rouble', rate: 1 });
  });

  it('carries what the display currency needs: each of RUB, USD, EUR, CNY with its symbol and rouble rate', async () => {
    const { body } = await call(getCurrencies, '/api/v1/currencies?locale=ru');
    const byCode = new Map(body.data.map((c: any) => [c.id, c.attributes]));
    expect([...byCode.keys()].sort()).toEqual(['CNY', 'EUR', 'RUB', 'USD']);
    expect(byCode.get('USD')).toMatchObject({ code: 'USD', symbol: '$', name: 'Доллар США' });
    expect(byCode.get('EUR')).toMatchObject({ code: 'EUR', symbol: '€' });
    expect(byCode.get('CNY')).toMatchObject({ code: 'CNY', symbol: '¥' });
    // Roubles per unit, believable: a yuan is worth less than a dollar, a dollar less than a euro.
    const rate = (code: string) => (byCode.get(code) as { rate: number }).rate;
    expect(rate('CNY')).toBeGreaterThan(1);
    expect(rate('CNY')).toBeLessThan(rate('USD'));
    expect(rate('USD')).toBeLessThan(rate('EUR'));
  });
});

describe('places', () => {
  it('GET /places lists top-level places only', async () => {
    const { body } = await call(getPlaces, '/api/v1/places');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(10);
    expect(body.data.every((p: any) => p.attributes.parent_id === 0)).toBe(true);
  });

  it('GET /places/popular gives at most 10, Vladivostok first', async () => {
    const { body } = await call(getPopular, '/api/v1/places/popular');
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toMatchObject({ id: 7, attributes: { title: 'Владивосток', has_children: true } });
  });

  it("GET /places/7/children lists Vladivostok's districts and Russky Island", async () => {
    const { body } = await call(getChildren, '/api/v1/places/7/children?locale=en', { params: { id: '7' } });
    const titles = body.data.map((p: any) => p.attributes.title);
    expect(titles).toContain('Russky Island');
    expect(body.data.every((p: any) => p.attributes.parent_id === 7)).toBe(true);
  });

  it('answers 404 for an unknown place and 422 for a malformed id', async () => {
    expect((await call(getChildren, '/api/v1/places/999/children', { params: { id: '999' } })).status).toBe(404);
    const bad = await call(getChildren, '/api/v1/places/abc/children', { params: { id: 'abc' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('id');
  });
});

describe('place search', () => {
  it('finds a place by its name in Russian, English or Chinese', async () => {
    for (const title of ['русский', 'Russky', '俄罗斯岛']) {
      const { status, body } = await call(searchOsm, `/api/v1/osm/search?title=${encodeURIComponent(title)}&locale=en`);
      expect(status).toBe(200);
      expect(body.data.map((p: any) => p.attributes.title)).toContain('Russky Island');
    }
  });

  it('needs a title of at least two characters', async () => {
    expect((await call(searchOsm, '/api/v1/osm/search')).status).toBe(422);
    expect((await call(searchOsm, '/api/v1/osm/search?title=a')).body.errors).toHaveProperty('title');
  });

  it('GET /osm/{id} returns a local place, 404 for an OSM id without a map service, 422 for junk', async () => {
    expect((await call(getOsmPlace, '/api/v1/osm/8', { params: { id: '8' } })).body.data.attributes.title).toBe(
      'Русский остров',
    );
    expect((await call(getOsmPlace, '/api/v1/osm/N123', { params: { id: 'N123' } })).status).toBe(404);
    expect((await call(getOsmPlace, '/api/v1/osm/x', { params: { id: 'x;drop' } })).status).toBe(422);
  });
});

describe('POST /osm/saveSelected', () => {
  it('keeps a chosen map place once, for signed-in users only, and finds it afterwards', async () => {
    const place = { id: 'N424242', title: 'Бухта Тихая', lat: 43.07, lon: 131.95, parent_id: 7 };
    expect((await call(saveSelected, '/api/v1/osm/saveSelected', { json: place })).status).toBe(401);
    const { body: session } = await call(login, '/api/v1/auth/login', {
      json: { email: SEED_AUTHORS[0].email, password: AUTHOR_PASSWORD },
    });
    const headers = { authorization: `Bearer ${session.token}` };
    const first = await call(saveSelected, '/api/v1/osm/saveSelected', { json: place, headers });
    expect(first.status).toBe(200);
    expect(first.body.data.attributes).toMatchObject({ title: 'Бухта Тихая', parent_id: 7 });
    const again = await call(saveSelected, '/api/v1/osm/saveSelected', {
      json: { ...place, title: 'Другое имя' },
      headers,
    });
    expect(again.body.data.id).toBe(first.body.data.id);
    const found = await call(searchOsm, `/api/v1/osm/search?title=${encodeURIComponent('тихая')}`);
    expect(found.body.data.map((p: any) => p.id)).toContain(first.body.data.id);
    expect((await call(saveSelected, '/api/v1/osm/saveSelected', { json: { id: 'N1' }, headers })).status).toBe(422);
  });
});

describe('GET /openapi.json', () => {
  it('describes every endpoint that exists, with the listing filters as parameters', async () => {
    const { status, body } = await call(getOpenApi, '/api/v1/openapi.json');
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/config',
        '/categories',
        '/currencies',
        '/ideas',
        '/ideas/{id}',
        '/places',
        '/places/popular',
        '/places/{id}/children',
        '/osm/search',
        '/osm/{id}',
        '/auth/register',
        '/auth/login',
        '/auth/refresh',
        '/auth/logout',
        '/auth/me',
        '/auth/phoneVerification/create',
        '/auth/phoneVerification/checkCode',
        '/profiles/{hid}',
        '/users/{id}',
        '/users/{id}/phone',
        '/users/{id}/phone/confirm',
        '/users/{id}/setPassword',
        '/bookings',
        '/bookings/{hid}',
        '/bookings/{hid}/cancel',
        '/users/{id}/bookings',
        '/ideas/{id}/submit',
        '/ideas/{id}/approve',
        '/ideas/{id}/refuse',
        '/users/{id}/ideas',
        '/users/{id}/ideas/createAndGetEmpty',
        '/ideas/{id}/photos',
        '/users/{id}/avatar',
        '/osm/saveSelected',
      ]),
    );
    const names = body.paths['/ideas'].get.parameters.map((p: any) => p.name);
    // Every listing filter, the map's bbox too.
    for (const key of FILTER_KEYS) {
      expect(names).toContain(key);
    }
  });
});
