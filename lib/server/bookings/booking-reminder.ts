import 'server-only';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@/lib/contract/notification-settings';
import { formatPhone } from '@/lib/format/phone';
import { departureNoticeAt } from '@/lib/jobs/timing';
import { openInMapsHref } from '@/lib/map/tiles';
import { displayName } from '@/lib/i18n/display-name';
import { transaction } from '../db';
import { pick } from '../db/localized';
import { bookings, ideaDates, ideas, users } from '../db/schema';
import { meetingPointOf } from '../ideas/resource';
import type { JobContext, JobHandler } from '../jobs/run-jobs';
import { scheduleJob } from '../jobs/schedule-job';
import { enqueueEmail } from '../mail/queue';
import { formatWhen, greetingOf, mailTranslator, renderEmail, siteLink } from '../mail/render';
import { emailQueued } from '../mail/worker';
import { smsSender } from '../platform/sms';
import { FOLLOW_UP_KINDS, reminderSmsKey } from './follow-ups';

// The traveller's reminder before a departure (docs/jobs.md): an email, and an SMS to a confirmed phone.

const guide = alias(users, 'guide');

/**
 * When a departure's notice found its departure moved later (an edited date), the time to run again; null when
 * it is due now.
 */
export function noticeMovedTo(startsAt: Date, now: Date): Date | null {
  const at = departureNoticeAt(startsAt, now);
  return at && at.getTime() > now.getTime() ? at : null;
}

/** Job `booking-reminder`: payload { bookingId }. Nothing is sent for a booking no longer confirmed or a trip begun. */
export const remindTraveller: JobHandler = async (job, { now, complete }: JobContext) => {
  const bookingId = Number(job.payload.bookingId);
  const outcome = await transaction(async (tx) => {
    const [row] = await tx
      .select({ booking: bookings, idea: ideas, date: ideaDates, traveller: users, guide })
      .from(bookings)
      .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
      .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
      .innerJoin(users, eq(users.id, bookings.userId))
      .innerJoin(guide, eq(guide.id, ideas.authorId))
      .where(eq(bookings.id, bookingId));
    const later = row && noticeMovedTo(row.date.startsAt, now);
    if (later) return { later };
    const settings = row?.traveller.notificationSettings ?? DEFAULT_NOTIFICATION_SETTINGS;
    if (
      !row ||
      row.booking.status !== 'confirmed' ||
      row.idea.deletedAt ||
      row.date.cancelledAt ||
      row.date.startsAt <= now ||
      !settings.reminders
    ) {
      await complete(tx);
      return undefined;
    }
    const { booking, idea, date, traveller } = row;
    const language = traveller.locale;
    const t = mailTranslator(language);
    const title = pick(idea.title, language);
    const when = t('vladivostokTime', { when: formatWhen(date.startsAt, language) });
    const meeting = meetingPointOf(idea, language);
    const mapLink =
      meeting && meeting.lat !== null && meeting.lon !== null ? openInMapsHref(meeting.lat, meeting.lon) : '';
    const guideName = displayName(row.guide, language);
    const guidePhone = row.guide.phone ? formatPhone(row.guide.phone) : '';
    if (traveller.email) {
      const details: [string, string][] = [
        [t('when'), when],
        [t('meetingPoint'), [meeting?.text, mapLink].filter(Boolean).join('\n')],
        [t('guide'), [guideName, guidePhone].filter(Boolean).join('\n')],
        [t('guests'), t('guestsValue', { adults: booking.adults, children: booking.children })],
        [t('bookingReminder.includes'), pick(idea.includes, language)],
      ];
      await enqueueEmail(tx, {
        kind: FOLLOW_UP_KINDS.reminder,
        to: traveller.email,
        ...renderEmail(
          {
            subject: t('bookingReminder.subject', { title }),
            greeting: greetingOf(t, traveller.name || booking.contact.name),
            paragraphs: [t('bookingReminder.intro', { title })],
            details: details.filter(([, value]) => value),
            action: { label: t('openBookings'), url: siteLink(language, '/account/booking') },
            after: [t('bookingReminder.after')],
          },
          language,
        ),
      });
    }
    // users.phone is only ever a confirmed number (a typed one waits in pending_phone). Its own job: a failing
    // gateway is retried without mailing the reminder again.
    if (traveller.phone) {
      const text = [
        t('bookingReminder.sms', { title, when }),
        meeting?.text && t('bookingReminder.smsMeeting', { meeting: meeting.text }),
        t('bookingReminder.smsGuide', { guide: [guideName, guidePhone].filter(Boolean).join(' ') }),
      ]
        .filter(Boolean)
        .join(' ');
      await scheduleJob(tx, {
        kind: FOLLOW_UP_KINDS.reminderSms,
        key: reminderSmsKey(booking.id),
        runAt: now,
        payload: { phone: traveller.phone, text },
        maxAttempts: 5,
      });
    }
    await complete(tx);
    return undefined;
  });
  emailQueued();
  return outcome;
};

/** Job `booking-reminder-sms`: payload { phone, text }, written by the reminder. */
export const sendReminderSms: JobHandler = async (job) => {
  await smsSender().send(String(job.payload.phone), String(job.payload.text));
};
