import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { GET as ideaDetail } from '@/app/api/v1/ideas/[id]/route';
import { GET as emailOutbox } from '@/app/api/v1/test/email-outbox/route';
import { PATCH as setPassword } from '@/app/api/v1/users/[id]/setPassword/route';
import { bookings, emailQueue, ideaDates, ideas } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { seedTerms } from '@/lib/server/demo/content/terms';
import ru from '@/messages/ru.json';
import type { Email, EmailSender } from '@/lib/server/platform/email';
import { drainEmailQueue, EMAIL_LEASE_MS, emailBackoffMs, enqueueEmail } from '@/lib/server/mail/queue';
import { call, apiDatabaseForFile, signInHeaders } from '../support/api';
import { patchUserAs } from '../support/users';
import { moderationStep } from '../support/moderation';
import { postBooking } from '../support/bookings';

// LOG_LEVEL: the failures these tests cause on purpose are logged; keep the run's output readable.
const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox', SITE_URL: 'https://sopka.example', LOG_LEVEL: 'silent' });

const seeded = SEED_IDEAS.map((idea, index) => ({ ...idea, id: index + 1 }));
const signIn = (index: number) => signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);

async function inbox(to: string) {
  const { body } = await call(emailOutbox, `/api/v1/test/email-outbox?to=${encodeURIComponent(to)}`);
  return body.data as {
    subject: string;
    text: string;
    html: string;
    attachments: { filename: string; contentType: string; content: string }[];
  }[];
}

/** A published idea by another author than the traveller, and one of its future departures. */
async function bookable(travellerIndex: number, skip = 0) {
  const idea = seeded.filter((i) => i.status === 'published' && i.author !== travellerIndex && i.maxPersons >= 2)[skip];
  const { body } = await call(ideaDetail, `/api/v1/ideas/${idea.id}`, { params: { id: String(idea.id) } });
  return { idea, date: body.data.relationships.futureDates.data[0] };
}

const pending = async () =>
  (
    await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(emailQueue)
      .where(sql`sent_at is null and failed_at is null`)
  )[0].n;

