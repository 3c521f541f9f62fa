'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { currenciesQuery } from '@/lib/api/queries';
import { chooseDisplayCurrency } from '@/lib/browser/display-currency';
import type { AppLocale } from '@/lib/i18n/locales';
import { useNearScreenOnce } from '@/components/ui/useNearScreen';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { useDisplayCurrency } from './useDisplayCurrency';
import styles from './CurrencySelect.module.css';

/**
 * The display currency: none (only the ideas' own prices) or one of /currencies, remembered in a cookie.
 * The list is fetched once the field comes near the screen or is reached by keyboard or pointer: it sits in every
 * page's footer, and fetching it on load (with the HTTP client) was main-thread work on every first visit.
 */
export function CurrencySelect() {
  const t = useTranslations('currency');
  const locale = useLocale() as AppLocale;
  const chosen = useDisplayCurrency();
  const [field, near] = useNearScreenOnce<HTMLLabelElement>('300px 0px');
  const [reached, setReached] = useState(false);
  const { data } = useLiveQuery(currenciesQuery(locale), { enabled: near || reached || chosen !== null });
  const currencies = data?.data ?? [];
  const reach = () => setReached(true);
  return (
    <label ref={field} className={styles.field} onFocus={reach} onPointerDown={reach}>
      <span>{t('label')}</span>
      <select
        className={styles.select}
        value={chosen ?? ''}
        onChange={(event) => chooseDisplayCurrency(event.target.value || null)}
      >
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
