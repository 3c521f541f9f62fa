import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getIdea } from '@/app/api/v1/ideas/[id]/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { ideaBlockedDays, ideaDates, ideas } from '@/lib/server/db/schema';
import { ideasQuery } from '@/lib/contract/ideas';
import { localDay } from '@/lib/time/local-time';
import { currentContentVersion } from '@/lib/server/cache/answer-cache';
import { listIdeas as listIdeasAt } from '@/lib/server/ideas/query';
import { SEED_PLACES } from '@/lib/server/demo/content/catalog';
import { PRIVATE_IDEAS } from '@/lib/server/demo/content/private-ideas';
import { SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { HOME_SECTIONS, homeSectionParams } from '@/lib/listing/params';
import { call, apiDatabaseForFile } from '../support/api';
import { privateIdeasStarting } from '../support/private-ideas';

const database = apiDatabaseForFile();

/**
 * Seed ideas with their database ids (the seed numbers them in order); a private idea has its group's price and no
 * departures of its own.
 */
const seeded = SEED_IDEAS.map((idea, index) => ({
  ...idea,
  id: index + 1,
  price: PRIVATE_IDEAS.get(idea.key)?.groupPrice ?? idea.price,
  departures: !PRIVATE_IDEAS.has(idea.key),
}));

function placeTree(rootId: number): Set<number> {
  const tree = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const place of SEED_PLACES) {
      if (tree.has(place.parentId) && !tree.has(place.id)) {
        tree.add(place.id);
        grew = true;
      }
    }
  }
  return tree;
}
const vladivostok = placeTree(7);
const publishedIn = (tree: Set<number>) => seeded.filter((i) => i.status === 'published' && tree.has(i.placeId));

const list = async (query = '', headers?: Record<string, string>) =>
  call(listIdeas, `/api/v1/ideas${query ? `?${query}` : ''}`, { headers });
const ids = (body: any) => body.data.map((i: any) => i.id).sort((a: number, b: number) => a - b);
/** The ids of a listing and the private ideas offering a start (tests/api/private-listing.test.ts), in order. */
async function withPrivate(
  listed: number[],
  from: string,
  to: string,
  timeOfDay?: 'morning' | 'day' | 'evening',
  now?: Date,
) {
  const blocked = await database.db.select().from(ideaBlockedDays);
  return [...listed, ...privateIdeasStarting(blocked, from, to, timeOfDay, now)].sort((a, b) => a - b);
}
const allPages = async (query: string) => {
  const first = await list(`${query}&limit=100`);
  expect(first.body.meta.last_page).toBe(1);
  return first.body;
};

