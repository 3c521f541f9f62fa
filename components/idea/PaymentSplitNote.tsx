'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/format/money';
import { minorUnitDigits } from '@/lib/payments/amounts';
import { splitUnder, type PaymentTerms } from '@/lib/payments/terms';
import styles from './BookingPanel.module.css';

/**
 * What the traveller pays online now and what to the guide on the day for `total`, under the installation's
 * terms: the same split the server charges (lib/payments/terms.ts), so the page and the gateway never disagree.
 */
export function PaymentSplitNote({ terms, total, currency }: { terms: PaymentTerms; total: number; currency: string }) {
  const t = useTranslations('idea.booking.payment');
  const locale = useLocale();
  const split = splitUnder(terms, total, currency);
  const unit = 10 ** minorUnitDigits(currency);
  const money = (minor: number) => formatMoney(minor / unit, currency, locale);
  if (split.now === 0) return <p className={styles.note}>{t('onTheDayOnly')}</p>;
  if (split.onTheDay === 0) return <p className={styles.note}>{t('fullOnline', { amount: money(split.now) })}</p>;
  return <p className={styles.note}>{t('split', { now: money(split.now), onTheDay: money(split.onTheDay) })}</p>;
}
