'use client';

import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { currenciesQuery } from '@/lib/api/queries';
import { chooseDisplayCurrency } from '@/lib/browser/display-currency';
import type { AppLocale } from '@/lib/i18n/locales';
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
  const field = useRef<HTMLLabelElement>(null);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const node = field.current;
    if (wanted || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setWanted(true), {
      rootMargin: '300px 0px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [wanted]);
  const { data } = useQuery({ ...currenciesQuery(locale), enabled: wanted || chosen !== null });
  const currencies = data?.data ?? [];
  const want = () => setWanted(true);
  return (
    <label ref={field} className={styles.field} onFocus={want} onPointerDown={want}>
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
