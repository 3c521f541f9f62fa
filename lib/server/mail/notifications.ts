import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { bookings, ideaDates, ideas, places, users } from '../db/schema';
import { freeCancellationDeadline } from '@/lib/bookings/cancellation';
import { openInMapsHref } from '@/lib/map/tiles';
import { meetingPointOf } from '../ideas/resource';
import { calendarFile } from './ics';
import { enqueueEmail } from './queue';
import { formatPhone } from '@/lib/format/phone';
import { formatMoney, formatWhen, mailTranslator, renderEmail, siteLink, type MailTranslator } from './render';

/**
 * The emails the product sends, each in its recipient's language (users.locale), written to the queue with the
 * transaction of the change they tell about. Callers nudge the worker (emailQueued) after the commit.
 */

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'locale'>;
const userColumns = { id: users.id, name: users.name, email: users.email, locale: users.locale };

const greetingOf = (t: MailTranslator, name: string) =>
  name.trim() ? t('greeting', { name: name.trim() }) : t('greetingAnonymous');

async function usersByIds(tx: Tx, ids: number[]): Promise<Map<number, UserRow>> {
  const rows = await tx.select(userColumns).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A departure lasts the idea's duration (two hours when the idea does not say). */
const DEFAULT_DURATION_MINUTES = 120;

/** The booking's emails: confirmed (traveller + author) or cancelled (traveller + author). */
export async function enqueueBookingEmails(tx: Tx, bookingId: number, event: 'confirmed' | 'cancelled') {
  const [row] = await tx
    .select({ booking: bookings, idea: ideas, date: ideaDates, placeTitle: places.title })
    .from(bookings)
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
    .leftJoin(places, eq(places.id, ideas.placeId))
    .where(eq(bookings.id, bookingId));
  if (!row) return;
  const { booking, idea, date } = row;
  const people = await usersByIds(tx, [booking.userId, idea.authorId]);
  const traveller = people.get(booking.userId);
  const author = people.get(idea.authorId);

  const details = (t: MailTranslator, language: TextLanguage, forAuthor: boolean): [string, string][] => {
    const list: [string, string][] = [
      [t('when'), formatWhen(date.startsAt, language)],
      [t('where'), pick(row.placeTitle, language)],
      [t('guests'), t('guestsValue', { adults: booking.adults, children: booking.children })],
      [t('total'), formatMoney(booking.total, booking.currency, language)],
    ];
    if (event === 'confirmed') {
      const meeting = meetingPointOf(idea, language);
      if (meeting?.text)
        list.push([
          t('meetingPoint'),
          meeting.lat !== null && meeting.lon !== null
            ? `${meeting.text}\n${openInMapsHref(meeting.lat, meeting.lon)}`
            : meeting.text,
        ]);
      const deadline = freeCancellationDeadline(booking.cancellationPolicy, date.startsAt);
      const rule = t(`cancellation.${booking.cancellationPolicy}`);
      list.push([
        t('cancellationTerms'),
        deadline ? `${rule}\n${t('cancellation.until', { date: formatWhen(deadline, language) })}` : rule,
      ]);
    }
    if (forAuthor) {
      list.push([t('traveller'), booking.contact.name || traveller?.name || '']);
      const contact = [
        booking.contact.phone && formatPhone(booking.contact.phone),
        booking.contact.email,
        booking.contact.comment,
      ]
        .filter(Boolean)
        .join('\n');
      if (contact) list.push([t('contact'), contact]);
    }
    return list.filter(([, value]) => value);
  };

  // The traveller: only their account's email, which the account has confirmed (email-confirmation.ts). The
  // booking's contact email is shown to the guide but never mailed: anyone can type any address there.
  const travellerEmail = traveller?.email;
  if (travellerEmail) {
    const language = traveller?.locale ?? 'ru';
    const t = mailTranslator(language);
    const title = pick(idea.title, language);
    const ideaUrl = siteLink(language, `/go/${idea.hid}`);
    if (event === 'confirmed') {
      const end = new Date(date.startsAt.getTime() + (idea.durationMinutes ?? DEFAULT_DURATION_MINUTES) * 60_000);
      const meeting = meetingPointOf(idea, language);
      const ics = calendarFile({
        uid: `booking-${booking.hid}@sopka.travel`,
        start: date.startsAt,
        end,
        title,
        location: meeting?.text || pick(row.placeTitle, language),
        geo:
          meeting && meeting.lat !== null && meeting.lon !== null ? { lat: meeting.lat, lon: meeting.lon } : undefined,
        description: ideaUrl,
        url: ideaUrl,
      });
      await enqueueEmail(tx, {
        kind: 'booking-confirmed',
        to: travellerEmail,
        ...renderEmail(
          {
            subject: t('bookingConfirmed.subject', { title }),
            greeting: greetingOf(t, traveller?.name ?? booking.contact.name),
            paragraphs: [t('bookingConfirmed.intro'), title],
            details: details(t, language, false),
            action: { label: t('openIdea'), url: ideaUrl },
            after: [t('bookingConfirmed.calendar')],
          },
          language,
        ),
        attachments: [{ filename: 'sopka-booking.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
      });
    } else {
      await enqueueEmail(tx, {
        kind: 'cancellation-confirmed',
        to: travellerEmail,
        ...renderEmail(
          {
            subject: t('cancellationConfirmed.subject', { title }),
            greeting: greetingOf(t, traveller?.name ?? booking.contact.name),
            paragraphs: [t('cancellationConfirmed.intro'), title],
            details: details(t, language, false),
            action: { label: t('openIdea'), url: ideaUrl },
          },
          language,
        ),
      });
    }
  }

  if (author?.email && author.id !== traveller?.id) {
    const language = author.locale;
    const t = mailTranslator(language);
    const title = pick(idea.title, language);
    const kind = event === 'confirmed' ? 'bookingReceived' : 'bookingCancelledAuthor';
    await enqueueEmail(tx, {
      kind: event === 'confirmed' ? 'booking-received' : 'booking-cancelled-author',
      to: author.email,
      ...renderEmail(
        {
          subject: t(`${kind}.subject`, { title }),
          greeting: greetingOf(t, author.name),
          paragraphs: [t(`${kind}.intro`, { title })],
          details: details(t, language, true),
          action: { label: t('openOffice'), url: siteLink(language, '/office') },
        },
        language,
      ),
    });
  }
}

/** After the trip: "how was it?", to the traveller, with a link that opens the review form of this booking. */
export async function enqueueReviewInvitationEmail(tx: Tx, bookingId: number) {
  const [row] = await tx
    .select({ booking: bookings, idea: ideas, date: ideaDates, traveller: userColumns })
    .from(bookings)
    .innerJoin(ideas, eq(ideas.id, bookings.ideaId))
    .innerJoin(ideaDates, eq(ideaDates.id, bookings.ideaDateId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  // Only the account's confirmed email, never the booking's contact email (see enqueueBookingEmails).
  const to = row?.traveller.email;
  if (!row || !to) return;
  const { booking, idea, date, traveller } = row;
  const language = traveller.locale;
  const t = mailTranslator(language);
  const title = pick(idea.title, language);
  await enqueueEmail(tx, {
    kind: 'review-invitation',
    to,
    ...renderEmail(
      {
        subject: t('reviewInvitation.subject', { title }),
        greeting: greetingOf(t, traveller.name || booking.contact.name),
        paragraphs: [t('reviewInvitation.intro', { title, when: formatWhen(date.startsAt, language) })],
        action: {
          label: t('reviewInvitation.action'),
          url: siteLink(language, `/account/booking?review=${booking.hid}`),
        },
        after: [t('reviewInvitation.after')],
      },
      language,
    ),
  });
}

/** The moderator's decision, to the idea's author. */
export async function enqueueModerationEmail(tx: Tx, ideaId: number, decision: 'approved' | 'refused', reason = '') {
  const [row] = await tx
    .select({ idea: ideas, author: userColumns })
    .from(ideas)
    .innerJoin(users, eq(users.id, ideas.authorId))
    .where(eq(ideas.id, ideaId));
  const email = row?.author.email;
  if (!email) return;
  const { idea, author } = row;
  const language = author.locale;
  const t = mailTranslator(language);
  const title = pick(idea.title, language);
  const content =
    decision === 'approved'
      ? {
          subject: t('ideaApproved.subject', { title }),
          greeting: greetingOf(t, author.name),
          paragraphs: [t('ideaApproved.intro', { title })],
          action: { label: t('openIdea'), url: siteLink(language, `/go/${idea.hid}`) },
        }
      : {
          subject: t('ideaRefused.subject', { title }),
          greeting: greetingOf(t, author.name),
          paragraphs: [t('ideaRefused.intro', { title })],
          details: [[t('ideaRefused.reason'), reason]] as [string, string][],
          action: { label: t('openOffice'), url: siteLink(language, '/office') },
          after: [t('ideaRefused.next')],
        };
  await enqueueEmail(tx, {
    kind: decision === 'approved' ? 'idea-approved' : 'idea-refused',
    to: email,
    ...renderEmail(content, language),
  });
}

/** "Your password was changed", after a change or a reset. */
export async function enqueuePasswordChangedEmail(tx: Tx, userId: number) {
  const [user] = await tx.select(userColumns).from(users).where(eq(users.id, userId));
  if (!user?.email) return;
  const t = mailTranslator(user.locale);
  await enqueueEmail(tx, {
    kind: 'password-changed',
    to: user.email,
    ...renderEmail(
      {
        subject: t('passwordChanged.subject'),
        greeting: greetingOf(t, user.name),
        paragraphs: [t('passwordChanged.intro')],
        action: { label: t('passwordChanged.action'), url: siteLink(user.locale, '/login') },
        after: [t('passwordChanged.notYou')],
      },
      user.locale,
    ),
  });
}

/** The password-reset email with its link (the token itself is never stored). */
export function passwordResetEmail(name: string, language: TextLanguage, token: string) {
  const t = mailTranslator(language);
  return renderEmail(
    {
      subject: t('passwordReset.subject'),
      greeting: greetingOf(t, name),
      paragraphs: [t('passwordReset.intro')],
      action: {
        label: t('passwordReset.action'),
        url: siteLink(language, `/login/reset?token=${encodeURIComponent(token)}`),
      },
      after: [t('passwordReset.expiry'), t('passwordReset.ignore')],
    },
    language,
  );
}

/** The link that confirms an address for an account (email-confirmation.ts); the token itself is never stored. */
export function emailConfirmationEmail(name: string, language: TextLanguage, token: string) {
  const t = mailTranslator(language);
  return renderEmail(
    {
      subject: t('emailConfirmation.subject'),
      greeting: greetingOf(t, name),
      paragraphs: [t('emailConfirmation.intro')],
      action: {
        label: t('emailConfirmation.action'),
        url: siteLink(language, `/account/main/email?token=${encodeURIComponent(token)}`),
      },
      after: [t('emailConfirmation.expiry'), t('emailConfirmation.ignore')],
    },
    language,
  );
}
