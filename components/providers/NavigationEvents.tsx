'use client';

import { useEffect, useRef } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { siteLinkOf } from '@/lib/navigation/link-click';
import { useAppStore } from './AppStoreProvider';
import { navigationFinished, navigationStarted } from './progress';

/** True for a plain left click on a link to another page of this site. */
function isInternalNavigation(event: MouseEvent): boolean {
  const url = siteLinkOf(event, window.location.href);
  return url !== null && (url.pathname !== window.location.pathname || url.search !== window.location.search);
}

/**
 * What happens on a route change from the first click on: the previous route for the back button and the progress
 * bar (only after 200 ms, gone after 5 s at most). The analytics hit is PageViews'.
 */
export function NavigationEvents() {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const url = search ? `${pathname}?${search}` : pathname;
  const setPrevRoute = useAppStore((s) => s.setPrevRoute);

  const currentUrl = useRef<string | null>(null);

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
    if (currentUrl.current !== null) setPrevRoute(currentUrl.current);
    currentUrl.current = url;
    navigationFinished();
  }, [url, setPrevRoute]);

  return null;
}
