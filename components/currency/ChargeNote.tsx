'use client';

import { useLocale, useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import { useDisplayCurrency } from './useDisplayCurrency';
import styles from './ApproxPrice.module.css';

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