describe('GET /ideas: the default listing', () => {
  it('lists published ideas of Vladivostok and the places under it, newest first, 40 a page', async () => {
    const { status, body } = await list();
    const expected = publishedIn(vladivostok);
    expect(status).toBe(200);
    expect(body.meta).toEqual({
      current_page: 1,
      per_page: 40,
      total: expected.length,
      last_page: Math.ceil(expected.length / 40),
      total_capped: false,
      next_cursor: expected.length > 40 ? expect.any(String) : null,
    });
    expect(body.data.length).toBe(Math.min(40, expected.length));
    expect(
      body.data.every((i: any) => i.attributes.status === 'published' && vladivostok.has(i.attributes.place_id)),
    ).toBe(true);
    const published = body.data.map((i: any) => i.attributes.published_at);
    expect([...published].sort().reverse()).toEqual(published);
  });

  it('carries price, author and future dates by default', async () => {
    const { body } = await list('limit=3');
    const [idea] = body.data;
    expect(idea.relationships.price.data).toMatchObject({ currency: 'RUB', symbol: '₽' });
    expect(idea.relationships.author.data).toMatchObject({
      type: 'users',
      attributes: { profile_hid: expect.any(String) },
    });
    expect(idea.relationships.futureDates.data.length).toBeGreaterThan(0);
    expect(idea.relationships.photos).toBeUndefined();
    const dates = idea.relationships.futureDates.data.map((d: any) => d.attributes.starts_at);
    expect(dates.every((d: string) => new Date(d) > new Date())).toBe(true);
    expect(idea.attributes.next_date).toBe(dates[0]);
  });

  it('carries the price details and booking bounds when asked, as the idea itself does', async () => {
    const { body } = await list('limit=5&include=ideaPrice,bookingParams');
    expect(body.data).toHaveLength(5);
    for (const idea of body.data) {
      const own = await call(getIdea, `/api/v1/ideas/${idea.id}?include=ideaPrice,bookingParams`, {
        params: { id: String(idea.id) },
      });
      expect(idea.relationships).toEqual(own.body.data.relationships);
      expect(idea.relationships.bookingParams.data.max_persons).toBeGreaterThan(0);
    }
  });

  it('includes children of the chosen place, and the whole region from the top', async () => {
    const russky = await allPages('place_id=8');
    expect(ids(russky)).toEqual(publishedIn(placeTree(8)).map((i) => i.id));
    const region = await list('place_id=1&limit=100');
    expect(region.body.meta.total).toBe(seeded.filter((i) => i.status === 'published').length);
  });

  it('pages correctly up to the last page and beyond it', async () => {
    const total = publishedIn(placeTree(1)).length;
    const limit = 7;
    const lastPage = Math.ceil(total / limit);
    const last = await list(`place_id=1&limit=${limit}&page=${lastPage}`);
    expect(last.body.meta).toEqual({
      current_page: lastPage,
      per_page: limit,
      total,
      last_page: lastPage,
      total_capped: false,
      next_cursor: null,
    });
    expect(last.body.data.length).toBe(total - (lastPage - 1) * limit);
    const beyond = await list(`place_id=1&limit=${limit}&page=${lastPage + 1}`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.last_page).toBe(lastPage);
    const everyId = new Set<number>();
    for (let page = 1; page <= lastPage; page++)
      for (const idea of (await list(`place_id=1&limit=${limit}&page=${page}`)).body.data) everyId.add(idea.id);
    expect(everyId.size).toBe(total);
  });
});

