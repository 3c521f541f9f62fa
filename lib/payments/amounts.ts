import { cancellationRefusal, type CancellationPolicy } from '@/lib/bookings/cancellation';
import { numberFormat } from '@/lib/format/intl';

/**
 * The money of a booking, in integer minor units of its currency (kopecks, cents, fen), so that no sum drifts:
 * what is paid online now and what on the day, the platform's commission, and what a cancellation refunds.
 * Prices and totals are whole units of the currency (an idea's price); gateways take minor units.
 */

export type PaymentMode = 'prepay' | 'full';
/** Who ended a booking (the bookings table's `ended_by`). */
export type EndedBy = 'traveller' | 'guide' | 'moderation' | 'system';

/** ISO 4217's minor unit of a currency: 2 for RUB, USD and CNY, 0 for JPY and KRW. */
export function minorUnitDigits(currency: string): number {
  try {
    // The shared formatter: an idea page asks for each price's digits, and building one costs tens of microseconds.
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    throw new RangeError(`Unknown currency: ${currency}`);
  }
}

/** One whole unit of `currency` in minor units: 100 for RUB, 1 for JPY. */
const unitOf = (currency: string) => 10 ** minorUnitDigits(currency);

/** Whole units (a price, a booking's total) in minor units. */
export function toMinor(whole: number, currency: string): number {
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError(`Not a whole amount: ${whole}`);
  return whole * unitOf(currency);
}

/** Minor units as a gateway writes a decimal amount: 250050 RUB → "2500.50", 300 JPY → "300". */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  const text = String(minor).padStart(digits + 1, '0');
  return digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
}

/** A gateway's decimal amount ("2500.50") in minor units, or null when it is not one with at most the currency's digits. */
export function decimalToMinor(value: string, currency: string): number | null {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** A percentage as hundredths of a percent (basis points), so that 12.5 % stays exact. */
function basisPoints(percent: number): number {
  const points = Math.round(percent * 100);
  if (points < 0 || points > 10_000 || Math.abs(points - percent * 100) > 1e-6)
    throw new RangeError(`Not a percentage with at most two decimals: ${percent}`);
  return points;
}

/** `percent` of `minor`, rounded half up to a whole unit of the currency, so both parts are amounts a page shows. */
function shareInWholeUnits(minor: number, percent: number, currency: string): number {
  const unit = unitOf(currency);
  const units = Math.floor((minor * basisPoints(percent) + (unit * 10_000) / 2) / (unit * 10_000));
  return Math.min(minor, units * unit);
}

export interface PaymentSplit {
  currency: string;
  /** The whole price, minor units. */
  total: number;
  /** Paid online at booking. */
  now: number;
  /** Paid to the guide on the day. */
  onTheDay: number;
}

/** What the traveller pays online now and what to the guide on the day, for a booking's total (whole units). */
export function paymentSplit(total: number, currency: string, mode: PaymentMode, prepayPercent: number): PaymentSplit {
  const minor = toMinor(total, currency);
  const now = mode === 'full' ? minor : shareInWholeUnits(minor, prepayPercent, currency);
  return { currency, total: minor, now, onTheDay: minor - now };
}

export interface Commission {
  /** What the platform keeps, minor units. */
  commission: number;
  /** What the guide receives in all (on the day, and from the platform in `full` mode). */
  guide: number;
  /** The part of `guide` the platform owes (pays out): zero in `prepay` mode, where the guide is paid on the day. */
  owedByPlatform: number;
}

/**
 * The platform's commission on a paid booking: the prepayment itself in `prepay` mode (Tripster's model), or
 * COMMISSION_PERCENT of the price in `full` mode (GetYourGuide's), the rest being owed to the guide.
 */
export function commission(split: PaymentSplit, mode: PaymentMode, commissionPercent: number): Commission {
  if (mode === 'prepay') return { commission: split.now, guide: split.onTheDay, owedByPlatform: 0 };
  const kept = shareInWholeUnits(split.total, commissionPercent, split.currency);
  return { commission: kept, guide: split.total - kept, owedByPlatform: split.total - kept };
}

export interface RefundQuestion {
  /** What the traveller paid online, minor units. */
  paid: number;
  /** What was already refunded (or is being), minor units. */
  refunded: number;
  policy: CancellationPolicy;
  startsAt: Date;
  now: Date;
  /** Who ended the booking: the traveller's own cancellation follows the policy, anyone else's refunds all. */
  endedBy: EndedBy;
}

/**
 * What a cancelled booking gives back, minor units. The guide cancelling or declining, moderation removing the
 * idea, or the system (an expired request, a payment too late for its seats) refund everything. The traveller's
 * own cancellation refunds everything paid inside the free-cancellation window and nothing after it, nor for a
 * non-refundable booking. Never more than is left of the payment.
 */
export function refundAmount(question: RefundQuestion): number {
  const left = Math.max(0, question.paid - question.refunded);
  if (question.endedBy !== 'traveller') return left;
  return cancellationRefusal(question.policy, question.startsAt, question.now) === null ? left : 0;
}
