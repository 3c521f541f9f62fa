import { COOKIE_ACCEPTED_KEY } from '@/lib/constants';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem'>;

const listeners = new Set<() => void>();

export function isCookieAccepted(storage: FlagStorage): boolean {
  try {
    return storage.getItem(COOKIE_ACCEPTED_KEY) === 'true';
  } catch {
    // Storage can be blocked (private mode, policies); then the notice simply shows.
    return false;
  }
}

/** Remembers the acceptance and tells every subscriber (the notice hides, analytics may start). */
export function acceptCookies(storage: FlagStorage): void {
  try {
    storage.setItem(COOKIE_ACCEPTED_KEY, 'true');
  } catch {
    // Nothing to remember it in: the notice shows again on the next page load.
  }
  listeners.forEach((listener) => listener());
}

/** For `useSyncExternalStore`: acceptance in this tab, and in other tabs through the storage event. */
export function subscribeCookieConsent(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
