import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { POST as schedule } from '@/app/api/v1/ideas/[id]/departures/schedule/route';
import { GET as ideaDetail } from '@/app/api/v1/ideas/[id]/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as getBooking } from '@/app/api/v1/bookings/[hid]/route';
import { POST as cancelRoute } from '@/app/api/v1/office/departures/[id]/cancel/route';
import { GET as csvRoute } from '@/app/api/v1/office/departures/[id]/manifest.csv/route';
import { POST as messageRoute } from '@/app/api/v1/office/departures/[id]/message/route';
import { GET as manifestRoute } from '@/app/api/v1/office/departures/[id]/route';
import { GET as listRoute } from '@/app/api/v1/office/departures/route';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { transaction } from '@/lib/server/db';
import { bookings, conversations, emailQueue, ideaDates, ideas, jobs, messages } from '@/lib/server/db/schema';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { scheduleJob } from '@/lib/server/jobs/schedule-job';
import { localStartMinute } from '@/lib/time/local-time';
import { zonedInstant } from '@/lib/departures/schedule';
import { call, apiDatabaseForFile, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';

const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });

type Headers = Record<string, string>;
const seeded = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 }));
/** The guide: the author of a published idea that takes children and groups of four. */
const guideIdea = seeded.find((i) => i.status === 'published' && i.childrenAllowed && i.maxPersons >= 4)!;
const guideIndex = guideIdea.author;
const otherGuideIndex = (guideIndex + 1) % SEED_AUTHORS.length;

const signInAuthor = (index: number) => signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);
const guide = () => signInAuthor(guideIndex);

let travellers = 0;
/** A new traveller account (with a confirmed email, so booking emails reach it), signed in. */
async function traveller(locale: 'ru' | 'en' = 'ru') {
  travellers++;
  const email = `traveller${travellers}@example.com`;
  const user = await transaction((tx) =>
    createUserWithProfile(tx, { name: `Путешественник ${travellers}`, email, locale }),
  );
  const session = await issueSession(user.id, 'user', { ip: '203.0.113.50', userAgent: null });
  return { id: user.id, email, auth: { authorization: `Bearer ${session.body.token}` } as Headers };
}

/** A new departure of the guide's idea at a local day and time, far from the seed's dates. */
async function departure(day: string, time: string, seats = 10): Promise<number> {
  const startsAt = zonedInstant(day, time);
  const [row] = await database.db
    .insert(ideaDates)
    .values({
      ideaId: guideIdea.id,
      startsAt,
      localStartMinute: localStartMinute(startsAt),
      seatsTotal: seats,
      seatsLeft: seats,
    })
    .returning();
  return row.id;
}

/** A booking of `dateId`, made through the API, then moved to `status` when it is not `confirmed`. */
async function booked(
  who: { auth: Headers },
  dateId: number,
  { adults = 1, children = 0, name = 'Анна', status = 'confirmed' as 'confirmed' | 'requested' | 'cancelled' } = {},
) {
  const response = await postBooking(who.auth, guideIdea.id, dateId, {
    adults,
    children,
    contact: { name, phone: '+79141112233', email: 'contact@example.com' },
  });
  expect(response.status).toBe(201);
  const hid: string = response.body.data.hid;
  if (status !== 'confirmed') await database.db.update(bookings).set({ status }).where(eq(bookings.hid, hid));
  const [row] = await database.db.select().from(bookings).where(eq(bookings.hid, hid));
  return row;
}

const path = (id: number | string, tail = '') => `/api/v1/office/departures/${id}${tail}`;
const manifest = (id: number | string, headers?: Headers) =>
  call(manifestRoute, path(id), { params: { id: String(id) }, headers });
const message = (id: number, headers: Headers, json: unknown) =>
  call(messageRoute, path(id, '/message'), { params: { id: String(id) }, headers, json });
const cancel = (id: number, headers: Headers, json: unknown) =>
  call(cancelRoute, path(id, '/cancel'), { params: { id: String(id) }, headers, json });
const scheduleAs = (headers: Headers, json: unknown, id = String(guideIdea.id)) =>
  call(schedule, `/api/v1/ideas/${id}/departures/schedule`, { params: { id }, headers, json });

