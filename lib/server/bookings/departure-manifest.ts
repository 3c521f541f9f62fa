import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import { formatPhone } from '@/lib/format/phone';
import { transaction } from '../db';
import { pick } from '../db/localized';
import { bookings, ideaDates, ideas, users } from '../db/schema';
import type { JobHandler } from '../jobs/run-jobs';
import { enqueueEmail } from '../mail/queue';
import { formatWhen, greetingOf, mailTranslator, renderEmail, siteLink } from '../mail/render';
import { emailQueued } from '../mail/worker';
import { noticeMovedTo } from './booking-reminder';
import { FOLLOW_UP_KINDS } from './follow-ups';

/**
 * Job `departure-manifest`: payload { ideaDateId }. 48 h before a departure, one email to the guide listing its
 * confirmed bookings (name, guests, phone, email); none when no booking is confirmed any more.
 */
export const sendDepartureManifest: JobHandler = async (job, { now, complete }) => {
  const ideaDateId = Number(job.payload.ideaDateId);
  const outcome = await transaction(async (tx) => {
    const [row] = await tx
      .select({ idea: ideas, date: ideaDates, guide: users })
      .from(ideaDates)
      .innerJoin(ideas, eq(ideas.id, ideaDates.ideaId))
      .innerJoin(users, eq(users.id, ideas.authorId))
      .where(eq(ideaDates.id, ideaDateId));
    const later = row && noticeMovedTo(row.date.startsAt, now);
    if (later) return { later };
    const list =
      row && !row.idea.deletedAt && !row.date.cancelledAt && row.date.startsAt > now && row.guide.email
        ? await tx
            .select({ booking: bookings, traveller: { name: users.name, email: users.email, phone: users.phone } })
            .from(bookings)
            .innerJoin(users, eq(users.id, bookings.userId))
            .where(and(eq(bookings.ideaDateId, ideaDateId), eq(bookings.status, 'confirmed')))
            .orderBy(asc(bookings.id))
        : [];
    if (row?.guide.email && list.length > 0) {
      const { idea, date, guide } = row;
      const language = guide.locale;
      const t = mailTranslator(language);
      const title = pick(idea.title, language);
      const when = formatWhen(date.startsAt, language);
      const people = list.reduce((sum, { booking }) => sum + booking.adults + booking.children, 0);
      const details = list.map(({ booking, traveller }): [string, string] => {
        // What the traveller gave with the booking, else their account's (shown to the guide once confirmed).
        const phone = booking.contact.phone || traveller.phone;
        return [
          booking.contact.name || traveller.name,
          [
            t('guestsValue', { adults: booking.adults, children: booking.children }),
            phone && formatPhone(phone),
            booking.contact.email || traveller.email,
          ]
            .filter(Boolean)
            .join('\n'),
        ];
      });
      await enqueueEmail(tx, {
        kind: FOLLOW_UP_KINDS.manifest,
        to: row.guide.email,
        ...renderEmail(
          {
            subject: t('departureManifest.subject', { title, when }),
            greeting: greetingOf(t, guide.name),
            paragraphs: [
              t('departureManifest.intro', { title, when: t('vladivostokTime', { when }) }),
              t('departureManifest.total', { bookings: list.length, people }),
            ],
            details,
            action: { label: t('openOffice'), url: siteLink(language, '/office') },
          },
          language,
        ),
      });
    }
    await complete(tx);
    return undefined;
  });
  emailQueued();
  return outcome;
};
