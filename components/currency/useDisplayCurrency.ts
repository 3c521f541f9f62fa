'use client';

import { useSyncExternalStore } from 'react';
import { displayCurrency, subscribeDisplayCurrency } from '@/lib/browser/display-currency';

/**
 * The visitor's display currency. The server (and hydration) see none, so cached pages stay the same for
 * everyone; the browser then fills the slots that the server left empty.
 */
export function useDisplayCurrency(): string | null {
  return useSyncExternalStore(subscribeDisplayCurrency, displayCurrency, () => null);
}
