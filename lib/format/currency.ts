import type { AppLocale } from '@/lib/i18n/locales';
import { formatMoney } from './money';

/** What a conversion needs of a currency: its code and how many roubles one unit is worth. */
export interface CurrencyRate {
  code: string;
  rate: number;
}

/**
 * An amount in another currency through the rouble rates, in whole units: the converted price is only a hint
 * ("≈ $42"), and cents would claim a precision that the day's rate does not have. Null when a rate is unknown
 * or unusable.
 */
export function convertAmount(amount: number, from: string, to: string, rates: readonly CurrencyRate[]): number | null {
  const rateOf = (code: string) => rates.find((currency) => currency.code === code)?.rate;
  const fromRate = rateOf(from);
  const toRate = rateOf(to);
  if (!fromRate || !toRate || fromRate <= 0 || toRate <= 0 || !Number.isFinite(amount)) return null;
  return Math.round((amount * fromRate) / toRate);
}

/** The approximate amount as the page's locale writes money: '≈ $42', '≈ 42 €', '≈ ¥300'. */
export function formatApproxMoney(amount: number, currency: string, locale: AppLocale): string {
  // A no-break space keeps the sign with its amount when the line wraps.
  return `≈\u00a0${formatMoney(amount, currency, locale)}`;
}

/** The display currency's cookie: chosen in the header or the footer, read only by the browser. */
export const CURRENCY_COOKIE = 'CURRENCY';
const CURRENCY_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;
const CURRENCY_CODE = /^[A-Z]{3}$/;

/** The chosen currency in a `document.cookie` string, or null when none (or a malformed one) is set. */
export function readCurrencyCookie(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CURRENCY_COOKIE) return value && CURRENCY_CODE.test(value) ? value : null;
  }
  return null;
}

/** The `document.cookie` assignment that remembers a choice for a year, or forgets it (null). */
export function currencyCookie(code: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return code && CURRENCY_CODE.test(code)
    ? `${CURRENCY_COOKIE}=${code}; Max-Age=${CURRENCY_COOKIE_MAX_AGE}; ${attributes}`
    : `${CURRENCY_COOKIE}=; Max-Age=0; ${attributes}`;
}
