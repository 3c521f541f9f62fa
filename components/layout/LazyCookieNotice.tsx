'use client';

import { clientOnly } from '@/components/ui/clientOnly';
import { useCookieConsent } from '@/components/providers/useCookieConsent';

const CookieNotice = clientOnly(() => import('./CookieNotice').then((m) => m.CookieNotice));

/**
 * The cookie notice, whose code loads after hydration and only for a visitor who has not accepted cookies:
 * the server renders nothing for it anyway, and most page views are by visitors who accepted long ago.
 */
export function LazyCookieNotice() {
  const accepted = useCookieConsent(true);
  return accepted ? null : <CookieNotice />;
}
