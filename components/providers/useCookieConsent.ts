'use client';

import { useSyncExternalStore } from 'react';
import { isCookieAccepted, subscribeCookieConsent } from '@/lib/browser/cookie-consent';

/**
 * Whether the visitor has accepted cookies, following changes from any tab. The server and hydration have no
 * storage to read: they render `assumedBeforeHydration` (true to show nothing that asks, false to track nothing).
 */
export function useCookieConsent(assumedBeforeHydration: boolean): boolean {
  return useSyncExternalStore(
    subscribeCookieConsent,
    () => isCookieAccepted(window.localStorage),
    () => assumedBeforeHydration,
  );
}
