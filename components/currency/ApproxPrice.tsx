'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { currenciesQuery } from '@/lib/api/queries';
import { convertAmount, formatApproxMoney } from '@/lib/format/currency';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import { useDisplayCurrency } from './useDisplayCurrency';
import styles from './ApproxPrice.module.css';

function Converted({ amount, currency, target }: { amount: number; currency: string; target: string }) {
  const locale = useLocale() as AppLocale;
  const { data } = useLiveQuery(currenciesQuery(locale));
  const rates = data?.data.map((c) => c.attributes) ?? [];
  const converted = convertAmount(amount, currency, target, rates);
  return converted === null ? null : formatApproxMoney(converted, target, locale);
}

/**
 * A price in the visitor's display currency, "≈ $42", when one is chosen and differs from the idea's. The slot
 * is in the server's HTML whether or not it is filled, so the amount appears without moving anything.
 */
export function ApproxPrice({ amount, currency }: { amount: number; currency: string }) {
  const target = useDisplayCurrency();
  return (
    <span className={styles.slot} data-testid="approx-price">
      {target && target !== currency ? <Converted amount={amount} currency={currency} target={target} /> : null}
    </span>
  );
}

/**
 * "Оплата в рублях: 4 500 ₽": with another display currency chosen, the booking says that it is charged in the
 * idea's own currency. A slot too, for the same reason.
 */
export function ChargeNote({ amount, currency }: { amount: number; currency: string }) {
  const t = useTranslations('currency');
  const locale = useLocale() as AppLocale;
  const target = useDisplayCurrency();
  return (
    <p className={styles.note} data-testid="charge-note">
      {target && target !== currency
        ? t('chargedIn', { currency, amount: formatMoney(amount, currency, locale) })
        : null}
    </p>
  );
}