describe('GET /ideas: every filter narrows the results', () => {
  const region = 'place_id=1';

  it('category_id and idea_type_id', async () => {
    const weekend = await allPages(`${region}&category_id=2`);
    expect(ids(weekend)).toEqual(seeded.filter((i) => i.status === 'published' && i.categoryId === 2).map((i) => i.id));
    const tours = await allPages(`${region}&idea_type_id=2`);
    expect(ids(tours)).toEqual(seeded.filter((i) => i.status === 'published' && i.ideaTypeId === 2).map((i) => i.id));
  });

  it('price_min and price_max', async () => {
    const body = await allPages(`${region}&price_min=2000&price_max=5000`);
    expect(ids(body)).toEqual(
      seeded.filter((i) => i.status === 'published' && i.price >= 2000 && i.price <= 5000).map((i) => i.id),
    );
  });

  it('languages: ideas whose guide speaks any of them', async () => {
    const body = await allPages(`${region}&languages=zh`);
    expect(ids(body)).toEqual(
      seeded.filter((i) => i.status === 'published' && i.languages.includes('zh')).map((i) => i.id),
    );
    expect(body.data.length).toBeGreaterThan(0);
  });

  it('query: case-insensitive text in any language, Chinese included', async () => {
    const sample = seeded.find((i) => i.status === 'published')!;
    for (const text of [
      sample.title.ru.split(' ')[0].toUpperCase(),
      sample.title.en.split(' ').slice(-1)[0],
      sample.title.zh.slice(0, 2),
    ]) {
      const body = await allPages(`${region}&query=${encodeURIComponent(text)}`);
      expect(ids(body)).toContain(sample.id);
    }
    expect((await list(`${region}&query=zzzxqv`)).body.meta.total).toBe(0);
  });

  it('date_from/date_to and checkin/checkout: a departure inside the range (a missing end means the same day)', async () => {
    const [date] = await database.db
      .select()
      .from(ideaDates)
      .where(eq(ideaDates.ideaId, seeded.find((i) => i.status === 'published')!.id))
      .limit(1);
    const day = new Date(date.startsAt.getTime() + 10 * 3_600_000).toISOString().slice(0, 10);
    const everyDate = await database.db.select().from(ideaDates);
    const onDay = new Set(
      everyDate
        .filter((d) => new Date(d.startsAt.getTime() + 10 * 3_600_000).toISOString().slice(0, 10) === day)
        .map((d) => d.ideaId),
    );
    const expected = await withPrivate(
      seeded.filter((i) => i.status === 'published' && onDay.has(i.id)).map((i) => i.id),
      day,
      day,
    );
    expect(ids(await allPages(`${region}&date_from=${day}`))).toEqual(expected);
    expect(ids(await allPages(`${region}&checkin=${day}&checkout=${day}`))).toEqual(expected);
    expect(ids(await allPages(`${region}&date_from=${day}&date_to=${day}`))).toEqual(expected);
  });

  it('time_of_day by the local start time of a departure', async () => {
    const band = (time: string) => {
      const [h] = time.split(':').map(Number);
      return h < 12 ? 'morning' : h < 17 ? 'day' : 'evening';
    };
    for (const timeOfDay of ['morning', 'day', 'evening'] as const) {
      const body = await allPages(`${region}&time_of_day=${timeOfDay}`);
      const groups = seeded.filter((i) => i.status === 'published' && i.departures && band(i.startTime) === timeOfDay);
      const [from, to] = [localDay(new Date()), localDay(new Date(Date.now() + 364 * 86_400_000))];
      expect(ids(body)).toEqual(
        await withPrivate(
          groups.map((i) => i.id),
          from,
          to,
          timeOfDay,
        ),
      );
    }
  });

  it('adults and children: enough seats left and allowed by the booking parameters', async () => {
    const body = await allPages(`${region}&adults=2&children=1`);
    const rows = await database.db.select().from(ideaDates);
    const withSeats = new Set(rows.filter((d) => d.seatsLeft >= 3 && d.startsAt > new Date()).map((d) => d.ideaId));
    const fits = (i: (typeof seeded)[number]) => i.status === 'published' && i.childrenAllowed && i.maxPersons >= 3;
    // A private idea has no seats: its group of up to maxPersons books the guide.
    const expected = seeded.filter((i) => fits(i) && (withSeats.has(i.id) || !i.departures)).map((i) => i.id);
    expect(ids(body)).toEqual(expected);
    const big = await list(`${region}&adults=40`);
    expect(big.body.meta.total).toBe(0);
  });

  it('gps position with search_type=nearby: nearest first, with the distance', async () => {
    const { body } = await list('gps_lat=42.65&gps_lon=131.2&search_type=nearby&limit=10');
    const distances = body.data.map((i: any) => i.attributes.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body.data[0].attributes.distance_km).toBeLessThan(20);
  });

  it('sort by price both ways', async () => {
    const asc = (await list(`${region}&sort=price&sortDirection=asc&limit=100`)).body.data.map(
      (i: any) => i.relationships.price.data.amount,
    );
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list(`${region}&sort=price&sortDirection=desc&limit=100`)).body.data.map(
      (i: any) => i.relationships.price.data.amount,
    );
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
  });

  it('simple_resource gives the compact card payload', async () => {
    const { body } = await list('simple_resource=1&limit=7&category_id=2&place_id=1');
    expect(body.data.length).toBeLessThanOrEqual(7);
    expect(Object.keys(body.data[0].relationships)).toEqual(['price']);
    expect(body.data[0].attributes.cover_url).toMatch(/^\/media\/.+-cover\.webp$/);
  });
});

