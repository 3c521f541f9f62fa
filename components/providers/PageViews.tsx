'use client';

import { useEffect, useRef } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { initAnalytics, trackPageView } from '@/lib/browser/analytics';
import { useCookieConsent } from './useCookieConsent';

/**
 * The analytics hit of every route change, the first included. Analytics runs only when a counter is configured and
 * the visitor has accepted cookies (privacy policy).
 */
export function PageViews({ analyticsCounterId }: { analyticsCounterId: string | null }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const url = search ? `${pathname}?${search}` : pathname;
  const consent = useCookieConsent(false);
  const counterId = consent ? analyticsCounterId : null;
  const currentUrl = useRef<string | null>(null);
  const previousUrl = useRef<string | null>(null);
  const trackedUrl = useRef<string | null>(null);

  useEffect(() => {
    if (currentUrl.current === url) return;
    previousUrl.current = currentUrl.current;
    currentUrl.current = url;
  }, [url]);

  useEffect(() => {
    if (!counterId) return;
    if (trackedUrl.current === null) initAnalytics(counterId);
    if (trackedUrl.current === url) return;
    trackedUrl.current = url;
    const referrer = previousUrl.current
      ? new URL(previousUrl.current, window.location.origin).href
      : document.referrer || null;
    trackPageView(counterId, window.location.href, referrer);
  }, [url, counterId]);

  return null;
}
