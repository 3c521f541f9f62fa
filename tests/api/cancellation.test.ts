import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { GET as getBooking } from '@/app/api/v1/bookings/[hid]/route';
import { GET as getIdea, PATCH as patchIdea } from '@/app/api/v1/ideas/[id]/route';
import { POST as submit } from '@/app/api/v1/ideas/[id]/submit/route';
import { GET as texts } from '@/app/api/v1/ideas/[id]/texts/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as createEmpty } from '@/app/api/v1/users/[id]/ideas/createAndGetEmpty/route';
import { ideaDates, ideas, photos } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { seedTerms } from '@/lib/server/demo/content/terms';
import { localDay, localStartMinute, localTime } from '@/lib/time/local-time';
import { call, apiDatabaseForFile, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';

const database = apiDatabaseForFile();

const HOUR = 3_600_000;
const signIn = (index: number) => signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);
/** Published ideas of other authors than the traveller (author 0), with the policy the seed gave them. */
const others = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1, ...seedTerms(idea, index) })).filter(
  (i) => i.status === 'published' && i.author !== 0,
);
const withPolicy = (policy: string, skip = 0) => others.filter((i) => i.cancellationPolicy === policy)[skip];

/** A departure of the idea starting `hours` from now, with seats for everyone. */
async function departureIn(ideaId: number, hours: number) {
  const startsAt = new Date(Date.now() + hours * HOUR);
  const [row] = await database.db
    .insert(ideaDates)
    .values({ ideaId, startsAt, localStartMinute: localStartMinute(startsAt), seatsTotal: 20, seatsLeft: 20 })
    .returning();
  return row;
}

async function bookingOn(ideaId: number, dateId: number) {
  const created = await postBooking(await signIn(0), ideaId, dateId, {
    contact: { name: 'Анна', phone: '+79141234567' },
  });
  expect(created.status).toBe(201);
  return created.body.data;
}

async function cancelling(hid: string) {
  return call(cancel, `/api/v1/bookings/${hid}/cancel`, { method: 'POST', params: { hid }, headers: await signIn(0) });
}

