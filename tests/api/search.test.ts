import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as suggestRoute } from '@/app/api/v1/search/suggest/route';
import { searchTerms, tsqueryText } from '@/lib/listing/search-terms';
import { rowsOf } from '@/lib/server/db/client';
import { SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { tsquery } from '@/lib/server/ideas/search';
import { call, apiDatabaseForFile } from '../support/api';

const database = apiDatabaseForFile();

/** Seed keys by database id (the seed numbers the ideas in order). */
const keyOf = new Map(SEED_IDEAS.map((idea, index) => [index + 1, idea.key]));

/** Every published idea of the region that matches, in the listing's order, as seed keys. */
async function found(query: string, extra = '') {
  const { status, body } = await call(
    listIdeas,
    `/api/v1/ideas?place_id=1&limit=100&query=${encodeURIComponent(query)}${extra}`,
  );
  expect(status).toBe(200);
  expect(body.meta.last_page).toBe(1);
  return body.data.map((idea: { id: number }) => keyOf.get(idea.id)!);
}

/** Real queries and the ideas each must find: inflections, typos, the other script, synonyms, Chinese. */
const QUERIES: [string, string[]][] = [
  // Russian: inflections
  ['маяк', ['tokarevsky-lighthouse-sunset', 'cape-basargin-lighthouse-walk', 'gamov-peninsula-weekend']],
  ['маяки', ['tokarevsky-lighthouse-sunset', 'cape-basargin-lighthouse-walk']],
  ['маяком', ['tokarevsky-lighthouse-sunset']],
  ['русского острова', ['voroshilov-battery-russky', 'russky-island-sea-kayak', 'around-russky-island-boat']],
  ['русский остров', ['voroshilov-battery-russky', 'russky-island-bike-ride']],
  ['каяки', ['russky-island-sea-kayak', 'russky-island-kayak-expedition']],
  ['снегоступах', ['sedanka-winter-forest-snowshoe', 'shkotovo-frozen-waterfalls-snowshoe']],
  ['гребешки', ['sea-urchin-scallop-tasting', 'posyet-scallop-farm-sunset']],
  ['водопады', ['shkotovo-plateau-waterfalls']],
  ['леопарда', ['land-of-the-leopard-trail']],
  ['острова Попова', ['popov-island-boat-trip']],
  ['сапы', ['patrokl-sunset-sup']],
  // Russian: typos and ё
  ['владивасток', ['night-bridges-drive', 'vladivostok-three-days', 'craft-beer-vladivostok']],
  ['фуникулер', ['funicular-and-eagles-nest']],
  ['миллиионка', ['svetlanskaya-and-millionka-walk', 'millionka-asian-food-walk']],
  ['токаревский маяк', ['tokarevsky-lighthouse-sunset']],
  // Russian: synonyms
  ['хайкинг', ['falaza-autumn-hike']],
  ['дайвинг', ['diving-peter-the-great-gulf']],
  // Latin for Russian words
  ['vladivostok', ['night-bridges-drive', 'vladivostok-three-days']],
  ['shamora', ['shamora-beach-day', 'shamora-windsurf-lesson']],
  ['russky', ['voroshilov-battery-russky', 'around-russky-island-boat']],
  ['ussuriysk', ['ussuriysk-day-trip']],
  // English
  ['lighthouses', ['tokarevsky-lighthouse-sunset', 'cape-basargin-lighthouse-walk']],
  ['lighthuose', ['tokarevsky-lighthouse-sunset', 'cape-basargin-lighthouse-walk']],
  ['hiking', ['falaza-autumn-hike']],
  ['kayaking', ['russky-island-sea-kayak']],
  ['scallops', ['sea-urchin-scallop-tasting', 'posyet-scallop-farm-sunset']],
  ['waterfall', ['shkotovo-plateau-waterfalls']],
  ['vladivostock', ['vladivostok-three-days']],
  ['leopards', ['land-of-the-leopard-trail', 'primorsky-safari-park']],
  ['snowshoeing', ['sedanka-winter-forest-snowshoe']],
  ['lake khanka', ['khanka-beaches-weekend', 'khanka-lotus-tour']],
  // Chinese
  ['海参崴', ['svetlanskaya-and-millionka-walk', 'vladivostok-three-days']],
  ['符拉迪沃斯托克', ['night-bridges-drive', 'svetlanskaya-and-millionka-walk']],
  ['俄罗斯岛', ['voroshilov-battery-russky', 'russky-island-sea-kayak', 'russky-island-bike-ride']],
  ['灯塔', ['tokarevsky-lighthouse-sunset', 'cape-basargin-lighthouse-walk', 'gamov-peninsula-weekend']],
  ['兴凯湖', ['khanka-beaches-weekend', 'khanka-lotus-tour']],
  ['潜水', ['diving-peter-the-great-gulf']],
  ['皮划艇', ['russky-island-sea-kayak', 'russky-island-kayak-expedition']],
];

describe('GET /ideas?query=: search that finds what people mean', () => {
  it.each(QUERIES)('%s', async (query, expected) => {
    expect(await found(query)).toEqual(expect.arrayContaining(expected));
  });
});

describe('the stemmed query, each word once', () => {
  // The search sends the three configurations' stemmings combined (search-terms.ts, combinedTsquery): it must match
  // and rank every idea as their plain union did.
  it.each(QUERIES.map(([query]) => query))(
    'matches and ranks as the three configurations together: %s',
    async (query) => {
      for (const prefixLast of [true, false]) {
        const text = tsqueryText(searchTerms(query), { prefixLast });
        const combined = await tsquery(text);
        const three = sql`(to_tsquery('russian', ${text}) || to_tsquery('english', ${text}) || to_tsquery('simple', ${text}))`;
        const rows = rowsOf<Record<string, unknown>>(
          await database.db.execute(sql`select id,
          search_vector @@ ${three} as text_before, search_vector @@ ${combined} as text_after,
          ts_rank_cd(search_title_vector, ${three}, 32) as rank_before, ts_rank_cd(search_title_vector, ${combined}, 32) as rank_after
          from ideas order by id`),
        );
        for (const row of rows) {
          expect(row.text_after, `${query}: idea ${row.id}`).toBe(row.text_before);
          expect(row.rank_after, `${query}: idea ${row.id}`).toBe(row.rank_before);
        }
      }
    },
  );
});

describe('GET /ideas?query=: order and bounds', () => {
  const titleOf = (key: string) => {
    const { title } = SEED_IDEAS.find((idea) => idea.key === key)!;
    return `${title.ru} ${title.en}`.toLowerCase();
  };

  it('sort=default means relevance: ideas with the word in the title come before those with it in the text only', async () => {
    const keys = await found('маяки');
    const inTitle = keys.map((key: string) => /маяк|lighthouse/.test(titleOf(key)));
    expect(inTitle).toContain(true);
    expect(inTitle).toContain(false);
    expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)));
  });

  it('another sort keeps its order over the same matches', async () => {
    const byPrice = await call(listIdeas, `/api/v1/ideas?place_id=1&limit=100&query=маяк&sort=price`);
    const prices = byPrice.body.data.map((idea: any) => idea.relationships.price.data.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(byPrice.body.data.map((idea: { id: number }) => keyOf.get(idea.id)))).toEqual(
      new Set(await found('маяк')),
    );
  });

  it('finds nothing for words in no idea, and for a query of punctuation only', async () => {
    expect(await found('zzzxqv')).toEqual([]);
    expect(await found('?!')).toEqual([]);
  });

  it('pages through the matches with the usual meta', async () => {
    const all = await found('маяк');
    const { body } = await call(listIdeas, `/api/v1/ideas?place_id=1&limit=2&page=2&query=маяк`);
    expect(body.meta).toEqual({
      current_page: 2,
      per_page: 2,
      total: all.length,
      last_page: Math.ceil(all.length / 2),
      total_capped: false,
      next_cursor: all.length > 4 ? expect.any(String) : null,
    });
    expect(body.data.map((idea: { id: number }) => keyOf.get(idea.id))).toEqual(all.slice(2, 4));
  });

  it('a page past the end of the matches is empty and keeps their total', async () => {
    const all = await found('маяк');
    const { status, body } = await call(listIdeas, `/api/v1/ideas?place_id=1&limit=2&page=50&query=маяк`);
    expect(status).toBe(200);
    expect(body.data).toEqual([]);
    expect(body.meta.total).toBe(all.length);
  });
});

