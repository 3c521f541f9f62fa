import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getIdea } from '@/app/api/v1/ideas/[id]/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as searchOsm } from '@/app/api/v1/osm/search/route';
import { call, setupApiDatabase } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
beforeAll(async () => {
  database = await setupApiDatabase();
});
afterAll(() => database.dispose());

const KEYS = [
  'page', 'limit', 'sort', 'sortDirection', 'include', 'idea_type_id', 'simple_resource', 'place_id', 'category_id', 'section_name', 'f',
  'locale', 'query', 'checkin', 'checkout', 'time_of_day', 'adults', 'children', 'price_min', 'price_max', 'languages', 'date_from',
  'date_to', 'gps_lat', 'gps_lon', 'search_type',
];

const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer({ min: -1e12, max: 1e12 }).map(String),
  fc.double({ noNaN: false }).map(String),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom('default', 'price', 'date', 'distance', 'nearby', 'morning', 'ru,en,zh', 'price,author', '%', "'; drop table ideas; --", '\\', '1e309', '0x10', '　'),
);
const queryString = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 8 })), value), { maxLength: 8 })
  .map((pairs) => new URLSearchParams(pairs).toString());

describe('random input never makes the API fail', () => {
  it('GET /ideas answers below 500 for any query string', async () => {
    await fc.assert(
      fc.asyncProperty(queryString, async (query) => {
        const { status } = await call(listIdeas, `/api/v1/ideas?${query}`);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 250 },
    );
  });

  it('GET /ideas/{id} answers below 500 for any id', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), queryString, async (id, query) => {
        const { status } = await call(getIdea, `/api/v1/ideas/x?${query}`, { params: { id } });
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('GET /osm/search answers below 500 for any title', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), async (title) => {
        const { status } = await call(searchOsm, `/api/v1/osm/search?${new URLSearchParams({ title })}`);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
