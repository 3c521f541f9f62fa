'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import type { BookingResource } from '@/lib/api/bookings';
import { notify } from '@/lib/browser/notify';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import styles from './BookingsList.module.css';

/**
 * A booking's money as facts of its card: everything to the guide on the day, or what is paid (or to pay) online
 * and what is left for the day, each refund with its state, and, while the seats are held unpaid, until when and
 * a button back to the gateway's page.
 */
export function BookingPaymentFacts({ booking }: { booking: BookingResource }) {
  const t = useTranslations('bookings.payment');
  const locale = useLocale() as AppLocale;
  const [opening, setOpening] = useState(false);
  const { payment, currency, status } = booking.attributes;
  const money = (amount: number) => formatMoney(amount, currency, locale);
  if (!payment)
    return (
      <div>
        <dt>{t('label')}</dt>
        <dd>{t('onTheDayOnly')}</dd>
      </div>
    );
  const awaiting = status === 'awaiting_payment';
  const pay = async () => {
    setOpening(true);
    try {
      const { reopenPayment } = await import('@/lib/api/bookings');
      window.location.assign(await reopenPayment(booking.hid, locale));
    } catch (error) {
      setOpening(false);
      notify('error', t('payFailed'), { description: apiProblem(error).detail });
    }
  };
  return (
    <>
      <div>
        <dt>{payment.paid_online > 0 ? t('paidOnline') : t('dueOnline')}</dt>
        <dd>
          {money(payment.paid_online > 0 ? payment.paid_online : payment.due_online)}
          {payment.status === 'failed' || payment.status === 'canceled' ? ` · ${t('failed')}` : null}
        </dd>
      </div>
      {payment.on_the_day > 0 ? (
        <div>
          <dt>{t('onTheDay')}</dt>
          <dd>{money(payment.on_the_day)}</dd>
        </div>
      ) : null}
      {payment.refunds.map((refund) => (
        <div key={refund.created_at + refund.amount}>
          <dt>{t('refund')}</dt>
          <dd>{t(`refundState.${refund.status}`, { amount: money(refund.amount) })}</dd>
        </div>
      ))}
      {awaiting && payment.hold_until ? (
        <div className={styles.wide}>
          <dt className="visually-hidden">{t('label')}</dt>
          <dd>
            <p className={styles.note} role="status">
              {t('holdUntil', { time: formatDeparture(payment.hold_until, locale) })}
            </p>
            <button type="button" className={buttonClass('primary')} onClick={() => void pay()} disabled={opening}>
              {opening ? t('paying') : t('pay')}
            </button>
          </dd>
        </div>
      ) : null}
    </>
  );
}
