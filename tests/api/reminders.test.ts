import { and, eq, gt, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { formatPhone } from '@/lib/format/phone';
import { DEPARTURE_LEAD_MS } from '@/lib/jobs/timing';
import { bookings, emailQueue, ideaDates, ideas, jobs, smsOutbox, users } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';
import { postBooking } from '../support/bookings';
import { runDue } from '../support/jobs';

// The server's own zone must not matter: every time in a reminder is Vladivostok's.
process.env.TZ = 'America/New_York';

const database = apiDatabaseForFile({
  EMAIL_DRIVER: 'outbox',
  SMS_DRIVER: 'outbox',
  SITE_URL: 'https://sopka.example',
});

const DAY = 86_400_000;
const MINUTE = 60_000;
// 01:00 UTC is 11:00 in Vladivostok (UTC+10), and 21:00 the day before in New York.
const START = new Date('2031-09-01T01:00:00Z');
const GUIDE_PHONE = '+79147654321';
const [TRAVELLER, GUIDE] = SEED_AUTHORS;

let ideaId: number;
let traveller: { authorization: string };

beforeAll(async () => {
  const [guide] = await database.db
    .update(users)
    .set({ phone: GUIDE_PHONE })
    .where(eq(users.email, GUIDE.email))
    .returning();
  const [idea] = await database.db
    .select({ id: ideas.id })
    .from(ideas)
    .where(and(eq(ideas.authorId, guide.id), eq(ideas.status, 'published')))
    .limit(1);
  ideaId = idea.id;
  await database.db
    .update(ideas)
    .set({
      bookingMode: 'instant',
      cancellationPolicy: 'free_24h',
      meetingPoint: { ru: 'У памятника Борцам за власть Советов', en: 'By the monument on the central square' },
      meetingLat: 43.1155,
      meetingLon: 131.8855,
      includes: { ru: 'Термос с чаем; возьмите непромокаемую куртку', en: 'Hot tea; bring a rain jacket' },
    })
    .where(eq(ideas.id, ideaId));
  traveller = await signInHeaders(TRAVELLER.email, AUTHOR_PASSWORD);
});

/** A departure of the idea, `days` after START, and a booking of it by the traveller through POST /bookings. */
async function bookDeparture(days: number, startsAt = new Date(START.getTime() + days * DAY)) {
  const [date] = await database.db
    .insert(ideaDates)
    .values({ ideaId, startsAt, localStartMinute: 660, seatsTotal: 10, seatsLeft: 10 })
    .returning();
  const { status, body } = await postBooking(traveller, ideaId, date.id, { adults: 2 });
  expect(status).toBe(201);
  const [booking] = await database.db.select().from(bookings).where(eq(bookings.hid, body.data.hid));
  return { date, booking };
}

/** The emails of `kind` queued since `afterId`. */
async function emailsSince(afterId: number, kind: string) {
  return database.db
    .select()
    .from(emailQueue)
    .where(and(gt(emailQueue.id, afterId), eq(emailQueue.kind, kind)));
}
async function lastEmailId() {
  const rows = await database.db.select({ id: emailQueue.id }).from(emailQueue);
  return Math.max(0, ...rows.map((row) => row.id));
}

async function setTraveller(values: Partial<typeof users.$inferInsert>) {
  await database.db.update(users).set(values).where(eq(users.email, TRAVELLER.email));
}

describe('the reminder before a departure', () => {
  it('emails the traveller 48 h before, in Vladivostok time, with the meeting point on a map, the guide and what to bring', async () => {
    const { date, booking } = await bookDeparture(0);
    const jobRows = await database.db
      .select()
      .from(jobs)
      .where(
        inArray(jobs.key, [
          `booking-reminder:${booking.id}`,
          `departure-manifest:${date.id}`,
          `review-invitation:${booking.id}`,
        ]),
      );
    expect(jobRows).toHaveLength(3);
    const noticeAt = new Date(START.getTime() - DEPARTURE_LEAD_MS);

    const before = await lastEmailId();
    await runDue(new Date(noticeAt.getTime() - MINUTE));
    expect(await emailsSince(before, 'booking-reminder')).toHaveLength(0);

    await runDue(noticeAt);
    const [reminder] = await emailsSince(before, 'booking-reminder');
    expect(reminder.recipient).toBe(TRAVELLER.email);
    expect(reminder.subject).toContain('Скоро в путь');
    expect(reminder.text).toContain('1 сентября 2031 г. в 11:00 (время владивостокское)');
    expect(reminder.text).not.toContain('21:00');
    expect(reminder.text).toContain('У памятника Борцам за власть Советов');
    expect(reminder.text).toContain('https://www.openstreetmap.org/?mlat=43.1155&mlon=131.8855');
    expect(reminder.text).toContain(formatPhone(GUIDE_PHONE));
    expect(reminder.text).toContain('Термос с чаем; возьмите непромокаемую куртку');
    expect(reminder.html).toContain('https://www.openstreetmap.org/?mlat=43.1155&amp;mlon=131.8855');

    // The guide's manifest of the departure, once.
    const [manifest] = await emailsSince(before, 'departure-manifest');
    expect(manifest.recipient).toBe(GUIDE.email);
    expect(manifest.text).toContain('11:00 (время владивостокское)');
    expect(manifest.text).toContain(booking.contact.name);
    expect(manifest.text).toContain(formatPhone(booking.contact.phone!));
    expect(manifest.text).toContain('2 взрослых');

    // Run again: nothing is sent twice.
    const after = await lastEmailId();
    await runDue(new Date(noticeAt.getTime() + MINUTE));
    expect(await emailsSince(after, 'booking-reminder')).toHaveLength(0);
    expect(await emailsSince(after, 'departure-manifest')).toHaveLength(0);
  });

  it('writes in English for an English-speaking traveller', async () => {
    await setTraveller({ locale: 'en' });
    try {
      await bookDeparture(1);
      const before = await lastEmailId();
      await runDue(new Date(START.getTime() + DAY - DEPARTURE_LEAD_MS));
      const [reminder] = await emailsSince(before, 'booking-reminder');
      expect(reminder.text).toContain('September 2, 2031 at 11:00 AM (Vladivostok time)');
      expect(reminder.text).toContain('By the monument on the central square');
      expect(reminder.text).toContain('Hot tea; bring a rain jacket');
    } finally {
      await setTraveller({ locale: 'ru' });
    }
  });

  it('sends an SMS only to a confirmed phone', async () => {
    const confirmed = '+79141112200';
    const typed = '+79141112211';
    await setTraveller({ phone: null, pendingPhone: typed });
    await bookDeparture(2);
    await runDue(new Date(START.getTime() + 2 * DAY - DEPARTURE_LEAD_MS));
    expect(await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, typed))).toHaveLength(0);

    await setTraveller({ phone: confirmed, pendingPhone: null });
    try {
      await bookDeparture(3);
      await runDue(new Date(START.getTime() + 3 * DAY - DEPARTURE_LEAD_MS));
      const [sms] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, confirmed));
      expect(sms.text).toContain('4 сентября 2031 г. в 11:00 (время владивостокское)');
      expect(sms.text).toContain(formatPhone(GUIDE_PHONE));
    } finally {
      await setTraveller({ phone: null });
    }
  });

  it('is not sent for a cancelled booking (nor the manifest of a departure left without bookings)', async () => {
    const { booking } = await bookDeparture(4);
    const cancelled = await call(cancel, `/api/v1/bookings/${booking.hid}/cancel`, {
      method: 'POST',
      params: { hid: booking.hid },
      headers: traveller,
    });
    expect(cancelled.status).toBe(200);
    const before = await lastEmailId();
    await runDue(new Date(START.getTime() + 4 * DAY - DEPARTURE_LEAD_MS));
    expect(await emailsSince(before, 'booking-reminder')).toHaveLength(0);
    expect(await emailsSince(before, 'departure-manifest')).toHaveLength(0);
  });

  it('is not sent to a traveller who turned reminders off', async () => {
    await setTraveller({
      phone: '+79141112233',
      notificationSettings: { messages: true, bookings: true, reminders: false, marketing: false },
    });
    try {
      await bookDeparture(5);
      const before = await lastEmailId();
      await runDue(new Date(START.getTime() + 5 * DAY - DEPARTURE_LEAD_MS));
      expect(await emailsSince(before, 'booking-reminder')).toHaveLength(0);
      expect(await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '+79141112233'))).toHaveLength(0);
      // The guide's manifest does not depend on the traveller's settings.
      expect(await emailsSince(before, 'departure-manifest')).toHaveLength(1);
    } finally {
      await setTraveller({
        phone: null,
        notificationSettings: { messages: true, bookings: true, reminders: true, marketing: false },
      });
    }
  });

  it('is sent at once for a departure less than 48 h away', async () => {
    const soon = new Date(Date.now() + 24 * 60 * MINUTE);
    const { booking } = await bookDeparture(0, soon);
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `booking-reminder:${booking.id}`));
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const before = await lastEmailId();
    await runDue(new Date());
    expect(await emailsSince(before, 'booking-reminder')).toHaveLength(1);
  });
});
