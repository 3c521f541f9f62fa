'use client';

import { useLocale, useTranslations } from 'next-intl';
import { isEnded, type BookingResource } from '@/lib/api/bookings';
import { formatDeparture } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import styles from './BookingsList.module.css';

/**
 * A booking's state as the badge family of DESIGN.md: requested (amber) with the guide's deadline, confirmed (moss),
 * cancelled / declined / expired (grey) with the reason under it; a confirmed trip that took place reads "completed".
 */
export function BookingState({ booking }: { booking: BookingResource }) {
  const t = useTranslations('bookings');
  const locale = useLocale() as AppLocale;
  const { status, upcoming, respond_by: respondBy } = booking.attributes;
  const shown = status === 'confirmed' && !upcoming ? 'past' : status;
  const note =
    status === 'requested' && respondBy
      ? t('answerBy', { date: formatDeparture(respondBy, locale) })
      : status === 'countered' && respondBy
        ? t('proposal.answerBy', { date: formatDeparture(respondBy, locale) })
        : isEnded(status)
          ? endedNote(booking, t)
          : null;
  return (
    <span className={styles.state}>
      <span className={styles.badge} data-status={shown}>
        {t(`status.${shown}`)}
      </span>
      {note ? <span className={styles.stateNote}>{note}</span> : null}
    </span>
  );
}

function endedNote(booking: BookingResource, t: ReturnType<typeof useTranslations<'bookings'>>): string {
  const { status, ended_by: endedBy, end_reason: reason } = booking.attributes;
  if (status === 'declined') return reason ? t('ended.declined', { reason }) : t('ended.declinedNoReason');
  if (status === 'expired')
    return endedBy === 'system' && reason?.startsWith('payment_') ? t('ended.unpaid') : t('ended.expired');
  return endedBy === 'traveller' || endedBy === null ? t('ended.traveller') : t('ended.other');
}
