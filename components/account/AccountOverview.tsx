'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { groupBookings } from '@/lib/api/bookings';
import { userBookingsQuery } from '@/lib/api/signed-in-queries';
import { formatDeparture } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import { accountMenuFor, type AccountMenuKey } from '@/lib/navigation/account-menu';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { selectIsModerator } from '@/lib/store/app-store';
import { useSignedInUser } from './RequireSession';
import styles from './AccountPage.module.css';

const DESCRIPTIONS = {
  accountMain: 'profile',
  accountPassword: 'password',
  accountBooking: 'booking',
  accountFavourites: 'favourites',
  accountMessages: 'messages',
  office: 'office',
  officeDepartures: 'departures',
  officeEarnings: 'earnings',
  officePayouts: 'payouts',
  accountModeration: 'moderation',
} as const satisfies Record<Exclude<AccountMenuKey, 'accountOverview'>, string>;

/** /account: a greeting, the next trip and the account's sections. */
export function AccountOverview() {
  const t = useTranslations('account.overview');
  const tNav = useTranslations('nav');
  const isModerator = useAppStore(selectIsModerator);
  const locale = useLocale() as AppLocale;
  const user = useSignedInUser();
  const bookings = useQuery(userBookingsQuery(locale, user.hid));
  const next = bookings.data ? groupBookings(bookings.data).upcoming[0] : undefined;

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <div>
        <h1 className={styles.title}>{t('greeting', { name: user.attributes.name })}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </div>
      {bookings.isSuccess ? (
        <section className={styles.next} aria-labelledby="next-trip">
          <h2 id="next-trip">{t('nextTrip')}</h2>
          {next ? (
            <>
              <p>
                <AppLink href={`/go/${next.relationships.idea.data.hid}`}>{next.relationships.idea.data.title}</AppLink>
                {' — '}
                {formatDeparture(next.attributes.starts_at, locale, { withWeekday: true })}
              </p>
              <AppLink href="/account/booking">{t('allBookings')}</AppLink>
            </>
          ) : (
            <>
              <p>{t('noTrips')}</p>
              <AppLink href="/go" className={buttonClass('primary')}>
                {t('findTrip')}
              </AppLink>
            </>
          )}
        </section>
      ) : null}
      <ul className={styles.cards}>
        {accountMenuFor(isModerator)
          .filter((entry) => entry.key !== 'accountOverview')
          .map((entry) => (
            <li key={entry.key}>
              <AppLink href={entry.href} className={styles.card}>
                <strong>{tNav(entry.key)}</strong>
                <span>{t(DESCRIPTIONS[entry.key as keyof typeof DESCRIPTIONS])}</span>
              </AppLink>
            </li>
          ))}
      </ul>
    </div>
  );
}
