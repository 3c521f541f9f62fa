'use client';

import { useEffect, useRef } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { initAnalytics, trackPageView } from '@/lib/browser/analytics';
import { siteLinkOf } from '@/lib/navigation/link-click';
import { useAppStore } from './AppStoreProvider';
import { useCookieConsent } from './useCookieConsent';
import { navigationFinished, navigationStarted } from './progress';

/** True for a plain left click on a link to another page of this site. */
function isInternalNavigation(event: MouseEvent): boolean {
  const url = siteLinkOf(event, window.location.href);
  return url !== null && (url.pathname !== window.location.pathname || url.search !== window.location.search);
}

/**
 * Everything that happens on a route change: the previous route for the back button,
 * the progress bar (only after 200 ms, gone after 5 s at most) and the analytics hit.
 * Analytics runs only when a counter is configured and the visitor has accepted cookies (privacy policy).
 */
export function NavigationEvents({ analyticsCounterId }: { analyticsCounterId: string | null }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const url = search ? `${pathname}?${search}` : pathname;
  const setPrevRoute = useAppStore((s) => s.setPrevRoute);
  const consent = useCookieConsent(false);
  const counterId = consent ? analyticsCounterId : null;

  const currentUrl = useRef<string | null>(null);
  const previousUrl = useRef<string | null>(null);
  const trackedUrl = useRef<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) navigationStarted();
    };
    // On window, as the click bubbles out: React's handlers on the document have run by then, so a Link (which
    // prevents the browser's navigation to do its own) has taken the click, and a click a guard stopped, such as
    // the editor's unsaved-changes prompt, never arrives.
    window.addEventListener('click', onClick);
    return () => window.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (currentUrl.current === url) return;
    previousUrl.current = currentUrl.current;
    currentUrl.current = url;
    if (previousUrl.current !== null) setPrevRoute(previousUrl.current);
    navigationFinished();
  }, [url, setPrevRoute]);

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
