import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { GET as getBooking } from '@/app/api/v1/bookings/[hid]/route';
import { POST as book } from '@/app/api/v1/bookings/route';
import { DELETE as deleteIdea, GET as ideaDetail } from '@/app/api/v1/ideas/[id]/route';
import { GET as userBookings } from '@/app/api/v1/users/[id]/bookings/route';
import { bookings, ideaDates, ideas, rateLimits } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { GET as emailOutbox } from '@/app/api/v1/test/email-outbox/route';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { BOOKING_LIMITS } from '@/lib/server/bookings/booking-limits';
import { transaction } from '@/lib/server/db';
import { emailQueue } from '@/lib/server/db/schema';
import { drainEmailQueue } from '@/lib/server/mail/queue';
import { call, apiDatabaseForFile } from '../support/api';

const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox' });

const seeded = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 }));

async function signIn(authorIndex: number) {
  const { body } = await call(login, '/api/v1/auth/login', {
    json: { email: SEED_AUTHORS[authorIndex].email, password: AUTHOR_PASSWORD },
  });
  return { authorization: `Bearer ${body.token}` };
}

/** A published idea not written by this author, allowing children, and one of its future dates. */
async function bookable(travellerIndex: number) {
  const idea = seeded.find(
    (i) =>
      i.status === 'published' &&
      i.author !== travellerIndex &&
      i.childrenAllowed &&
      i.childPrice !== null &&
      i.maxPersons >= 4,
  )!;
  const { body } = await call(ideaDetail, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
  return { idea, date: body.data.relationships.futureDates.data[0] };
}

const contact = { name: 'Анна', phone: '+79140000000' };

describe('booking', () => {
  it("takes the seats, computes the total on the server, and shows in the traveller's list", async () => {
    const traveller = await signIn(0);
    const { idea, date } = await bookable(0);
    const created = await call(book, '/api/v1/bookings', {
      headers: traveller,
      json: { idea_id: idea.id, idea_date_id: date.id, adults: 2, children: 1, contact },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes).toMatchObject({
      status: 'confirmed',
      adults: 2,
      children: 1,
      total: 2 * idea.price + idea.childPrice!,
      currency: 'RUB',
      upcoming: true,
    });
    const [after] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    expect(after.seatsLeft).toBe(date.attributes.seats_left - 3);

    const mine = await call(userBookings, '/api/v1/users/1/bookings?when=upcoming', {
      params: { id: '1' },
      headers: traveller,
    });
    expect(mine.body.data.map((b: any) => b.hid)).toContain(created.body.data.hid);
    const author = await signIn(idea.author);
    // As the office reads them: upcoming (the seed also gives authors past bookings, with reviews).
    const received = await call(userBookings, `/api/v1/users/${idea.author + 1}/bookings?as=author&when=upcoming`, {
      params: { id: String(idea.author + 1) },
      headers: author,
    });
    expect(received.body.data.map((b: any) => b.hid)).toContain(created.body.data.hid);
    expect(
      (
        await call(getBooking, `/api/v1/bookings/${created.body.data.hid}`, {
          params: { hid: created.body.data.hid },
          headers: author,
        })
      ).status,
    ).toBe(200);
  });

  it("pages a traveller's list: every booking once, in order, with the meta of each page", async () => {
    const traveller = await signIn(2);
    const { idea, date } = await bookable(2);
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await call(book, '/api/v1/bookings', {
            headers: traveller,
            json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, children: 0, contact },
          })
        ).status,
      ).toBe(201);
    }
    const page = (n: number) =>
      call(userBookings, `/api/v1/users/3/bookings?limit=2&page=${n}`, { params: { id: '3' }, headers: traveller });
    const [first, second, beyond] = [await page(1), await page(2), await page(3)];
    expect(first.body.meta).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect(second.body.meta).toMatchObject({ current_page: 2, last_page: 2 });
    expect([...first.body.data, ...second.body.data].map((b: any) => b.hid)).toHaveLength(3);
    expect(new Set([...first.body.data, ...second.body.data].map((b: any) => b.hid)).size).toBe(3);
    expect(beyond.body.data).toEqual([]);
    expect(
      (await call(userBookings, '/api/v1/users/3/bookings?limit=101', { params: { id: '3' }, headers: traveller }))
        .status,
    ).toBe(422);
  });

  it('needs the contact name and a phone in the international format, then stores and returns the contact', async () => {
    const traveller = await signIn(1);
    const { idea, date } = await bookable(1);
    const attempt = (contact: unknown) =>
      call(book, '/api/v1/bookings', {
        headers: traveller,
        json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, contact },
      });
    const [before] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    for (const [contact, field] of [
      [{ name: 'Анна' }, 'contact.phone'],
      [{ name: 'Анна', phone: '8 914 123-45-67' }, 'contact.phone'],
      [{ name: 'Анна', phone: '+7914' }, 'contact.phone'],
      [{ name: '   ', phone: '+79141234567' }, 'contact.name'],
      [{ name: 'А'.repeat(81), phone: '+79141234567' }, 'contact.name'],
      [{ phone: '+79141234567' }, 'contact.name'],
    ] as const) {
      const refused = await attempt(contact);
      expect(refused.status, JSON.stringify(contact)).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual([field]);
    }
    const [untouched] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    expect(untouched.seatsLeft).toBe(before.seatsLeft);

    const created = await attempt({ name: '  Анна Петрова ', phone: ' +79141234567 ' });
    expect(created.status).toBe(201);
    expect(created.body.data.attributes.contact).toEqual({ name: 'Анна Петрова', phone: '+79141234567' });
    const hid = created.body.data.hid;
    const [row] = await database.db.select().from(bookings).where(eq(bookings.hid, hid));
    expect(row.contact).toEqual({ name: 'Анна Петрова', phone: '+79141234567' });
    const author = await signIn(idea.author);
    const received = await call(
      userBookings,
      `/api/v1/users/${idea.author + 1}/bookings?as=author&when=upcoming&limit=100`,
      {
        params: { id: String(idea.author + 1) },
        headers: author,
      },
    );
    expect(received.status).toBe(200);
    expect(received.body.data.find((b: { hid: string }) => b.hid === hid)?.attributes.contact).toEqual({
      name: 'Анна Петрова',
      phone: '+79141234567',
    });
  });

  it('cancelling returns the seats, once', async () => {
    const traveller = await signIn(1);
    const { idea, date } = await bookable(1);
    const created = await call(book, '/api/v1/bookings', {
      headers: traveller,
      json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, contact },
    });
    const [before] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    const cancelled = await call(cancel, `/api/v1/bookings/${created.body.data.hid}/cancel`, {
      method: 'POST',
      params: { hid: created.body.data.hid },
      headers: traveller,
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.attributes.status).toBe('cancelled');
    const [after] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    expect(after.seatsLeft).toBe(before.seatsLeft + 1);
    const again = await call(cancel, `/api/v1/bookings/${created.body.data.hid}/cancel`, {
      method: 'POST',
      params: { hid: created.body.data.hid },
      headers: traveller,
    });
    expect(again.status).toBe(409);
  });

  it('explains what is wrong: too many people, children not allowed, a date of another idea, no seats', async () => {
    const traveller = await signIn(2);
    const { idea, date } = await bookable(2);
    // The paging test above booked this departure three times, the most an hour allows (booking-limits.ts); this
    // test is about what a refused booking says, so this traveller's counts start over.
    await database.db.delete(rateLimits).where(like(rateLimits.key, 'booking:%'));
    const tooMany = await call(book, '/api/v1/bookings', {
      headers: traveller,
      json: { idea_id: idea.id, idea_date_id: date.id, adults: idea.maxPersons + 1, contact },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toHaveProperty('adults');
    const noKids = seeded.find((i) => i.status === 'published' && !i.childrenAllowed)!;
    const kids = await call(book, '/api/v1/bookings', {
      headers: traveller,
      json: { idea_id: noKids.id, idea_date_id: date.id, adults: 1, children: 1, contact },
    });
    expect(kids.body.errors).toHaveProperty('children');
    const other = seeded.find((i) => i.status === 'published' && i.id !== idea.id)!;
    const wrongDate = await call(book, '/api/v1/bookings', {
      headers: traveller,
      json: { idea_id: other.id, idea_date_id: date.id, adults: 1, contact },
    });
    expect(wrongDate.status).toBe(422);
    expect(wrongDate.body.errors).toHaveProperty('idea_date_id');
    await database.db.update(ideaDates).set({ seatsLeft: 1 }).where(eq(ideaDates.id, date.id));
    const full = await call(book, '/api/v1/bookings', {
      headers: traveller,
      json: { idea_id: idea.id, idea_date_id: date.id, adults: 2, contact },
    });
    expect(full.status).toBe(409);
    expect(full.body.detail).toMatch(/Only 1 seats/);
  });

  it("needs a signed-in traveller, and keeps other people's bookings private", async () => {
    const { idea, date } = await bookable(3);
    expect(
      (await call(book, '/api/v1/bookings', { json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, contact } }))
        .status,
    ).toBe(401);
    const traveller = await signIn(3);
    const created = await call(book, '/api/v1/bookings', {
      headers: traveller,
      json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, contact },
    });
    const strangerIndex = [0, 1, 2, 3, 4, 5].find((i) => i !== 3 && i !== idea.author)!;
    const stranger = await signIn(strangerIndex);
    const hid = created.body.data.hid;
    expect((await call(getBooking, `/api/v1/bookings/${hid}`, { params: { hid }, headers: stranger })).status).toBe(
      403,
    );
    expect(
      (await call(cancel, `/api/v1/bookings/${hid}/cancel`, { method: 'POST', params: { hid }, headers: stranger }))
        .status,
    ).toBe(403);
    expect(
      (await call(userBookings, '/api/v1/users/4/bookings', { params: { id: '4' }, headers: stranger })).status,
    ).toBe(403);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.hid, hid));
    expect(row.status).toBe('confirmed');
  });

  it("answers another user's list and a missing user's alike: the same 403, so user ids cannot be probed", async () => {
    const traveller = await signIn(3);
    const answer = async (user: string) => {
      const { status, body } = await call(userBookings, `/api/v1/users/${user}/bookings`, {
        params: { id: user },
        headers: traveller,
      });
      return { status, body };
    };
    const another = await answer('1');
    expect(another.status).toBe(403);
    for (const user of ['99999', 'Zzzzzzzz', 'not-an-id', '99999999999'])
      expect(await answer(user), user).toEqual(another);
  });

  it('a booking stays readable by its traveller after the idea is deleted', async () => {
    const traveller = await signIn(5);
    const { idea, date } = await bookable(5);
    await database.db.update(ideaDates).set({ seatsLeft: 5 }).where(eq(ideaDates.id, date.id));
    const created = await call(book, '/api/v1/bookings', {
      headers: traveller,
      json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, contact },
    });
    const author = await signIn(idea.author);
    expect(
      (
        await call(deleteIdea, `/api/v1/ideas/${idea.id}`, {
          method: 'DELETE',
          params: { id: String(idea.id) },
          headers: author,
        })
      ).status,
    ).toBe(204);
    const hid = created.body.data.hid;
    const seen = await call(getBooking, `/api/v1/bookings/${hid}`, { params: { hid }, headers: traveller });
    expect(seen.status).toBe(200);
    expect(seen.body.data.relationships.idea.data).toMatchObject({ id: idea.id, deleted: true, title: idea.title.ru });
    await database.db.update(ideas).set({ deletedAt: null }).where(eq(ideas.id, idea.id));
  });

  it("refuses a guide's booking of their own idea with 409 and a reason, and takes no seat", async () => {
    const { idea, date } = await bookable(0);
    const guide = await signIn(idea.author);
    const [before] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    const own = await call(book, '/api/v1/bookings', {
      headers: guide,
      json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, children: 0, contact },
    });
    expect(own.status).toBe(409);
    expect(own.contentType).toContain('application/problem+json');
    expect(own.body.detail).toBe('You cannot book your own idea.');
    const [after] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    expect(after.seatsLeft).toBe(before.seatsLeft);
    expect(
      await database.db
        .select()
        .from(bookings)
        .where(and(eq(bookings.ideaId, idea.id), eq(bookings.userId, idea.author + 1))),
    ).toEqual([]);
  });

  it('50 concurrent bookings for a date with 10 seats: exactly 10 succeed and seats never go negative', async () => {
    // This race is about seats: one traveller's 50 bookings would otherwise meet the booking limits first.
    const saved = { ...BOOKING_LIMITS.perUser, perDeparture: BOOKING_LIMITS.perUserAndDeparture.max };
    BOOKING_LIMITS.perUser.max = BOOKING_LIMITS.perUserAndDeparture.max = 1000;
    onTestFinished(() => {
      BOOKING_LIMITS.perUser.max = saved.max;
      BOOKING_LIMITS.perUserAndDeparture.max = saved.perDeparture;
    });
    const traveller = await signIn(4);
    const { idea, date } = await bookable(4);
    await database.db
      .update(ideaDates)
      .set({ seatsLeft: 10, seatsTotal: Math.max(10, date.attributes.seats_total) })
      .where(eq(ideaDates.id, date.id));
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(book, '/api/v1/bookings', {
          headers: traveller,
          json: { idea_id: idea.id, idea_date_id: date.id, adults: 1, contact },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const [after] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    expect(after.seatsLeft).toBe(0);
  });
});

