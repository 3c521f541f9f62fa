'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useLiveEvent } from '@/components/events/useLiveEvent';
import { TextAreaField } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadFailed } from '@/components/ui/LoadFailed';
import type { BookingResource } from '@/lib/api/bookings';
import { apiProblem } from '@/lib/forms/api-problem';
import { guideRequestsQuery } from '@/lib/api/signed-in-queries';
import { notify } from '@/lib/browser/notify';
import { queryKeys } from '@/lib/contract/query-keys';
import { formatDeparture } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import { CounterProposal } from './CounterProposal';
import styles from './Office.module.css';

const HOUR = 3_600_000;

/** /office/requests: the requests waiting for the guide's answer on all their ideas, each accepted or declined. */
export function RequestsList() {
  const t = useTranslations('office.requests');
  const tOffice = useTranslations('office');
  const locale = useLocale() as AppLocale;
  const query = useQuery(guideRequestsQuery(locale));
  const client = useQueryClient();
  // A new request, or one withdrawn or expired meanwhile, shows without a reload.
  useLiveEvent('booking', () => void client.invalidateQueries({ queryKey: queryKeys.guideRequests(locale) }));
  // The time left is counted from when the list was opened (it is read again after every answer).
  const [now] = useState(() => Date.now());
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError)
    return (
      <LoadFailed
        className={styles.problem}
        message={t('loadFailed')}
        retryLabel={tOffice('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.data.data.length === 0) return <p className={styles.empty}>{t('empty')}</p>;
  return (
    <ul className={styles.bookingList}>
      {query.data.data.map((booking) => (
        <RequestRow key={booking.hid} booking={booking} locale={locale} now={now} />
      ))}
    </ul>
  );
}

function RequestRow({ booking, locale, now }: { booking: BookingResource; locale: AppLocale; now: number }) {
  const t = useTranslations('office.requests');
  const tBookings = useTranslations('bookings');
  const queryClient = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState<string | undefined>();
  const a = booking.attributes;
  const idea = booking.relationships.idea.data;
  const titleId = `request-${booking.hid}`;
  const left = a.respond_by ? Date.parse(a.respond_by) - now : 0;
  const guests = [
    tBookings('adults', { count: a.adults }),
    a.children > 0 ? tBookings('children', { count: a.children }) : null,
  ]
    .filter(Boolean)
    .join(', ');

  const answer = useMutation({
    mutationFn: async (decline: string | null) =>
      (await import('@/lib/api/office')).answerRequest(
        booking.hid,
        decline === null ? { accept: true } : { accept: false, message: decline },
        locale,
      ),
    onSuccess: (answered) => {
      setDeclining(false);
      notify('success', answered.attributes.status === 'confirmed' ? t('accepted') : t('declined'));
    },
    onError: (error) => notify('error', t('failed'), { description: apiProblem(error).detail }),
    // Answered or not, the list is read again: a request another tab answered, or that expired, leaves it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.guideRequests(locale) }),
  });

  return (
    <li className={styles.booking} aria-labelledby={titleId}>
      <p id={titleId} className={styles.bookingIdea}>
        {idea.title}
      </p>
      <dl className={styles.requestFacts}>
        <div>
          <dt>{t('date')}</dt>
          <dd>{formatDeparture(a.starts_at, locale, { withWeekday: true })}</dd>
        </div>
        <div>
          <dt>{t('guests')}</dt>
          <dd>{guests}</dd>
        </div>
        <div>
          <dt>{t('traveller')}</dt>
          <dd>{a.contact.name || a.traveller_name}</dd>
        </div>
        <div>
          <dt>{t('timeLeft')}</dt>
          <dd className={styles.requestLeft}>
            {left >= HOUR ? t('hoursLeft', { hours: Math.floor(left / HOUR) }) : t('minutesLeft')}
          </dd>
        </div>
      </dl>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('primary')}
          disabled={answer.isPending}
          aria-describedby={titleId}
          onClick={() => answer.mutate(null)}
        >
          {t('accept')}
        </button>
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={answer.isPending}
          aria-describedby={titleId}
          onClick={() => setDeclining(true)}
        >
          {t('decline')}
        </button>
        {a.proposal ? (
          <CounterProposal
            booking={booking}
            locale={locale}
            titleId={titleId}
            onDone={() => void queryClient.invalidateQueries({ queryKey: queryKeys.guideRequests(locale) })}
          />
        ) : null}
      </div>
      <ConfirmDialog
        open={declining}
        onOpenChange={setDeclining}
        title={t('declineTitle')}
        confirmLabel={t('declineConfirm')}
        cancelLabel={t('keep')}
        busy={answer.isPending}
        danger
        onConfirm={() => {
          if (!message.trim()) return setMessageError(t('messageRequired'));
          setMessageError(undefined);
          answer.mutate(message.trim());
        }}
        description={<p>{idea.title}</p>}
      >
        <TextAreaField
          label={t('declineMessage')}
          hint={t('declineHint')}
          error={messageError}
          value={message}
          maxLength={1000}
          rows={4}
          onChange={(event) => setMessage(event.target.value)}
        />
      </ConfirmDialog>
    </li>
  );
}
