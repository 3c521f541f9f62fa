import 'server-only';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db';
import { pick } from '../db/localized';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { bookings, ideaDates, ideas, users } from '../db/schema';
import { enqueueEmail } from './queue';
import { formatWhen, greetingOf, mailTranslator, renderEmail, siteLink } from './render';

/**
 * The emails the product sends, each in its recipient's language (users.locale), written to the queue with the
 * transaction of the change they tell about. Callers nudge the worker (emailQueued) after the commit. The
 * bookings' emails are lib/server/bookings/booking-emails.ts: they show the idea as ideas/ does.
 */

const userColumns = { id: users.id, name: users.name, email: users.email, locale: users.locale };

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
