'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSignedInUser } from '@/components/account/RequireSession';
import { EmptyList } from '@/components/ui/EmptyList';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { BOOKING_FILTERS, groupBookings, initialBookingFilter, type BookingFilter } from '@/lib/api/bookings';
import { userBookingsQuery } from '@/lib/api/signed-in-queries';
import { queryKeys } from '@/lib/contract/query-keys';
import { formatDeparture } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import { useLiveEvent } from '@/components/events/useLiveEvent';
import { BookingCard } from './BookingCard';
import styles from './BookingsList.module.css';

/**
 * A booking named in the address — `?booked=<hid>` after a new booking, `?review=<hid>` from the email inviting a
 * review: read once, then dropped from the address so a reload does not repeat what it triggers.
 */
function useBookingParam(name: 'booked' | 'review'): string | null {
  const [hid, setHid] = useState<string | null>(null);
  useEffect(() => {
    const url = new URL(window.location.href);
    const value = url.searchParams.get(name);
    if (!value || !/^[A-Za-z0-9]{1,32}$/.test(value)) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is known only in the browser
    setHid(value);
    url.searchParams.delete(name);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, [name]);
  return hid;
}

/**
 * The traveller's bookings under three filters: upcoming (soonest first), past, and cancelled, which holds every
 * cancelled booking whatever its date. Cancel asks first, then shows the booking under "Cancelled".
 */
export function BookingsList() {
  const t = useTranslations('bookings');
  const locale = useLocale() as AppLocale;
  const user = useSignedInUser();
  const query = useQuery(userBookingsQuery(locale, user.hid));
  const client = useQueryClient();
  // The guide's answer to a request, an expiry or a cancelled departure shows without a reload.
  useLiveEvent('booking', () => void client.invalidateQueries({ queryKey: queryKeys.userBookings(locale, user.hid) }));
  const justBooked = useBookingParam('booked');
  const reviewRequested = useBookingParam('review');
  const toasted = useRef(false);
  const shownHeading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<BookingFilter | null>(null);

  const groups = groupBookings(query.data ?? []);
  const bookings = BOOKING_FILTERS.flatMap((filter) => groups[filter]);
  const booked = justBooked ? bookings.find((b) => b.hid === justBooked) : undefined;
  const shown = chosen ?? initialBookingFilter(groups, reviewRequested ?? justBooked);

  useEffect(() => {
    if (!booked || toasted.current) return;
    toasted.current = true;
    notify('success', booked.attributes.status === 'requested' ? t('requestSent') : t('booked'), {
      description: t(booked.attributes.status === 'requested' ? 'requestSentText' : 'bookedText', {
        title: booked.relationships.idea.data.title,
        date: formatDeparture(booked.attributes.starts_at, locale),
      }),
    });
    document.getElementById(`booking-${booked.hid}`)?.scrollIntoView({
      block: 'center',
      behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
  }, [booked, locale, t]);

  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError) {
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  if (bookings.length === 0) {
    return <EmptyList title={t('empty')} lead={t('emptyLead')} action={{ href: '/go', label: t('browse') }} />;
  }
  return (
    <>
      <div role="group" aria-label={t('filtersLabel')} className={styles.filters}>
        {BOOKING_FILTERS.map((filter) => (
          <button
            key={filter}
            type="button"
            className={`${buttonClass('chip')} ${styles.filter}`}
            aria-pressed={shown === filter}
            onClick={() => setChosen(filter)}
          >
            {t(`filters.${filter}`)}
            <span className={styles.count}>{groups[filter].length}</span>
          </button>
        ))}
      </div>
      <section aria-labelledby="bookings-shown">
        <h2 id="bookings-shown" ref={shownHeading} tabIndex={-1} className="visually-hidden">
          {t(`filters.${shown}`)}
        </h2>
        {groups[shown].length === 0 ? (
          <p className={styles.none}>{t(`none.${shown}`)}</p>
        ) : (
          <ul className={styles.list}>
            {groups[shown].map((booking) => (
              <li key={booking.hid}>
                <BookingCard
                  booking={booking}
                  highlighted={booking.hid === justBooked}
                  reviewRequested={booking.hid === reviewRequested}
                  onCancelled={() => {
                    // The booking moves to "Cancelled": the list follows it, and focus goes to the list's heading
                    // since the button that had it is gone.
                    setChosen('cancelled');
                    requestAnimationFrame(() => shownHeading.current?.focus());
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
