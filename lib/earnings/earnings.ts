import type { BookingState } from '@/lib/bookings/states';
import { commission, toMinor, type PaymentMode, type PaymentSplit } from '@/lib/payments/amounts';

/**
 * What a paid booking brings the guide and the platform, in minor units, from what really happened to its money:
 * the payments that succeeded and the refunds asked for. Pure, so the earnings page, its CSV and the payouts
 * agree to the kopeck.
 */

/** The longest bank reference a payout is marked with. */
export const MAX_PAYOUT_REFERENCE = 200;

export interface PaidBookingMoney {
  /** The booking's total, whole units (as bookings keep it). */
  total: number;
  currency: string;
  status: BookingState;
  /** The sum of the booking's succeeded payments, minor units. */
  paid: number;
  /** Refunds the gateway made, minor units. */
  refunded: number;
  /** Refunds asked for and not yet answered: counted as gone, since they almost always go through. */
  refundPending: number;
}

export interface Earning {
  /**
   * How the booking was paid: `full` when the online payment covers the whole total, else `prepay`. Read from the
   * payment rather than today's PAYMENT_MODE, so that switching the mode never re-prices bookings already paid.
   */
  mode: PaymentMode;
  gross: number;
  paidOnline: number;
  commission: number;
  refunded: number;
  refundPending: number;
  /** What the guide gets for it: from the traveller on the day (`prepay`) or from the platform (`full`). */
  guideReceives: number;
}

/** A booking that ended (cancelled, declined, expired) brings no traveller, so nothing is paid on the day. */
const ENDED: readonly BookingState[] = ['cancelled', 'declined', 'expired'];

export function earningOf(money: PaidBookingMoney, commissionPercent: number): Earning {
  const gross = toMinor(money.total, money.currency);
  const mode: PaymentMode = money.paid >= gross ? 'full' : 'prepay';
  const paidNow = Math.min(money.paid, gross);
  const split: PaymentSplit = { currency: money.currency, total: gross, now: paidNow, onTheDay: gross - paidNow };
  const share = commission(split, mode, commissionPercent);
  const gone = money.refunded + money.refundPending;
  const guideReceives =
    mode === 'full' ? Math.max(0, share.owedByPlatform - gone) : ENDED.includes(money.status) ? 0 : split.onTheDay;
  return {
    mode,
    gross,
    paidOnline: money.paid,
    commission: share.commission,
    refunded: money.refunded,
    refundPending: money.refundPending,
    guideReceives,
  };
}

/** What the platform owes the guide for a booking: what the guide receives, when the platform pays it. */
export const owedByPlatform = (earning: Earning): number => (earning.mode === 'full' ? earning.guideReceives : 0);

export type EarningTotals = Omit<Earning, 'mode'> & { currency: string };

const SUMMED = ['gross', 'paidOnline', 'commission', 'refunded', 'refundPending', 'guideReceives'] as const;

/** The sums of the earnings, one line per currency, in the order the currencies first appear. */
export function earningTotals(lines: readonly (Earning & { currency: string })[]): EarningTotals[] {
  const totals = new Map<string, EarningTotals>();
  for (const line of lines) {
    const sum = totals.get(line.currency) ?? {
      currency: line.currency,
      gross: 0,
      paidOnline: 0,
      commission: 0,
      refunded: 0,
      refundPending: 0,
      guideReceives: 0,
    };
    for (const key of SUMMED) sum[key] += line[key];
    totals.set(line.currency, sum);
  }
  return [...totals.values()];
}
