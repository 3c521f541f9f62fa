'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@/lib/api/queries';
import { chooseDisplayCurrency } from '@/lib/browser/display-currency';
import type { AppLocale } from '@/lib/i18n/locales';
import { useDisplayCurrency } from './useDisplayCurrency';
import styles from './CurrencySelect.module.css';

/** The display currency: none (only the ideas' own prices) or one of /currencies, remembered in a cookie. */
export function CurrencySelect() {
  const t = useTranslations('currency');
  const locale = useLocale() as AppLocale;
  const chosen = useDisplayCurrency();
  const { data } = useQuery(currenciesQuery(locale));
  const currencies = data?.data ?? [];
  return (
    <label className={styles.field}>
      <span>{t('label')}</span>
      <select value={chosen ?? ''} onChange={(event) => chooseDisplayCurrency(event.target.value || null)}>
        <option value="">{t('original')}</option>
        {/* The choice stays shown while the list loads. */}
        {chosen && !currencies.some((c) => c.id === chosen) ? <option value={chosen}>{chosen}</option> : null}
        {currencies.map((c) => (
          <option key={c.id} value={c.id}>
            {t('option', { code: c.attributes.code, name: c.attributes.name })}
          </option>
        ))}
      </select>
    </label>
  );
}
