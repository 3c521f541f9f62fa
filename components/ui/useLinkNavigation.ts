'use client';

import { useRef, type FocusEvent, type MouseEvent, type PointerEvent } from 'react';
import { useRouter } from 'next/navigation';
import { clickedSiteLink, linkOf, siteUrlOf } from '@/lib/navigation/link-click';
import { prefetchAllowedNow } from '@/lib/browser/connection';

/**
 * Client-side navigation for the plain links inside a list of cards, by one set of handlers on the list
 * instead of a Link component per card: forty Links (each with its locale, prefetch observer and router
 * state) were a large share of hydrating the listing. A link's page is prefetched when the pointer or the
 * focus reaches it, unless the connection is 2g or saves data (SPEC section 9); a click opens it in the app.
 * Clicks with a modifier key or on another button stay the browser's (new tab, new window).
 */
export function useLinkNavigation() {
  const router = useRouter();
  const prefetched = useRef(new Set<string>());

  const prefetch = (event: PointerEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const anchor = linkOf(event.target);
    const url = anchor && siteUrlOf(anchor, window.location.href);
    if (!url) return;
    const path = url.pathname + url.search;
    if (prefetched.current.has(path) || !prefetchAllowedNow()) return;
    prefetched.current.add(path);
    router.prefetch(path);
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const url = clickedSiteLink(event.nativeEvent, window.location.href);
    if (!url) return;
    event.preventDefault();
    router.push(url.pathname + url.search + url.hash);
  };

  return { onClick, onPointerOver: prefetch, onFocus: prefetch };
}
