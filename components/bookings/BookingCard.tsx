'use client';

import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSignedInUser } from '@/components/account/RequireSession';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import type { BookingResource } from '@/lib/api/bookings';
import { IDEA_REMOVED } from '@/lib/bookings/states';
import { queryKeys } from '@/lib/contract/query-keys';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import { formatContact } from '@/lib/format/phone';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LeaveReviewDialog } from '@/components/reviews/LeaveReviewDialog';
import { useCancellationText } from '@/components/idea/CancellationTerms';
import { openInMapsHref } from '@/lib/map/tiles';
import { BookingPaymentFacts } from './BookingPaymentFacts';
import { BookingState } from './BookingState';
import { PrivateProposal } from './PrivateProposal';
import styles from './BookingsList.module.css';

/**
 * One booking of the traveller: the idea, its state, date, guests, money and contact; cancel (asked first) while
 * the terms allow, the review once the trip has ended, and the pair's conversation.
 */
export function BookingCard({
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
  const request = ['requested', 'countered', 'awaiting_payment'].includes(attributes.status);
  // A request (or an unpaid booking) may be withdrawn until the start; a confirmed booking within its terms.
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
        {attributes.end_reason === IDEA_REMOVED ? (
          <p className={styles.note}>{t('cancelledIdeaRemoved')}</p>
        ) : attributes.status === 'cancelled' && attributes.ended_by === 'guide' ? (
          <p className={styles.note}>
            {attributes.end_reason
              ? t('cancelledByGuide', { reason: attributes.end_reason })
              : t('cancelledByGuideNoReason')}
          </p>
        ) : null}
        <PrivateProposal
          booking={booking}
          onChanged={() => {
            void queryClient.invalidateQueries({ queryKey: queryKeys.userBookings(locale, user.hid) });
            void queryClient.invalidateQueries({ queryKey: queryKeys.booking(locale, booking.hid) });
          }}
        />
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
          <BookingPaymentFacts booking={booking} />
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
