'use client';

import { useLocale } from 'next-intl';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { currenciesQuery } from '@/lib/api/queries';
import { convertAmount, formatApproxMoney } from '@/lib/format/currency';
import type { AppLocale } from '@/lib/i18n/locales';

/** An amount in another currency at the rates of /currencies, "≈ $42" (ApproxPrice loads it when it is wanted). */
export function Converted({ amount, currency, target }: { amount: number; currency: string; target: string }) {
  const locale = useLocale() as AppLocale;
  const { data } = useLiveQuery(currenciesQuery(locale));
  const rates = data?.data.map((c) => c.attributes) ?? [];
  const converted = convertAmount(amount, currency, target, rates);
  return converted === null ? null : formatApproxMoney(converted, target, locale);
}