describe('GET /ideas: date ranges follow the departures', () => {
  const region = 'place_id=1';
  const publishedIds = new Set(seeded.filter((i) => i.status === 'published').map((i) => i.id));
  /** Published ideas with a departure from `now` on whose local day lies in [from, to]. */
  async function expectedBetween(from: string, to: string, now = new Date()) {
    const rows = await database.db.select().from(ideaDates);
    const matching = rows
      .filter((d) => d.startsAt >= now && localDay(d.startsAt) >= from && localDay(d.startsAt) <= to)
      .map((d) => d.ideaId);
    const groups = [...new Set(matching)].filter((id) => publishedIds.has(id));
    return withPrivate(groups, from, to, undefined, now);
  }
  const inDays = (days: number) => localDay(new Date(Date.now() + days * 86_400_000));

  it('a range of several days lists every idea with a departure on any of them', async () => {
    const [from, to] = [inDays(3), inDays(12)];
    const expected = await expectedBetween(from, to);
    expect(expected.length).toBeGreaterThan(1);
    expect(ids(await allPages(`${region}&date_from=${from}&date_to=${to}`))).toEqual(expected);
  });

  it('a range reaching into the past counts only departures still ahead, and a past range finds nothing', async () => {
    const [from, to] = [inDays(-5), inDays(4)];
    expect(ids(await allPages(`${region}&date_from=${from}&date_to=${to}`))).toEqual(await expectedBetween(from, to));
    expect((await list(`${region}&date_from=${inDays(-9)}&date_to=${inDays(-2)}`)).body.meta.total).toBe(0);
  });

  it('a departure that left earlier today no longer counts for today', async () => {
    const idea = seeded.find((i) => i.status === 'published')!;
    const day = inDays(210); // no seeded departures this far ahead
    const now = new Date(`${day}T02:00:00Z`); // noon in Vladivostok
    const query = ideasQuery.parse({ place_id: '1', date_from: day });
    const listed = async () => (await listIdeasAt(query, 'ru', null, now)).data.map((i) => i.id);
    const [departure] = await database.db
      .insert(ideaDates)
      .values({
        ideaId: idea.id,
        startsAt: new Date(now.getTime() - 3_600_000),
        localStartMinute: 660,
        seatsTotal: 5,
        seatsLeft: 5,
      })
      .returning();
    try {
      expect(await listed()).toEqual([]);
      await database.db
        .update(ideaDates)
        .set({ startsAt: new Date(now.getTime() + 3_600_000), localStartMinute: 780 })
        .where(eq(ideaDates.id, departure.id));
      expect(await listed()).toEqual([idea.id]);
    } finally {
      await database.db.delete(ideaDates).where(eq(ideaDates.id, departure.id));
    }
  });

  it('moving, adding and removing departures moves the idea between days at once', async () => {
    const idea = seeded.find((i) => i.status === 'published')!;
    const quietDay = inDays(200);
    const onQuietDay = async () => ids(await allPages(`${region}&date_from=${quietDay}`));
    const privateOn = async (day: string) => withPrivate([], day, day);
    expect(await onQuietDay()).toEqual(await privateOn(quietDay));

    const [added] = await database.db
      .insert(ideaDates)
      .values({
        ideaId: idea.id,
        startsAt: new Date(`${quietDay}T00:00:00Z`),
        localStartMinute: 600,
        seatsTotal: 4,
        seatsLeft: 4,
      })
      .returning();
    expect(await onQuietDay()).toEqual(await withPrivate([idea.id], quietDay, quietDay));

    await database.db
      .update(ideaDates)
      .set({ startsAt: new Date(`${inDays(201)}T00:00:00Z`) })
      .where(eq(ideaDates.id, added.id));
    expect(await onQuietDay()).toEqual(await privateOn(quietDay));
    expect(ids(await allPages(`${region}&date_from=${inDays(201)}`))).toEqual(
      await withPrivate([idea.id], inDays(201), inDays(201)),
    );

    await database.db.delete(ideaDates).where(eq(ideaDates.id, added.id));
    expect(ids(await allPages(`${region}&date_from=${inDays(201)}`))).toEqual(await privateOn(inDays(201)));
  });

  it('a range wider than a year still finds every idea with a departure in it', async () => {
    const [from, to] = [inDays(1), inDays(500)];
    expect(ids(await allPages(`${region}&date_from=${from}&date_to=${to}`))).toEqual(await expectedBetween(from, to));
  });
});

