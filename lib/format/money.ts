import type { AppLocale } from '@/lib/i18n/locales';
import { minorUnitDigits } from '@/lib/payments/amounts';
import { numberFormat } from './intl';

/** A price in the locale's format with the currency's own sign: '2 500 ₽', '₽2,500'. */
export function formatMoney(amount: number, currency: string, locale: AppLocale): string {
  try {
    return numberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
    }).format(amount);
  } catch {
    // A currency code Intl does not know still shows its amount.
    return `${numberFormat(locale, { maximumFractionDigits: 0 }).format(amount)} ${currency}`;
  }
}

/** An amount in minor units (kopecks, cents) with the currency's sign, its fraction shown only when there is one. */
export function formatMinorMoney(minor: number, currency: string, locale: AppLocale): string {
  const digits = minorUnitDigits(currency);
  if (minor % 10 ** digits === 0) return formatMoney(minor / 10 ** digits, currency, locale);
  return numberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}