describe('GET /search/suggest', () => {
  const suggest = (query: string, locale = 'ru') =>
    call(suggestRoute, `/api/v1/search/suggest?query=${encodeURIComponent(query)}&locale=${locale}`);

  it('offers places, categories and idea titles starting with the letters typed, in the request’s language', async () => {
    const ru = await suggest('влад');
    expect(ru.status).toBe(200);
    expect(ru.body.data.places).toContainEqual({ id: 7, title: 'Владивосток' });
    expect(ru.body.data.ideas.map((idea: { title: string }) => idea.title)).toContain(
      SEED_IDEAS.find((idea) => idea.key === 'vladivostok-three-days')!.title.ru,
    );
    const en = await suggest('vlad', 'en');
    expect(en.body.data.places).toContainEqual({ id: 7, title: 'Vladivostok' });
    const zh = await suggest('海参', 'zh-CN');
    expect(zh.body.data.ideas.length).toBeGreaterThan(0);
    expect(zh.body.data.ideas.every((idea: { title: string }) => idea.title.includes('海参崴'))).toBe(true);
  });

  it('matches inflected words and the other script, at most five of each kind', async () => {
    const lighthouses = await suggest('маяки');
    const keys = lighthouses.body.data.ideas.map((idea: { id: number }) => keyOf.get(idea.id));
    expect(keys).toContain('tokarevsky-lighthouse-sunset');
    expect((await suggest('Gor', 'en')).body.data.categories).toContainEqual({ id: 1, title: 'City' });
    const broad = await suggest('о');
    for (const kind of ['places', 'categories', 'ideas']) expect(broad.body.data[kind].length).toBeLessThanOrEqual(5);
    expect(broad.body.data.ideas).toHaveLength(5);
  });

  it('matches the start of a word, not its middle', async () => {
    const { body } = await suggest('ивосток');
    expect(body.data).toEqual({ places: [], categories: [], ideas: [], correction: null });
  });

  it('an idea suggestion carries the hid that opens it', async () => {
    const { body } = await suggest('токаревск');
    const [idea] = body.data.ideas;
    expect(idea.hid).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(keyOf.get(idea.id)).toBe('tokarevsky-lighthouse-sunset');
  });

  it('an idea suggestion says where the idea is, in the request’s language', async () => {
    const ru = await suggest('токаревск');
    // The lighthouse stands in Egersheld, a district of Vladivostok.
    expect(ru.body.data.ideas[0].place).toBe('Эгершельд');
    const en = await suggest('tokarev', 'en');
    expect(en.body.data.ideas[0].place).toMatch(/^Egersheld?$/);
  });

  it('offers the query spelled right when a word has a typo of a place’s name ("did you mean")', async () => {
    expect((await suggest('владивасток')).body.data.correction).toBe('Владивосток');
    expect((await suggest('маяки владивасток')).body.data.correction).toBe('маяки Владивосток');
    expect((await suggest('vladivastok', 'en')).body.data.correction).toBe('Vladivostok');
    // The search finds "владивасток" by its likeness to titles: the listing has results, and still the correction.
    const listed = await call(listIdeas, `/api/v1/ideas?query=${encodeURIComponent('владивасток')}`);
    expect(listed.body.meta.total).toBeGreaterThan(0);
  });

  it('corrects neither words spelled right, nor words the ideas contain, nor words being typed', async () => {
    for (const query of ['владивосток', 'Владивостоке', 'владив', 'маяки', 'закат', 'о'])
      expect((await suggest(query)).body.data.correction, query).toBeNull();
  });

  it('a missing, blank or too long query is a 422 naming the field', async () => {
    for (const path of ['', '?query=', '?query=%20%20', `?query=${'a'.repeat(101)}`]) {
      const { status, contentType, body } = await call(suggestRoute, `/api/v1/search/suggest${path}`);
      expect(status).toBe(422);
      expect(contentType).toContain('application/problem+json');
      expect(body.errors.query).toBeDefined();
    }
  });
});
