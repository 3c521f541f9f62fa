import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { pick } from '../db/localized';
import { places, users } from '../db/schema';
import { enqueueEmail } from '../mail/queue';
import { formatWhen, greetingOf, mailTranslator, renderEmail, siteLink } from '../mail/render';
import type { DateRow, IdeaRow } from './departure-resource';

/**
 * The email telling a traveller the guide cancelled their departure, in the traveller's language, queued in the
 * cancellation's transaction. Only to the account's own (confirmed) address, as every booking email.
 */
export async function enqueueDepartureCancelledEmail(
  tx: Tx,
  booking: { userId: number; contact: { name: string } },
  idea: IdeaRow,
  date: DateRow,
  reason: string,
): Promise<void> {
  const [traveller] = await tx
    .select({ name: users.name, email: users.email, locale: users.locale, settings: users.notificationSettings })
    .from(users)
    .where(eq(users.id, booking.userId));
  // The traveller may have turned booking updates off (the message in their conversation still tells them).
  if (!traveller?.email || traveller.settings?.bookings === false) return;
  const [place] = idea.placeId ? await tx.select().from(places).where(eq(places.id, idea.placeId)) : [];
  const language = traveller.locale ?? 'ru';
  const t = mailTranslator(language);
  const title = pick(idea.title, language);
  const details: [string, string][] = [
    [t('when'), formatWhen(date.startsAt, language)],
    [t('where'), place ? pick(place.title, language) : ''],
    [t('departureCancelled.reason'), reason],
  ];
  await enqueueEmail(tx, {
    kind: 'departure-cancelled',
    to: traveller.email,
    ...renderEmail(
      {
        subject: t('departureCancelled.subject', { title }),
        greeting: greetingOf(t, traveller.name || booking.contact.name),
        paragraphs: [t('departureCancelled.intro', { title })],
        details: details.filter(([, value]) => value),
        action: { label: t('openBookings'), url: siteLink(language, '/account/booking') },
        after: [t('departureCancelled.next')],
      },
      language,
    ),
  });
}