describe('GET /ideas: the moderation queue', () => {
  it('is closed to anonymous visitors', async () => {
    const { status, contentType } = await list('f=not-moderated');
    expect(status).toBe(401);
    expect(contentType).toContain('application/problem+json');
  });

  it('never lists not-moderated ideas to the public', async () => {
    const body = await allPages('place_id=1');
    const hidden = seeded.filter((i) => i.status === 'not-moderated').map((i) => i.id);
    expect(hidden.length).toBeGreaterThan(0);
    expect(ids(body).filter((id: number) => hidden.includes(id))).toEqual([]);
  });
});

describe('GET /ideas: bad parameters are 422 naming the field', () => {
  const cases: [string, string][] = [
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['limit=101', 'limit'],
    ['sort=cheapest', 'sort'],
    ['sortDirection=up', 'sortDirection'],
    ['include=price,owner', 'include'],
    ['category_id=-3', 'category_id'],
    ['place_id=1.5', 'place_id'],
    ['date_from=2026-02-30', 'date_from'],
    ['date_from=2026-05-10&date_to=2026-05-01', 'date_to'],
    ['time_of_day=night', 'time_of_day'],
    ['adults=-1', 'adults'],
    ['price_min=5000&price_max=100', 'price_max'],
    ['languages=ru,fr', 'languages'],
    ['gps_lat=95&gps_lon=10', 'gps_lat'],
    ['gps_lat=43', 'gps_lon'],
    ['search_type=nearby', 'gps_lat'],
    ['f=all', 'f'],
    ['simple_resource=yes', 'simple_resource'],
  ];
  it.each(cases)('%s', async (query, field) => {
    const { status, contentType, body } = await list(query);
    expect(status).toBe(422);
    expect(contentType).toContain('application/problem+json');
    expect(body).toMatchObject({ status: 422, title: 'Invalid input' });
    expect(Object.keys(body.errors)).toContain(field);
  });
});

