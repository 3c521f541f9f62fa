'use client';

import { useState, useSyncExternalStore, type ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { browserConnection, prefetchAllowedNow } from '@/lib/browser/connection';

function subscribe(onChange: () => void) {
  const connection = browserConnection();
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

/**
 * The locale-aware link. Its page is prefetched once the visitor shows intent (pointer over it, a touch, keyboard
 * focus), not when it scrolls into view: a page has dozens of links, and prefetching each on load rendered every
 * category listing on the server and parsed it on the phone's main thread while the page itself was loading
 * (Next's "hover-triggered prefetch"). Never on 2g or Save-Data connections (SPEC section 9).
 */
export function AppLink({ prefetch, onPointerEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof Link>) {
  const allowed = useSyncExternalStore(subscribe, prefetchAllowedNow, () => true);
  const [intent, setIntent] = useState(false);
  return (
    <Link
      prefetch={allowed && intent ? (prefetch ?? null) : false}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
