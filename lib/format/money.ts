import type { AppLocale } from '@/lib/i18n/locales';
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
