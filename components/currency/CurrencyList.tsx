'use client';

import { useEffect } from 'react';
import { useLocale } from 'next-intl';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { currenciesQuery } from '@/lib/api/queries';
import type { CurrencyResource } from '@/lib/contract/catalog';
import type { AppLocale } from '@/lib/i18n/locales';

/** The currencies of /currencies, told to CurrencySelect, which loads this when its list is wanted. It draws nothing. */
export function CurrencyList({ onList }: { onList: (currencies: CurrencyResource[]) => void }) {
  const { data } = useLiveQuery(currenciesQuery(useLocale() as AppLocale));
  useEffect(() => {
    if (data) onList(data.data);
  }, [data, onList]);
  return null;
}
