import { describe, expect, it } from 'vitest';
import {
  commission,
  decimalToMinor,
  minorToDecimal,
  minorUnitDigits,
  paymentSplit,
  refundAmount,
  toMinor,
} from '@/lib/payments/amounts';

describe('minor units', () => {
  it('knows each currency’s minor unit', () => {
    expect(minorUnitDigits('RUB')).toBe(2);
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('CNY')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(() => minorUnitDigits('nope')).toThrow(RangeError);
  });

  it('converts whole prices and gateway decimals both ways without drift', () => {
    expect(toMinor(2500, 'RUB')).toBe(250_000);
    expect(toMinor(300, 'JPY')).toBe(300);
    expect(minorToDecimal(250_050, 'RUB')).toBe('2500.50');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(300, 'JPY')).toBe('300');
    expect(decimalToMinor('2500.50', 'RUB')).toBe(250_050);
    expect(decimalToMinor('2500.5', 'RUB')).toBe(250_050);
    expect(decimalToMinor('0.1', 'USD')).toBe(10);
    expect(decimalToMinor('2500', 'RUB')).toBe(250_000);
    // More digits than the currency has, or not a number at all.
    expect(decimalToMinor('1.005', 'RUB')).toBeNull();
    expect(decimalToMinor('1.5', 'JPY')).toBeNull();
    expect(decimalToMinor('-1.00', 'RUB')).toBeNull();
    expect(decimalToMinor('1e3', 'RUB')).toBeNull();
    for (let minor = 0; minor < 2000; minor += 7)
      expect(decimalToMinor(minorToDecimal(minor, 'RUB'), 'RUB')).toBe(minor);
  });
});

describe('what is paid now and on the day', () => {
  it('prepays PREPAY_PERCENT in whole units and leaves the rest for the day, summing to the total exactly', () => {
    expect(paymentSplit(2500, 'RUB', 'prepay', 20)).toEqual({
      currency: 'RUB',
      total: 250_000,
      now: 50_000,
      onTheDay: 200_000,
    });
    // 20 % of 2 333 ₽ is 466.60 ₽: the prepayment is 467 ₽, the day 1 866 ₽.
    expect(paymentSplit(2333, 'RUB', 'prepay', 20)).toMatchObject({ now: 46_700, onTheDay: 186_600 });
    expect(paymentSplit(99, 'USD', 'prepay', 12.5)).toMatchObject({ now: 1_200, onTheDay: 8_700 });
    for (let total = 1; total < 5000; total += 13) {
      const split = paymentSplit(total, 'CNY', 'prepay', 15);
      expect(split.now + split.onTheDay).toBe(split.total);
      expect(split.now % 100).toBe(0);
    }
  });

  it('takes everything online in full mode', () => {
    expect(paymentSplit(2500, 'RUB', 'full', 20)).toMatchObject({ now: 250_000, onTheDay: 0 });
  });

  it('refuses a percentage it cannot keep exact', () => {
    expect(() => paymentSplit(100, 'RUB', 'prepay', 12.345)).toThrow(RangeError);
    expect(() => paymentSplit(100, 'RUB', 'prepay', 101)).toThrow(RangeError);
    expect(() => toMinor(1.5, 'RUB')).toThrow(RangeError);
  });
});

describe('commission', () => {
  it('is the prepayment in prepay mode: the guide is paid the rest on the day, the platform owes nothing', () => {
    const split = paymentSplit(2500, 'RUB', 'prepay', 20);
    expect(commission(split, 'prepay', 15)).toEqual({ commission: 50_000, guide: 200_000, owedByPlatform: 0 });
  });

  it('is COMMISSION_PERCENT in full mode, and the platform owes the guide the rest', () => {
    const split = paymentSplit(2500, 'RUB', 'full', 20);
    expect(commission(split, 'full', 15)).toEqual({ commission: 37_500, guide: 212_500, owedByPlatform: 212_500 });
  });
});

describe('refund by the cancellation policy', () => {
  const startsAt = new Date('2026-12-10T09:00:00Z');
  const base = { paid: 50_000, refunded: 0, policy: 'free_24h' as const, startsAt };

  it('gives the traveller everything back inside the free-cancellation window, the deadline included', () => {
    expect(refundAmount({ ...base, endedBy: 'traveller', now: new Date('2026-12-08T09:00:00Z') })).toBe(50_000);
    expect(refundAmount({ ...base, endedBy: 'traveller', now: new Date('2026-12-09T09:00:00Z') })).toBe(50_000);
  });

  it('gives the traveller nothing after the window, after the start, or for a non-refundable booking', () => {
    expect(refundAmount({ ...base, endedBy: 'traveller', now: new Date('2026-12-09T09:00:01Z') })).toBe(0);
    expect(refundAmount({ ...base, endedBy: 'traveller', now: new Date('2026-12-10T10:00:00Z') })).toBe(0);
    expect(
      refundAmount({ ...base, policy: 'non_refundable', endedBy: 'traveller', now: new Date('2026-11-01T00:00:00Z') }),
    ).toBe(0);
  });

  it('gives everything back when the guide, moderation or the system ends it, whatever the policy and time', () => {
    for (const endedBy of ['guide', 'moderation', 'system'] as const)
      expect(refundAmount({ ...base, policy: 'non_refundable', endedBy, now: new Date('2026-12-10T08:00:00Z') })).toBe(
        50_000,
      );
  });

  it('never gives back more than is left of the payment', () => {
    expect(refundAmount({ ...base, refunded: 20_000, endedBy: 'guide', now: startsAt })).toBe(30_000);
    expect(refundAmount({ ...base, refunded: 60_000, endedBy: 'guide', now: startsAt })).toBe(0);
  });
});
