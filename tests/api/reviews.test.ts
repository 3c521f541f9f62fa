import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as book } from '@/app/api/v1/bookings/route';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { GET as ideaDetail } from '@/app/api/v1/ideas/[id]/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as ideaReviews, POST as postReview } from '@/app/api/v1/ideas/[id]/reviews/route';
import { POST as hide } from '@/app/api/v1/reviews/[hid]/hide/route';
import { PUT as reply } from '@/app/api/v1/reviews/[hid]/reply/route';
import { GET as userBookings } from '@/app/api/v1/users/[id]/bookings/route';
import { bookings, ideaDates, ideas, reviews, users } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { DEMO_TRAVELLER } from '@/lib/server/demo/content/reviews';
import { bayesianRating } from '@/lib/reviews/rules';
import { refreshIdeaRating } from '@/lib/server/reviews/idea-rating';
import { call, apiDatabaseForFile, signInHeaders } from '../support/api';

const database = apiDatabaseForFile();

const traveller = () => signInHeaders(DEMO_TRAVELLER.email, AUTHOR_PASSWORD);
const author = (index: number) => signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);
const moderator = () => signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);

async function travellerId() {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_TRAVELLER.email));
  return row.id;
}

/** The demo traveller's ended, unreviewed bookings (the seed gives six). */
async function endedBookings() {
  return database.db
    .select({ hid: bookings.hid, ideaId: bookings.ideaId, ideaHid: ideas.hid })
    .from(bookings)
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(and(eq(bookings.userId, await travellerId()), isNull(reviews.id)))
    .orderBy(bookings.id);
}

