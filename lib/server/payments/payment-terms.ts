import 'server-only';
import type { PaymentSplit } from '@/lib/payments/amounts';
import { splitUnder, type PaymentTerms } from '@/lib/payments/terms';
import { env } from '../platform/env';

/** How this installation takes money (PAYMENT_DRIVER, PAYMENT_MODE, PREPAY_PERCENT), as the pages explain it. */
export function paymentTerms(): PaymentTerms {
  const e = env();
  return { online: e.PAYMENT_DRIVER !== 'none', mode: e.PAYMENT_MODE, prepayPercent: e.PREPAY_PERCENT };
}

/** What a booking of `total` (whole units) costs online now and on the day under this installation's terms. */
export const bookingSplit = (total: number, currency: string): PaymentSplit =>
  splitUnder(paymentTerms(), total, currency);
