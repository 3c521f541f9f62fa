'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { chooseDisplayCurrency } from '@/lib/browser/display-currency';
import type { CurrencyResource } from '@/lib/contract/catalog';
import { clientOnly } from '@/components/ui/clientOnly';
import { useNearScreenOnce } from '@/components/ui/useNearScreen';
import { useDisplayCurrency } from './useDisplayCurrency';
import styles from './CurrencySelect.module.css';

// The list's request (and the query code) loads with the list: off the first load of every page, whose footer has it.
const CurrencyList = clientOnly(() => import('./CurrencyList').then((m) => m.CurrencyList));

/**
 * The display currency: none (only the ideas' own prices) or one of /currencies, remembered in a cookie.
 * The list is fetched once the field comes near the screen or is reached by keyboard or pointer: it sits in every
 * page's footer, and fetching it on load (with the HTTP client) was main-thread work on every first visit.
 */
export function CurrencySelect() {
  const t = useTranslations('currency');
  const chosen = useDisplayCurrency();
  const [field, near] = useNearScreenOnce<HTMLLabelElement>('300px 0px');
  const [reached, setReached] = useState(false);
  const [currencies, setCurrencies] = useState<CurrencyResource[]>([]);
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
      {near || reached || chosen !== null ? <CurrencyList onList={setCurrencies} /> : null}
    </label>
  );
}
