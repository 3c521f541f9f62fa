'use client';

import { clientOnly } from '@/components/ui/clientOnly';
import { useDisplayCurrency } from './useDisplayCurrency';
import styles from './ApproxPrice.module.css';

// The rates and their conversion load only for a visitor who chose a display currency: off the pages' first load.
const Converted = clientOnly(() => import('./Converted').then((m) => m.Converted));

/**
 * A price in the visitor's display currency, "≈ $42", when one is chosen and differs from the idea's. The slot
 * is in the server's HTML whether or not it is filled, so the amount appears without moving anything.
 */
export function ApproxPrice({ amount, currency }: { amount: number; currency: string }) {
  const target = useDisplayCurrency();
  return (
    <span className={styles.slot} data-testid="approx-price">
      {target && target !== currency ? <Converted amount={amount} currency={currency} target={target} /> : null}
    </span>
  );
}