describe('cancelling under the policy', () => {
  it('free_24h: free until a day before the start, then 409 with the date it ended', async () => {
    const idea = withPolicy('free_24h');
    const early = await bookingOn(idea.id, (await departureIn(idea.id, 48)).id);
    expect(early.attributes).toMatchObject({ cancellation_policy: 'free_24h', can_cancel: true });
    expect((await cancelling(early.hid)).status).toBe(200);

    const date = await departureIn(idea.id, 10);
    const late = await bookingOn(idea.id, date.id);
    const deadline = new Date(date.startsAt.getTime() - 24 * HOUR);
    expect(late.attributes).toMatchObject({ can_cancel: false, free_cancellation_until: deadline.toISOString() });
    const refused = await cancelling(late.hid);
    expect(refused.status).toBe(409);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(refused.body.detail).toContain(`Free cancellation ended on ${localDay(deadline)} ${localTime(deadline)}`);
    const [seats] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    expect(seats.seatsLeft).toBe(19);
  });

  it('non-refundable: the traveller cannot cancel, however early', async () => {
    const idea = withPolicy('non_refundable');
    const booking = await bookingOn(idea.id, (await departureIn(idea.id, 24 * 30)).id);
    expect(booking.attributes).toMatchObject({
      cancellation_policy: 'non_refundable',
      free_cancellation_until: null,
      can_cancel: false,
    });
    const refused = await cancelling(booking.hid);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('non-refundable');
  });

  it('a booking keeps the policy it was made under when the idea changes', async () => {
    const idea = withPolicy('free_24h', 1);
    const booking = await bookingOn(idea.id, (await departureIn(idea.id, 48)).id);
    const edited = await call(patchIdea, `/api/v1/ideas/${idea.id}`, {
      method: 'PATCH',
      params: { id: String(idea.id) },
      headers: await signIn(idea.author),
      json: { cancellation_policy: 'free_7d' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.attributes.cancellation_policy).toBe('free_7d');
    const read = await call(getBooking, `/api/v1/bookings/${booking.hid}`, {
      params: { hid: booking.hid },
      headers: await signIn(0),
    });
    expect(read.body.data.attributes).toMatchObject({ cancellation_policy: 'free_24h', can_cancel: true });
    // Under the new 7-day rule this would be refused; under its own 24-hour rule it is still free.
    expect((await cancelling(booking.hid)).status).toBe(200);
  });
});

describe('terms of an idea', () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const complete = {
    title: { ru: 'Закат на Эгершельде' },
    description: { ru: 'Смотрим закат у маяка.' },
    category_id: 1,
    place_id: 10,
    price: 1500,
    dates: [{ starts_at: inDays(12), seats_total: 6 }],
  };

  it('submitting without a policy or a Russian meeting point is a 422 naming them', async () => {
    const auth = await signIn(2);
    const { body } = await call(createEmpty, '/api/v1/users/3/ideas/createAndGetEmpty', {
      params: { id: '3' },
      headers: auth,
    });
    const hid = body.data.hid;
    const patch = (json: object) =>
      call(patchIdea, `/api/v1/ideas/${hid}`, { method: 'PATCH', params: { id: hid }, headers: auth, json });
    const submitting = () =>
      call(submit, `/api/v1/ideas/${hid}/submit`, { method: 'POST', params: { id: hid }, headers: auth });
    expect((await patch({ ...complete, meeting_point: { en: 'Only in English' } })).status).toBe(200);
    await database.db
      .insert(photos)
      .values({ ideaId: body.data.id, ownerId: 3, storageKey: `test/terms-${hid}`, width: 1400, height: 1050 });

    const missing = await submitting();
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['cancellation_policy', 'meeting_point']);

    const set = await patch({
      cancellation_policy: 'free_72h',
      meeting_point: { ru: 'У Токаревского маяка', zh: '托卡列夫斯基灯塔旁' },
      meeting_lat: 43.0759,
      meeting_lon: 131.8465,
    });
    expect(set.body.data.attributes).toMatchObject({
      cancellation_policy: 'free_72h',
      meeting_point: { text: 'У Токаревского маяка', lat: 43.0759, lon: 131.8465 },
    });
    const all = await call(texts, `/api/v1/ideas/${hid}/texts`, { params: { id: hid }, headers: auth });
    expect(all.body.data.meeting_point).toEqual({
      ru: 'У Токаревского маяка',
      en: 'Only in English',
      zh: '托卡列夫斯基灯塔旁',
    });
    expect((await submitting()).status).toBe(200);
  });

  it('PATCH refuses an unknown policy and coordinates out of range with field errors', async () => {
    const idea = others.find((i) => i.author === 3)!;
    const auth = await signIn(3);
    const bad = await call(patchIdea, `/api/v1/ideas/${idea.id}`, {
      method: 'PATCH',
      params: { id: String(idea.id) },
      headers: auth,
      json: {
        cancellation_policy: 'free_48h',
        meeting_lat: 91,
        meeting_lon: -181,
        meeting_point: { ru: 'х'.repeat(301) },
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'cancellation_policy',
      'meeting_lat',
      'meeting_lon',
      'meeting_point.ru',
    ]);
    const [row] = await database.db.select().from(ideas).where(eq(ideas.id, idea.id));
    expect(row.cancellationPolicy).toBe(idea.cancellationPolicy);
  });

  it('the idea page shows the meeting point in its language; listings carry only the policy', async () => {
    const idea = withPolicy('free_7d');
    const detail = await call(getIdea, `/api/v1/ideas/${idea.id}?locale=en`, { params: { id: String(idea.id) } });
    expect(detail.body.data.attributes).toMatchObject({
      cancellation_policy: 'free_7d',
      meeting_point: { text: idea.meetingPoint.en, lat: idea.meetingLat, lon: idea.meetingLon },
    });
    const listed = await call(listIdeas, `/api/v1/ideas?place_id=${idea.placeId}&limit=50`);
    const card = listed.body.data.find((i: any) => i.id === idea.id);
    expect(card.attributes.cancellation_policy).toBe('free_7d');
    expect(card.attributes).not.toHaveProperty('meeting_point');
  });
});
