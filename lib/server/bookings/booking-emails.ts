import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { minorUnitDigits } from '@/lib/payments/amounts';
import type { Tx } from '../db';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { bookings, ideaDates, ideas, payments, places, refunds, users } from '../db/schema';
import { freeCancellationDeadline } from '@/lib/bookings/cancellation';
import { formatPhone } from '@/lib/format/phone';
import { openInMapsHref } from '@/lib/map/tiles';
import { meetingPointOf } from '../ideas/resource';
import { calendarFile } from '../mail/ics';
import { enqueueEmail } from '../mail/queue';
import {
  formatMoney,
  formatWhen,
  greetingOf,
  mailTranslator,
  renderEmail,
  siteLink,
  type MailTranslator,
} from '../mail/render';

// A booking's emails, written to the queue with the transaction of the booking or its cancellation
// (lib/server/mail/notifications.ts has the others).

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'locale'>;

async function usersByIds(tx: Tx, ids: number[]): Promise<Map<number, UserRow>> {
  const rows = await tx
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** What a booking's travellers paid online and what of it is being (or was) refunded, in whole units. */
async function moneyOfBooking(tx: Tx, bookingId: number): Promise<{ paid: number; refunded: number }> {
  const [row] = await tx
    .select({
      paid: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.status} = 'succeeded'), 0)::int`,
      refunded: sql<number>`coalesce((select sum(r.amount) from ${refunds} r join ${payments} p on p.id = r.payment_id
        where p.booking_id = ${bookingId} and r.status <> 'failed'), 0)::int`,
      currency: sql<string | null>`max(${payments.currency})`,
    })
    .from(payments)
    .where(eq(payments.bookingId, bookingId));
  if (!row.currency) return { paid: 0, refunded: 0 };
  const unit = 10 ** minorUnitDigits(row.currency);
  return { paid: Number(row.paid) / unit, refunded: Number(row.refunded) / unit };
}

/** A departure lasts the idea's duration (two hours when the idea does not say). */
const DEFAULT_DURATION_MINUTES = 120;

/**
 * A booking's change, as its emails tell it: `confirmed` (booked at once), `cancelled` (by the traveller),
 * `requested` (a request sent), `accepted`, `declined` and `expired` (a request answered or not in time).
 */
export type BookingMailEvent =
  | 'confirmed'
  | 'cancelled'
  | 'requested'
  | 'accepted'
  | 'declined'
  | 'expired'
  /** A private booking: the guide proposed another time; the traveller accepted it, or let it lapse. */
  | 'countered'
  | 'counter_accepted'
  | 'counter_expired'
  /** A payment that arrived when the booking held no seats any more: refunded in full. */
  | 'late_payment_refunded'
  /** The guide or moderation removed the idea: the booking is cancelled and refunded in full. */
  | 'idea_removed';

interface MailOf {
  kind: string;
  /** The `mail.<key>` messages: subject and intro. */
  key:
    | 'bookingConfirmed'
    | 'requestAccepted'
    | 'cancellationConfirmed'
    | 'requestSent'
    | 'requestDeclined'
    | 'requestExpired'
    | 'bookingReceived'
    | 'bookingCancelledAuthor'
    | 'requestReceived'
    | 'requestExpiredAuthor'
    | 'latePaymentRefunded'
    | 'ideaRemoved'
    | 'requestCountered'
    | 'counterAccepted'
    | 'counterExpired'
    | 'counterExpiredAuthor';
}

/** What the traveller is sent on each change. */
const TRAVELLER_MAIL: Record<BookingMailEvent, MailOf> = {
  confirmed: { kind: 'booking-confirmed', key: 'bookingConfirmed' },
  accepted: { kind: 'request-accepted', key: 'requestAccepted' },
  cancelled: { kind: 'cancellation-confirmed', key: 'cancellationConfirmed' },
  requested: { kind: 'request-sent', key: 'requestSent' },
  declined: { kind: 'request-declined', key: 'requestDeclined' },
  expired: { kind: 'request-expired', key: 'requestExpired' },
  late_payment_refunded: { kind: 'late-payment-refunded', key: 'latePaymentRefunded' },
  idea_removed: { kind: 'idea-removed', key: 'ideaRemoved' },
  countered: { kind: 'request-countered', key: 'requestCountered' },
  counter_accepted: { kind: 'booking-confirmed', key: 'bookingConfirmed' },
  counter_expired: { kind: 'counter-expired', key: 'counterExpired' },
};

/** What the guide is sent: nothing about their own answers. */
const AUTHOR_MAIL: Partial<Record<BookingMailEvent, MailOf>> = {
  confirmed: { kind: 'booking-received', key: 'bookingReceived' },
  cancelled: { kind: 'booking-cancelled-author', key: 'bookingCancelledAuthor' },
  requested: { kind: 'request-received', key: 'requestReceived' },
  expired: { kind: 'request-expired-author', key: 'requestExpiredAuthor' },
  counter_accepted: { kind: 'counter-accepted', key: 'counterAccepted' },
  counter_expired: { kind: 'counter-expired-author', key: 'counterExpiredAuthor' },
};

/** The emails of a booking's change, to the traveller and the idea's author, each in their language. */
export async function enqueueBookingEmails(tx: Tx, bookingId: number, event: BookingMailEvent) {
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
  const money = await moneyOfBooking(tx, booking.id);
  const traveller = people.get(booking.userId);
  const author = people.get(idea.authorId);

  const booked = event === 'confirmed' || event === 'accepted' || event === 'counter_accepted';
  const details = (t: MailTranslator, language: TextLanguage, forAuthor: boolean): [string, string][] => {
    const list: [string, string][] = [
      [t('when'), formatWhen(date.startsAt, language)],
      [t('where'), pick(row.placeTitle, language)],
      [t('guests'), t('guestsValue', { adults: booking.adults, children: booking.children })],
      [t('total'), formatMoney(booking.total, booking.currency, language)],
    ];
    // What was paid online, and what is left for the day, as the booking page says it.
    if (money.paid > 0) {
      list.push([t('paidOnline'), formatMoney(money.paid, booking.currency, language)]);
      list.push([t('payOnTheDay'), formatMoney(booking.total - money.paid, booking.currency, language)]);
    }
    if (money.refunded > 0) list.push([t('refund'), formatMoney(money.refunded, booking.currency, language)]);
    if (booked) {
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
    if ((event === 'requested' || event === 'countered') && booking.respondBy)
      list.push([t('answerBy'), formatWhen(booking.respondBy, language)]);
    if (event === 'countered' && booking.proposedStart)
      list.push([t('proposedTime'), formatWhen(booking.proposedStart, language)]);
    if (event === 'declined' && booking.endReason) list.push([t('guideMessage'), booking.endReason]);
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

  const calendarAttachment = (language: TextLanguage, ideaUrl: string) => {
    const end = new Date(date.startsAt.getTime() + (idea.durationMinutes ?? DEFAULT_DURATION_MINUTES) * 60_000);
    const meeting = meetingPointOf(idea, language);
    const content = calendarFile({
      uid: `booking-${booking.hid}@sopka.travel`,
      start: date.startsAt,
      end,
      title: pick(idea.title, language),
      location: meeting?.text || pick(row.placeTitle, language),
      geo: meeting && meeting.lat !== null && meeting.lon !== null ? { lat: meeting.lat, lon: meeting.lon } : undefined,
      description: ideaUrl,
      url: ideaUrl,
    });
    return { filename: 'sopka-booking.ics', contentType: 'text/calendar; charset=utf-8', content };
  };

  // The traveller: only their account's email, which the account has confirmed (email-confirmation.ts). The
  // booking's contact email is shown to the guide but never mailed: anyone can type any address there.
  const travellerEmail = traveller?.email;
  if (travellerEmail) {
    const language = traveller?.locale ?? 'ru';
    const t = mailTranslator(language);
    const title = pick(idea.title, language);
    const ideaUrl = siteLink(language, `/go/${idea.hid}`);
    const mail = TRAVELLER_MAIL[event];
    await enqueueEmail(tx, {
      kind: mail.kind,
      to: travellerEmail,
      ...renderEmail(
        {
          subject: t(`${mail.key}.subject`, { title }),
          greeting: greetingOf(t, traveller?.name ?? booking.contact.name),
          paragraphs: [t(`${mail.key}.intro`), title],
          details: details(t, language, false),
          action: [
            'requested',
            'accepted',
            'countered',
            'counter_accepted',
            'late_payment_refunded',
            'idea_removed',
          ].includes(event)
            ? { label: t('openBookings'), url: siteLink(language, `/account/booking/${booking.hid}`) }
            : { label: t('openIdea'), url: ideaUrl },
          after: booked ? [t('bookingConfirmed.calendar')] : [],
        },
        language,
      ),
      ...(booked ? { attachments: [calendarAttachment(language, ideaUrl)] } : {}),
    });
  }

  const authorMail = AUTHOR_MAIL[event];
  if (authorMail && author?.email && author.id !== traveller?.id) {
    const language = author.locale;
    const t = mailTranslator(language);
    const title = pick(idea.title, language);
    await enqueueEmail(tx, {
      kind: authorMail.kind,
      to: author.email,
      ...renderEmail(
        {
          subject: t(`${authorMail.key}.subject`, { title }),
          greeting: greetingOf(t, author.name),
          paragraphs: [t(`${authorMail.key}.intro`, { title })],
          details: details(t, language, true),
          action:
            event === 'requested'
              ? { label: t('openRequests'), url: siteLink(language, '/office/requests') }
              : { label: t('openOffice'), url: siteLink(language, '/office') },
        },
        language,
      ),
    });
  }
}
