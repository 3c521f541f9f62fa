import { describe, expect, it } from 'vitest';
import {
  convertAmount,
  currencyCookie,
  formatApproxMoney,
  readCurrencyCookie,
  type CurrencyRate,
} from '@/lib/format/currency';

// Intl separates digit groups and symbols with no-break spaces; readers see plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const RATES: CurrencyRate[] = [
  { code: 'RUB', rate: 1 },
  { code: 'USD', rate: 90 },
  { code: 'EUR', rate: 98 },
  { code: 'CNY', rate: 12.5 },
];

describe('currency conversion', () => {
  it('goes through the rouble rates and rounds to whole units', () => {
    expect(convertAmount(4500, 'RUB', 'USD', RATES)).toBe(50);
    expect(convertAmount(4000, 'RUB', 'USD', RATES)).toBe(44); // 44.44
    expect(convertAmount(4000, 'RUB', 'EUR', RATES)).toBe(41); // 40.82
    expect(convertAmount(3750, 'RUB', 'CNY', RATES)).toBe(300);
    expect(convertAmount(120, 'USD', 'RUB', RATES)).toBe(10800);
    expect(convertAmount(100, 'USD', 'EUR', RATES)).toBe(92); // 91.84
    expect(convertAmount(4500, 'RUB', 'RUB', RATES)).toBe(4500);
  });

  it('gives nothing for an unknown or unusable rate, or an amount that is not a number', () => {
    expect(convertAmount(4500, 'RUB', 'GBP', RATES)).toBeNull();
    expect(convertAmount(4500, 'GBP', 'RUB', RATES)).toBeNull();
    expect(
      convertAmount(4500, 'RUB', 'USD', [
        { code: 'RUB', rate: 1 },
        { code: 'USD', rate: 0 },
      ]),
    ).toBeNull();
    expect(convertAmount(Number.NaN, 'RUB', 'USD', RATES)).toBeNull();
  });
});

describe('approximate money', () => {
  it('marks the amount as approximate in the locale’s own way of writing money', () => {
    expect(plain(formatApproxMoney(42, 'USD', 'en'))).toBe('≈ $42');
    expect(plain(formatApproxMoney(42, 'EUR', 'ru'))).toBe('≈ 42 €');
    expect(plain(formatApproxMoney(1234, 'USD', 'ru'))).toBe('≈ 1 234 $');
    expect(plain(formatApproxMoney(300, 'CNY', 'zh-CN'))).toBe('≈ ¥300');
    expect(plain(formatApproxMoney(10800, 'RUB', 'en'))).toBe('≈ ₽10,800');
  });

  it('keeps the sign with its amount on a wrapped line', () => {
    expect(formatApproxMoney(42, 'USD', 'en')).toMatch(/^≈\u00a0/);
  });
});

describe('currency cookie', () => {
  it('reads the chosen code among other cookies', () => {
    expect(readCurrencyCookie('NEXT_LOCALE=en; CURRENCY=USD; other=1')).toBe('USD');
    expect(readCurrencyCookie('CURRENCY=CNY')).toBe('CNY');
  });

  it('reads none when absent, empty or malformed', () => {
    expect(readCurrencyCookie('')).toBeNull();
    expect(readCurrencyCookie('NEXT_LOCALE=en')).toBeNull();
    expect(readCurrencyCookie('CURRENCY=')).toBeNull();
    expect(readCurrencyCookie('CURRENCY=usd')).toBeNull();
    expect(readCurrencyCookie('CURRENCY=<script>')).toBeNull();
    expect(readCurrencyCookie('MY_CURRENCY=USD')).toBeNull();
  });

  it('remembers a choice for a year, readable by scripts, sent on same-site navigations', () => {
    expect(currencyCookie('USD', false)).toBe('CURRENCY=USD; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(currencyCookie('EUR', true)).toBe('CURRENCY=EUR; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
  });

  it('forgets the choice for none, and never writes a malformed code', () => {
    expect(currencyCookie(null, false)).toBe('CURRENCY=; Max-Age=0; Path=/; SameSite=Lax');
    expect(currencyCookie('usd; Domain=evil', false)).toBe('CURRENCY=; Max-Age=0; Path=/; SameSite=Lax');
  });
});
