'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { buttonClass } from '@/components/ui/button';
import type { BookingResource } from '@/lib/api/bookings';
import { notify } from '@/lib/browser/notify';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatDeparture } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import styles from './BookingsList.module.css';

/**
 * A private trip's times on its booking card: the time the traveller proposed and, once the guide proposed
 * another, that one with the traveller's "accept" (docs/booking-states.md: countered → confirmed).
 */
export function PrivateProposal({ booking, onChanged }: { booking: BookingResource; onChanged: () => void }) {
  const t = useTranslations('bookings.proposal');
  const locale = useLocale() as AppLocale;
  const [busy, setBusy] = useState(false);
  const user = useAppStore((s) => s.user);
  const { proposal, status } = booking.attributes;
  if (!proposal) return null;
  const when = (iso: string) => formatDeparture(iso, locale, { withWeekday: true });

  const accept = async () => {
    setBusy(true);
    try {
      const { acceptCounterProposal } = await import('@/lib/api/bookings');
      await acceptCounterProposal(booking.hid, locale);
      notify('success', t('accepted'));
      onChanged();
    } catch (error) {
      notify('error', t('failed'), { description: apiProblem(error).detail ?? undefined });
      onChanged();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.proposal}>
      <p className={styles.note}>{t('proposed', { when: when(proposal.proposed_start) })}</p>
      {proposal.counter_start ? <p>{t('counter', { when: when(proposal.counter_start) })}</p> : null}
      {status === 'countered' && user?.hid === booking.attributes.traveller_hid ? (
        <div className={styles.actions}>
          <button type="button" className={buttonClass('primary')} disabled={busy} onClick={() => void accept()}>
            {t('accept')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
