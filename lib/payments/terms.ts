import { paymentSplit, type PaymentSplit } from './amounts';

/** How the installation takes money, as the booking panel and confirmation explain it (no secrets). */
export interface PaymentTerms {
  /** False with PAYMENT_DRIVER=none: everything is paid to the guide on the day. */
  online: boolean;
  mode: 'prepay' | 'full';
  prepayPercent: number;
}

/** What a booking of `total` (whole units) costs online now and on the day under `terms`. */
export function splitUnder(terms: PaymentTerms, total: number, currency: string): PaymentSplit {
  const split = paymentSplit(total, currency, terms.mode, terms.prepayPercent);
  return terms.online ? split : { ...split, now: 0, onTheDay: split.total };
}
