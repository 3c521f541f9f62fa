import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as emailOutbox } from '@/app/api/v1/test/email-outbox/route';
import { bookings, emailQueue, ideaDates, ideas, reviews, users } from '@/lib/server/db/schema';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { drainEmailQueue } from '@/lib/server/mail/queue';
import { REVIEW_INVITATION_WINDOW_MS } from '@/lib/server/reviews/invitations';
import { scheduleMissingJobs } from '@/lib/server/startup/job-handlers';
import { call, apiDatabaseForFile } from '../support/api';
import { runDue } from '../support/jobs';

const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox', SITE_URL: 'https://sopka.example' });

// Far beyond the seed's departures, so that only this file's bookings are due.
const START = new Date('2031-06-01T01:00:00Z');
const MINUTE = 60_000;

/** A departure of a published idea (by another author than the traveller) at `startsAt`, and its duration. */
async function departure(startsAt: Date) {
  const [idea] = await database.db
    .select({ id: ideas.id, durationMinutes: ideas.durationMinutes, title: ideas.title })
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(and(eq(ideas.status, 'published'), eq(users.email, SEED_AUTHORS[1].email)))
    .limit(1);
  const [date] = await database.db
    .insert(ideaDates)
    .values({ ideaId: idea.id, startsAt, localStartMinute: 660, seatsTotal: 10, seatsLeft: 10 })
    .returning();
  return { idea, date, endsAt: new Date(startsAt.getTime() + (idea.durationMinutes ?? 0) * MINUTE) };
}

async function traveller(email = SEED_AUTHORS[0].email) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

/**
 * A booking written straight into the table, as bookings made before the scheduler were: its invitation job is
 * added by the start-up's scheduleMissingJobs (new bookings schedule theirs when confirmed: reminders.test.ts).
 */
async function booking(ideaId: number, ideaDateId: number, status: 'confirmed' | 'cancelled' = 'confirmed') {
  const user = await traveller();
  const [row] = await database.db
    .insert(bookings)
    .values({
      hid: `inv${randomUUID().replaceAll('-', '').slice(0, 12)}`,
      userId: user.id,
      ideaId,
      ideaDateId,
      adults: 2,
      total: 1000,
      currency: 'RUB',
      status,
      contact: { name: 'Анна' },
    })
    .returning();
  await scheduleMissingJobs();
  return row;
}

/** The invitations queued for these bookings (each email's link names its booking). */
async function invitationsFor(...hids: string[]) {
  const rows = await database.db.select().from(emailQueue).where(eq(emailQueue.kind, 'review-invitation'));
  return rows.filter((row) => hids.some((hid) => row.text.includes(`review=${hid}`)));
}

describe('review invitations', () => {
  it('invites the traveller once, after the trip has ended, with a link that opens the review of that booking', async () => {
    const { idea, date, endsAt } = await departure(START);
    const mine = await booking(idea.id, date.id);

    await runDue(new Date(endsAt.getTime() - MINUTE));
    expect(await invitationsFor(mine.hid)).toHaveLength(0);

    await runDue(endsAt);
    await runDue(new Date(endsAt.getTime() + 2 * MINUTE));
    const invitations = await invitationsFor(mine.hid);
    expect(invitations).toHaveLength(1);
    const [invitation] = invitations;
    expect(invitation.recipient).toBe(SEED_AUTHORS[0].email);
    // The traveller's language (Russian by default), with the idea's title.
    expect(invitation.subject).toBe(`Как прошла поездка «${idea.title.ru}»?`);
    expect(invitation.text).toContain(`https://sopka.example/account/booking?review=${mine.hid}`);
    expect(invitation.html).toContain('Оставить отзыв');

    await drainEmailQueue();
    const { body } = await call(
      emailOutbox,
      `/api/v1/test/email-outbox?to=${encodeURIComponent(SEED_AUTHORS[0].email)}`,
    );
    expect(body.data.map((email: { subject: string }) => email.subject)).toContain(invitation.subject);
  });

  it('writes in the traveller’s own language', async () => {
    const user = await traveller();
    await database.db.update(users).set({ locale: 'en' }).where(eq(users.id, user.id));
    try {
      const { idea, date, endsAt } = await departure(new Date(START.getTime() + 86_400_000));
      const mine = await booking(idea.id, date.id);
      await runDue(new Date(endsAt.getTime() + MINUTE));
      const [invitation] = await invitationsFor(mine.hid);
      expect(invitation.subject).toBe(`How was “${idea.title.en}”?`);
      expect(invitation.text).toContain(`https://sopka.example/en/account/booking?review=${mine.hid}`);
    } finally {
      await database.db.update(users).set({ locale: 'ru' }).where(eq(users.id, user.id));
    }
  });

  it('skips cancelled and already reviewed bookings, and trips that ended before the window', async () => {
    const { idea, date, endsAt } = await departure(new Date(START.getTime() + 2 * 86_400_000));
    const cancelled = await booking(idea.id, date.id, 'cancelled');
    const reviewed = await booking(idea.id, date.id);
    await database.db.insert(reviews).values({
      hid: `rv${reviewed.hid}`,
      ideaId: idea.id,
      bookingId: reviewed.id,
      authorId: reviewed.userId,
      rating: 5,
      text: 'Всё было прекрасно, спасибо!',
    });
    const old = await departure(new Date(START.getTime() - 30 * 86_400_000));
    const late = await booking(old.idea.id, old.date.id);

    // The old trip ended 30 days before this sweep: out of the window.
    expect(old.endsAt.getTime()).toBeLessThan(endsAt.getTime() - REVIEW_INVITATION_WINDOW_MS);
    await runDue(new Date(endsAt.getTime() + MINUTE));
    expect(await invitationsFor(cancelled.hid, reviewed.hid, late.hid)).toHaveLength(0);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, late.id));
    expect(row.reviewInvitedAt).toBeNull();
  });

  it('queues one invitation per booking when several processes run the due jobs at once', async () => {
    const { idea, date, endsAt } = await departure(new Date(START.getTime() + 4 * 86_400_000));
    const mine = await Promise.all(Array.from({ length: 5 }, () => booking(idea.id, date.id)));
    const now = new Date(endsAt.getTime() + MINUTE);
    const results = await Promise.all([runDue(now), runDue(now), runDue(now)]);
    expect(results.every((result) => result.failed === 0)).toBe(true);
    const queued = await invitationsFor(...mine.map((b) => b.hid));
    expect(queued).toHaveLength(5);
    const marked = await database.db
      .select({ invitedAt: bookings.reviewInvitedAt })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          mine.map((b) => b.id),
        ),
      );
    expect(marked.every((row) => row.invitedAt !== null)).toBe(true);
  });
});
