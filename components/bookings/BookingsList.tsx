'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSignedInUser } from '@/components/account/RequireSession';
import { AppLink } from '@/components/ui/AppLink';
import { EmptyList } from '@/components/ui/EmptyList';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import {
  BOOKING_FILTERS,
  groupBookings,
  initialBookingFilter,
  type BookingFilter,
  type BookingResource,
} from '@/lib/api/bookings';
import { queryKeys } from '@/lib/contract/query-keys';
import { userBookingsQuery } from '@/lib/api/signed-in-queries';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import { formatContact } from '@/lib/format/phone';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LeaveReviewDialog } from '@/components/reviews/LeaveReviewDialog';
import { useCancellationText } from '@/components/idea/CancellationTerms';
import { useLiveEvent } from '@/components/events/useLiveEvent';
import { openInMapsHref } from '@/lib/map/tiles';
import { BookingState } from './BookingState';
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

function BookingCard({
  booking,
  highlighted,
  reviewRequested,
  onCancelled,
}: {
  booking: BookingResource;
  highlighted: boolean;
  reviewRequested: boolean;
  onCancelled: () => void;
}) {
  const t = useTranslations('bookings');
  const tr = useTranslations('reviews');
  const locale = useLocale() as AppLocale;
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const tTerms = useTranslations('terms');
  const cancellationText = useCancellationText();
  const idea = booking.relationships.idea.data;
  const { attributes } = booking;
  const upcoming = attributes.upcoming;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- opened by the address (the invitation's link)
    if (reviewRequested && attributes.can_review) setReviewing(true);
  }, [reviewRequested, attributes.can_review]);
  const date = formatDeparture(attributes.starts_at, locale, { withWeekday: true });
  const guests = [
    t('adults', { count: attributes.adults }),
    attributes.children > 0 ? t('children', { count: attributes.children }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  const request = attributes.status === 'requested';
  // A request may be withdrawn until the start; a confirmed booking within its terms (the API says which).
  const cancellable = upcoming && (attributes.status === 'confirmed' || request);
  const meeting = attributes.meeting_point;
  // Why the traveller cannot cancel an upcoming booking (the API refuses with 409 for the same reasons).
  const cannotCancel = attributes.can_cancel
    ? null
    : attributes.free_cancellation_until
      ? tTerms('cannotCancel.deadlinePassed', {
          date: formatDeparture(attributes.free_cancellation_until, locale),
        })
      : tTerms('cannotCancel.nonRefundable');

  const cancel = useMutation({
    mutationFn: async () => (await import('@/lib/api/bookings')).cancelBooking(booking.hid, locale),
    onSuccess: (cancelled) => {
      queryClient.setQueryData<BookingResource[]>(queryKeys.userBookings(locale, user.hid), (list) =>
        list?.map((b) => (b.hid === cancelled.hid ? cancelled : b)),
      );
      setConfirming(false);
      notify('success', request ? t('withdrawn') : t('cancelled'));
      onCancelled();
    },
    onError: (error) => {
      setConfirming(false);
      notify('error', t('cancelFailed'), { description: apiProblem(error).detail });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userBookings(locale, user.hid) });
    },
  });

  return (
    <article
      id={`booking-${booking.hid}`}
      className={`${styles.card} ${highlighted ? styles.highlight : ''}`}
      aria-labelledby={`booking-title-${booking.hid}`}
      aria-current={highlighted ? 'true' : undefined}
    >
      {idea.cover_url ? (
        // eslint-disable-next-line @next/next/no-img-element -- covers come from our upload route at their final size
        <img className={styles.cover} src={idea.cover_url} alt="" width={466} height={350} loading="lazy" />
      ) : (
        <span className={styles.cover} aria-hidden="true" />
      )}
      <div className={styles.body}>
        <div className={styles.head}>
          <h3 id={`booking-title-${booking.hid}`} className={styles.ideaTitle}>
            {idea.deleted ? idea.title : <AppLink href={`/go/${idea.hid}`}>{idea.title}</AppLink>}
          </h3>
          <BookingState booking={booking} />
        </div>
        {attributes.status === 'cancelled' && attributes.ended_by === 'guide' ? (
          <p className={styles.note}>
            {attributes.end_reason
              ? t('cancelledByGuide', { reason: attributes.end_reason })
              : t('cancelledByGuideNoReason')}
          </p>
        ) : null}
        <dl className={styles.facts}>
          <div>
            <dt>{t('date')}</dt>
            <dd>{date}</dd>
          </div>
          <div>
            <dt>{t('guests')}</dt>
            <dd>{guests}</dd>
          </div>
          <div>
            <dt>{t('total')}</dt>
            <dd>{formatMoney(attributes.total, attributes.currency, locale)}</dd>
          </div>
          <div>
            <dt>{t('contact')}</dt>
            <dd>{formatContact(attributes.contact)}</dd>
          </div>
          {upcoming && attributes.status === 'confirmed' ? (
            <>
              {meeting?.text ? (
                <div className={styles.wide}>
                  <dt>{tTerms('meetingPoint')}</dt>
                  <dd>
                    {meeting.text}
                    {meeting.lat !== null && meeting.lon !== null ? (
                      <>
                        {' · '}
                        <a href={openInMapsHref(meeting.lat, meeting.lon)} target="_blank" rel="noopener noreferrer">
                          {tTerms('openInMaps')}
                        </a>
                      </>
                    ) : null}
                  </dd>
                </div>
              ) : null}
              <div className={styles.wide}>
                <dt>{tTerms('cancellation')}</dt>
                <dd>{cancellationText(attributes.cancellation_policy, attributes.starts_at)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {cancellable && cannotCancel ? <p className={styles.note}>{cannotCancel}</p> : null}
        {cancellable && !cannotCancel ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => setConfirming(true)}
              aria-describedby={`booking-title-${booking.hid}`}
            >
              {request ? t('withdraw') : t('cancel')}
            </button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title={request ? t('withdrawTitle') : t('cancelTitle')}
              confirmLabel={cancel.isPending ? t('cancelling') : request ? t('withdrawConfirm') : t('cancelConfirm')}
              cancelLabel={t('keep')}
              onConfirm={() => cancel.mutate()}
              busy={cancel.isPending}
              danger
              description={<p>{t(request ? 'withdrawText' : 'cancelText', { title: idea.title, date })}</p>}
            />
          </div>
        ) : null}
        {upcoming && attributes.status === 'confirmed' ? (
          <p className={styles.note}>{tr('reviewAfter', { date: formatDeparture(attributes.ends_at, locale) })}</p>
        ) : null}
        {attributes.review ? (
          <p className={styles.reviewed}>{tr('yours', { rating: attributes.review.rating })}</p>
        ) : attributes.can_review ? (
          <div className={styles.actions}>
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={() => setReviewing(true)}
              aria-describedby={`booking-title-${booking.hid}`}
            >
              {tr('leave')}
            </button>
            <LeaveReviewDialog
              open={reviewing}
              onOpenChange={setReviewing}
              ideaHid={idea.hid}
              ideaTitle={idea.title}
              bookingHid={booking.hid}
              onReviewed={(review) =>
                queryClient.setQueryData<BookingResource[]>(queryKeys.userBookings(locale, user.hid), (list) =>
                  list?.map((b) =>
                    b.hid === booking.hid
                      ? {
                          ...b,
                          attributes: {
                            ...b.attributes,
                            can_review: false,
                            review: { hid: review.hid, rating: review.attributes.rating },
                          },
                        }
                      : b,
                  ),
                )
              }
            />
          </div>
        ) : null}
        {attributes.conversation_hid ? (
          <p className={styles.note}>
            <AppLink
              href={`/account/messages/${attributes.conversation_hid}`}
              aria-describedby={`booking-title-${booking.hid}`}
            >
              {t('messages')}
            </AppLink>
          </p>
        ) : null}
      </div>
    </article>
  );
}
