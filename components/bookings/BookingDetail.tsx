'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/components/events/useLiveEvent';
import { AppLink } from '@/components/ui/AppLink';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { fetchBooking, type BookingResource } from '@/lib/api/bookings';
import { queryKeys } from '@/lib/contract/query-keys';
import { apiProblem } from '@/lib/forms/api-problem';
import type { AppLocale } from '@/lib/i18n/locales';
import { BookingCard } from './BookingCard';
import styles from './BookingsList.module.css';

/** While the gateway's answer is awaited, the booking is asked about this often (its event may come sooner). */
const PAYMENT_POLL_MS = 2_000;

const awaitingPayment = (booking: BookingResource | undefined) =>
  booking?.attributes.status === 'awaiting_payment' && booking.attributes.payment?.status === 'pending';

/**
 * One booking on its own page: where the traveller comes back from the gateway's page. While its payment is
 * pending the page asks again every two seconds (and at once on the booking's live event) until the webhook has
 * settled it, then shows it confirmed, requested or expired.
 */
export function BookingDetail({ hid }: { hid: string }) {
  const t = useTranslations('bookings');
  const locale = useLocale() as AppLocale;
  const queryClient = useQueryClient();
  const key = queryKeys.booking(locale, hid);
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchBooking(hid, locale),
    refetchInterval: (current) => (awaitingPayment(current.state.data) ? PAYMENT_POLL_MS : false),
  });
  useLiveEvent('booking', (payload) => {
    if (payload.booking === hid) void queryClient.invalidateQueries({ queryKey: key });
  });

  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError) {
    if (apiProblem(query.error).status === 404) return <p>{t('detail.notFound')}</p>;
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      {awaitingPayment(query.data) ? (
        <p className={styles.note} role="status">
          {t('payment.checking')}
        </p>
      ) : null}
      <BookingCard
        booking={query.data}
        highlighted
        reviewRequested={false}
        onCancelled={() => void queryClient.invalidateQueries({ queryKey: key })}
      />
      <p>
        <AppLink href="/account/booking">{t('detail.all')}</AppLink>
      </p>
    </>
  );
}