describe('GET /ideas/{id}', () => {
  const published = seeded.find((i) => i.status === 'published')!;

  it('finds an idea by id and by hid, with every detail included', async () => {
    const byId = await call(getIdea, `/api/v1/ideas/${published.id}`, { params: { id: String(published.id) } });
    expect(byId.status).toBe(200);
    const { data } = byId.body;
    expect(data.attributes.title).toBe(published.title.ru);
    expect(data.attributes.description).toBe(published.description.ru);
    for (const relationship of [
      'futureDates',
      'ideaPrice',
      'bookingParams',
      'ideaItineraries',
      'photos',
      'author',
      'place',
      'category',
    ]) {
      expect(data.relationships).toHaveProperty(relationship);
    }
    expect(data.relationships.ideaItineraries.data).toHaveLength(published.itinerary.length);
    expect(data.relationships.bookingParams.data).toEqual({
      min_persons: published.minPersons,
      max_persons: published.maxPersons,
      children_allowed: published.childrenAllowed,
    });
    expect(data.relationships.ideaPrice.data).toMatchObject({
      amount: published.price,
      child_amount: published.childPrice,
      currency: 'RUB',
    });
    expect(data.relationships.futureDates.data[0].attributes).toEqual({
      starts_at: expect.any(String),
      seats_total: published.seatsPerDate,
      seats_left: expect.any(Number),
    });
    const byHid = await call(getIdea, `/api/v1/ideas/${data.hid}`, { params: { id: data.hid } });
    expect(byHid.body.data.id).toBe(published.id);
  });

  it('carries every future departure of the idea itself, earliest first, with its own cover, photos and author', async () => {
    // Not the first idea, whose departure ids and photo ids coincide with its own id's neighbours.
    const idea = seeded.filter((i) => i.status === 'published')[3];
    const { body } = await call(getIdea, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
    const departures = await database.db
      .select({ id: ideaDates.id, startsAt: ideaDates.startsAt })
      .from(ideaDates)
      .where(and(eq(ideaDates.ideaId, idea.id), gte(ideaDates.startsAt, new Date()), isNull(ideaDates.cancelledAt)))
      .orderBy(ideaDates.startsAt);
    expect(departures.length).toBeGreaterThan(1);
    expect(body.data.relationships.futureDates.data.map((d: any) => d.id)).toEqual(departures.map((d) => d.id));
    expect(body.data.attributes.next_date).toBe(departures[0].startsAt.toISOString());
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, idea.id));
    const cover = body.data.relationships.photos.data.find((p: any) => p.id === row.coverPhotoId);
    expect(body.data.attributes.cover_url).toBe(cover.attributes.cover_url);
    expect(body.data.relationships.photos.data.map((p: any) => p.attributes.position)).toEqual(
      [...body.data.relationships.photos.data.map((p: any) => p.attributes.position)].sort((a, b) => a - b),
    );
    expect(body.data.relationships.author.data.id).toBe(row.authorId);
  });

  it('answers in the requested language', async () => {
    const { body } = await call(getIdea, `/api/v1/ideas/${published.id}`, {
      params: { id: String(published.id) },
      headers: { Locale: 'zh-CN' },
    });
    expect(body.data.attributes.title).toBe(published.title.zh);
  });

  it('falls back to Russian where a translation is missing', async () => {
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, published.id));
    await database.db
      .update(ideas)
      .set({ title: { ru: row.title.ru, en: '', zh: row.title.zh } })
      .where(eq(ideas.id, published.id));
    const { body } = await call(getIdea, `/api/v1/ideas/${published.id}?locale=en`, {
      params: { id: String(published.id) },
    });
    expect(body.data.attributes.title).toBe(published.title.ru);
    await database.db.update(ideas).set({ title: row.title }).where(eq(ideas.id, published.id));
  });

  it('is a 404 for unknown, unpublished and malformed ids', async () => {
    const hidden = seeded.find((i) => i.status === 'not-moderated')!;
    for (const id of ['999999', String(hidden.id), 'zzzzzz', 'not-an-id']) {
      const { status, contentType } = await call(getIdea, `/api/v1/ideas/${id}`, { params: { id } });
      expect(status).toBe(404);
      expect(contentType).toContain('application/problem+json');
    }
  });

  it('rejects unknown include names with a 422', async () => {
    const { status, body } = await call(getIdea, `/api/v1/ideas/${published.id}?include=photos,secrets`, {
      params: { id: String(published.id) },
    });
    expect(status).toBe(422);
    expect(body.errors).toHaveProperty('include');
  });
});