/** The average and count of visible reviews, computed here from the rows. */
async function expectedRating(ideaId: number) {
  const [row] = await database.db
    .select({
      avg: sql<number | null>`round(avg(${reviews.rating})::numeric, 1)::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.ideaId, ideaId), isNull(reviews.hiddenAt)));
  return { rating: row.avg, reviews_count: row.count };
}

async function ideaAttributes(hid: string) {
  const { body } = await call(ideaDetail, `/api/v1/ideas/${hid}`, { params: { id: hid } });
  return body.data.attributes;
}

const review = (ideaHid: string, headers: Record<string, string> | undefined, json: unknown) =>
  call(postReview, `/api/v1/ideas/${ideaHid}/reviews`, { params: { id: ideaHid }, headers, json });

describe('reviews', () => {
  it('seeds reviews whose rating and count match the ideas', async () => {
    const [seeded] = await database.db.select({ count: sql<number>`count(*)::int` }).from(reviews);
    expect(seeded.count).toBeGreaterThan(100);
    const withReviews = await database.db
      .select()
      .from(ideas)
      .where(sql`${ideas.reviewsCount} > 0`);
    expect(withReviews.length).toBeGreaterThan(SEED_IDEAS.length / 2);
    for (const idea of withReviews.slice(0, 5)) {
      expect({ rating: idea.rating, reviews_count: idea.reviewsCount }).toEqual(await expectedRating(idea.id));
    }
  });

  it("says when each of the traveller's trips ends, which is when it can be reviewed", async () => {
    const id = String(await travellerId());
    const { body } = await call(userBookings, `/api/v1/users/${id}/bookings?when=all`, {
      params: { id },
      headers: await traveller(),
    });
    expect(body.data.length).toBeGreaterThan(0);
    const durations = new Map(
      (await database.db.select({ id: ideas.id, minutes: ideas.durationMinutes }).from(ideas)).map((i) => [
        i.id,
        i.minutes ?? 0,
      ]),
    );
    for (const booking of body.data) {
      const { starts_at, ends_at, can_review } = booking.attributes;
      const minutes = durations.get(booking.relationships.idea.data.id)!;
      expect(Date.parse(ends_at) - Date.parse(starts_at)).toBe(minutes * 60_000);
      if (can_review) expect(Date.parse(ends_at)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('lets the traveller review an ended trip once; the idea shows the new average at once', async () => {
    const headers = await traveller();
    const mine = await call(userBookings, `/api/v1/users/${await travellerId()}/bookings?when=past`, {
      params: { id: String(await travellerId()) },
      headers,
    });
    const [target] = await endedBookings();
    const listed = mine.body.data.find((b: any) => b.hid === target.hid);
    expect(listed.attributes).toMatchObject({ can_review: true, review: null });

    const before = await ideaAttributes(target.ideaHid);
    const created = await review(target.ideaHid, headers, {
      booking_hid: target.hid,
      rating: 1,
      text: 'Совсем не то, что обещали в описании.',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({ rating: 1, reply: null, reviewer_name: DEMO_TRAVELLER.name });
    expect(created.body.data.attributes.departure_month).toMatch(/^\d{4}-\d{2}$/);

    const after = await ideaAttributes(target.ideaHid);
    expect(after.reviews_count).toBe(before.reviews_count + 1);
    expect(after).toMatchObject(await expectedRating(target.ideaId));
    expect(after.rating).toBeLessThan(before.rating ?? 6);

    const page = await call(ideaReviews, `/api/v1/ideas/${target.ideaHid}/reviews`, {
      params: { id: target.ideaHid },
    });
    expect(page.body.data[0].hid).toBe(created.body.data.hid);
    expect(page.body.meta).toMatchObject({ total: after.reviews_count, rating: after.rating });

    const again = await review(target.ideaHid, headers, { booking_hid: target.hid, rating: 5, text: 'Второй отзыв.' });
    expect(again.status).toBe(409);
    expect(again.contentType).toContain('application/problem+json');

    const rebooked = await call(userBookings, `/api/v1/users/${await travellerId()}/bookings?when=past`, {
      params: { id: String(await travellerId()) },
      headers,
    });
    expect(rebooked.body.data.find((b: any) => b.hid === target.hid).attributes).toMatchObject({
      can_review: false,
      review: { hid: created.body.data.hid, rating: 1 },
    });
  });

  it('refuses anyone without a completed booking of theirs (403), and anonymous callers (401)', async () => {
    const [target] = await endedBookings();
    const body = { booking_hid: target.hid, rating: 5, text: 'Отличная поездка, всем советую!' };
    // Someone else's booking.
    expect((await review(target.ideaHid, await author(3), body)).status).toBe(403);
    expect((await review(target.ideaHid, undefined, body)).status).toBe(401);
    // The booking belongs to another idea.
    const other = SEED_IDEAS.findIndex((i, index) => i.status === 'published' && index + 1 !== target.ideaId);
    const [{ hid: otherHid }] = await database.db
      .select({ hid: ideas.hid })
      .from(ideas)
      .where(eq(ideas.id, other + 1));
    expect((await review(otherHid, await traveller(), body)).status).toBe(403);
  });

  it('refuses a trip that has not ended yet, and a cancelled one (403)', async () => {
    const headers = await traveller();
    const ideaIndex = SEED_IDEAS.findIndex((i) => i.status === 'published' && i.maxPersons >= 2);
    const { body: idea } = await call(ideaDetail, `/api/v1/ideas/${ideaIndex + 1}`, {
      params: { id: String(ideaIndex + 1) },
    });
    const date = idea.data.relationships.futureDates.data[0];
    const made = await call(book, '/api/v1/bookings', {
      headers,
      json: {
        idea_id: idea.data.id,
        idea_date_id: date.id,
        adults: 1,
        contact: { name: 'Мария', phone: '+79141112233' },
      },
    });
    expect(made.status).toBe(201);
    const text = { rating: 5, text: 'Ещё не съездили, но уже нравится.' };
    expect((await review(idea.data.hid, headers, { booking_hid: made.body.data.hid, ...text })).status).toBe(403);

    // Cancelled, then the departure moves into the past: still no review.
    expect(
      (
        await call(cancel, `/api/v1/bookings/${made.body.data.hid}/cancel`, {
          params: { hid: made.body.data.hid },
          headers,
        })
      ).status,
    ).toBe(200);
    const [past] = await database.db
      .insert(ideaDates)
      .values({
        ideaId: idea.data.id,
        startsAt: new Date(Date.now() - 30 * 24 * 3_600_000),
        localStartMinute: 600,
        seatsTotal: 10,
        seatsLeft: 10,
      })
      .returning();
    await database.db.update(bookings).set({ ideaDateId: past.id }).where(eq(bookings.hid, made.body.data.hid));
    const refused = await review(idea.data.hid, headers, { booking_hid: made.body.data.hid, ...text });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/cancelled/);
  });

  it("refuses a guide's review of their own idea with 409, even with a completed booking of it from before", async () => {
    // A guide's booking of their own idea, as could be made before bookings refused them: an ended trip.
    const [target] = await endedBookings();
    const { id: _id, ...source } = (await database.db.select().from(bookings).where(eq(bookings.hid, target.hid)))[0];
    const [idea] = await database.db.select().from(ideas).where(eq(ideas.id, target.ideaId));
    const [guide] = await database.db.select().from(users).where(eq(users.id, idea.authorId));
    await database.db.insert(bookings).values({ ...source, hid: 'OwnTripOfTheGuide', userId: guide.id });
    const headers = await signInHeaders(guide.email!, AUTHOR_PASSWORD);

    const own = await review(target.ideaHid, headers, {
      booking_hid: 'OwnTripOfTheGuide',
      rating: 5,
      text: 'Лучшая поездка, которую я сам и провёл.',
    });
    expect(own.status).toBe(409);
    expect(own.contentType).toContain('application/problem+json');
    expect(own.body.detail).toBe('You cannot review your own idea.');
    expect(await database.db.select().from(reviews).where(eq(reviews.authorId, guide.id))).toEqual([]);
    expect(await ideaAttributes(target.ideaHid)).toMatchObject({
      rating: idea.rating,
      reviews_count: idea.reviewsCount,
    });
    // Their bookings do not offer it either.
    const past = await call(userBookings, `/api/v1/users/${guide.id}/bookings?when=past&limit=100`, {
      params: { id: String(guide.id) },
      headers,
    });
    expect(past.body.data.find((b: any) => b.hid === 'OwnTripOfTheGuide').attributes.can_review).toBe(false);
  });

  it('answers bad input with 422 naming the fields', async () => {
    const [target] = await endedBookings();
    const headers = await traveller();
    for (const body of [
      { booking_hid: target.hid, rating: 6, text: 'Хорошая поездка, спасибо!' },
      { booking_hid: target.hid, rating: 4.5, text: 'Хорошая поездка, спасибо!' },
      { booking_hid: target.hid, rating: 5, text: 'Коротко' },
      { booking_hid: target.hid, rating: 5, text: 'а'.repeat(2001) },
      { rating: 5, text: 'Хорошая поездка, спасибо!' },
    ]) {
      const answer = await review(target.ideaHid, headers, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(Object.keys(answer.body.errors).length).toBeGreaterThan(0);
    }
    const page = await call(ideaReviews, `/api/v1/ideas/${target.ideaHid}/reviews?page=0`, {
      params: { id: target.ideaHid },
    });
    expect(page.status).toBe(422);
    expect(page.body.errors.page).toBeDefined();
    const unknown = await call(ideaReviews, '/api/v1/ideas/9999/reviews', { params: { id: '9999' } });
    expect(unknown.status).toBe(404);
  });

  it("pages the idea's reviews, those in the reader's language first and newest first within each, every visible review once", async () => {
    const [idea] = await database.db
      .select()
      .from(ideas)
      .where(sql`${ideas.reviewsCount} > 6`)
      .limit(1);
    const page = (n: number) =>
      call(ideaReviews, `/api/v1/ideas/${idea.hid}/reviews?page=${n}&limit=3`, { params: { id: idea.hid } });
    const pages = [];
    const first = await page(1);
    expect(first.body.meta).toMatchObject({ per_page: 3, total: idea.reviewsCount, reviews_count: idea.reviewsCount });
    for (let n = 1; n <= first.body.meta.last_page; n++) pages.push(...(await page(n)).body.data);
    expect(pages).toHaveLength(idea.reviewsCount);
    const order = pages.map((r: any) => [r.attributes.language === 'ru' ? 0 : 1, -Date.parse(r.attributes.created_at)]);
    expect([...order].sort(([a1, a2], [b1, b2]) => a1 - b1 || a2 - b2)).toEqual(order);
    expect(pages[0].attributes).toHaveProperty('reviewer_name');
    expect(pages[0].attributes).not.toHaveProperty('hidden');
  });

  it('keeps the language a review is written in; lists one language on request, counting each', async () => {
    const [, target] = await endedBookings();
    const created = await review(target.ideaHid, await traveller(), {
      booking_hid: target.hid,
      rating: 5,
      text: 'A wonderful day out, and the guide knew every story.',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.language).toBe('en');
    const [stored] = await database.db.select().from(reviews).where(eq(reviews.hid, created.body.data.hid));
    expect(stored.language).toBe('en');

    const list = (query: string) =>
      call(ideaReviews, `/api/v1/ideas/${target.ideaHid}/reviews?${query}`, { params: { id: target.ideaHid } });
    const english = await list('language=en&locale=en');
    expect(english.status).toBe(200);
    expect(english.body.data.length).toBeGreaterThan(0);
    expect(english.body.data.every((r: any) => r.attributes.language === 'en')).toBe(true);
    expect(english.body.data.map((r: any) => r.hid)).toContain(created.body.data.hid);
    const counts = Object.fromEntries(english.body.meta.languages.map((l: any) => [l.language, l.count]));
    expect(english.body.meta.total).toBe(counts.en);
    expect(english.body.meta.reviews_count).toBe(Object.values(counts).reduce((a: any, b: any) => a + b, 0));
    // The reader's language comes first: an English reader sees the English review before the Russian ones.
    const all = await list('locale=en&limit=50');
    expect(all.body.data[0].attributes.language).toBe('en');
    expect(english.body.meta.languages[0].language).toBe('en');
    // The reviewer's name in the reader's script.
    expect(all.body.data[0].attributes.reviewer_name).not.toMatch(/[а-яё]/i);

    const bad = await list('language=fr');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('language');
  });

  it("lets only the idea's author reply, once", async () => {
    const [row] = await database.db
      .select({ hid: reviews.hid, authorIndex: ideas.authorId })
      .from(reviews)
      .innerJoin(ideas, eq(ideas.id, reviews.ideaId))
      .where(and(isNull(reviews.replyText), isNull(reviews.hiddenAt)))
      .limit(1);
    const path = `/api/v1/reviews/${row.hid}/reply`;
    const put = (headers: Record<string, string> | undefined, json: unknown) =>
      call(reply, path, { params: { hid: row.hid }, headers, method: 'PUT', json });
    const owner = await author(row.authorIndex - 1);
    const stranger = await author(row.authorIndex % SEED_AUTHORS.length);
    expect((await put(stranger, { text: 'Спасибо!' })).status).toBe(403);
    expect((await put(undefined, { text: 'Спасибо!' })).status).toBe(401);
    expect((await put(owner, { text: '' })).status).toBe(422);
    const answered = await put(owner, { text: 'Спасибо, приезжайте ещё!' });
    expect(answered.status).toBe(200);
    expect(answered.body.data.attributes.reply.text).toBe('Спасибо, приезжайте ещё!');
    expect((await put(owner, { text: 'И ещё раз спасибо!' })).status).toBe(409);
    const missing = await call(reply, '/api/v1/reviews/zzzzzzzz/reply', {
      params: { hid: 'zzzzzzzz' },
      headers: owner,
      method: 'PUT',
      json: { text: 'Спасибо!' },
    });
    expect(missing.status).toBe(404);
  });

  it('lets moderators hide a review; the average and count leave it out', async () => {
    const [idea] = await database.db
      .select()
      .from(ideas)
      .where(sql`${ideas.reviewsCount} > 3`)
      .limit(1);
    const [target] = await database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.ideaId, idea.id), isNull(reviews.hiddenAt)))
      .orderBy(sql`${reviews.rating} asc`, reviews.id)
      .limit(1);
    const post = (headers: Record<string, string> | undefined, json: unknown) =>
      call(hide, `/api/v1/reviews/${target.hid}/hide`, { params: { hid: target.hid }, headers, json });
    expect((await post(await author(0), { reason: 'Не нравится' })).status).toBe(403);
    expect((await post(undefined, { reason: 'Не нравится' })).status).toBe(401);
    const mod = await moderator();
    expect((await post(mod, {})).status).toBe(422);
    const hidden = await post(mod, { reason: 'Оскорбления в тексте' });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data.attributes.hidden.reason).toBe('Оскорбления в тексте');
    expect((await post(mod, { reason: 'Ещё раз' })).status).toBe(409);

    const after = await ideaAttributes(idea.hid);
    expect(after.reviews_count).toBe(idea.reviewsCount - 1);
    expect(after).toMatchObject(await expectedRating(idea.id));
    const page = await call(ideaReviews, `/api/v1/ideas/${idea.hid}/reviews?limit=100`, { params: { id: idea.hid } });
    expect(page.body.data.map((r: any) => r.hid)).not.toContain(target.hid);
  });

  it('sorts ideas by the Bayesian average of their reviews, ideas without reviews last', async () => {
    // Every reviewed idea's score from today's site-wide mean (a review refreshes only its own idea's).
    const rated = await database.db
      .select({ id: ideas.id })
      .from(ideas)
      .where(sql`${ideas.reviewsCount} > 0`);
    await database.db.transaction(async (tx) => {
      for (const { id } of rated) await refreshIdeaRating(tx, id);
    });
    const [site] = await database.db
      .select({ mean: sql<number>`avg(${reviews.rating})::float8` })
      .from(reviews)
      .where(isNull(reviews.hiddenAt));
    const exact = await database.db
      .select({
        id: reviews.ideaId,
        average: sql<number>`avg(${reviews.rating})::float8`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(isNull(reviews.hiddenAt))
      .groupBy(reviews.ideaId);
    const score = new Map(exact.map((row) => [row.id, bayesianRating(row.average, row.count, site.mean)!]));

    const { status, body } = await call(listIdeas, '/api/v1/ideas?sort=rating&limit=100&simple_resource=1');
    expect(status).toBe(200);
    const ratedListed = body.data.filter((i: any) => i.attributes.rating !== null);
    expect(ratedListed.length).toBeGreaterThan(0);
    expect(ratedListed.length).toBeLessThan(body.data.length);
    const scores = ratedListed.map((i: any) => score.get(i.id)!);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.data.slice(ratedListed.length).every((i: any) => i.attributes.rating === null)).toBe(true);
    for (const idea of body.data) expect(idea.attributes.reviews_count > 0).toBe(idea.attributes.rating !== null);
    // A perfect score from a handful of reviews does not outrank the same score from many.
    const perfect = ratedListed.filter((i: any) => i.attributes.rating === 5);
    for (let n = 1; n < perfect.length; n++)
      expect(perfect[n].attributes.reviews_count).toBeLessThanOrEqual(perfect[n - 1].attributes.reviews_count);
  });
});
