import { beforeAll, describe, expect, it } from 'vitest';
import { GET as listMarkers } from '@/app/api/v1/ideas/markers/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { generateIdeas } from '@/lib/server/demo/fake-ideas';
import { call, apiDatabaseForFile } from '../support/api';

// More ideas than a listing counts (500): the seed's and 600 generated ones, all over the region.
const database = apiDatabaseForFile();
beforeAll(async () => {
  await generateIdeas(database.db, 600);
}, 120_000);

const list = (query: string) => call(listIdeas, `/api/v1/ideas?${query}`);

/** Every id of a listing, page by page by number. */
async function byNumber(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const { body } = await list(`${query}&page=${page}`);
    ids.push(...body.data.map((idea: { id: number }) => idea.id));
    if (page >= body.meta.last_page) return ids;
  }
}

/** Every id of a listing, each page from the previous one's next_cursor. */
async function byCursor(query: string): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | null = null;
  for (let page = 1; ; page++) {
    const { status, body } = await list(`${query}&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(status).toBe(200);
    ids.push(...body.data.map((idea: { id: number }) => idea.id));
    cursor = body.meta.next_cursor;
    if (cursor === null) return ids;
  }
}

describe('GET /ideas: counts past 500 and pages by cursor', () => {
  it('a filtered listing counts to 500 and says "500+"; its pages go on while there are more', async () => {
    const { status, body } = await list('place_id=1&price_min=0&limit=100');
    expect(status).toBe(200);
    expect(body.meta).toEqual({
      current_page: 1,
      per_page: 100,
      total: 500,
      last_page: 5,
      total_capped: true,
      next_cursor: expect.any(String),
    });
    const all = await byNumber('place_id=1&price_min=0&limit=100');
    expect(all.length).toBeGreaterThan(600);
    const last = await list(`place_id=1&price_min=0&limit=100&page=${Math.ceil(all.length / 100)}`);
    expect(last.body.meta).toMatchObject({ total: 500, total_capped: true, next_cursor: null });
    expect(last.body.meta.last_page).toBe(last.body.meta.current_page);
  });

  it('a place listing keeps its exact total beyond 500', async () => {
    const { body } = await list('place_id=1&limit=1');
    expect(body.meta.total).toBeGreaterThan(600);
    expect(body.meta.total_capped).toBe(false);
  });

  it.each([
    ['newest first', 'place_id=1&price_min=0'],
    ['by price', 'place_id=1&sort=price'],
    ['by price, the other way', 'place_id=1&sort=price&sortDirection=desc'],
    ['by date, ideas without departures last', 'place_id=1&sort=date'],
    ['by rating, ideas without reviews last', 'place_id=1&sort=rating&sortDirection=asc'],
    ['home rows (quality)', 'place_id=1&sort=quality'],
    ['a text search', 'place_id=1&query=маяк&limit=5'],
  ])('pages read from cursors list the same ideas in the same order as numbered pages: %s', async (_, query) => {
    const paged = query.includes('limit=') ? query : `${query}&limit=100`;
    const numbered = await byNumber(paged);
    expect(numbered.length).toBeGreaterThan(10);
    expect(await byCursor(paged)).toEqual(numbered);
    expect(new Set(numbered).size).toBe(numbered.length);
  });

  it('a cursor of another order, or not a cursor at all, is a 422 naming it', async () => {
    const { body } = await list('place_id=1&limit=5');
    for (const query of [
      `place_id=1&limit=5&sort=price&cursor=${body.meta.next_cursor}`,
      'place_id=1&cursor=not-a-cursor',
      `place_id=1&cursor=${Buffer.from('{"s":"default.default","v":"x"}').toString('base64url')}`,
    ]) {
      const answer = await list(query);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.cursor).toBeDefined();
    }
  });
});

describe('GET /ideas/markers past 500', () => {
  it('gives the first 500 pins and says more match', async () => {
    const { status, body } = await call(listMarkers, '/api/v1/ideas/markers?place_id=1');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(500);
    expect(body.meta).toEqual({ total: 500, total_capped: true, limit: 500 });
  });
});