describe('cached answers follow every change', () => {
  it('every write to the content raises the content version', async () => {
    const before = await currentContentVersion(database.db);
    await database.db
      .update(ideaDates)
      .set({ seatsLeft: sql`seats_left` })
      .where(eq(ideaDates.id, 1));
    expect(await currentContentVersion(database.db)).toBe(before + 1);
  });

  it('a listing shows a new price and a removed idea at once', async () => {
    const idea = seeded.find((i) => i.status === 'published' && vladivostok.has(i.placeId))!;
    const before = await list('limit=100');
    expect(before.body.data.find((i: any) => i.id === idea.id).relationships.price.data.amount).toBe(idea.price);

    await database.db
      .update(ideas)
      .set({ price: idea.price + 111 })
      .where(eq(ideas.id, idea.id));
    const changed = await list('limit=100');
    expect(changed.body.data.find((i: any) => i.id === idea.id).relationships.price.data.amount).toBe(idea.price + 111);

    await database.db.update(ideas).set({ deletedAt: new Date() }).where(eq(ideas.id, idea.id));
    const removed = await list('limit=100');
    expect(removed.body.data.find((i: any) => i.id === idea.id)).toBeUndefined();
    expect(removed.body.meta.total).toBe(before.body.meta.total - 1);
    expect((await call(getIdea, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } })).status).toBe(404);

    await database.db.update(ideas).set({ price: idea.price, deletedAt: null }).where(eq(ideas.id, idea.id));
    expect((await list('limit=100')).body.meta.total).toBe(before.body.meta.total);
  });

  it('the totals of place and category listings follow publishing, moving and removing ideas', async () => {
    // Those totals are summed from listing_counts; filtered by price as well, the ideas themselves are counted.
    const totals = async () => {
      const pairs = [
        ['', 'price_min=0'],
        ['place_id=1', 'place_id=1&price_min=0'],
        ['place_id=1&category_id=2', 'place_id=1&category_id=2&price_min=0'],
        ['place_id=1&category_id=5', 'place_id=1&category_id=5&price_min=0'],
      ];
      const results = await Promise.all(
        pairs.map(async ([stored, counted]) => [
          (await list(stored)).body.meta.total,
          (await list(counted)).body.meta.total,
        ]),
      );
      for (const [stored, counted] of results) expect(stored).toBe(counted);
      return results.map(([stored]) => stored);
    };
    const [a, b] = seeded.filter((i) => i.status === 'published' && vladivostok.has(i.placeId) && i.categoryId !== 2);
    const draft = seeded.find((i) => i.status !== 'published')!;
    const rows = await database.db
      .select()
      .from(ideas)
      .where(sql`${ideas.id} in (${a.id}, ${b.id}, ${draft.id})`);
    const initial = await totals();

    // One statement moves two ideas out of Vladivostok into category 2, and publishes another.
    await database.db
      .update(ideas)
      .set({ placeId: 1, categoryId: 2 })
      .where(sql`${ideas.id} in (${a.id}, ${b.id})`);
    await database.db
      .update(ideas)
      .set({ status: 'published', placeId: 8, categoryId: 5 })
      .where(eq(ideas.id, draft.id));
    const moved = await totals();
    expect(moved[0]).toBe(initial[0] - 2 + 1);
    expect(moved[1]).toBe(initial[1] + 1);
    expect(moved[2]).toBe(initial[2] + 2);

    await database.db.update(ideas).set({ deletedAt: new Date() }).where(eq(ideas.id, a.id));
    await database.db.delete(ideas).where(eq(ideas.id, draft.id));
    expect((await totals())[1]).toBe(initial[1] - 1);

    // The search columns are generated: the database writes them, never a statement.
    const stored = rows.map(
      ({ searchVector: _vector, searchTitleVector: _titleVector, searchTitle: _title, ...row }) => row,
    );
    await database.db.insert(ideas).values(stored.find((r) => r.id === draft.id)!);
    for (const row of stored) await database.db.update(ideas).set(row).where(eq(ideas.id, row.id));
    expect(await totals()).toEqual(initial);
  });

  it('seats left change as soon as a departure is booked', async () => {
    const idea = seeded.find((i) => i.status === 'published')!;
    const first = await call(getIdea, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
    const date = first.body.data.relationships.futureDates.data[0];
    await database.db
      .update(ideaDates)
      .set({ seatsLeft: date.attributes.seats_left - 1 })
      .where(eq(ideaDates.id, date.id));
    const second = await call(getIdea, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
    expect(second.body.data.relationships.futureDates.data[0].attributes.seats_left).toBe(
      date.attributes.seats_left - 1,
    );
  });
});

describe('home rows', () => {
  it.each(HOME_SECTIONS)('the seed fills the %s row with at least 6 ideas', async (section) => {
    const { status, body } = await list(new URLSearchParams(homeSectionParams(section, null)).toString());
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(6);
  });

  it.each(HOME_SECTIONS)('the %s row does not start with its lowest-rated idea', async (section) => {
    const { body } = await list(new URLSearchParams(homeSectionParams(section, null)).toString());
    const ratings = body.data.map((idea: any) => idea.attributes.rating).filter((r: number | null) => r !== null);
    expect(ratings.length).toBeGreaterThan(1);
    expect(body.data[0].attributes.rating ?? Infinity).toBeGreaterThan(Math.min(...ratings));
  });
});