describe('emails of a booking', () => {
  it('confirms to the traveller with a calendar event, and tells the author', async () => {
    await drainEmailQueue();
    const traveller = SEED_AUTHORS[0];
    const { idea, date } = await bookable(0);
    const author = SEED_AUTHORS[idea.author];
    const created = await postBooking(await signIn(0), idea.id, date.id, {
      adults: 2,
      contact: { name: 'Анна', phone: '+79141112233' },
    });
    expect(created.status).toBe(201);
    expect(await pending()).toBe(2);
    expect(await drainEmailQueue()).toEqual({ sent: 2, failed: 0 });

    const [confirmation] = await inbox(traveller.email);
    expect(confirmation.subject).toBe(`Бронирование подтверждено: ${idea.title.ru}`);
    expect(confirmation.text).toContain(`https://sopka.example/go/${created.body.data.relationships.idea.data.hid}`);
    expect(confirmation.text).toContain('2 взрослых');
    expect(confirmation.html).toContain('<a href="https://sopka.example/go/');
    // The terms: where to meet (with a map link) and the booking's cancellation rule with its deadline.
    const terms = seedTerms(SEED_IDEAS[idea.id - 1], idea.id - 1);
    expect(confirmation.text).toContain(terms.meetingPoint.ru);
    expect(confirmation.text).toContain(
      `https://www.openstreetmap.org/?mlat=${terms.meetingLat}&mlon=${terms.meetingLon}`,
    );
    expect(confirmation.text).toContain(ru.mail.cancellation[terms.cancellationPolicy]);
    expect(confirmation.text).toContain('Отменить бесплатно можно до');
    const [ics] = confirmation.attachments;
    expect(ics.filename).toMatch(/\.ics$/);
    expect(ics.contentType).toContain('text/calendar');
    const start = new Date(date.attributes.starts_at);
    const stamp = start
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(ics.content).toContain('BEGIN:VEVENT');
    expect(ics.content).toContain(`DTSTART:${stamp}`);
    expect(ics.content).toMatch(/DTEND:\d{8}T\d{6}Z/);
    expect(ics.content).toContain(`UID:booking-${created.body.data.hid}@sopka.travel`);
    expect(ics.content.replace(/\r\n /g, '')).toContain(`LOCATION:${terms.meetingPoint.ru.replace(/,/g, '\\,')}`);
    expect(ics.content).toContain(`GEO:${terms.meetingLat};${terms.meetingLon}`);

    const [news] = await inbox(author.email);
    expect(news.subject).toBe(`Новое бронирование: ${idea.title.ru}`);
    expect(news.text).toContain('Анна');
    expect(news.text).toContain(terms.meetingPoint.ru);
    expect(news.text).toContain(ru.mail.cancellation[terms.cancellationPolicy]);

    const cancelled = await call(cancel, `/api/v1/bookings/${created.body.data.hid}/cancel`, {
      method: 'POST',
      params: { hid: created.body.data.hid },
      headers: await signIn(0),
    });
    expect(cancelled.status).toBe(200);
    expect(await drainEmailQueue()).toEqual({ sent: 2, failed: 0 });
    expect((await inbox(traveller.email))[0].subject).toBe(`Бронирование отменено: ${idea.title.ru}`);
    expect((await inbox(author.email))[0].text).toContain('отменил');
  });

  it('writes the emails in the booking’s transaction: a booking that does not commit sends nothing', async () => {
    await drainEmailQueue();
    const { idea, date } = await bookable(1, 1);
    // Too many people for the departure: refused, nothing queued.
    const tooMany = await postBooking(await signIn(1), idea.id, date.id, {
      adults: idea.maxPersons + 1,
      contact: { name: 'Б', phone: '+79141112233' },
    });
    expect(tooMany.status).toBe(422);
    expect(await pending()).toBe(0);

    // The queue refuses the row: the booking, written before it in the same transaction, is rolled back too.
    await database.db.execute(sql`
      create function refuse_email() returns trigger language plpgsql as $$
      begin raise exception 'queue unavailable'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_email before insert on email_queue for each row execute function refuse_email()`,
    );
    try {
      const failed = await postBooking(await signIn(1), idea.id, date.id, {
        contact: { name: 'Б', phone: '+79141112233' },
      });
      expect(failed.status).toBe(500);
    } finally {
      await database.db.execute(sql`drop trigger refuse_email on email_queue`);
      await database.db.execute(sql`drop function refuse_email()`);
    }
    const [after] = await database.db.select().from(ideaDates).where(eq(ideaDates.id, date.id));
    expect(after.seatsLeft).toBe(date.attributes.seats_left);
    const made = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.ideaDateId, date.id), eq(bookings.userId, 2)));
    expect(made).toEqual([]);
    expect(await pending()).toBe(0);
  });
});

describe('emails of moderation and accounts', () => {
  it('tells the author of an approval and of a refusal with its reason, in the author’s language', async () => {
    await drainEmailQueue();
    const waiting = seeded.filter((i) => i.status === 'not-moderated');
    const moderator = await signInHeaders(MODERATOR_EMAIL, MODERATOR_PASSWORD);
    const [first, second] = await Promise.all(
      waiting.slice(0, 2).map(async (seed) => (await database.db.select().from(ideas).where(eq(ideas.id, seed.id)))[0]),
    );
    // The second author reads English.
    const english = SEED_AUTHORS[second.authorId - 1];
    const englishHeaders = await signIn(second.authorId - 1);
    const patched = await patchUserAs(englishHeaders, second.authorId, { locale: 'en' });
    expect(patched.status).toBe(200);
    expect(patched.body.data.attributes.locale).toBe('en');

    expect((await moderationStep('approve', first.hid, moderator)).status).toBe(200);
    expect((await moderationStep('refuse', second.hid, moderator, { reason: 'Add photos of the route.' })).status).toBe(
      200,
    );
    await drainEmailQueue();
    const approved = (await inbox(SEED_AUTHORS[first.authorId - 1].email)).find((m) =>
      m.subject.includes(first.title.ru),
    );
    expect(approved?.subject).toBe(`Идея опубликована: ${first.title.ru}`);
    const [refused] = await inbox(english.email);
    expect(refused.subject).toBe(`Your idea needs changes: ${second.title.en || second.title.ru}`);
    expect(refused.text).toContain('Reason: Add photos of the route.');

    const badLocale = await patchUserAs(englishHeaders, second.authorId, { locale: 'de' });
    expect(badLocale.status).toBe(422);
  });

  it('tells the owner when the password changes', async () => {
    await drainEmailQueue();
    const headers = await signIn(3);
    const changed = await call(setPassword, '/api/v1/users/4/setPassword', {
      method: 'PATCH',
      params: { id: '4' },
      headers,
      json: { oldPassword: AUTHOR_PASSWORD, password: 'a-brand-new-password', passwordConfirm: 'a-brand-new-password' },
    });
    expect(changed.status).toBe(200);
    await drainEmailQueue();
    expect((await inbox(SEED_AUTHORS[3].email))[0].subject).toBe('Пароль в Сопке изменён');
  });
});