/** An account made by phone sign-in: no email, signed in with a session of its own. */
async function phoneAccount(phone: string) {
  const user = await transaction((tx) => createUserWithProfile(tx, { name: 'Телефон', phone, locale: 'ru' }));
  const session = await issueSession(user.id, 'user', { ip: '203.0.113.37', userAgent: null });
  return { id: user.id, auth: { authorization: `Bearer ${session.body.token}` } };
}

async function inbox(to: string) {
  const { body } = await call(emailOutbox, `/api/v1/test/email-outbox?to=${encodeURIComponent(to)}`);
  return body.data as { subject: string }[];
}

/** Future departures with free seats of published ideas by other authors than the traveller (seed author index). */
async function departures(count: number, notBy: number) {
  const found: { ideaId: number; dateId: number }[] = [];
  for (const idea of seeded.filter((i) => i.status === 'published' && i.price !== null && i.author !== notBy)) {
    const { body } = await call(ideaDetail, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
    for (const date of body.data.relationships.futureDates.data)
      if (date.attributes.seats_left >= 2 && found.length < count) found.push({ ideaId: idea.id, dateId: date.id });
    if (found.length >= count) break;
  }
  expect(found).toHaveLength(count);
  return found;
}

describe('booking limits and whom booking emails go to', () => {
  it('mails nothing to the contact email a phone account typed, however often it books and cancels', async () => {
    await drainEmailQueue();
    const account = await phoneAccount('+79245550101');
    const target = 'someone-else@example.com';
    const [{ ideaId, dateId }] = await departures(1, -1);
    const statuses: number[] = [];
    for (let round = 0; round < 15; round++) {
      const booked = await call(book, '/api/v1/bookings', {
        headers: account.auth,
        json: { idea_id: ideaId, idea_date_id: dateId, adults: 1, contact: { ...contact, email: target } },
      });
      statuses.push(booked.status);
      if (booked.status !== 201) continue;
      const hid = booked.body.data.hid ?? booked.body.data.attributes?.hid;
      const cancelled = await call(cancel, `/api/v1/bookings/${hid}/cancel`, {
        method: 'POST',
        params: { hid },
        headers: account.auth,
      });
      expect(cancelled.status).toBe(200);
    }
    // None of the bookings mailed the typed address (not queued, not sent), and the account's bookings were limited.
    await drainEmailQueue();
    expect(await inbox(target)).toEqual([]);
    expect(await database.db.select().from(emailQueue).where(eq(emailQueue.recipient, target))).toEqual([]);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(BOOKING_LIMITS.perUserAndDeparture.max);
    expect(statuses).toContain(429);
    // The guide sees the contact email in the booking instead.
    const [stored] = await database.db.select().from(bookings).where(eq(bookings.userId, account.id)).limit(1);
    expect(stored.contact.email).toBe(target);
  });

  it('answers the eleventh booking of an account within ten minutes with 429 and Retry-After', async () => {
    const account = await phoneAccount('+79245550102');
    const places = await departures(4, -1);
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) {
      const { ideaId, dateId } = places[n % places.length];
      const booked = await call(book, '/api/v1/bookings', {
        headers: account.auth,
        json: { idea_id: ideaId, idea_date_id: dateId, adults: 1, contact },
      });
      statuses.push(booked.status);
    }
    expect(statuses).toEqual(Array(10).fill(201));
    const eleventh = await call(book, '/api/v1/bookings', {
      headers: account.auth,
      json: { idea_id: places[3].ideaId, idea_date_id: places[3].dateId, adults: 1, contact },
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.contentType).toContain('application/problem+json');
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(BOOKING_LIMITS.perUser.windowSeconds);
    // Another account is not held back by this one's limit.
    const other = await phoneAccount('+79245550103');
    const [free] = await departures(1, -1);
    expect(
      (
        await call(book, '/api/v1/bookings', {
          headers: other.auth,
          json: { idea_id: free.ideaId, idea_date_id: free.dateId, adults: 1, contact },
        })
      ).status,
    ).toBe(201);
  });

  it('allows an account three bookings and cancellations of one departure an hour', async () => {
    const account = await phoneAccount('+79245550104');
    const [{ ideaId, dateId }] = await departures(1, -1);
    const bookOnce = () =>
      call(book, '/api/v1/bookings', {
        headers: account.auth,
        json: { idea_id: ideaId, idea_date_id: dateId, adults: 1, contact },
      });
    const first = await bookOnce();
    expect(first.status).toBe(201);
    // A cancellation is counted but never refused.
    const hid = first.body.data.hid;
    expect(
      (await call(cancel, `/api/v1/bookings/${hid}/cancel`, { method: 'POST', params: { hid }, headers: account.auth }))
        .status,
    ).toBe(200);
    expect((await bookOnce()).status).toBe(201);
    const fourth = await bookOnce();
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(BOOKING_LIMITS.perUser.windowSeconds);
  });
});
