import { currencyCookie, readCurrencyCookie } from '@/lib/format/currency';

const listeners = new Set<() => void>();
let chosen: string | null | undefined;

/** The currency prices are also shown in, or null (only the idea's own price): the cookie, read once. */
export function displayCurrency(): string | null {
  if (chosen === undefined) chosen = readCurrencyCookie(document.cookie);
  return chosen;
}

/** Remembers the choice for a year (null forgets it) and updates every price on the page. */
export function chooseDisplayCurrency(code: string | null): void {
  document.cookie = currencyCookie(code, window.location.protocol === 'https:');
  chosen = readCurrencyCookie(document.cookie);
  listeners.forEach((listener) => listener());
}

/** For `useSyncExternalStore`. */
export function subscribeDisplayCurrency(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