describe("the guide's departures", () => {
  it('lists the departures of a range by Vladivostok day, with seats taken and requests waiting', async () => {
    const morning = await departure('2027-09-06', '09:00', 8);
    const evening = await departure('2027-09-06', '23:30', 6);
    const nextDay = await departure('2027-09-07', '00:30');
    const later = await departure('2027-09-20', '10:00');
    await booked(await traveller(), morning, { adults: 2, children: 1 });
    await booked(await traveller(), morning, { status: 'requested' });
    await booked(await traveller(), morning, { status: 'cancelled' });
    const headers = await guide();

    const { status, body } = await call(listRoute, '/api/v1/office/departures?from=2027-09-06&to=2027-09-07', {
      headers,
    });
    expect(status).toBe(200);
    const ours = new Set([morning, evening, nextDay, later]);
    const mine = body.data.map((day: any) => ({
      day: day.day,
      ids: day.departures.map((d: any) => d.id).filter((id: number) => ours.has(id)),
    }));
    // 23:30 and 00:30 local are 13:30 and 14:30 UTC: one UTC day, two local ones.
    expect(mine.filter((d: any) => d.ids.length)).toEqual([
      { day: '2027-09-06', ids: [morning, evening] },
      { day: '2027-09-07', ids: [nextDay] },
    ]);
    const first = body.data[0].departures.find((d: any) => d.id === morning);
    expect(first.attributes).toMatchObject({
      time: '09:00',
      seats_total: 8,
      seats_taken: 4,
      requests_waiting: 1,
      bookings_count: 2,
      cancelled_at: null,
    });
    expect(body.meta).toEqual({ from: '2027-09-06', to: '2027-09-07', next_from: expect.any(String) });
    expect(body.meta.next_from <= '2027-09-20').toBe(true);
    expect(later).toBeGreaterThan(0);

    // Another guide sees none of them.
    const other = await call(listRoute, '/api/v1/office/departures?from=2027-09-06&to=2027-09-07', {
      headers: await signInAuthor(otherGuideIndex),
    });
    const ids = other.body.data.flatMap((day: any) => day.departures.map((d: any) => d.id));
    expect(ids).not.toContain(morning);

    expect((await call(listRoute, '/api/v1/office/departures')).status).toBe(401);
    for (const query of ['from=2027-09-07&to=2027-09-06', 'from=2027-01-01&to=2027-06-01', 'from=2027-02-30'])
      expect((await call(listRoute, `/api/v1/office/departures?${query}`, { headers })).status).toBe(422);
  });

  it('shows a manifest to the idea’s author and moderators only, with contacts once a booking is confirmed', async () => {
    const dateId = await departure('2027-09-08', '10:00');
    const confirmed = await booked(await traveller(), dateId, { adults: 2, children: 1, name: 'Мария' });
    const requested = await booked(await traveller(), dateId, { name: 'Олег', status: 'requested' });

    const own = await manifest(dateId, await guide());
    expect(own.status).toBe(200);
    const entries = own.body.data.relationships.bookings.data;
    expect(entries.map((e: any) => [e.booking_hid, e.status])).toEqual([
      [requested.hid, 'requested'],
      [confirmed.hid, 'confirmed'],
    ]);
    expect(entries[1]).toMatchObject({
      name: 'Мария',
      adults: 2,
      children: 1,
      phone: '+79141112233',
      email: 'contact@example.com',
    });
    expect(entries[0]).toMatchObject({ name: 'Олег', adults: 1, children: 0, phone: null, email: null });
    // Each entry links its conversation, opened for bookings that never had one.
    const [conversation] = await database.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.ideaId, guideIdea.id), eq(conversations.travellerId, confirmed.userId)));
    expect(entries[1].conversation_hid).toBe(conversation.hid);
    // Read by hid too.
    expect((await manifest(own.body.data.hid, await guide())).body.data.id).toBe(dateId);

    const moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    expect((await manifest(dateId, moderator)).status).toBe(200);
    expect((await manifest(dateId, await signInAuthor(otherGuideIndex))).status).toBe(404);
    expect((await manifest(dateId, (await traveller()).auth)).status).toBe(404);
    expect((await manifest(dateId)).status).toBe(401);
    for (const id of ['999999', '99999999999', 'nope!']) expect((await manifest(id, await guide())).status).toBe(404);
  });

  it('exports the manifest as CSV for Excel: BOM, semicolons, Cyrillic intact, formulas neutralised', async () => {
    const dateId = await departure('2027-09-09', '10:00');
    await booked(await traveller(), dateId, { name: 'Анна Каренина', adults: 2 });
    await booked(await traveller(), dateId, { name: '=HYPERLINK("http://evil")' });
    const request = new NextRequest(new URL(`http://localhost:3000${path(dateId, '/manifest.csv')}`), {
      headers: await guide(),
    });
    const response = await csvRoute(request, { params: Promise.resolve({ id: String(dateId) }) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="manifest-2027-09-09-1000-\w+\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n');
    expect(lines[0]).toBe('Имя;Взрослых;Детей;Телефон;Почта;Статус;Комментарий');
    expect(lines).toContain("Анна Каренина;2;0;'+7 914 111-22-33;contact@example.com;Подтверждено;");
    expect(lines).toContain(`"'=HYPERLINK(""http://evil"")";1;0;'+7 914 111-22-33;contact@example.com;Подтверждено;`);

    const english = new NextRequest(new URL(`http://localhost:3000${path(dateId, '/manifest.csv')}?locale=en`), {
      headers: await guide(),
    });
    const text = await (await csvRoute(english, { params: Promise.resolve({ id: String(dateId) }) })).text();
    // Response.text() drops the byte order mark, as every UTF-8 decoder does by default.
    expect(text.split('\r\n')[0]).toBe('Name;Adults;Children;Phone;Email;State;Comment');

    const stranger = new NextRequest(new URL(`http://localhost:3000${path(dateId, '/manifest.csv')}`), {
      headers: await signInAuthor(otherGuideIndex),
    });
    expect((await csvRoute(stranger, { params: Promise.resolve({ id: String(dateId) }) })).status).toBe(404);
  });

  it('writes one message to every live booking’s conversation, none to cancelled ones', async () => {
    const dateId = await departure('2027-09-10', '10:00');
    const [a, b, c] = [await traveller(), await traveller(), await traveller()];
    const first = await booked(a, dateId);
    await booked(a, dateId, { status: 'requested' });
    await booked(b, dateId, { status: 'requested' });
    await booked(c, dateId, { status: 'cancelled' });
    const headers = await guide();

    const sent = await message(dateId, headers, { text: 'Встречаемся у фонтана в 9:45.' });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sent: 2 });
    const rows = await database.db
      .select({ travellerId: conversations.travellerId, senderId: messages.senderId, bookingId: messages.bookingId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(and(eq(conversations.ideaId, guideIdea.id), eq(messages.text, 'Встречаемся у фонтана в 9:45.')));
    expect(rows.map((r) => r.travellerId).sort()).toEqual([a.id, b.id].sort());
    expect(rows.every((r) => r.senderId === guideIdea.author + 1)).toBe(true);
    expect(rows.find((r) => r.travellerId === a.id)?.bookingId).toBe(first.id);

    for (const text of ['', '   ', 'x'.repeat(4001)])
      expect((await message(dateId, headers, { text })).status).toBe(422);
    expect((await message(dateId, headers, { text: 'x'.repeat(4000) })).status).toBe(200);
    const moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    expect((await message(dateId, moderator, { text: 'hi' })).status).toBe(403);
    expect((await message(dateId, await signInAuthor(otherGuideIndex), { text: 'hi' })).status).toBe(404);
  });

  it('cancels a departure: every booking with the reason, messages, emails, jobs, and no seats offered any more', async () => {
    const dateId = await departure('2027-09-11', '10:00');
    const [a, b] = [await traveller('en'), await traveller()];
    const confirmed = await booked(a, dateId, { adults: 2 });
    const requested = await booked(b, dateId, { status: 'requested' });
    await transaction(async (tx) => {
      await scheduleJob(tx, {
        kind: 'booking-reminder',
        key: `booking-reminder:${confirmed.id}`,
        runAt: new Date('2027-09-09'),
      });
      await scheduleJob(tx, {
        kind: 'departure-manifest',
        key: `departure-manifest:${dateId}`,
        runAt: new Date('2027-09-09'),
      });
    });
    const headers = await guide();
    const before = await call(ideaDetail, `/api/v1/ideas/${guideIdea.id}?include=futureDates`, {
      params: { id: String(guideIdea.id) },
    });
    expect(before.body.data.relationships.futureDates.data.map((d: any) => d.id)).toContain(dateId);

    for (const json of [{}, { reason: '  ' }, { reason: 'x'.repeat(1001) }])
      expect((await cancel(dateId, headers, json)).status).toBe(422);
    expect((await cancel(dateId, await signInAuthor(otherGuideIndex), { reason: 'Шторм' })).status).toBe(404);

    const done = await cancel(dateId, headers, { reason: 'Шторм, катер не выйдет' });
    expect(done.status).toBe(200);
    expect(done.body.data.attributes).toMatchObject({ cancel_reason: 'Шторм, катер не выйдет', seats_taken: 0 });

    const rows = await database.db
      .select()
      .from(bookings)
      .where(inArray(bookings.id, [confirmed.id, requested.id]));
    for (const row of rows)
      expect(row).toMatchObject({ status: 'cancelled', endedBy: 'guide', endReason: 'Шторм, катер не выйдет' });
    const system = await database.db
      .select()
      .from(messages)
      .where(and(eq(messages.kind, 'system'), inArray(messages.bookingId, [confirmed.id, requested.id])));
    expect(system.map((m) => m.event)).toEqual(
      expect.arrayContaining([
        { type: 'departure_cancelled', bookingHid: confirmed.hid, reason: 'Шторм, катер не выйдет' },
        { type: 'departure_cancelled', bookingHid: requested.hid, reason: 'Шторм, катер не выйдет' },
      ]),
    );
    const mails = await database.db
      .select()
      .from(emailQueue)
      .where(and(eq(emailQueue.kind, 'departure-cancelled'), inArray(emailQueue.recipient, [a.email, b.email])));
    expect(mails.find((m) => m.recipient === a.email)?.subject).toMatch(/^Departure cancelled: /);
    expect(mails.find((m) => m.recipient === b.email)?.subject).toMatch(/^Выезд отменён: /);
    expect(mails.find((m) => m.recipient === b.email)?.text).toContain('Шторм, катер не выйдет');
    const live = await database.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(
        and(
          inArray(jobs.key, [`booking-reminder:${confirmed.id}`, `departure-manifest:${dateId}`]),
          isNull(jobs.cancelledAt),
        ),
      );
    expect(live).toEqual([]);

    // The traveller reads it in their booking.
    const seen = await call(getBooking, `/api/v1/bookings/${confirmed.hid}`, {
      params: { hid: confirmed.hid },
      headers: a.auth,
    });
    expect(seen.body.data.attributes).toMatchObject({
      status: 'cancelled',
      ended_by: 'guide',
      end_reason: 'Шторм, катер не выйдет',
    });

    // Gone from the idea page, the listing's date filter, and booking.
    const after = await call(ideaDetail, `/api/v1/ideas/${guideIdea.id}?include=futureDates`, {
      params: { id: String(guideIdea.id) },
    });
    expect(after.body.data.relationships.futureDates.data.map((d: any) => d.id)).not.toContain(dateId);
    const listed = await call(listIdeas, '/api/v1/ideas?date_from=2027-09-11&date_to=2027-09-11&limit=100');
    expect(listed.body.data.map((i: any) => i.id)).not.toContain(guideIdea.id);
    const [idea] = await database.db
      .select({ offered: sql<boolean>`${ideas.departureDays} @> '2027-09-11'::date` })
      .from(ideas)
      .where(eq(ideas.id, guideIdea.id));
    expect(idea.offered).toBe(false);
    expect((await postBooking((await traveller()).auth, guideIdea.id, dateId)).status).toBe(409);

    expect((await cancel(dateId, headers, { reason: 'Ещё раз' })).status).toBe(409);
  });

  it('previews and creates a repeating schedule: Vladivostok times, no duplicates, at most 366', async () => {
    const headers = await guide();
    // Mondays and Fridays of October 2027 at 09:00 and 14:30, one of them already there with a booking.
    const existing = await departure('2027-10-04', '09:00', 5);
    const holder = await booked(await traveller(), existing);
    const body = { weekdays: [1, 5], times: ['14:30', '09:00'], from: '2027-10-01', to: '2027-10-31', seats: 12 };
    const count = async () =>
      (await database.db.select({ id: ideaDates.id }).from(ideaDates).where(eq(ideaDates.ideaId, guideIdea.id))).length;
    const start = await count();

    const preview = await scheduleAs(headers, { ...body, preview: true });
    expect(preview.status).toBe(200);
    // Fridays 1, 8, 15, 22, 29 and Mondays 4, 11, 18, 25: nine days, two times, less the one already there.
    expect(preview.body.data).toMatchObject({ created: false, skipped: 1 });
    expect(preview.body.data.departures).toHaveLength(17);
    expect(preview.body.data.departures[0]).toEqual({
      starts_at: '2027-09-30T23:00:00.000Z',
      day: '2027-10-01',
      time: '09:00',
    });
    expect(await count()).toBe(start);

    const created = await scheduleAs(headers, body);
    expect(created.status).toBe(201);
    expect(created.body.data.departures).toHaveLength(17);
    expect(await count()).toBe(start + 17);
    const [kept] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, existing));
    expect(kept).toMatchObject({ seatsTotal: 5, seatsLeft: 4 });
    expect(holder.status).toBe('confirmed');

    const again = await scheduleAs(headers, body);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ created: false, skipped: 18, departures: [] });

    const tooMany = await scheduleAs(headers, {
      ...body,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      times: ['09:00'],
      from: '2028-01-01',
      to: '2029-12-31',
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.to[0]).toMatch(/366/);
    for (const bad of [
      { ...body, weekdays: [8] },
      { ...body, weekdays: [] },
      { ...body, times: ['25:00'] },
      { ...body, from: '2027-11-01', to: '2027-10-01' },
      { ...body, seats: 0 },
      { ...body, from: 'soon' },
    ])
      expect((await scheduleAs(headers, bad)).status).toBe(422);
    expect((await scheduleAs(await signInAuthor(otherGuideIndex), body)).status).toBe(403);
    expect((await scheduleAs(headers, body, '99999999')).status).toBe(404);
  });
});
