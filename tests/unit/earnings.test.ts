import { describe, expect, it } from 'vitest';
import { earningOf, earningTotals, owedByPlatform, type PaidBookingMoney } from '@/lib/earnings/earnings';
import { localMonth, localMonthRange, nextMonth, previousMonth } from '@/lib/time/local-month';

const booking = (money: Partial<PaidBookingMoney>): PaidBookingMoney => ({
  total: 5000,
  currency: 'RUB',
  status: 'confirmed',
  paid: 100_000,
  refunded: 0,
  refundPending: 0,
  ...money,
});

describe('what a paid booking brings', () => {
  it('in prepay: the deposit is the commission, the guide gets the rest on the day', () => {
    const earning = earningOf(booking({ paid: 100_000 }), 20);
    expect(earning).toEqual({
      mode: 'prepay',
      gross: 500_000,
      paidOnline: 100_000,
      commission: 100_000,
      refunded: 0,
      refundPending: 0,
      guideReceives: 400_000,
    });
    expect(owedByPlatform(earning)).toBe(0);
  });

  it('in prepay: a cancelled booking brings nobody on the day, refunded or not', () => {
    expect(earningOf(booking({ status: 'cancelled', refunded: 100_000 }), 20).guideReceives).toBe(0);
    expect(earningOf(booking({ status: 'cancelled' }), 20).guideReceives).toBe(0);
  });

  it('in full: the platform keeps COMMISSION_PERCENT and owes the rest, less refunds made and pending', () => {
    const paidInFull = booking({ paid: 500_000 });
    expect(earningOf(paidInFull, 20)).toMatchObject({ mode: 'full', commission: 100_000, guideReceives: 400_000 });
    expect(owedByPlatform(earningOf(paidInFull, 12.5))).toBe(437_500);
    const refunded = earningOf({ ...paidInFull, refunded: 50_000, refundPending: 25_000 }, 20);
    expect(refunded.guideReceives).toBe(325_000);
    expect(owedByPlatform(refunded)).toBe(325_000);
  });

  it('in full: never owes less than nothing, even when everything went back', () => {
    const earning = earningOf(booking({ paid: 500_000, status: 'cancelled', refunded: 500_000 }), 20);
    expect(owedByPlatform(earning)).toBe(0);
  });

  it('takes the mode from the payment, not from the setting of the day', () => {
    expect(earningOf(booking({ paid: 500_000 }), 20).mode).toBe('full');
    expect(earningOf(booking({ paid: 499_900 }), 20).mode).toBe('prepay');
  });

  it('sums per currency', () => {
    const rub = { ...earningOf(booking({}), 20), currency: 'RUB' };
    const usd = { ...earningOf(booking({ currency: 'USD', total: 100, paid: 10_000 }), 20), currency: 'USD' };
    expect(earningTotals([rub, usd, rub])).toEqual([
      {
        currency: 'RUB',
        gross: 1_000_000,
        paidOnline: 200_000,
        commission: 200_000,
        refunded: 0,
        refundPending: 0,
        guideReceives: 800_000,
      },
      {
        currency: 'USD',
        gross: 10_000,
        paidOnline: 10_000,
        commission: 2_000,
        refunded: 0,
        refundPending: 0,
        guideReceives: 8_000,
      },
    ]);
    expect(earningTotals([])).toEqual([]);
  });
});

describe('Vladivostok months', () => {
  it('start at local midnight of the first day', () => {
    expect(localMonthRange('2026-11')).toEqual({
      from: new Date('2026-10-31T14:00:00Z'),
      until: new Date('2026-11-30T14:00:00Z'),
    });
    expect(localMonth(new Date('2026-11-30T13:59:59Z'))).toBe('2026-11');
    expect(localMonth(new Date('2026-11-30T14:00:00Z'))).toBe('2026-12');
  });

  it('step across years', () => {
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(previousMonth('2027-01')).toBe('2026-12');
    expect(nextMonth('2026-09')).toBe('2026-10');
  });
});