/** A sender that records what it sends; `failing` makes it throw like an unreachable SMTP server. */
function recordingSender({ failing = false, delayMs = 0 } = {}): EmailSender & { sent: Email[] } {
  const sent: Email[] = [];
  return {
    sent,
    async send(email) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(email);
    },
  };
}

const message = (to: string, subject = 'Test') => ({
  kind: 'test',
  to,
  subject,
  text: 'Hello',
  html: '<p>Hello</p>',
});

describe('the queue’s worker', () => {
  it('tries a failed send again after an exponential pause, then sends it', async () => {
    await drainEmailQueue();
    await enqueueEmail(database.db, message('retry@example.com'));
    const t0 = new Date(Date.now() + 1000);
    const down = recordingSender({ failing: true });

    expect(await drainEmailQueue({ now: () => t0, sender: down })).toEqual({ sent: 0, failed: 1 });
    const [row] = await database.db.select().from(emailQueue).where(eq(emailQueue.recipient, 'retry@example.com'));
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('ECONNREFUSED');
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + emailBackoffMs(1));

    // Not due yet: nothing is tried.
    const justBefore = new Date(t0.getTime() + emailBackoffMs(1) - 1000);
    expect(await drainEmailQueue({ now: () => justBefore, sender: down })).toEqual({ sent: 0, failed: 0 });
    // Due: fails again, and the next pause is twice as long.
    const t1 = new Date(t0.getTime() + emailBackoffMs(1));
    expect(await drainEmailQueue({ now: () => t1, sender: down })).toEqual({ sent: 0, failed: 1 });
    const [again] = await database.db.select().from(emailQueue).where(eq(emailQueue.id, row.id));
    expect(again.attempts).toBe(2);
    expect(again.nextAttemptAt.getTime() - t1.getTime()).toBe(2 * emailBackoffMs(1));

    const up = recordingSender();
    const t2 = new Date(t1.getTime() + emailBackoffMs(2));
    expect(await drainEmailQueue({ now: () => t2, sender: up })).toEqual({ sent: 1, failed: 0 });
    expect(up.sent.map((e) => e.to)).toEqual(['retry@example.com']);
    expect(await drainEmailQueue({ now: () => t2, sender: up })).toEqual({ sent: 0, failed: 0 });
  });

  it('keeps a row claimed by a worker that died, and sends it once the lease is over', async () => {
    await drainEmailQueue();
    await enqueueEmail(database.db, message('crash@example.com'));
    const now = new Date(Date.now() + 1000);
    // A worker claimed the row and died before sending it.
    await database.db
      .update(emailQueue)
      .set({ lockedUntil: new Date(now.getTime() + EMAIL_LEASE_MS), attempts: 1 })
      .where(eq(emailQueue.recipient, 'crash@example.com'));
    const sender = recordingSender();
    expect(await drainEmailQueue({ now: () => now, sender })).toEqual({ sent: 0, failed: 0 });
    const later = new Date(now.getTime() + EMAIL_LEASE_MS + 1);
    expect(await drainEmailQueue({ now: () => later, sender })).toEqual({ sent: 1, failed: 0 });
    expect(sender.sent.map((e) => e.to)).toEqual(['crash@example.com']);
  });

  it('never sends one row twice when two workers drain at once', async () => {
    await drainEmailQueue();
    const count = 40;
    for (let i = 0; i < count; i++) await enqueueEmail(database.db, message(`many-${i}@example.com`, `n${i}`));
    const a = recordingSender({ delayMs: 2 });
    const b = recordingSender({ delayMs: 2 });
    const [ra, rb] = await Promise.all([drainEmailQueue({ sender: a }), drainEmailQueue({ sender: b })]);
    expect(ra.sent + rb.sent).toBe(count);
    const subjects = [...a.sent, ...b.sent].map((e) => e.subject).sort();
    expect(subjects).toEqual(Array.from({ length: count }, (_, i) => `n${i}`).sort());
    expect(await pending()).toBe(0);
  });
});
